# A decorator of the project's own that replaces the function (a class, or an object whose
# `__call__` wraps it) answers the call itself: it may hand the body other arguments and give back
# something else. odl's `@vectorize(otypes=['int'])` turns a scalar function into an array one
# through `np.vectorize`; the body's `0 if x < 0 else 1` taken for the call's result made
# `out.shape == (5,)` a false SC201. Such a call's result is unknown (its errors were already no
# errors of the call).
import numpy as np


class OptionalArgDecorator:
    def __new__(cls, *args, **kwargs):
        instance = super(OptionalArgDecorator, cls).__new__(cls)
        if not kwargs and len(args) == 1 and callable(args[0]):
            return instance._wrapper(args[0])
        instance.wrapper_args = args
        instance.wrapper_kwargs = kwargs
        return instance

    def __call__(self, func):
        return self._wrapper(func, *self.wrapper_args, **self.wrapper_kwargs)

    @staticmethod
    def _wrapper(func, *wrapper_args, **wrapper_kwargs):
        return func


class _VectorizeWrapper:
    def __init__(self, func, *vect_args, **vect_kwargs):
        self.func = func
        self.vfunc = np.vectorize(func, *vect_args, **vect_kwargs)

    def __call__(self, x, **kwargs):
        if isinstance(x, np.ndarray) and x.ndim == 1:
            x = x[None, :]
        return self.vfunc(*x, **kwargs)


class vectorize(OptionalArgDecorator):
    @staticmethod
    def _wrapper(func, *vect_args, **vect_kwargs):
        return _VectorizeWrapper(func, *vect_args, **vect_kwargs)


@vectorize(otypes=["int"])
def sign_step(x):
    return 0 if x < 0 else 1


def test_vectorized():
    arr = (np.arange(5) - 2)[None, :]
    out = sign_step(arr)
    assert out.shape == (5,)
    return out


def plain(x):
    return x + 1


def not_decorated():
    out = plain(np.zeros((2, 3)))
    reveal_shape(out)  # reveal: (2, 3)
    return out
