# A bool counts as 0 or 1 in arithmetic and through int(): ``dim_in + int(concat_ones)`` is dim_in
# when the flag is False, so the conv weight below takes exactly dim_in channels.
import torch
import torch.nn.functional as F


def conv_weight(dim_in, dim_out, concat_ones=False):
    return torch.randn(dim_out, dim_in + int(concat_ones), 3, 3)


def tokens(n, cls_token=True):
    return torch.zeros(n + cls_token, 8)


x = torch.randn(2, 16, 32, 32)
reveal_shape(F.conv2d(x, conv_weight(16, 8), padding="same"))  # reveal: (2, 8, 32, 32)
reveal_shape(conv_weight(16, 8, concat_ones=True))  # reveal: (8, 17, 3, 3)
reveal_shape(tokens(196))  # reveal: (197, 8)


def blur_coefficients(taps):
    # a power of a symbol is a number whose value is not known: an array divided by it keeps its shape
    filt_size, = taps.shape
    coeffs = torch.ones(filt_size) / (2 ** (filt_size - 1))
    reveal_shape(coeffs)  # reveal: (filt_size,)
    return coeffs
