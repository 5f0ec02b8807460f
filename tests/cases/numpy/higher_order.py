# NumPy's functions of functions run the function on the piece it is handed: np.vectorize on one
# element (its result spread over the broadcast shape), np.apply_along_axis on one 1-D slice.
import numpy as np

x = np.arange(12.0).reshape(3, 4)
double = np.vectorize(lambda a: a * 2)
reveal_shape(double(x))  # reveal: (3, 4)
pairs = np.vectorize(lambda a, b: (a + b, a * b))
s, p = pairs(x, np.ones(4))
reveal_shape(p)  # reveal: (3, 4)


@np.vectorize
def clip_at(a, top):
    return a if a < top else top


reveal_shape(clip_at(np.ones((2, 1)), np.ones(5)))  # reveal: (2, 5)
bad = double(x) + np.ones(3)  # error: SC101
mismatch = pairs(x, np.ones(3))  # error: SC101
reveal_shape(np.apply_along_axis(np.sum, 1, x))  # reveal: (3,)
reveal_shape(np.apply_along_axis(lambda r: r[:2], 0, x))  # reveal: (2, 4)
reveal_shape(np.apply_along_axis(lambda r: np.outer(r, r), 1, x))  # reveal: (3, 4, 4)
counts, edges = np.histogram(x, bins=5)
reveal_shape(counts)  # reveal: (5,)
reveal_shape(edges)  # reveal: (6,)
density, _ = np.histogram(x, bins=np.linspace(0, 12, 7), density=True)
reveal_shape(density)  # reveal: (6,)
reveal_shape(np.histogram(x)[1])  # reveal: (11,)
