# reversed(range(a, b)) is range(b - 1, a - 1, -1): a sampling loop over reversed timesteps runs as
# many times as the forward one, and a reversed list keeps its items (in reverse).
import numpy as np
import torch

T = 100
img = torch.randn(4, 3, 8, 8)
imgs = [img]
for i in reversed(range(0, T)):
    tt = torch.full((4,), i, dtype=torch.long)
    img = img * 0.5 + tt[:, None, None, None]
    imgs.append(img)
reveal_shape(torch.stack(imgs, dim=1))  # reveal: (4, 101, 3, 8, 8)
widths = [np.zeros((2, 3)), np.zeros((3, 5)), np.zeros((5, 7))]
chain = np.ones((4, 7))
for w in reversed(widths):
    chain = chain @ w.T
reveal_shape(chain)  # reveal: (4, 2)
back = []
for i in reversed(range(3, 40, 1)):
    back.append(np.full(2, i))
reveal_shape(np.stack(back))  # reveal: (37, 2)
reveal_shape(np.array(list(reversed([1, 2, 3]))))  # reveal: (3,)


def frames_backwards(x, k):
    # range(a, b)[::-1] is reversed(range(a, b)); an int of a list of ints, at an index not known, is an
    # int; a list of unknown length at an index of unknown kind is not taken for a slice of it
    # (ProPainter's flow completion: ``feats["spatial"][mapping_idx[idx]]`` was a sub-list, and
    # concatenated as an array of one more dim, a false SC106)
    b, t, c, h, w = x.shape
    spatial = [x[:, i, :, :, :] for i in range(0, t)]
    mapping_idx = list(range(0, len(spatial)))
    mapping_idx += mapping_idx[::-1]
    prop = x.new_zeros(b, c, h, w)
    for i, idx in enumerate(range(0, t)[::-1]):
        current = spatial[mapping_idx[idx]]
        prop = torch.cat([prop, current], dim=1)[:, :c]
    reveal_shape(prop)  # reveal: (b, c, h, w)
    return torch.cat([prop, spatial[k]], dim=1)   # (k may be an int)


back = []
for i in range(3, 40)[::-1]:
    back.append(np.full(2, i))
reveal_shape(np.stack(back))  # reveal: (37, 2)
frames_backwards(torch.zeros(2, 5, 3, 8, 8), 1)
