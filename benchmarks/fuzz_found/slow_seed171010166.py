# Found by benchmarks/fuzz.py --seed 421 --shard 1/2 (shape program seed=171010166), stop 44: 27 s CPU, over the
# 20 s slow limit, in 132 Z3 checks (its `while` grows v5's size by a factor per pass: questions of degree 9-16 with
# 40- to 80-bit coefficients, 4-8 us a Z3 step). Fixed in stop 45 (dims.MAX_DEGREE 64 -> 8); run by
# tests/test_fuzz_regressions.py, which counts its Z3 steps.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import math
x = np.zeros((7, 5, 1, x.ndim))
y = np.ones((4, 3))
v2 = x
v3 = np.linalg.norm(np.stack([np.flip(v2), v2]))
v4, v5 = v2.shape
reveal_shape(np.ones((1,)))
v4[::-1, -1, ...] = np.trace(np.append(np.eye((1, 5, 5)), v5), axis=None)
while y.shape[0] > 3:
    v5 = np.ravel(((v5 % x).copy(2147483648, 2) < np.outer(np.arange((1, 8)), np.random.randn((2, x.shape[0], n)))))[1:]
v6 = np.squeeze(v4, axis=-1000000000000000000000000000000)
v7 = y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y + y
v8 = np.broadcast_to((np.full((5, 3)) == np.empty((3, 3, 2147483648))), np.stack([v8, np.random.randn((2, (x.ndim - (x.ndim % True))))], axis=-2147483648))
v9 = np.empty((-2147483648, 3, -1, 5))
class C18(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 5)
    def forward(self, x):
        return self.fc(x).permute
v10 = C18()(torch.randn(((len(y) & (n % -1)), 4)))
v11, v12 = v2.shape
assert y.shape == (3, (k | 10000000), 3)
v13 = np.nonzero(x)
v14 = np.inner(np.ones((4, None)), v3)
v15 = (np.hstack([v13, v15], axis=(-1, 0)) % v10)
if v11.shape[0] == 3:
    v16 = v6
else:
    def f33(a, b, c):
        if v13.shape[0] == 8:
            v20 = np.full((1024, ((2.5 * None) >> k), ((None | len(y)) // ('a' | 'a'))))
        else:
            v21 = v16
        return np.ravel(np.random.randn((1, ((k // 'a') >> 2.5))), axis=4)
    v17 = f33(F.conv2d(), np.full((3, 3, 5, 2)).flatten(1), v14)
v18 = [np.tensordot(np.tensordot(v7, v7), v16) for _ in range(2)]
v19 = [((v8.flatten(-2, -1) & v15[1:3:0, :]).std() @ v5) for _ in range(3)]
v20 = np.nonzero((np.squeeze(v19.swapaxes((n + (10000000 >> 16)), (4, -1), 5), axis=(0, 1)) * v2))
v21 = v11
v22 = [np.unique(np.flip(np.ones((((4 ** True) - (2.5 // None)), 2))).ndim, axis=[1]) for _ in range(2)]
def f45(a, c):
    v2[np.newaxis, 2**31] = y
    return (a + v17[1:3:0])
v23 = f45(((np.dot(v12, v14) & v20[..., np.newaxis, :]).reshape(10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) ** v20))

