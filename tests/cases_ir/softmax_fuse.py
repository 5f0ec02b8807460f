# Softmax is one row group (Relax FuseOps: a reduction with its injective prologue and epilogue):
# one kernel, one pass per row for the max, one computing exp(x - max) and its sum (keeping the
# exponentials in the output, in cache), one scaling them.
# RUN: %s::softmax --shape x=n,10 --pass optimize --loops
# CHECK: kernel @fused_max_sub_exp_sum_div[n](%x: f32[n, 10], out %t: f32[n, 10]) {
# CHECK:   for %i in 0 .. %n step 1 parallel {
# CHECK:       %acc = maximum(%acc, %x[%i, %r])
# CHECK:       let %e: f32 = exp(%t_1)
# CHECK:       %acc_1 = (%acc_1 + %e)
# CHECK:       %t[%i, %r_1] = %e
# CHECK:       let %t_2: f32 = (%t[%i, %r_2] / %acc_1)
# CHECK:       %t[%i, %r_2] = %t_2
# CHECK: program @softmax[n](%x: f32[n, 10]) {
# CHECK:   run @fused_max_sub_exp_sum_div[n](%x, %t)
# CHECK-NOT: run @sum
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
