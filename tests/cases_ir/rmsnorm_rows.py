# RMS norm: one pass for the mean square, the row's scale once, one pass writing the row.
# RUN: %s::rmsnorm --shape x=n,64 --shape g=64 --pass optimize --loops
# CHECK: kernel @fused_mul_mean_add_sqrt_div_mul[n](%x: f32[n, 64], %g: f32[64], out %t: f32[n, 64]) {
# CHECK:       %acc = (%acc + %t_1)
# CHECK:     let %t_4: f32 = sqrt(%t_3)
# CHECK:       let %t_5: f32 = (%x[%i, %r_1] / %t_4)
# CHECK:       %t[%i, %r_1] = %t_6
# CHECK: program @rmsnorm[n](%x: f32[n, 64], %g: f32[64]) {
# CHECK:   run @fused_mul_mean_add_sqrt_div_mul[n](%x, %g, %t)
import numpy as np


def rmsnorm(x, g):
    return x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * g
