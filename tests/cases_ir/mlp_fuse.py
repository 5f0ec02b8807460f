# A two-layer MLP: specialize n := 32, then optimize (inline, fold, CSE, DCE, fuse).
# RUN: %s::mlp --shape x=n,784 --shape w1=784,128 --shape b1=128 --shape w2=128,10 --shape b2=10 --pass specialize:n=32 --pass optimize
# CHECK: fn @mlp[](%x: f32[32, 784], %w1: f32[784, 128], %b1: f32[128], %w2: f32[128, 10], %b2: f32[10]) -> f32[32, 10] {
# CHECK:   %h: f32[32, 128] = call @fused_matmul_add_maximum(%x, %w1, %b1)
# CHECK:   %t: f32[32, 10] = call @fused_matmul_add(%h, %w2, %b2)
# CHECK: primitive fn @fused_matmul_add_maximum[](%x: f32[32, 784], %w1: f32[784, 128], %b1: f32[128]) -> f32[32, 128] {
# CHECK:   %h: f32[32, 128] = maximum(%t_1, %c)
# CHECK: primitive fn @fused_matmul_add[]
# CHECK-NOT: [n]
import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    return h @ w2 + b2
