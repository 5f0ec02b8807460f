# A `partial(...)` handed to a call binds lists the callee may fill by calling it back: sfepy's test
# passes `step_hook=partial(store_ths, ths=ths)` to `problem.solve`, whose steps append rows to
# `ths`; the empty list kept made `np.array(ths)[:, 0]` a false SC105 ("1-dimensional, but 2 were
# indexed"). What a partial among a call's arguments binds is handed over as those arguments are.
from functools import partial

import numpy as np
from somewhere_unresolved import solve


def store_ths(t, u, ths):
    ths.append((t, u[0], u[1]))


def time_histories(problem):
    all_ths = []
    for k in range(2):
        ths = []
        problem.solve(step_hook=partial(store_ths, ths=ths))
        all_ths.append(np.array(ths))
    return [ths[:, 0] for ths in all_ths]


def by_library(u):
    rows = []
    solve(hook=partial(store_ths, 0.0, u, rows))
    return np.array(rows)[:, 1]


def kept():
    rows = []
    hook = partial(print, "step")
    solve(hook)
    return np.array(rows)[0]  # error: SC105
