# ``np.zeros(n, m)`` passes ``m`` as the dtype: NumPy raises ``TypeError: Cannot interpret 'm' as a
# data type``. The shape of several dims was meant as one tuple. shap 0.51's
# ``np.zeros(X.shape[0] + 1, n_outputs)`` was then indexed as 2-d (``phi[:, 0]``): the error
# belongs on the call, where the fix is.
import numpy as np

a = np.zeros(3, 2)  # error: SC107
b = np.ones((3,), 2.0)  # error: SC107
c = np.full((2,), 1, 3)  # error: SC107
rng = np.random.default_rng(0)
d = rng.random(3, 4)  # error: SC107
e = np.zeros(3, np.float32)
reveal_shape(e)  # reveal: (3,)
f = np.empty((2, 3), float)
reveal_shape(f)  # reveal: (2, 3)
g = np.zeros(4, "int32")
reveal_shape(g)  # reveal: (4,)
