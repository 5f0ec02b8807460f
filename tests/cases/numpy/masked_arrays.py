# numpy.ma's constructors keep their data's shape (pykalman builds its observations as masked arrays).
import numpy as np

obs = np.ma.array(np.zeros((5, 3)), mask=np.zeros((5, 3), dtype=bool))
reveal_shape(obs)  # reveal: (5, 3)
reveal_shape(np.ma.asarray(np.zeros(4)))  # reveal: (4,)
reveal_shape(np.ma.masked_array(np.zeros((2, 6))))  # reveal: (2, 6)
reveal_shape(np.ma.atleast_2d(np.ma.asarray(np.zeros(4))))  # reveal: (1, 4)
reveal_shape(obs[0])  # reveal: (3,)
