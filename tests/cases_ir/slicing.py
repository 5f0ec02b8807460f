# Slices with constant steps (negative too) and integer indexing become slice (+ reshape) ops.
# RUN: %s::f --shape x=8,n
# CHECK: %t: f32[4, n] = slice(%x) {begin=(7, 0), size=(4, n), step=(-2, 1)}
# CHECK: %t_1: f32[1, n] = slice(%x) {begin=(0, 0), size=(1, n), step=(1, 1)}
# CHECK: %t_2: f32[n] = reshape(%t_1) {shape=(n,)}
# CHECK: add(%t, %t_2)
import numpy as np


def f(x):
    return x[::-2] + x[0]
