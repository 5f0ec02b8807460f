# shapecheck-options: strict
# A DTensor view whose split survives only if a size the facts do not decide divides by the devices:
# that is its requirement (a --strict warning at the top level, a precondition of a function, checked
# at each call); a reshape gathers or not by size, so it claims no placement there.
import os

import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard, distribute_tensor

mesh = init_device_mesh("cuda", (4,), mesh_dim_names=("tp",))
x = distribute_tensor(torch.randn(8, 16, 64), mesh, [Shard(2)])
h = int(os.environ["HEADS"])
y = x.view(8, 16, h, 64 // h)  # warning: SC120, SC120
z = x.reshape(8, 16, h, 64 // h)  # the size condition is line 14's, assumed from there on


def split_heads(t, heads):
    b, s, d = t.shape
    return t.view(b, s, heads, d // heads)  # warning: SC120


reveal_shape(split_heads(x, 8))  # reveal: (8, 16, 8, 8)  # local: (8, 16, 2, 8)  # layout: P(None, None, 'tp', None)
two_heads = split_heads(x, 2)  # error: SC110
