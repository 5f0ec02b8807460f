import numpy as np


class Linear:
    def __init__(self, d_in, d_out):
        self.w = np.random.randn(d_in, d_out) * 0.01
        self.b = np.zeros(d_out)

    def __call__(self, x):
        return x @ self.w + self.b


class MLP:
    def __init__(self, sizes):
        self.l1 = Linear(sizes[0], sizes[1])
        self.l2 = Linear(sizes[1], sizes[2])

    def forward(self, x):
        h = np.tanh(self.l1(x))
        return self.l2(h)


model = MLP([784, 128, 10])
logits = model.forward(np.zeros((16, 784)))
reveal_shape(logits)  # reveal: (16, 10)
wrong = model.forward(np.zeros((16, 100)))  # error: SC110
lin = Linear(3, 2)
reveal_shape(lin.w)  # reveal: (3, 2)
reveal_shape(lin(np.ones((5, 3))))  # reveal: (5, 2)
