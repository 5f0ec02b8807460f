# Reverse mode on the IR (issue 15): the gradient's entry calls the primal program (which returns
# the loss and the residuals: inputs, h, d and the relu mask), then the transposed linear program
# with a cotangent of one. The linear program reads the residuals and is linear in the tangents;
# its transpose runs it backwards (fan-out of %dd becomes the add of two contributions).
# RUN: %s::mlp --shape x=n,4 --shape w1=4,8 --shape b1=8 --shape w2=8,2 --shape b2=2 --shape y=n,2 --pass grad
# CHECK: fn @mlp_grad[n](%x: f32[n, 4], %w1: f32[4, 8], %b1: f32[8], %w2: f32[8, 2], %b2: f32[2], %y: f32[n, 2]) -> (f32[n, 4], f32[4, 8], f32[8], f32[8, 2], f32[2], f32[n, 2]) {
# CHECK:   = call @mlp_primal(%x, %w1, %b1, %w2, %b2, %y)
# CHECK:   %one: f32[] = const() {dtype="f32", value=1.0}
# CHECK:   = call @mlp_lin_T(
# CHECK: fn @mlp_primal[n](
# CHECK:   %h: f32[n, 8] = maximum(%t_1, %c)
# CHECK:   %t_2: bool[n, 8] = greater_equal(%t_1, %c)
# CHECK:   %t_3: f32[n, 8] = cast(%t_2) {dtype="f32"}
# CHECK:   = tuple(%t_7, %x, %w1, %w2, %h, %d, %t_3)
# CHECK: fn @mlp_lin[n](%x: f32[n, 4], %w1: f32[4, 8], %w2: f32[8, 2], %h: f32[n, 8], %d: f32[n, 2], %t: f32[n, 8], %dx: f32[n, 4], %dw1: f32[4, 8], %db1: f32[8], %dw2: f32[8, 2], %db2: f32[2], %dy: f32[n, 2]) -> f32[] {
# CHECK:   %dh: f32[n, 8] = mul(%dt_1, %t)
# CHECK:   %dd: f32[n, 2] = add(%dt_3, %t_5)
# CHECK:   %dt_5: f32[] = sum(%dt_4) {axes=(0, 1), keepdims=false}
# CHECK: fn @mlp_lin_T[n](%x: f32[n, 4], %w1: f32[4, 8], %w2: f32[8, 2], %h: f32[n, 8], %d: f32[n, 2], %t: f32[n, 8], %ct_dt: f32[]) -> (f32[n, 4], f32[4, 8], f32[8], f32[8, 2], f32[2], f32[n, 2]) {
# CHECK:   %ct_dd: f32[n, 2] = add(%t_3, %t_4)
# CHECK:   %t_9: f32[8, 2] = matmul(%t_8, %ct_dd)
# CHECK:   %t_12: f32[n, 8] = mul(%t_11, %t)
# CHECK:   %t_16: f32[4, 8] = matmul(%t_15, %t_12)
# CHECK:   = tuple(%t_18, %t_16, %t_14, %t_9, %t_7, %t_5)
import numpy as np


def mlp(x, w1, b1, w2, b2, y):
    h = np.maximum(x @ w1 + b1, 0.0)
    d = h @ w2 + b2 - y
    return (d * d).sum()
