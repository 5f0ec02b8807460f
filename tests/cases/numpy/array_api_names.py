# NumPy 2's array-API names (jax.numpy has them too): aliases of older functions, and the unique_*,
# unstack, cumulative_* and linalg functions the standard adds. Each expectation is NumPy's.
import numpy as np

x = np.ones((2, 3))
v = np.linspace(-0.5, 0.5, 4)
reveal_shape(np.acos(v) + np.asin(v) + np.atan(v))  # reveal: (4,)
reveal_shape(np.acosh(v + 2) + np.asinh(v) + np.atanh(v))  # reveal: (4,)
reveal_shape(np.atan2(x, np.ones(3)))  # reveal: (2, 3)
np.atan2(x, np.ones(2))  # error: SC101
reveal_shape(np.pow(x, 2))  # reveal: (2, 3)
i = np.arange(6).reshape(2, 3)
reveal_shape(np.bitwise_invert(i) + np.bitwise_left_shift(i, 1) + np.bitwise_right_shift(i, 1))  # reveal: (2, 3)
reveal_shape(np.bitwise_count(i))  # reveal: (2, 3)
reveal_shape(np.permute_dims(np.ones((2, 3, 4)), (2, 0, 1)))  # reveal: (4, 2, 3)
reveal_shape(np.astype(x, np.int32))  # reveal: (2, 3)
reveal_shape(np.asarray_chkfinite([[1.0, 2.0]]))  # reveal: (1, 2)

counts = np.unique_counts(i)
reveal_shape(counts.values[0])  # reveal: ()
reveal_shape(np.unique_inverse(i).inverse_indices)  # reveal: (2, 3)
everything = np.unique_all(i)
reveal_shape(everything.inverse_indices)  # reveal: (2, 3)
reveal_shape(everything.indices[0] + everything.counts[0])  # reveal: ()
reveal_shape(np.unique_values(i)[0])  # reveal: ()

reveal_shape(np.unstack(np.ones((3, 4)), axis=1)[3])  # reveal: (3,)
first, second = np.unstack(x)
reveal_shape(second)  # reveal: (3,)
reveal_shape(np.dsplit(np.ones((2, 2, 6)), 3)[0])  # reveal: (2, 2, 2)
np.dsplit(x, 3)  # error: SC107
reveal_shape(np.trim_zeros(np.array([0, 1, 0])))  # reveal: (k,)
reveal_shape(np.cumulative_sum(v))  # reveal: (4,)
reveal_shape(np.cumulative_sum(x, axis=1, include_initial=True))  # reveal: (2, 4)
reveal_shape(np.cumulative_prod(x, axis=0))  # reveal: (2, 3)
np.cumulative_sum(x)  # error: SC107
reveal_shape(np.sort_complex(np.array([3, 1, 2], dtype=np.int8)))  # reveal: (3,)
reveal_shape(np.histogram_bin_edges(v))  # reveal: (11,)
reveal_shape(np.histogram_bin_edges(v, bins=4))  # reveal: (5,)

reveal_shape(np.matvec(np.ones((2, 3, 4)), np.ones(4)))  # reveal: (2, 3)
np.matvec(np.ones((3, 4)), np.ones(3))  # error: SC102
reveal_shape(np.vecmat(np.ones(3), np.ones((3, 5))))  # reveal: (5,)
reveal_shape(np.linalg.outer(np.ones(3), np.ones(2)))  # reveal: (3, 2)
np.linalg.outer(x, np.ones(2))  # error: SC107
reveal_shape(np.linalg.vecdot(x, np.ones(3)))  # reveal: (2,)
reveal_shape(np.linalg.diagonal(np.ones((2, 3, 4))))  # reveal: (2, 3)
reveal_shape(np.linalg.diagonal(np.ones((3, 4)), offset=1))  # reveal: (3,)
reveal_shape(np.linalg.trace(np.ones((2, 3, 3))))  # reveal: (2,)
reveal_shape(np.linalg.matrix_transpose(x))  # reveal: (3, 2)
reveal_shape(np.linalg.tensordot(x, np.ones((3, 4)), axes=1))  # reveal: (2, 4)
reveal_shape(np.linalg.cross(np.ones((5, 3)), np.ones(3)))  # reveal: (5, 3)
t = np.ones((2, 3, 4))
reveal_shape(np.linalg.svdvals(t))  # reveal: (2, 3)
np.linalg.svdvals(v)  # error: SC107
reveal_shape(np.linalg.vector_norm(t))  # reveal: ()
reveal_shape(np.linalg.vector_norm(t, axis=1))  # reveal: (2, 4)
reveal_shape(np.linalg.vector_norm(t, axis=(0, 2), keepdims=True))  # reveal: (1, 3, 1)
reveal_shape(np.linalg.matrix_norm(t))  # reveal: (2,)
reveal_shape(np.linalg.matrix_norm(t, keepdims=True))  # reveal: (2, 1, 1)
np.linalg.matrix_norm(v)  # error: SC104
reveal_shape(np.cumulative_sum(np.array(1.0), include_initial=True))  # reveal: (2,)
reveal_shape(np.cumulative_prod(np.array(2), axis=-1))  # reveal: (1,)
np.cumulative_sum(np.array(1.0), axis=1)  # error: SC104
