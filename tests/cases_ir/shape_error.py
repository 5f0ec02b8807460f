# A shape error in the traced function is reported with both shapes.
# RUN: %s::f --shape x=n,3 --shape w=4,5
# EXIT: 2
# CHECK-ERR: line 8: matmul: contracted dims differ: f32[n, 3] @ f32[4, 5] (3 vs 4)


def f(x, w):
    return x @ w
