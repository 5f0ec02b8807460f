# Cross-entropy against one-hot targets: log-softmax and the per-row loss are one row kernel (three
# passes over a row, none writing a full-size intermediate); the mean over rows is a second kernel.
# RUN: %s::cross_entropy --shape x=n,32 --shape y=n,32 --pass optimize --loops
# CHECK: kernel @fused_max_sub_exp_sum_log_sub_mul_sum[n](%x: f32[n, 32], %y: f32[n, 32], out %t: f32[n]) {
# CHECK:       %acc = maximum(%acc, %x[%i, %r])
# CHECK:       %acc_1 = (%acc_1 + %t_2)
# CHECK:     let %t_3: f32 = log(%acc_1)
# CHECK:       %acc_2 = (%acc_2 + %t_5)
# CHECK:     %t[%i] = %acc_2
# CHECK: kernel @fused_mean_neg
# CHECK: program @cross_entropy[n](%x: f32[n, 32], %y: f32[n, 32]) {
# CHECK:   alloc %t: f32[n]
# CHECK:   alloc %t_1: f32[]
# CHECK:   run @fused_max_sub_exp_sum_log_sub_mul_sum[n](%x, %y, %t)
import numpy as np


def cross_entropy(x, y):
    t = x - x.max(axis=1, keepdims=True)
    logp = t - np.log(np.exp(t).sum(axis=1, keepdims=True))
    return -(y * logp).sum(axis=1).mean()
