# isinstance(x, np.ndarray) of a 0-d NumPy value is not known: a reduction gives a NumPy scalar
# (``base_values.mean()`` is an np.float64, which is no ndarray), np.array(1.0) a 0-d ndarray. shap
# 0.51.0's multioutput_decision passes a mean to decision(), whose ``isinstance(base_value,
# np.ndarray) and len(base_value) == 1`` was a false SC110 (len() of a 0-d array).
import numpy as np


def decision(base_value, shap_values):
    if isinstance(base_value, np.ndarray) and len(base_value) == 1:
        base_value = base_value[0]
    return shap_values.sum(axis=1)


base_values = np.array([0.5, 0.25])
reveal_shape(decision(base_values.mean(), np.ones((4, 3))))  # reveal: (4,)
reveal_shape(decision(np.ones(1), np.ones((4, 3))))  # reveal: (4,)
x = np.ones(3)
y = x[0] if isinstance(x, np.ndarray) else x
reveal_shape(y)  # reveal: ()
