"""A flag argument given as an int reads as Python's ``if`` reads it: ``np.linalg.svd(a, 0)`` is
``full_matrices=False`` (statsmodels' FactoredPSDMatrix and its dimension-reduction tests write it so;
the full (30, 30) factor was a false SC110 "shapes cannot be broadcast together"), ``keepdims=1`` keeps."""
import numpy as np

root = np.random.normal(size=(30, 4))
u, s, vt = np.linalg.svd(root, 0)
reveal_shape(u)  # reveal: (30, 4)
reveal_shape(vt)  # reveal: (4, 4)
reveal_shape(np.linalg.svd(root, full_matrices=1)[0])  # reveal: (30, 30)
reveal_shape(np.linalg.svd(root, 0, 0))  # reveal: (4,)
reveal_shape(np.sum(root, axis=0, keepdims=1))  # reveal: (1, 4)
reveal_shape(np.mean(root, axis=1, keepdims=0))  # reveal: (30,)
scales = s ** 2
qval = -1 + 1 / np.sqrt(1 + scales)
rhs1 = np.dot(u.T, np.random.normal(size=(30, 5)))
rhs1 *= qval[:, None]
reveal_shape(np.dot(u, rhs1))  # reveal: (30, 5)
obs = np.random.normal(size=(50, 3))
reveal_shape(np.cov(obs, rowvar=0))  # reveal: (3, 3)
reveal_shape(np.corrcoef(obs.T, rowvar=1))  # reveal: (3, 3)
