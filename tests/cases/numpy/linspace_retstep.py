# ``np.linspace(start, stop, num, retstep=True)`` returns the step ``(stop - start) / (num - 1)``: a number
# between numbers, an array of the ends' broadcast shape between arrays. astropy 8.0.2's
# ``test_linspace_steps`` asserts ``st.shape == (2,)`` for ``np.linspace(t1, t2, 7, retstep=True)`` with t1 of
# shape (2,) and t2 0-d: the step was a Python float, and the assertion a false SC201.
import numpy as np

t1 = np.array([0.0, 12.0])
t2 = np.array(24.0)
ts, st = np.linspace(t1, t2, 7, retstep=True)
reveal_shape(ts)  # reveal: (7, 2)
reveal_shape(st)  # reveal: (2,)
assert st.shape == (2,)
points, step = np.linspace(np.zeros((3, 1)), np.ones(4), 5, retstep=True, axis=1)
reveal_shape(points)  # reveal: (3, 5, 4)
reveal_shape(step)  # reveal: (3, 4)
xs, dx = np.linspace(0.0, 1.0, 11, retstep=True)
reveal_shape(xs)  # reveal: (11,)
y = xs * dx
reveal_shape(y)  # reveal: (11,)
