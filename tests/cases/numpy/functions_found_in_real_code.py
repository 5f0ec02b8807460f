# NumPy functions real code calls that had no rule: each line's expectation is what NumPy does.
import numpy as np

a = np.ones((2, 3))
m = np.ones((4, 4))
v = np.arange(5.0)
z = np.ones((2, 3), dtype=complex)

# elementwise, one output or two
reveal_shape(np.angle(z))  # reveal: (2, 3)
reveal_shape(np.angle(z).real)  # reveal: (2, 3)
reveal_shape(np.angle(3.0))  # reveal: ()
reveal_shape(np.isnat(np.zeros(4, dtype="datetime64[D]")))  # reveal: (4,)
reveal_shape(np.modf(a)[0])  # reveal: (2, 3)
reveal_shape(np.modf(a)[1])  # reveal: (2, 3)
reveal_shape(np.frexp(v)[1])  # reveal: (5,)
reveal_shape(np.divmod(a, np.ones(3))[1])  # reveal: (2, 3)
np.divmod(a, np.ones(2))  # error: SC101
reveal_shape(np.unwrap(a))  # reveal: (2, 3)
reveal_shape(np.real_if_close(z))  # reveal: (2, 3)
reveal_shape(np.require([[1, 2]]))  # reveal: (1, 2)

# builders
reveal_shape(np.vander(v))  # reveal: (5, 5)
reveal_shape(np.vander([1, 2, 3], 4))  # reveal: (3, 4)
np.vander(a)  # error: SC107
reveal_shape(np.diagflat(a))  # reveal: (6, 6)
reveal_shape(np.diagflat([1, 2], k=-1))  # reveal: (3, 3)
reveal_shape(np.hanning(8))  # reveal: (8,)
reveal_shape(np.hamming(0))  # reveal: (0,)
reveal_shape(np.kaiser(5, 2.0))  # reveal: (5,)
reveal_shape(np.bartlett(-3))  # reveal: (0,)

# axes
reveal_shape(np.rollaxis(np.ones((3, 4, 5, 6)), 3, 1))  # reveal: (3, 6, 4, 5)
reveal_shape(np.rollaxis(np.ones((3, 4, 5, 6)), 2))  # reveal: (5, 3, 4, 6)
reveal_shape(np.rollaxis(np.ones((3, 4, 5, 6)), 1, 4))  # reveal: (3, 5, 6, 4)
reveal_shape(np.rollaxis(np.ones((3, 4, 5, 6)), -1, -2))  # reveal: (3, 4, 6, 5)
np.rollaxis(a, 2)  # error: SC104
np.rollaxis(a, 0, 3)  # error: SC104

# selecting
reveal_shape(np.choose(np.zeros((2, 1), dtype=int), [np.ones(3), np.ones((1, 3))]))  # reveal: (2, 3)
reveal_shape(np.choose([0, 1, 0], np.ones((2, 3))))  # reveal: (3,)
np.choose(np.zeros((2, 1), dtype=int), [np.ones(3), np.ones(4)])  # error: SC101
reveal_shape(np.compress([1, 0, 1], np.ones((3, 4)), axis=0)[0])  # reveal: (4,)
reveal_shape(np.ones((3, 4)).compress([True, False], axis=1)[:, 0])  # reveal: (3,)
np.compress(np.ones((2, 2)), a, axis=0)  # error: SC107
reveal_shape(np.extract(a > 0, a)[0])  # reveal: ()

# index builders
reveal_shape(np.diag_indices(4)[1])  # reveal: (4,)
reveal_shape(np.diag_indices(4, 3)[2])  # reveal: (4,)
reveal_shape(np.diag_indices_from(m)[0])  # reveal: (4,)
np.diag_indices_from(a)  # error: SC107
np.diag_indices_from(v)  # error: SC107
reveal_shape(np.tril_indices_from(np.ones((3, 4)), 1)[0])  # reveal: (9,)
reveal_shape(np.triu_indices_from(m)[1])  # reveal: (10,)
np.tril_indices_from(np.ones((2, 2, 2)))  # error: SC107
reveal_shape(m[np.triu_indices_from(m, 1)])  # reveal: (6,)

# differences, histograms, linear algebra, strides
reveal_shape(np.ediff1d(a))  # reveal: (5,)
reveal_shape(np.ediff1d(v, to_begin=0, to_end=[1, 2]))  # reveal: (7,)
reveal_shape(np.ediff1d(np.ones(0)))  # reveal: (0,)
reveal_shape(np.histogramdd(np.ones((5, 2)))[0])  # reveal: (10, 10)
reveal_shape(np.histogramdd(np.ones((5, 3)), bins=(2, 3, 4))[1][2])  # reveal: (5,)
reveal_shape(np.histogramdd([v, v], bins=[np.arange(4), 3])[0])  # reveal: (3, 3)
np.histogramdd(np.ones((5, 2)), bins=(2, 3, 4))  # error: SC107
reveal_shape(np.linalg.cond(np.ones((2, 3, 4)) + np.eye(3, 4)))  # reveal: (2,)
reveal_shape(np.linalg.cond(m + np.eye(4), 1))  # reveal: ()
np.linalg.cond(a, 1)  # error: SC107
np.linalg.cond(v)  # error: SC107
reveal_shape(np.lib.stride_tricks.as_strided(v, shape=(3, 3), strides=(8, 8)))  # reveal: (3, 3)
reveal_shape(np.lib.stride_tricks.as_strided(a))  # reveal: (2, 3)

# masked arrays
reveal_shape(np.ma.masked_invalid(a))  # reveal: (2, 3)
reveal_shape(np.ma.masked_where(a > 0, a))  # reveal: (2, 3)
reveal_shape(np.ma.masked_where(True, a))  # reveal: (2, 3)
np.ma.masked_where(np.ones(3) > 0, a)  # error: SC107
reveal_shape(np.ma.getmaskarray(a))  # reveal: (2, 3)
reveal_shape(np.ma.masked_outside(a, 0, 1))  # reveal: (2, 3)
reveal_shape(np.ma.median(a, axis=0))  # reveal: (3,)
reveal_shape(np.ma.filled(np.ma.masked_equal(a, 1)))  # reveal: (2, 3)

# random samplers
rng = np.random.default_rng(0)
reveal_shape(np.random.weibull(2.0, size=(3, 2)))  # reveal: (3, 2)
reveal_shape(np.random.negative_binomial(3, 0.5, 4))  # reveal: (4,)
reveal_shape(np.random.wald(np.ones(3), 1.0))  # reveal: (3,)
reveal_shape(rng.gamma(2.0, size=5))  # reveal: (5,)
reveal_shape(rng.triangular(0, 1, np.ones((2, 2)) * 2))  # reveal: (2, 2)
reveal_shape(rng.standard_cauchy((2, 3)))  # reveal: (2, 3)
reveal_shape(rng.permuted(a, axis=1))  # reveal: (2, 3)
rng.vonmises(np.zeros(3), np.ones(2))  # error: SC101

# no arrays
assert np.iscomplexobj(z)
np.testing.assert_(np.isrealobj(a))
s = np.array_str(a)
reveal_shape(np.asarray(s.split()))  # reveal: (...)

# polynomials as coefficient vectors
reveal_shape(np.poly([1, 2, 3]))  # reveal: (4,)
reveal_shape(np.poly(np.eye(3)))  # reveal: (4,)
np.poly(np.ones((2, 3)))  # error: SC107
reveal_shape(np.polyadd([1, 2], [1, 2, 3]))  # reveal: (3,)
reveal_shape(np.polysub(np.ones(4), [3]))  # reveal: (4,)
reveal_shape(np.polyder([1, 2, 3, 4]))  # reveal: (3,)
reveal_shape(np.polyder([1, 2, 3, 4], 2))  # reveal: (2,)
reveal_shape(np.polyder([1, 2], 3))  # reveal: (0,)
reveal_shape(np.polyint([1, 2, 3]))  # reveal: (4,)
reveal_shape(np.polyint([1, 2], 2))  # reveal: (4,)
reveal_shape(np.roots([1, 2, 3])[0])  # reveal: ()
reveal_shape(np.polymul([1, 2], [1, 1])[0])  # reveal: ()
np.roots(np.ones((2, 2)))  # error: SC107
np.polymul(np.ones((2, 2)), [1])  # error: SC107
reveal_shape(np.polyadd(np.ones((2, 2)), [1]))  # reveal: (...)
reveal_shape(np.polyder(np.ones((3, 2))))  # reveal: (...)

# complex dtypes, where known
spectrum = np.fft.fft(v)
if np.iscomplexobj(spectrum):
    reveal_shape(spectrum.real)  # reveal: (5,)
else:
    spectrum.reshape(7)
assert not np.isrealobj(spectrum)

# np.ndindex / np.ndenumerate: a loop takes one index tuple of len(shape) ints (one element each)
cube = np.ones((3, 4, 5))
for idx in np.ndindex(cube.shape[:-1]):
    reveal_shape(cube[idx])  # reveal: (5,)
for idx in np.ndindex(3, 4):
    reveal_shape(cube[idx] * 2)  # reveal: (5,)
for idx, value in np.ndenumerate(cube[0]):
    reveal_shape(value + cube[0][idx])  # reveal: ()
for idx in np.ndindex(()):
    reveal_shape(cube[idx])  # reveal: (3, 4, 5)

# the ndarray constructor: an array of the shape given, as np.empty
reveal_shape(np.ndarray((3, 4)))  # reveal: (3, 4)
reveal_shape(np.ndarray(shape=(2,), dtype=np.int32))  # reveal: (2,)
