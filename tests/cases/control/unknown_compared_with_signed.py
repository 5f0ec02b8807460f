# An unknown compared with an int is an int from there on, a size where the int is one; compared
# with an int that may be negative (labels ``-1``, ``-2`` joined in a loop), it may be negative too.
# tensornetwork's tests ``assert e == a`` over expected labels ``[-1, -2]``: the unknown label
# taken for a size could never equal them, a false SC110 ("assertion can never hold").
import numpy as np


def labels(structure):
    flat = [label for part in structure for label in part]
    ints = {o for o in flat if not isinstance(o, str)}
    return sorted([label for label in ints if label < 0], reverse=True)


def check(expected, actual):
    for e, a in zip(expected, actual):
        assert e == a


def test():
    check([-1, -2], labels([[-1, 2, "3"], ["-4", -2, 3]]))


def sizes(x, n):
    assert x.shape[0] == n
    reveal_shape(np.zeros(n))  # reveal: (n,)
