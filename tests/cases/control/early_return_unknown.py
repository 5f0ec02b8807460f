# A call fails for certain only if every path through the callee fails. After an early return
# whose condition the analysis cannot decide (scipy.ndimage's vectorized_filter: a 0-d input takes
# `if working_axes == (): return ...`), the rest of the callee runs only where it did not return,
# so an error there is no error of the call. A return the call's own values decide still counts,
# and a raise is no way out: what follows a validating raise fails the call either way.
import numpy as np


def _iv(input, function, size, axes):
    input = np.asarray(input)
    if axes is None:
        axes = tuple(range(-input.ndim, 0))
    n_axes = len(axes)
    size = (size,) * n_axes if np.isscalar(size) else tuple(size)
    if n_axes != len(size):
        raise ValueError("size")
    working_axes = tuple(range(-n_axes, 0))

    def wrapped_function(view):
        if working_axes == ():
            return function(view, axis=working_axes)
        slices = min(view.shape[0], 10)
        return function(view[:slices], axis=working_axes)

    return np.moveaxis(input, axes, working_axes), wrapped_function, size


def vectorized_filter(input, function, size=None, axes=None):
    input, function, size = _iv(input, function, size, axes)
    if input.ndim == 0 and size == ():
        return function(input)
    return input


def first_row(x, done):
    if done:
        return x
    return x[0]


def checked_first_row(x, shape):
    if x.shape != shape:
        raise ValueError("shape")
    return x[0]


def callers(done, shape):
    first_row(np.zeros(()), done)
    first_row(np.zeros(()), True)
    checked_first_row(np.zeros(()), shape)  # error: SC110
    return first_row(np.zeros(()), False)  # error: SC110


def tuple_lengths(axes, size, flag):
    # a tuple's length as a dim, through range, repetition and a join of the two
    n = len(axes)
    working_axes = tuple(range(-n, 0))
    reveal_shape(np.zeros(len(working_axes)))  # reveal: (n,)
    sizes = (size,) * n
    reveal_shape(np.zeros(len(sizes)))  # reveal: (n,)
    either = sizes if flag else working_axes
    reveal_shape(np.zeros(len(either)))  # reveal: (n,)
    reveal_shape(np.zeros(len([size, size] * n)))  # reveal: (n*2,)
    reveal_shape(np.zeros(tuple(range(2, 5))))  # reveal: (2, 3, 4)
    if working_axes == ():
        return np.zeros(n)[0]  # error: SC105
    return np.zeros(n)[n - 1]
