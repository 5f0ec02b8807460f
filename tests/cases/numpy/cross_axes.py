# np.cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None): the vectors lie along axisa of a and axisb of b
# (`axis` sets all three), by keyword or by position; the 3 components of the product go at axisc. skyfield
# 1.55's `cross(self._pos_vec, self._vel_vec, 0, 0)` of (3, n) positions was taken along the last axis:
# 33 false SC110 in its elements tests.
import numpy as np

pos = np.ones((3, 8))
vel = np.ones((3, 8))
reveal_shape(np.cross(pos, vel, 0, 0))  # reveal: (8, 3)
reveal_shape(np.cross(pos, vel, 0, 0).T)  # reveal: (3, 8)
reveal_shape(np.cross(pos, vel, axis=0))  # reveal: (3, 8)
reveal_shape(np.cross(pos, vel, axisa=0, axisb=0, axisc=0))  # reveal: (3, 8)
reveal_shape(np.cross(np.ones((5, 3)), np.ones(3), axisc=0))  # reveal: (3, 5)
reveal_shape(np.cross(np.ones((2, 4)), np.ones((4, 3)), axisa=0))  # reveal: (4, 3)
reveal_shape(np.cross(np.ones((4, 3)), np.ones((4, 3))))  # reveal: (4, 3)
np.cross(pos, vel)  # error: SC107
np.cross(pos, vel, 1, 0)  # error: SC107
np.cross(pos, vel, 2, 0)  # error: SC107
np.cross(np.ones((5, 3)), np.ones(3), axisc=2)  # error: SC107


def orbit(pos_vec, vel_vec):
    h_vec = np.cross(pos_vec, vel_vec, 0, 0).T
    return h_vec


reveal_shape(orbit(np.ones((3, 4)), np.ones((3, 4))))  # reveal: (3, 4)
