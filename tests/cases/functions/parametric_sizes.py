import numpy as np

# Calls that differ only in their arrays' concrete sizes: from the third sizes of a shape key on, a
# run over symbols in the sizes' places answers them where it is exact (parametric.py); each
# finding and reveal below is the one a run at the call's own sizes gives.


def center(x):
    return x - x.mean(axis=0)


def project(x, w):
    return x @ w


def head(x):
    # which branch runs depends on the size: a run over a symbol cannot answer (P1)
    if x.shape[0] > 3:
        return x[:3]
    return x


def rows(x):
    # how often the loop runs depends on the size: a run over a symbol cannot answer (P1)
    out = []
    for i in range(x.shape[0]):
        out.append(x[i] * 2)
    return np.stack(out)


def widen(x):
    # ends at a size of its own: an int in the code, compared with the symbol (P1)
    return np.concatenate([x, np.zeros((x.shape[0], 4))], axis=1) @ np.ones((9, 2))


reveal_shape(center(np.ones((10, 5))))  # reveal: (10, 5)
reveal_shape(center(np.ones((20, 3))))  # reveal: (20, 3)
reveal_shape(center(np.ones((30, 4))))  # reveal: (30, 4)
reveal_shape(center(np.ones((2, 5))))  # reveal: (2, 5)
reveal_shape(center(np.ones((6, 6))))  # reveal: (6, 6)
reveal_shape(center(np.ones((8, 8))))  # reveal: (8, 8)
reveal_shape(center(np.ones((1, 7))))  # reveal: (1, 7)
reveal_shape(center(np.ones((1, 9))))  # reveal: (1, 9)

reveal_shape(project(np.ones((10, 5)), np.ones((5, 2))))  # reveal: (10, 2)
reveal_shape(project(np.ones((8, 6)), np.ones((6, 3))))  # reveal: (8, 3)
reveal_shape(project(np.ones((4, 7)), np.ones((7, 9))))  # reveal: (4, 9)
project(np.ones((8, 6)), np.ones((5, 3)))  # error: SC110
project(np.ones((4, 7)), np.ones((2, 9)))  # error: SC110

reveal_shape(head(np.ones((2, 4))))  # reveal: (2, 4)
reveal_shape(head(np.ones((5, 4))))  # reveal: (3, 4)
reveal_shape(head(np.ones((3, 7))))  # reveal: (3, 7)
reveal_shape(head(np.ones((9, 7))))  # reveal: (3, 7)

reveal_shape(rows(np.ones((2, 4))))  # reveal: (2, 4)
reveal_shape(rows(np.ones((3, 5))))  # reveal: (3, 5)
reveal_shape(rows(np.ones((4, 6))))  # reveal: (4, 6)

reveal_shape(widen(np.ones((3, 5))))  # reveal: (3, 2)
reveal_shape(widen(np.ones((2, 5))))  # reveal: (2, 2)
widen(np.ones((3, 6)))  # error: SC110
