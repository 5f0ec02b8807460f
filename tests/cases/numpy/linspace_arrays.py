# linspace/logspace/geomspace: num samples along axis of the shape start and stop broadcast to
# (scikit-image's line_nd: np.linspace of two (N,) points is (num, N), indexed coords[dim, :]).
import numpy as np

reveal_shape(np.linspace(np.zeros(3), np.ones(3), 5))  # reveal: (5, 3)
reveal_shape(np.linspace(0, np.ones((2, 3)), 4, axis=1))  # reveal: (2, 4, 3)
reveal_shape(np.linspace(0, 1))  # reveal: (50,)
reveal_shape(np.linspace(0, 1, 7, axis=-1))  # reveal: (7,)
reveal_shape(np.linspace(0, 1, 5, retstep=True)[0])  # reveal: (5,)
reveal_shape(np.logspace(np.zeros((2,)), 2, 3, True, 10.0, None, -1))  # reveal: (2, 3)
reveal_shape(np.geomspace(1, np.ones(4), 6, True, None, 1))  # reveal: (4, 6)
bad = np.linspace(np.zeros(3), np.ones(4), 5)  # error: SC101


def line_nd(start, stop, npoints):
    start = np.asarray(start)
    stop = np.asarray(stop)
    coords = np.linspace(start, stop, num=npoints).T
    for dim in range(len(start)):
        coords[dim, :] = np.round(coords[dim, :])
    return tuple(coords.astype(int))


line_nd((1, 1), (5, 2.5), 4)
