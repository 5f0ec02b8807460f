"""A parameter annotated as a tuple of ints (``shape: Tuple[int, int, int]``, ``size: tuple[int, int]``)
is that many sizes, each a symbol of its own: the arrays made from it have that rank (timm's
EdgeNeXt positional encoding, ``torch.zeros(shape)``, was of unknown rank)."""
from typing import Tuple

import numpy as np


def grid(shape: Tuple[int, int, int], size: tuple[int, int]):
    reveal_shape(np.zeros(shape))  # reveal: (shape0, shape1, shape2)
    h, w = size
    reveal_shape(np.ones((h, w)).cumsum(1))  # reveal: (h, w)
    return np.zeros(shape)[:, :, :, None] * np.ones(size[1])


reveal_shape(grid((2, 3, 4), (5, 6)))  # reveal: (2, 3, 4, 6)


def mask(input_shape: tuple[int]):
    # ``tuple[int]`` alone is taken as code writes it, for any number of ints (transformers' BLIP
    # annotates ``input_shape`` so, then unpacks two from it): not one int
    batch_size, seq_length = input_shape
    return np.zeros((batch_size, seq_length, seq_length))


reveal_shape(mask((2, 5)))  # reveal: (2, 5, 5)
