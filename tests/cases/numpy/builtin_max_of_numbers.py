# Python's ``max``/``min`` of numbers is one of them, a Python number: scaling an array by it keeps
# the array's shape (torchvision's MViT scales ``torch.arange(q_h)[:, None]`` by ``max(k_h / q_h, 1.0)``;
# an unknown there left the relative-position tables of unknown rank).
import numpy as np


def distances(q_h: int, k_h: int):
    q_ratio = max(k_h / q_h, 1.0)
    k_ratio = max(q_h / k_h, 1.0)
    dist = np.arange(q_h)[:, None] * q_ratio - (np.arange(k_h)[None, :] + (1.0 - k_h)) * k_ratio
    reveal_shape(dist)  # reveal: (q_h, k_h)
    return dist


reveal_shape(distances(3, 5))  # reveal: (3, 5)
reveal_shape(np.ones(4) * min(0.5, 2))  # reveal: (4,)
reveal_shape(np.array(max(2.0, 3)))  # reveal: ()
