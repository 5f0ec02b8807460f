# What scipy 1.15.3's own tests do that the analysis had wrong (false errors on working code):
# a shape given as an array of sizes, a scalar made contiguous, a decorator of the project that
# changes the arguments on their way in, and del of a list's items.
import numpy as np

n = 25
x0 = np.arange(n, dtype=np.float64)
for i in range(4):
    y = np.reshape(x0, np.roll((n, 1, 1, 1), i))
    reveal_shape(y)  # reveal: (d, d', d'', d''')
    reveal_shape(np.moveaxis(y, i, -1)[..., 0])  # reveal: (d, d', d'')
reveal_shape(x0.reshape(np.array([5, 5])))  # reveal: (5, 5)

reveal_shape(np.ascontiguousarray(2.0))  # reveal: (1,)
reveal_shape(np.asfortranarray(np.float64(3.0)))  # reveal: (1,)
reveal_shape(np.ascontiguousarray(np.ones((2, 3))))  # reveal: (2, 3)
t = np.ascontiguousarray(2.0)
reveal_shape(t[0])  # reveal: ()
bad = np.ascontiguousarray(np.ones(3)) @ np.ones(4)  # error: SC102


def axis_policy(fun):
    def wrapper(*args, axis=0):
        if isinstance(axis, tuple):   # several axes: each sample raveled over them, along the last
            args = [np.moveaxis(a, axis, range(-len(axis), 0)).reshape(a.shape[:-len(axis)] + (-1,))
                    for a in args]
            axis = -1
        return fun(*args, axis=axis)
    return wrapper


@axis_policy
def concatenated(x, y, axis=0):
    x = np.moveaxis(x, axis, -1)
    y = np.moveaxis(y, axis, -1)
    return np.concatenate((x, y), axis=-1)


# the body alone cannot take axis=(0, 1): the wrapper, which the call runs, ravels each sample first
reveal_shape(concatenated(np.ones((5, 1)), np.ones((5, 1)), axis=(0, 1)))  # reveal: (d+d',)
reveal_shape(concatenated(np.ones((5, 1)), np.ones((5, 2)), axis=1))  # reveal: (5, 3)

# ``del`` of a list's item or slice (NdPPoly.integrate moves an axis with insert and del)
c = np.ones((3, 4, 5, 6))
swap = list(range(c.ndim))
swap.insert(1, swap[2])
del swap[3]
reveal_shape(c.transpose(swap))  # reveal: (3, 5, 4, 6)
xs = [1, 2, 3, 4, 5]
del xs[1:4]
reveal_shape(np.zeros(len(xs)))  # reveal: (2,)
del xs[-1]
reveal_shape(np.zeros(len(xs)))  # reveal: (1,)

# a decorator that returns the function it is given (a registry) leaves its calls checked
_registry = {}


def register(fn):
    _registry[fn.__name__] = fn
    return fn


@register
def project(x):
    return x @ np.ones(4)


project(np.ones(3))  # error: SC110

# ndarray.view of a structured dtype's fields (scikit-learn's rows as records) reinterprets the
# rows: no reshape into as many dims as there are fields
X = np.ones((20, 3))
rows = X.view([("", X.dtype)] * X.shape[1])
reveal_shape(rows)  # reveal: ?


def logged(fn):   # a wrapper that passes its arguments on unchanged leaves the calls checked
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


@logged
def product(x):
    return x @ np.ones(4)


product(np.ones(3))  # error: SC110
reveal_shape(product(np.ones((2, 4))))  # reveal: (2,)


# numpyro's plate_stack: an int parameter whose default is negative counts from the end, and may be
# negative (an int parameter is otherwise taken for a size, >= 0)
def plate_stack(sizes, rightmost_dim: int = -1):
    assert rightmost_dim < 0
    return [rightmost_dim - i for i in range(len(sizes))]


def take_last(x, dim: int = -1):
    assert dim < 0
    return np.take(x, 0, axis=dim)


reveal_shape(take_last(np.ones((4, 5))))  # reveal: (4,)
