# A complex Python number makes an array it meets complex (NEP 50: of the array's precision), so a
# dtype test of the result takes the branch that runs; the else branches below would fail if taken.
import numbers

import numpy as np

z = np.ones(3) + 1j
if z.dtype.kind == "c":
    reveal_shape(z.real)  # reveal: (3,)
else:
    z.reshape(7)
w = np.exp(1j * np.arange(4.0))
if w.dtype == complex:
    reveal_shape(np.angle(w))  # reveal: (4,)
else:
    w.reshape(9)
phase = 2 * np.pi * 1j
u = np.ones((2, 2), dtype=np.float32) * phase
if u.dtype == np.complex64:
    reveal_shape(u)  # reveal: (2, 2)
else:
    u.reshape(5)
c = complex(1, 2)
if isinstance(c, float) or not isinstance(c, numbers.Complex):
    u.reshape(5)
if np.iscomplexobj(np.arange(3) - 1j):
    reveal_shape(np.arange(3) - 1j)  # reveal: (3,)
else:
    u.reshape(5)


def parsed(data):
    # an array of a parameter has the caller's dtype: no test of it is decided
    a = np.asarray(data)
    if a.dtype == np.float64:
        return a.sum()
    return a.reshape(-1, 3)


reveal_shape(parsed([[1, 2, 3]]))  # reveal: (1, 3)
magnitude = abs(np.exp(1j * np.arange(3.0)))
if magnitude.dtype == np.float64:
    reveal_shape(magnitude)  # reveal: (3,)
else:
    u.reshape(5)
