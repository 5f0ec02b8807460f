# np.unpackbits(a, axis, count): 8 bits a byte along the axis, or `count` of them (zeros past the
# bits there are; a negative count trims that many off the end). scikit-bio's AlignPath unpacks
# `count=starts.shape[0]` bits per segment: taken for 8 a sequence, 24 false SC110 in its tests.
import numpy as np

states = np.atleast_2d(np.asarray([3, 1, 0], dtype=np.uint8))
reveal_shape(np.unpackbits(states, axis=0))  # reveal: (8, 3)
reveal_shape(np.unpackbits(states, axis=0, count=3))  # reveal: (3, 3)
reveal_shape(np.unpackbits(states, axis=0, count=-2))  # reveal: (6, 3)
reveal_shape(np.unpackbits(states, axis=0, count=20))  # reveal: (20, 3)
reveal_shape(np.unpackbits(states, count=5))  # reveal: (5,)
reveal_shape(np.packbits(np.ones((2, 9), dtype=np.uint8), axis=1))  # reveal: (2, 2)


def sizes(lengths, starts):
    lengths = np.asarray(lengths, dtype=np.intp)
    starts = np.asarray(starts, dtype=np.intp)
    bits = np.unpackbits(states, axis=0, count=starts.shape[0], bitorder="little")
    return starts + (lengths * (1 - bits)).sum(axis=1)


reveal_shape(sizes([2, 5, 1], [0, 4]))  # reveal: (2,)
np.unpackbits(states, axis=0, count=4) + np.ones(8)  # error: SC101
