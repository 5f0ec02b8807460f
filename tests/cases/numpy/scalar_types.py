# NumPy's scalar types called: on an array (or a list) an array of its shape in that dtype, on an
# int an int (still a size), on another number a 0-d value of that dtype
import numpy as np

a = np.ones((3, 4))
reveal_shape(np.float32(a))  # reveal: (3, 4)
reveal_shape(np.float32(2.0) * a)  # reveal: (3, 4)
reveal_shape(np.int32([1, 2, 3]))  # reveal: (3,)
reveal_shape(np.zeros(np.int32(5)))  # reveal: (5,)
reveal_shape(np.bool_(a > 0).T)  # reveal: (4, 3)
bad = np.float32(a) @ np.float32(a)  # error: SC102
every = (np.float16(a) + np.float32(a) + np.float64(a) + np.int8(a) + np.int16(a) + np.int32(a) + np.int64(a)
         + np.uint8(a) + np.uint16(a) + np.uint32(a) + np.uint64(a) + np.complex64(a) + np.complex128(a)
         + np.longdouble(a) + np.double(a) + np.single(a) + np.half(a) + np.int_(a) + np.intp(a)
         + np.uintp(a) + np.bool_(a) + np.cdouble(a) + np.csingle(a) + np.longlong(a))
reveal_shape(every)  # reveal: (3, 4)
