# NumPy's array builders beyond the usual: take_along_axis (axis -1 by default), the index tricks
# np.r_/np.c_, sliding_window_view, polyfit/polyval, and a Python number that becomes a 0-d array
# in a loop (b = 0.0, then b -= lr * np.mean(...)): the loop keeps every shape.
import numpy as np

X = np.ones((200, 5))
order = np.argsort(X, axis=1)
reveal_shape(np.take_along_axis(X, order[:, :2], axis=1))  # reveal: (200, 2)
reveal_shape(np.take_along_axis(X, order[:, -1:]))  # reveal: (200, 1)
reveal_shape(np.take_along_axis(X[:, 0], order[:, 0], axis=None))  # reveal: (200,)
reveal_shape(np.c_[X, np.ones(len(X))])  # reveal: (200, 6)
reveal_shape(np.r_[X[:3], X[-3:]])  # reveal: (6, 5)
reveal_shape(np.r_[np.ones(3), 5, np.zeros(2)])  # reveal: (6,)
reveal_shape(np.c_[np.ones(3), np.zeros(3)])  # reveal: (3, 2)
reveal_shape(np.lib.stride_tricks.sliding_window_view(X[:, 0], 5))  # reveal: (196, 5)
reveal_shape(np.lib.stride_tricks.sliding_window_view(X, (3, 2)))  # reveal: (198, 4, 3, 2)
reveal_shape(np.lib.stride_tricks.sliding_window_view(X, 3, axis=0))  # reveal: (198, 5, 3)
reveal_shape(np.polyfit(X[:, 0], X[:, 1], 3))  # reveal: (4,)
reveal_shape(np.polyfit(X[:, 0], X[:, 1:], 2))  # reveal: (3, 4)
reveal_shape(np.polyval([1, 2, 3], X[:, 0]))  # reveal: (200,)
reveal_shape(np.polyval(np.ones(4), X))  # reveal: (200, 5)


def logreg(X, y, lr=0.1, epochs=100):
    w = np.zeros(X.shape[1])
    b = 0.0
    for _ in range(epochs):
        p = 1 / (1 + np.exp(-(X @ w + b)))
        w -= lr * (X.T @ (p - y) / len(y))
        b -= lr * np.mean(p - y)
    return w, b


w, b = logreg(X, np.zeros(200))
reveal_shape(w)  # reveal: (5,)
reveal_shape(b)  # reveal: ()
reveal_shape(np.outer(w, w))  # reveal: (5, 5)
filled = np.zeros((2, 3))
np.put_along_axis(filled, np.zeros((2, 1), dtype=int), 1.0, axis=1)
reveal_shape(filled)  # reveal: (2, 3)
misaligned = np.c_[np.ones(3), np.zeros(4)]  # error: SC106
too_wide = np.lib.stride_tricks.sliding_window_view(np.ones(4), 5)  # error: SC107
short = np.polyfit(np.ones(5), np.ones(6), 1)  # error: SC102

# a tuple held by a name is its items (skfuzzy's trimf: ``a, b, c = np.r_[abc]``)
abc = (0.2, 0.2, 0.6)
reveal_shape(np.r_[abc])  # reveal: (3,)
low, mid, high = np.r_[abc]
reveal_shape(np.r_[abc, 1.0])  # reveal: (4,)
