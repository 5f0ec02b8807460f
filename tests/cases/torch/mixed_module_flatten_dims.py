# In a module importing both numpy and torch, ``x.flatten(1, 2)`` on an array whose library is not known is
# torch's flatten(start_dim, end_dim): NumPy's ndarray.flatten takes only ``order``, a string, so an int there
# is a TypeError. transformers 4.57.1's LLaVA-OneVision `pack_image_features` read
# ``image_feature.flatten(1, 2).transpose(0, 1)`` as NumPy's ravel and the transpose was a false SC104
# (and OneFormer's ``source.flatten(2).transpose(1, 2)``).
import numpy as np
import torch


def pack(image_feature):
    channels, height, width = image_feature.shape
    reveal_shape(image_feature.flatten(1, 2))  # reveal: (channels, height*width)
    return image_feature.flatten(1, 2).transpose(0, 1)


def pixel_tokens(sources):
    tokens = []
    for source in sources:
        batch_size, num_channels, height, width = source.shape
        source = source.flatten(2).transpose(1, 2)
        reveal_shape(source)  # reveal: (batch_size, height*width, num_channels)
        tokens.append(source)
    return tokens


reveal_shape(np.zeros((2, 3, 4)).flatten())  # reveal: (24,)
reveal_shape(np.zeros((2, 3, 4)).flatten("F"))  # reveal: (24,)
reveal_shape(torch.zeros(2, 3, 4).flatten(1))  # reveal: (2, 12)
