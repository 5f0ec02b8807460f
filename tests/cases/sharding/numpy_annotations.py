# The plain annotation form for NumPy code: shapecheck.device_mesh and shapecheck.shard (inert at run
# time) place an array, checked like a NamedSharding, and ops carry the placement on.
import numpy as np
from shapecheck import device_mesh, shard

mesh = device_mesh(dp=2, tp=4)
tokens = shard(np.zeros((64, 512)), mesh, "dp", None)
reveal_shape(tokens)  # reveal: (64, 512)  # local: (32, 512)
w_in = shard(np.zeros((512, 2048)), mesh, None, "tp")
hidden = np.maximum(tokens @ w_in, 0)
reveal_shape(hidden)  # reveal: (64, 2048)  # local: (32, 512)
w_out = shard(np.zeros((2048, 512)), mesh, "tp", None)
out = hidden @ w_out  # info: SC303
reveal_shape(out)  # reveal: (64, 512)  # local: (32, 512)

odd = shard(np.zeros((64, 510)), mesh, None, "tp")  # error: SC130
nowhere = shard(np.zeros((64, 512)), mesh, "sp")  # error: SC131


def split_batch(x, devices):
    m = device_mesh(batch=devices)
    return shard(x, m, "batch")


ok = split_batch(np.zeros((12, 3)), 4)
reveal_shape(ok)  # reveal: (12, 3)  # local: (3, 3)
bad = split_batch(np.zeros((10, 3)), 4)  # error: SC110
