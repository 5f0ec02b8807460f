# CSE merges the repeated tanh; DCE drops the unused product; fold drops the no-op reshape.
# RUN: %s::f --shape x=n,3 --pass fold --pass cse --pass dce
# CHECK: %a: f32[n, 3] = tanh(%x)
# CHECK: %t: f32[n, 3] = add(%a, %a)
# CHECK-NOT: mul(
# CHECK-NOT: reshape(
import numpy as np


def f(x):
    a = np.tanh(x)
    c = np.tanh(x)
    unused = x * 3.0
    same = a.reshape(x.shape[0], 3)
    return same + c
