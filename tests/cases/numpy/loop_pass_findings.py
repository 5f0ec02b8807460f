# A loop run to its fixpoint: the first pass is the first iteration, each later pass starts from a
# join of the states some iterations begin with, and the last from the state that stands for every
# iteration. An op that fails on an intermediate pass's state but not on the last one fails only on
# some iterations, on data the loop's input may rule out: obspy's velocity model reader makes ``data``
# one row from a file's first line and stacks the later ones, and reads ``data[ii - 1, 0]`` under a
# branch only a named discontinuity takes, which never comes second in its files. Taken from the
# second pass's state (data one row), that read was a false SC105. What fails on every iteration that
# reaches it is still found, on the first pass or the last: a branch where an error surely raised
# leaves no state to the merge (as one ending in ``raise``), so its failed op's unknown result does
# not blur the state the last pass starts from.
import numpy as np


def read_model(lines):
    moho = 35.0
    ii = 0
    for line in lines:
        line = line.split("#")[0].split()
        if not line:
            continue
        if ii == 0:
            data = np.array([float(item) for item in line])
            ii = ii + 1
        elif len(line) == 1:
            moho = data[ii - 1, 0]
        else:
            data = np.vstack((data, np.array([float(item) for item in line])))
            ii = ii + 1
    return data, moho


def after_the_first(xs):
    prev = None
    out = []
    for x in xs:
        if prev is not None:
            out.append(prev @ np.ones((5, 2)))  # error: SC102
        prev = np.ones((3, 4)) + len(x)
    return out


def not_on_the_first(xs):
    first = True
    prev = np.zeros((3, 4))
    for x in xs:
        if not first:
            prev = prev @ np.ones((5, 4))  # error: SC102
        first = False
    return prev


def every_iteration(xs):
    acc = np.zeros((3, 4))
    for x in xs:
        acc = acc + np.ones((4, 3))  # error: SC101
    return acc


def after_a_failed_branch(flag: bool):
    x = np.ones((3, 4))
    if flag:
        y = x @ np.ones((5, 2))  # error: SC102
    else:
        y = x.T
    reveal_shape(y)  # reveal: (4, 3)
    return y


data, moho = read_model(["0 5.8 3.4 2.7", "20 6.5 3.7 2.9", "mantle", "35 8.0 4.5 3.3"])
reveal_shape(data)  # reveal: ?
assert data.shape == (3, 4) and moho == 20.0
reveal_shape(after_a_failed_branch(False))  # reveal: (4, 3)
