# Layer norm is one row group: a pass for the mean, one for the variance (re-reading the row from
# cache), the row's scale computed once, and a pass writing the normalised row.
# RUN: %s::layernorm --shape x=n,16 --shape g=16 --shape b=16 --pass specialize:n=4 --loops
# CHECK: kernel @fused_mean_sub_mul_mean_add_sqrt_div_mul_add[](%x: f32[4, 16], %g: f32[16], %b: f32[16], out %t: f32[4, 16]) {
# CHECK:       %acc = (%acc + %x[%i, %r])
# CHECK:     let %mu: f32 = (%acc / 16.0:f32)
# CHECK:       let %t_1: f32 = (%x[%i, %r_1] - %mu)
# CHECK:       %acc_1 = (%acc_1 + %t_2)
# CHECK:     let %t_4: f32 = sqrt(%t_3)
# CHECK:       %t[%i, %r_2] = %t_8
# CHECK: program @layernorm[](%x: f32[4, 16], %g: f32[16], %b: f32[16]) {
# CHECK:   run @fused_mean_sub_mul_mean_add_sqrt_div_mul_add[](%x, %g, %b, %t)
import numpy as np


def layernorm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b
