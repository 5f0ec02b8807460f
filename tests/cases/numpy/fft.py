# numpy.fft: a transformed axis becomes the points asked for (n, s), else keeps its own; the last axis
# of a real transform keeps m//2+1 of m points (rfft) or returns 2*(m-1) (irfft); the rest is kept
import numpy as np

a = np.ones((4, 6, 8))
reveal_shape(np.fft.fft(a))  # reveal: (4, 6, 8)
reveal_shape(np.fft.fft(a, 5))  # reveal: (4, 6, 5)
reveal_shape(np.fft.fft(a, axis=0))  # reveal: (4, 6, 8)
reveal_shape(np.fft.ifft(a, n=3, axis=1))  # reveal: (4, 3, 8)
reveal_shape(np.fft.rfft(a))  # reveal: (4, 6, 5)
reveal_shape(np.fft.rfft(a, 7, axis=1))  # reveal: (4, 4, 8)
reveal_shape(np.fft.irfft(a))  # reveal: (4, 6, 14)
reveal_shape(np.fft.irfft(a, 9, axis=0))  # reveal: (9, 6, 8)
reveal_shape(np.fft.hfft(a))  # reveal: (4, 6, 14)
reveal_shape(np.fft.ihfft(a))  # reveal: (4, 6, 5)
reveal_shape(np.fft.fft2(a))  # reveal: (4, 6, 8)
reveal_shape(np.fft.fft2(a, s=(3, 5)))  # reveal: (4, 3, 5)
reveal_shape(np.fft.ifft2(a, axes=(0, 2)))  # reveal: (4, 6, 8)
reveal_shape(np.fft.rfft2(a))  # reveal: (4, 6, 5)
reveal_shape(np.fft.irfft2(a))  # reveal: (4, 6, 14)
reveal_shape(np.fft.irfft2(a, s=(4, 10)))  # reveal: (4, 4, 10)
reveal_shape(np.fft.fftn(a))  # reveal: (4, 6, 8)
reveal_shape(np.fft.fftn(a, s=(2, 3)))  # reveal: (4, 2, 3)
reveal_shape(np.fft.ifftn(a, axes=(0,)))  # reveal: (4, 6, 8)
reveal_shape(np.fft.rfftn(a))  # reveal: (4, 6, 5)
reveal_shape(np.fft.rfftn(a, axes=(0, 1)))  # reveal: (4, 4, 8)
reveal_shape(np.fft.irfftn(a))  # reveal: (4, 6, 14)
reveal_shape(np.fft.irfftn(a, s=(5, 6)))  # reveal: (4, 5, 6)
reveal_shape(np.fft.fftshift(a))  # reveal: (4, 6, 8)
reveal_shape(np.fft.ifftshift(a, axes=0))  # reveal: (4, 6, 8)
reveal_shape(np.fft.fftfreq(10))  # reveal: (10,)
reveal_shape(np.fft.rfftfreq(10, d=0.1))  # reveal: (6,)
reveal_shape(np.fft.rfftfreq(9))  # reveal: (5,)
bad = np.fft.fft(a, 0)  # error: SC107
bad2 = np.fft.rfft2(a, axes=(0, 3))  # error: SC104
bad3 = np.fft.fftn(a, s=(2, 3), axes=(0,))  # error: SC107


def spectrum(m, k):
    x = np.zeros((m, k))
    reveal_shape(np.fft.rfft(x))  # reveal: (m, k//2+1)
    reveal_shape(np.fft.irfft(x))  # reveal: (m, k*2-2)
    reveal_shape(np.abs(np.fft.fft(x, axis=0)) ** 2)  # reveal: (m, k)
    reveal_shape(np.fft.fftfreq(k))  # reveal: (k,)
    return x
# an axis named twice takes the length of the transform NumPy applies last on it (gh-27159's test)
reveal_shape(np.fft.rfftn(np.ones((2, 3)), axes=(0, 0, 1), s=(10, 20, 40)))  # reveal: (10, 21)
reveal_shape(np.fft.fftn(np.ones((2, 3)), axes=(1, 0, 1), s=(10, 20, 40)))  # reveal: (20, 10)
reveal_shape(np.fft.irfftn(np.ones((2, 3)), axes=(0, 0, 1), s=(10, 20, 40)))  # reveal: (20, 40)
reveal_shape(np.fft.rfftn(np.ones((2, 3)), axes=(1, 0, 1), s=(10, 20, 40)))  # reveal: (20, 10)
