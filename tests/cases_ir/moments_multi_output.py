# Multi-output fusion: the mean and the variance come out of one row kernel (a tuple-returning
# primitive function; its kernel has two output buffers), and the independent sum and max of a
# row share one pass.
# RUN: %s::moments --shape x=n,8 --pass optimize --loops
# CHECK: kernel @fused_mean_sub_mul_mean_max_add[n](%x: f32[n, 8], out %m: f32[n, 1], out %v: f32[n, 1]) {
# CHECK:     let %acc: f32 = 0.0:f32
# CHECK:     let %acc_1: f32 = -inf:f32
# CHECK:       %acc = (%acc + %x[%i, %r])
# CHECK:       %acc_1 = maximum(%acc_1, %x[%i, %r])
# CHECK:     %m[%i, 0] = %m_1
# CHECK:     %v[%i, 0] = %v_1
# CHECK: program @moments[n](%x: f32[n, 8]) {
# CHECK:   run @fused_mean_sub_mul_mean_max_add[n](%x, %m, %v)
# CHECK:   return %m, %v
import numpy as np


def moments(x):
    m = x.mean(axis=1, keepdims=True)
    v = ((x - m) ** 2).mean(axis=1, keepdims=True) + x.max(axis=1, keepdims=True)
    return m, v
