# `np.insert(arr, i, values)` at one int index puts `values` in as a block: NumPy makes them an array
# of at least arr's rank (1 for the flattened array), moves its first axis to `axis`, and inserts as
# many positions as that axis has. halotools' test inserts a 3-d point into a flattened mesh
# (`np.insert(mesh, 15, [0.06, 0.06, 0.06])`, 375 + 3 entries) and reshapes it to (126, 3): taken
# for one entry, that was a false SC103.
import numpy as np

mesh = np.zeros((125, 3))
reveal_shape(np.insert(mesh, 15, [0.06, 0.06, 0.06]))  # reveal: (378,)
points = np.insert(mesh, 15, [0.06, 0.06, 0.06]).reshape((len(mesh) + 1, 3))
reveal_shape(points)  # reveal: (126, 3)
reveal_shape(np.insert(np.zeros(4), [1, 2], [7, 8]))  # reveal: (6,)
reveal_shape(np.insert(np.zeros((2, 3)), 1, [1, 2, 3], axis=0))  # reveal: (3, 3)
reveal_shape(np.insert(np.zeros((2, 3)), 1, 5, axis=1))  # reveal: (2, 4)
reveal_shape(np.insert(np.zeros((2, 3)), 1, [[1], [2]], axis=1))  # reveal: (2, 5)
reveal_shape(np.insert(np.zeros(4), 1, 9))  # reveal: (5,)
bad = np.insert(mesh, 15, [0.06, 0.06]).reshape((126, 3))  # error: SC103
