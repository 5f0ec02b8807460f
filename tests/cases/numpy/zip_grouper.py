# `zip(*[iter(x)] * k)` zips one iterator with itself: x's items in groups of k (itertools'
# grouper recipe). specparam's Jacobian loops once per three parameters; taken for k copies of x,
# the loop ran once per parameter and indexed past the Jacobian's columns (a false SC110).
import numpy as np


def jacobian(xs, *params):
    jac = np.zeros((len(xs), len(params)))
    for i, (a, b, c) in enumerate(zip(*[iter(params)] * 3)):
        jac[:, i * 3] = xs * a
        jac[:, i * 3 + 1] = xs * b
        jac[:, i * 3 + 2] = xs * c
    return jac


reveal_shape(jacobian(np.arange(1, 100), 50, 5, 10))  # reveal: (99, 3)
pairs = list(zip(*[iter([1, 2, 3, 4, 5])] * 2))
reveal_shape(np.zeros(len(pairs)))  # reveal: (2,)
reveal_shape(np.zeros(len(list(zip([1, 2, 3], [4, 5, 6])))))  # reveal: (3,)
