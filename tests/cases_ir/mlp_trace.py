# The traced MLP keeps n symbolic: a shape variable bound by the signature.
# RUN: %s::mlp --shape x=n,784 --shape w1=784,128 --shape b1=128 --shape w2=128,10 --shape b2=10
# CHECK: fn @mlp[n](%x: f32[n, 784], %w1: f32[784, 128], %b1: f32[128], %w2: f32[128, 10], %b2: f32[10]) -> f32[n, 10] {
# CHECK:   %t: f32[n, 128] = matmul(%x, %w1)
# CHECK:   %t_1: f32[n, 128] = add(%t, %b1)
# CHECK:   %c: f32[] = const() {dtype="f32", value=0.0}
# CHECK:   %h: f32[n, 128] = maximum(%t_1, %c)
# CHECK:   return %t_3
import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    return h @ w2 + b2
