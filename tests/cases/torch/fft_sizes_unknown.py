# The many-axis transforms' ``s`` is a sequence, one length per transformed axis: an ``s`` of unknown
# value (a constructor's ``shape: Tuple[int, int]`` kept on ``self``) is that whole sequence, never one
# int (lightly 1.6.0's IRFFT2DTransform: irfft2(freq_image, s=self.shape) was a false SC107, "shape and
# axes have different lengths (1 and 2)"). The transformed axes' lengths are then unknown; the rest stay.
from typing import Tuple

import numpy as np
import torch
from torch import Tensor


class IRFFT2DTransform:
    def __init__(self, shape: Tuple[int, int]):
        self.shape = shape

    def __call__(self, freq_image: Tensor) -> Tensor:
        return torch.fft.irfft2(freq_image, s=self.shape)


def transformed(x, s):
    reveal_shape(torch.fft.irfft2(x, s=s))  # reveal: (*x[:-2], n, n')
    reveal_shape(np.fft.fft2(x, s))  # reveal: (*x[:-2], n, n')
    reveal_shape(np.fft.fftn(x, s, axes=(0, 1)))  # reveal: ?
    return x


images = torch.ones(3, 8, 5)
reveal_shape(IRFFT2DTransform((8, 8))(images))  # reveal: (3, 8, 8)
reveal_shape(torch.fft.rfftn(images, s=list(images.shape[1:])))  # reveal: (3, 8, 3)
transformed(images, (4, 6))
