# The items of a list of unknown length share their arrays' shapes (they were made alike), but a
# number an item holds is its own: asserting the first item's does not fix the second's. flair's
# test asserts ``one_hot[0][0] == 0`` and then ``one_hot[0][1] == 1``, stanza's ``repairs[0][0] == 1``
# and then ``repairs[1][0] == 5``: with one symbol for every item, the second was a false SC201.
import numpy as np


def one_hot(labels, items):
    return [[1 if label in row else 0 for label in items] for row in labels]


def test_one_hot(items):
    rows = one_hot([["b"]], items)
    assert rows[0][0] == 0
    assert rows[0][1] == 1


def repairs(sequence):
    found = [(i, s) for i, s in enumerate(sequence)]
    found = [x for x in found if x[1] is not None]
    assert found[0][0] == 1
    assert found[1][0] == 5
    return found


def shapes(n):
    arrays = [np.zeros((3, 4)) for _ in range(n)]
    reveal_shape(arrays[0] + arrays[1])  # reveal: (3, 4)


def stages(x, widths):
    outs = []
    for w in widths:
        x = np.zeros((1, w, 4))
        outs.append(x)
    assert outs[0].shape == (1, 32, 4)
    assert outs[1].shape == (1, 64, 4)
    return outs
