# Outside the supported subset: the message names the construct and its line.
# RUN: %s::f --shape x=3
# EXIT: 2
# CHECK-ERR: line 8: unsupported statement (for loop): 'for i in range(3):'


def f(x):
    for i in range(3):
        x = x + 1.0
    return x
