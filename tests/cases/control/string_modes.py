# A mode string the source spells out picks the path: Python's own str methods run on it, so the
# branch a call does not take is not analysed under the facts of the one it does (kornia's box
# converters: the "xy" indexing under the "vertices" check's facts was a false SC110).
import numpy as np
import torch


def convert(boxes, mode="xyxy"):
    mode = mode.lower()
    if mode.startswith("vertices"):
        if not (boxes.ndim == 3 and boxes.shape[-2:] == (4, 2)):
            raise ValueError("vertices are (N, 4, 2)")
    elif mode.startswith("xy"):
        if not (boxes.ndim == 2 and boxes.shape[-1] == 4):
            raise ValueError("boxes are (N, 4)")
    else:
        raise ValueError(mode)
    if mode.startswith("vertices"):
        out = boxes.copy()
    else:
        out = np.stack([boxes[..., 3] - boxes[..., 1], boxes[..., 2] - boxes[..., 0]], axis=-1)
    return out @ np.ones((2, 5)) if mode.strip().endswith("xyxy") else out


reveal_shape(convert(np.zeros((7, 4, 2)), mode="VERTICES_plus"))  # reveal: (7, 4, 2)
reveal_shape(convert(np.zeros((7, 4))))  # reveal: (7, 5)
z = convert(np.zeros((7, 4)), mode=" XYXY ".strip()) @ np.ones((3, 5))  # error: SC102

parts = "b h w".split()
reveal_shape(np.zeros(len(parts)))  # reveal: (3,)
head, _, tail = "conv_2d".partition("_")
reveal_shape(np.zeros(len(tail)))  # reveal: (2,)
reveal_shape(np.zeros("a-b-c".count("-")))  # reveal: (2,)
reveal_shape(np.zeros(3 if "Linear".endswith(("ar", "er")) else 4))  # reveal: (3,)


def unknown_mode(x, mode):
    if mode.lower().startswith("v"):   # not known: both paths
        y = x.reshape(6)
    else:
        y = x.reshape(2, 3)
    return y


reveal_shape(unknown_mode(np.zeros((2, 3)), input()))  # reveal: ?

words = "a b".split() + ["c"]
reveal_shape(np.zeros(len(words + "d e".split())))  # reveal: (5,)
