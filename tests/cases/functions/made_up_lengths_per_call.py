# A length a call makes up (an array of a list whose length is not known) is the call's own: two
# calls of one function over two generators are two lengths, each its call's. Once one symbol for
# both, mahotas' test_haralick3d asserted (13, 13) of the first and (4, 13) of the second: a false SC201.
import numpy as np


def stacked(rows):
    out = []
    for row in rows:
        out.append(np.zeros(13))
    return np.array(out)


def directions(count):
    for _ in range(count):
        yield np.zeros((3, 3))


def features(image):
    return stacked(directions(13 if image.ndim == 3 else 4))


three_d = features(np.zeros((20, 20, 4)))
assert three_d.shape == (13, 13)
two_d = features(np.zeros((20, 20)))
assert two_d.shape == (4, 13)
reveal_shape(two_d)  # reveal: (len, 13)
