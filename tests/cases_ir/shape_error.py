# A shape error in the traced function is reported with both shapes.
# RUN: %s::f --shape x=n,3 --shape w=4,5
# EXIT: 2
# CHECK-ERR: line 8: matmul: x is (n, 3) but w is (4, 5): 3 != 4 [SC102]


def f(x, w):
    return x @ w
