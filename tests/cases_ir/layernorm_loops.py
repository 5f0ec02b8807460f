# Layer norm: the variance reduction fuses with its squared-difference producer and its sqrt epilogue.
# RUN: %s::layernorm --shape x=n,16 --shape g=16 --shape b=16 --pass specialize:n=4 --loops
# CHECK: kernel @fused_mul_mean_add_sqrt[](%t: f32[4, 16], out %t_1: f32[4, 1]) {
# CHECK:         %acc = (%acc + (%t[%i, %r] * %t[%i, %r]))
# CHECK:       %t_1[%i, %j] = sqrt(((%acc / 16.0:f32) + 1e-05:f32))
# CHECK: kernel @fused_div_mul_add[]
# CHECK:       %t_2[%i, %j] = (((%t[%i, %j] / %t_1[%i, 0]) * %g[%j]) + %b[%j])
import numpy as np


def layernorm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b
