"""A two-layer perceptron on MNIST-sized inputs: forward pass and cross-entropy loss.

shapecheck finds one bug here: the output layer's weights are created transposed, so the
second matmul inside `forward` cannot work. The error is reported at the call, with the
failing `@` inside `forward` as the related location.
"""

import numpy as np


def relu(z):
    return np.maximum(z, 0.0)


def softmax(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


def forward(x, w1, b1, w2, b2):
    hidden = relu(x @ w1 + b1)
    return softmax(hidden @ w2 + b2)


def cross_entropy(probs, labels):
    n = probs.shape[0]
    picked = probs[np.arange(n), labels]
    return -np.log(picked + 1e-12).mean()


batch, n_in, n_hidden, n_out = 64, 784, 128, 10
x = np.random.rand(batch, n_in)
labels = np.random.randint(0, n_out, size=batch)

w1 = np.random.randn(n_in, n_hidden) * 0.05
b1 = np.zeros(n_hidden)
w2 = np.random.randn(n_out, n_hidden) * 0.05  # the bug: should be (n_hidden, n_out)
b2 = np.zeros(n_out)

probs = forward(x, w1, b1, w2, b2)  # error: SC110
loss = cross_entropy(probs, labels)
