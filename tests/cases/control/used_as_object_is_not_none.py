# A name a statement before, in the same block, surely subscripted or read an attribute of holds no
# None: ``x is None`` / ``x is not None`` of it is decided. causal-learn's ``cov_seard`` reads
# ``loghyper[0:D]`` and ``x.shape`` and then tests ``if loghyper is not None and x is not None``; left
# undecided, its dead ``elif`` (which takes ``z`` for a size and then for a matrix) was a false SC107.
import numpy as np


def cov_seard(loghyper=None, x=None, z=None, nargout=1):
    if loghyper is None and x is None and z is None:
        return "(D+1)"
    n, D = x.shape
    loghyper = loghyper.T.tolist()[0]
    ell = np.exp(loghyper[0:D])
    sf2 = np.exp(2 * loghyper[D])
    if loghyper is not None and x is not None:
        A = sf2 * np.ones((n, n))
    elif nargout == 2:
        A = sf2 * np.ones((z, 1))
        A = np.diag(1 / ell) @ z
    else:
        A = 0
    return A


def only_maybe_used(w=None, flag=False):
    # a use that may not run (under ``and``, in a branch) says nothing; nor one before a rebinding
    ok = flag and w[0] > 0
    if flag:
        w.shape
    if w is None:
        return np.ones(3) @ np.ones(4)  # error: SC102
    w = None if flag else w
    if w is None:
        return np.ones(2) @ np.ones(5)  # error: SC102
    return w


def kept_items(items, a):
    # a comprehension's ``a`` is another binding than the ``a`` used before
    size = a.shape
    kept = [a for a in items if a is not None]
    return [np.ones(2) @ np.ones(3) for a in items if a is None]  # error: SC102
