# A helper returning a comparison of dims (``def is_empty(t): return t.numel() == 0``) gives a fact a branch
# on it assumes; a second call with the same key reuses the first call's analysis, and its result's fact must
# be renamed onto this call's dims as the arrays' shapes are. The second caller's ``if not is_empty(k): return k``
# then ``k.reshape(b, h, 0, d)`` assumed the first caller's ``m*n == 0``, and the reshape was a false SC103
# ("it works only if one of a, b is 0: an empty array"), as in native-sparse-attention-pytorch 0.2.3's
# compression path (which still reports one: there the helper's result is unknown, not followed further).
import numpy as np


def is_empty(t):
    return t.size == 0


def first(k):
    n, m = k.shape
    if not is_empty(k):
        return k
    return k.reshape(0, 5)


def second(k):
    a, b = k.shape
    if not is_empty(k):
        return k
    return k.reshape(0, 5)


def third(k):
    a, b = k.shape
    if is_empty(k):
        pass
    else:
        return k
    return k.reshape(0, 7)


def strict(k):
    a, b = k.shape
    return k.reshape(0, 7)  # error: SC103
