# ``x = h.pop()`` (a list's method called for its value, inside an expression) removes the item as the
# statement ``h.pop()`` does: denoising-diffusion-pytorch 2.3.4's classifier-free-guidance U-Net keeps its
# skips in ``h`` on the way down and concatenates ``torch.cat((x, h.pop()), dim=1)`` on the way up; the list
# kept every item, each pop gave the last skip, and the second level's concatenation was a false SC110
# ("along dimension 2, the array at index 0 has size 32 and the array at index 1 has size 16").
import numpy as np


def unet(x):
    h = []
    for level in range(3):
        h.append(x)
        x = x[::2]
    for level in range(3):
        x = np.repeat(x, 2, axis=0)
        x = np.concatenate((x, h.pop()), axis=1)
    return x


reveal_shape(unet(np.ones((64, 1))))  # reveal: (64, 4)
skips = [np.ones(1), np.ones(2), np.ones(3)]
last = skips.pop()
reveal_shape(last)  # reveal: (3,)
reveal_shape(np.concatenate((last, skips.pop())))  # reveal: (5,)
skips.append(np.ones(4))
reveal_shape(skips.pop(0))  # reveal: (1,)
reveal_shape(skips[0])  # reveal: (4,)
rows = [np.ones(1), np.ones(2), np.ones(3)]
rows.pop(1)
reveal_shape(rows[1])  # reveal: (3,)
kw = {"a": np.ones(3), "b": np.ones(3), "c": np.ones(4)}
c = kw.pop("c")


def add(a, b):
    return a + b


reveal_shape(add(**kw))  # reveal: (3,)


def rotations():
    # ``axis.append(axis.pop(0))`` appends to the list the pop left (numpy's test_shape_base rotates its
    # concatenation axis so, with its operands' axes; the stale list grew, and the concatenations after
    # it were false SC106s)
    a = np.ones((1, 2, 3))
    b = np.ones((2, 2, 3))
    axis = list(range(3))
    for i in range(3):
        np.concatenate((a, b), axis=axis[0])
        a = np.moveaxis(a, -1, 0)
        b = np.moveaxis(b, -1, 0)
        axis.append(axis.pop(0))
    reveal_shape(np.zeros(axis))  # reveal: (0, 1, 2)
    return a


reveal_shape(rotations())  # reveal: (1, 2, 3)
