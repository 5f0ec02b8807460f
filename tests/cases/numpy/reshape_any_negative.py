# NumPy takes any negative size in a reshape for the one size to infer, as -1 (``_fix_unknown_dimension``
# in numpy/_core/src/multiarray/shape.c tests ``< 0``): numba 0.68.1's parfors test of issue 3314 reshapes
# with ``sub_a.reshape(-1307, 1)`` and checks that numba does as NumPy; it was a false SC110 ("negative
# dimensions are not allowed (-1307)"). Two of them are still NumPy's "can only specify one unknown dimension".
import numpy as np

a = np.arange(12.0)
reveal_shape(a.reshape(-1307, 1))  # reveal: (12, 1)
reveal_shape(np.reshape(a, (3, -5)))  # reveal: (3, 4)


def test_impl(a, b):
    sub_a = a[0:b]
    z = sub_a.reshape(-1307, 1)
    return sub_a / z


reveal_shape(test_impl(a, 3))  # reveal: (3, 3)
a.reshape(-2, -3)  # error: SC103
