import numpy as np

a = np.zeros((3, 4))
b = np.zeros((4,))
c = a + b
reveal_shape(c)  # reveal: (3, 4)
d = a * np.zeros((3, 1))
reveal_shape(d)  # reveal: (3, 4)
e = a - np.zeros((5,))  # error: SC101
f = np.zeros((2, 1, 4)) / np.zeros((3, 1))
reveal_shape(f)  # reveal: (2, 3, 4)
g = a > 0.5
reveal_shape(g)  # reveal: (3, 4)
h = np.where(g, a, 0.0)
reveal_shape(h)  # reveal: (3, 4)
i = np.where(np.zeros(4) > 0, a, np.zeros((2, 4)))  # error: SC101
j = np.maximum(a, np.zeros((1, 4)))
reveal_shape(j)  # reveal: (3, 4)
k = np.clip(a, 0, 1)
reveal_shape(k)  # reveal: (3, 4)
a += np.ones(4)
a += np.ones((2, 3, 4))  # error: SC101
x = np.exp(-a) * np.sin(a) + 0.5 * a
reveal_shape(x)  # reveal: (3, 4)
y = 2 ** a
reveal_shape(y)  # reveal: (3, 4)
