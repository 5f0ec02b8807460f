# ``x.tolist()`` is nested Python lists, one level per axis, each as long as its dim: ``np.array`` of it
# is x's shape again, ``len`` is the first dim, and no level is None. causal-learn tests
# ``loghyper is not None`` after ``loghyper = loghyper.T.tolist()[0]``; an unknown there left the dead
# ``else`` undecided and its surely failing matmul was reported (a false SC102).
import numpy as np

x = np.ones((3, 4))
rows = x.tolist()
reveal_shape(np.array(rows))  # reveal: (3, 4)
reveal_shape(np.array(rows[0]))  # reveal: (4,)
reveal_shape(np.zeros(len(rows)))  # reveal: (3,)
first = x.T.tolist()[0]
if first is not None:
    product = np.ones(3) @ np.ones(3)
else:
    product = np.ones(3) @ np.ones(4)


def pairs(y):
    return np.array(y.reshape(-1, 2).tolist())


reveal_shape(pairs(np.ones(8)))  # reveal: (4, 2)
reveal_shape(np.array(np.arange(5).tolist()))  # reveal: (5,)
reveal_shape(np.array(np.ones(2).tolist()[0]))  # reveal: ()
