# NumPy's reshape infers any negative size, as it infers -1: a size computed as a difference that is
# never positive (pyscf 2.14's `l_slice.reshape(naux, orb_start - orb_end, norbs)`, orb_end past
# orb_start) is the inferred one, and one whose sign is not known may be either (a dim of its own).
# Taken for a size, pyscf's was a false SC103. A size known to be one is still checked.
import numpy as np

reveal_shape(np.ones((2, 6)).reshape(2, -3, 3))  # reveal: (2, 2, 3)
reveal_shape(np.ones((2, 6)).reshape((2, -7, 3)))  # reveal: (2, 2, 3)


def segment(i: int, nmo: int, segsize: int, naux: int, norbs: int):
    orb_start = i * segsize
    orb_end = min((i + 1) * segsize, nmo)
    l_slice = np.ones((naux, orb_end - orb_start, norbs)).reshape(naux, -1)
    return l_slice.reshape(naux, orb_start - orb_end, norbs)


def segments(nmo: int, segsize: int, naux: int, norbs: int):
    for i in range(nmo // segsize + 1):
        orb_start = i * segsize
        orb_end = min((i + 1) * segsize, nmo)
        l_slice = np.ones((naux, orb_end - orb_start, norbs)).reshape(naux, -1)
        w = l_slice.reshape(naux, orb_start - orb_end, norbs)


def negated(k: int):
    reveal_shape(np.ones((4, 6)).reshape(4, -k - 1, 3))  # reveal: (4, 2, 3)


def sized(n: int):
    return np.ones((4, 6)).reshape(4, n + 1, 5)  # error: SC103


reveal_shape(segment(0, 5, 2, 3, 4))  # reveal: (3, 2, 4)
reveal_shape(segment(2, 5, 2, 3, 4))  # reveal: (3, 1, 4)
segments(5, 2, 3, 4)
negated(2)
