import numpy as np


def layer(x, w, b):
    h = x @ w + b
    return np.maximum(h, 0.0)


def normalize(x):
    n, d = x.shape
    mu = x.mean(axis=0)
    reveal_shape(mu)  # reveal: (d,)
    return (x - mu) / x.std(axis=0)


def mlp(x, w1, b1, w2, b2):
    return layer(layer(x, w1, b1), w2, b2)


out = mlp(np.zeros((32, 784)), np.zeros((784, 128)), np.zeros(128), np.zeros((128, 10)), np.zeros(10))
reveal_shape(out)  # reveal: (32, 10)
bad = layer(np.zeros((32, 784)), np.zeros((100, 10)), np.zeros(10))  # error: SC110
bad_bias = layer(np.zeros((32, 784)), np.zeros((784, 10)), np.zeros(3))  # error: SC110
good = normalize(np.zeros((100, 3)))
reveal_shape(good)  # reveal: (100, 3)


def always_wrong():
    a = np.zeros((3, 4))
    return a @ a  # error: SC102


def uses_len(xs):
    n = len(xs)
    return np.zeros((n, 2))


reveal_shape(uses_len(np.zeros((7, 3))))  # reveal: (7, 2)
reveal_shape(uses_len([1, 2, 3]))  # reveal: (3, 2)
