# Softmax: the subtract-exp chain fuses; reductions broadcast back are not recomputed per element.
# RUN: %s::softmax --shape x=n,10 --pass optimize
# CHECK: fn @softmax[n](%x: f32[n, 10]) -> f32[n, 10] {
# CHECK:   %t: f32[n, 1] = max(%x) {axes=(1,), keepdims=true}
# CHECK:   %e: f32[n, 10] = call @fused_sub_exp(%x, %t)
# CHECK:   %t_1: f32[n, 1] = sum(%e) {axes=(1,), keepdims=true}
# CHECK:   %t_2: f32[n, 10] = div(%e, %t_1)
# CHECK: primitive fn @fused_sub_exp[n](%x: f32[n, 10], %t: f32[n, 1]) -> f32[n, 10] {
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
