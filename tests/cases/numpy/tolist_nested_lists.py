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


class BSplines:
    # python-control's B-spline family: a 0-d array's ``tolist()`` is a Python int, which the
    # ``isinstance`` test broadcasts to a list; taken for the 0-d array, indexing it was a false SC105
    def __init__(self, degree, nvars, smoothness=None):
        def process(values, length, allowed_types, minimum=0, default=None):
            if values is None and default is None:
                return None
            elif values is None:
                values = default
            elif isinstance(values, np.ndarray):
                values = values.tolist()
            if isinstance(values, allowed_types):
                values = [values for i in range(length)]
            elif all([isinstance(v, allowed_types) for v in values]):
                if len(values) != length:
                    raise ValueError("length does not match")
            else:
                raise ValueError("could not parse")
            if values is not None and any([val < minimum for val in values]):
                raise ValueError("too small")
            return values

        degree = process(degree, nvars, (int), minimum=1)
        smoothness = process(smoothness, nvars, (int), default=[d - 1 for d in degree])
        if any([degree[i] - smoothness[i] < 1 for i in range(nvars)]):
            raise ValueError("degree must be greater than smoothness")
        self.degree = degree


splines = BSplines(np.array(5), 1)
