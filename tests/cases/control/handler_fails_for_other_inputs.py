# A `try`'s handler runs only where its body raised: unless the body surely raises, a failure in
# the handler is no definite error of a call. pyemma's `confidence_interval` fuses an object array
# of arrays in its handler (`newdata[i, :] = data[i]`), a way its tests' float samples never take:
# seven false SC110 at the calls. In the function's own body the failure is still reported, and a
# handler the body surely reaches still fails the call.
import numpy as np


def ensure_numeric(data):
    if data.dtype == object:
        raise TypeError("not numeric")
    return data


def confidence_interval(data):
    try:
        data = ensure_numeric(data)
    except TypeError:
        newdata = np.zeros((len(data),) + data[0].shape)
        for i in range(len(data)):
            newdata[i, :] = data[i]
        data = newdata
    if np.ndim(data) == 1:
        return np.sort(data)[:2]
    return np.zeros(data[0].shape)


def test_confidence():
    sample = np.random.exponential(size=10000)
    reveal_shape(confidence_interval(sample))  # reveal: (2,)


def handled_here():
    data = np.ones(5)
    try:
        data = ensure_numeric(data)
    except TypeError:
        data[0, :] = 1  # error: SC105
    return data


def surely_raises(a):
    try:
        raise ValueError("always")
    except ValueError:
        return a @ np.ones((5, 2))


def calls_surely_raises():
    return surely_raises(np.ones((3, 4)))  # error: SC110
