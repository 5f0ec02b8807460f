"""``a or b`` is ``a`` where ``a`` is true, else ``b``; ``a and b`` the other way round. An operand whose
truth is known and which passes the choice on is never the result (unless it is the last): ``batch or
n`` with ``batch`` None is ``n``, not a join of None and n (scipy's jackknife resampling sized its
batches by that join, and a test indexing the first batch was a false SC105)."""
import numpy as np


def jackknife_resample(sample, batch=None):
    n = sample.shape[-1]
    batch_nominal = batch or n
    for k in range(0, n, batch_nominal):
        batch_actual = min(batch_nominal, n - k)
        j = np.ones((batch_actual, n), dtype=bool)
        np.fill_diagonal(j[:, k:k + batch_actual], False)
        i = np.arange(n)
        i = np.broadcast_to(i, (batch_actual, n))
        i = i[j].reshape((batch_actual, n - 1))
        yield sample[..., i]


x = np.zeros((3, 4, 5, 6))
y = next(jackknife_resample(x))
reveal_shape(y)  # reveal: (3, 4, 5, 6, 5)
for i in range(x.shape[-1]):
    slc = y[..., i, :]

none = None
reveal_shape(np.zeros(none or 3))  # reveal: (3,)
reveal_shape(np.zeros(4 and 2))  # reveal: (2,)
reveal_shape(np.zeros(0 or 0))  # reveal: (0,)
reveal_shape(np.zeros((0 and 7, 2)))  # reveal: (0, 2)
