# torch.fft: numpy.fft's shapes under torch's names (input, n or s, dim)
import torch

a = torch.ones(4, 6, 8)
reveal_shape(torch.fft.fft(a))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.fft(a, 5))  # reveal: (4, 6, 5)
reveal_shape(torch.fft.fft(a, dim=0))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.ifft(a, n=3, dim=1))  # reveal: (4, 3, 8)
reveal_shape(torch.fft.rfft(a))  # reveal: (4, 6, 5)
reveal_shape(torch.fft.rfft(a, 7, dim=1))  # reveal: (4, 4, 8)
reveal_shape(torch.fft.irfft(a))  # reveal: (4, 6, 14)
reveal_shape(torch.fft.irfft(a, 9, dim=0))  # reveal: (9, 6, 8)
reveal_shape(torch.fft.hfft(a))  # reveal: (4, 6, 14)
reveal_shape(torch.fft.ihfft(a))  # reveal: (4, 6, 5)
reveal_shape(torch.fft.fft2(a))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.fft2(a, s=(3, 5)))  # reveal: (4, 3, 5)
reveal_shape(torch.fft.ifft2(a, dim=(0, 2)))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.rfft2(a))  # reveal: (4, 6, 5)
reveal_shape(torch.fft.irfft2(a))  # reveal: (4, 6, 14)
reveal_shape(torch.fft.irfft2(a, s=(4, 10)))  # reveal: (4, 4, 10)
reveal_shape(torch.fft.fftn(a))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.fftn(a, s=(2, 3)))  # reveal: (4, 2, 3)
reveal_shape(torch.fft.ifftn(a, dim=(0,)))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.rfftn(a))  # reveal: (4, 6, 5)
reveal_shape(torch.fft.rfftn(a, dim=(0, 1)))  # reveal: (4, 4, 8)
reveal_shape(torch.fft.irfftn(a))  # reveal: (4, 6, 14)
reveal_shape(torch.fft.irfftn(a, s=(5, 6)))  # reveal: (4, 5, 6)
reveal_shape(torch.fft.fftshift(a))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.ifftshift(a, dim=0))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.fftfreq(10))  # reveal: (10,)
reveal_shape(torch.fft.rfftfreq(10, d=0.1))  # reveal: (6,)
reveal_shape(torch.fft.rfftfreq(9))  # reveal: (5,)
reveal_shape(torch.fft.fftshift(a, dim=(0, 1)))  # reveal: (4, 6, 8)
reveal_shape(torch.fft.rfft(torch.ones(3, 10, dtype=torch.float64)))  # reveal: (3, 6)
bad = torch.fft.fft(a, dim=3)  # error: SC104
bad2 = torch.fft.fft(a, n=0)  # error: SC107
bad3 = torch.fft.fft2(a, s=(2, 3, 4), dim=(0, 1))  # error: SC107


def spectral(x):
    reveal_shape(torch.fft.rfft(x))  # reveal: (*x[:-1], x.shape[-1]//2+1)
    reveal_shape(torch.fft.irfft(torch.fft.rfft(x)))  # reveal: (*x[:-1], (x.shape[-1]//2)*2)
    reveal_shape(torch.fft.fft2(x).real)  # reveal: (*x[:-2], x.shape[-2], x.shape[-1])
    reveal_shape(torch.fft.fftn(x))  # reveal: (*x)
    return x
