# A size raised to a small literal power is the product of its dims: a vision transformer's
# ``num_patches = (image_size // patch) ** 2`` sizes its position table, whose rows then match the
# patches a reshape makes (the power was some int of its own, and the add a precondition).
import numpy as np


def patches(image_size: int, patch: int):
    num_patches = (image_size // patch) ** 2
    pos = np.zeros((num_patches + 1, 8))
    reveal_shape(pos)  # reveal: ((image_size//patch)*(image_size//patch)+1, 8)
    grid = np.zeros((image_size // patch, image_size // patch, 8)).reshape(num_patches, 8)
    reveal_shape(grid + pos[1:])  # reveal: ((image_size//patch)*(image_size//patch), 8)
    return grid


reveal_shape(patches(32, 8))  # reveal: (16, 8)
reveal_shape(np.zeros(3 ** 2))  # reveal: (9,)
