# Lowered: one kernel per fused group; the matmul's epilogue (bias, relu) runs in its loop nest.
# RUN: %s::mlp --shape x=n,784 --shape w1=784,128 --shape b1=128 --shape w2=128,10 --shape b2=10 --pass specialize:n=32 --loops
# CHECK: kernel @fused_matmul_add_maximum[](%x: f32[32, 784], %w1: f32[784, 128], %b1: f32[128], out %h: f32[32, 128]) {
# CHECK:   for %i in 0 .. 32 step 1 parallel {
# CHECK:     for %j in 0 .. 128 step 1 parallel {
# CHECK:       let %acc: f32 = 0.0:f32
# CHECK:       for %k in 0 .. 784 step 1 {
# CHECK:         %acc = (%acc + (%x[%i, %k] * %w1[%k, %j]))
# CHECK:       %h[%i, %j] = maximum((%acc + %b1[%j]), 0.0:f32)
# CHECK: program @mlp[](%x: f32[32, 784]
# CHECK:   alloc %h: f32[32, 128]
# CHECK:   run @fused_matmul_add_maximum[](%x, %w1, %b1, %h)
# CHECK:   run @fused_matmul_add[](%h, %w2, %b2, %t)
import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    return h @ w2 + b2
