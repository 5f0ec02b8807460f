# What a function's body requires of its arguments on every way to a normal return holds in its
# caller once the call has returned, as a requirement of the caller's own would: a later
# requirement that contradicts it fails for every input. Only what the callee surely required
# counts: not a requirement under a branch, in a loop, inside a ``try`` or after an early
# ``return``, not one of a generator (its body runs later), and not across a ``try`` in the caller.
import numpy as np


def project(a, b):
    return a @ b


def checked(a):
    n, m = a.shape
    project(a, np.zeros((3, 4)))
    return a @ np.zeros((5, 2))  # error: SC102


def own(a):
    n, m = a.shape
    a @ np.zeros((3, 4))
    return a @ np.zeros((5, 2))  # error: SC102


def maybe(a, flag):
    if flag:
        return a @ np.zeros((3, 4))
    return a


def early(a, flag):
    if flag:
        return a
    return a @ np.zeros((3, 4))


def looped(a, steps):
    for _ in range(steps):
        a @ np.zeros((3, 4))
    return a


def guarded(a):
    try:
        return a @ np.zeros((3, 4))
    except ValueError:
        return a


def lazily(a):
    yield a @ np.zeros((3, 4))


def branches_do_not_count(a, flag, steps):
    n, m = a.shape
    maybe(a, flag)
    early(a, flag)
    looped(a, steps)
    guarded(a)
    lazily(a)
    return a @ np.zeros((5, 2))


def caught(a):
    n, m = a.shape
    try:
        project(a, np.zeros((3, 4)))
    except ValueError:
        pass
    return a @ np.zeros((5, 2))


def agreeing(a):
    n, m = a.shape
    project(a, np.zeros((3, 4)))
    reveal_shape(a @ np.zeros((3, 2)) + np.ones((n, 2)))  # reveal: (n, 2)
    return a
