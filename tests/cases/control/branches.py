import numpy as np

flag = np.random.rand() > 0.5
if flag:
    a = np.zeros((3, 4))
else:
    a = np.zeros((3, 5))
reveal_shape(a[:, 0])  # reveal: (3,)
b = a @ np.zeros((6, 2))  # error: SC102
c = a @ np.zeros((4, 2))
x = np.zeros((2, 3)) if flag else np.zeros((2, 3))
reveal_shape(x)  # reveal: (2, 3)


def pick(x, transpose):
    if transpose:
        return x.T
    return x


reveal_shape(pick(np.zeros((2, 2)), True))  # reveal: (2, 2)

try:
    bad = np.zeros(3) + np.zeros(4)
except ValueError:
    bad = None

with open("f") as fh:
    inside = np.zeros(2) @ np.zeros(3)  # error: SC102
