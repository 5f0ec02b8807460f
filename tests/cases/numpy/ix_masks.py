# np.ix_ of boolean masks stands for their True positions (np.nonzero of each): integer index arrays
# as long as their count, one axis each (GPy's ``kuu[np.ix_(index == q, index2 == q)] = ...``
# indexed a 2-d array with two 2-d boolean masks: four axes, a false SC110).
import numpy as np

index = np.array([0, 1, 0, 2])
index2 = np.array([1, 0, 0])
kuu = np.zeros((4, 3))
kuu[np.ix_(index == 0, index2 == 0)] = 1.0
rows, cols = np.ix_(np.array([2, 0]), np.arange(3))
reveal_shape(rows)  # reveal: (2, 1)
reveal_shape(cols)  # reveal: (1, 3)
reveal_shape(kuu[rows, cols])  # reveal: (2, 3)
np.ix_(np.ones((2, 2)), np.arange(3))  # error: SC107
