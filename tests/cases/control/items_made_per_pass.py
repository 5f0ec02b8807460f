# A list of unknown length that a loop or a comprehension builds holds what each pass made: a size a
# pass made (its index, a tuple's item picked by the index, a join of the passes) is each item's own,
# so two reads are two items, as two unpacked names are. quantecon's `lemke_howson` sizes its two
# tableaux `np.empty((nums_actions[1 - i], total + 1)) for i in range(N)` and splits one vector by
# their row counts: with one size for both, `NE[0] @ A @ NE[1]` of a (10, 15) A was a false SC102.
# What every pass shares (a parameter's shape, a size from outside the loop) stays shared.
import numpy as np


def mixed_actions(tableaux):
    sizes = tableaux[1].shape[0], tableaux[0].shape[0]
    out = np.zeros(sizes[0] + sizes[1])
    return out[:sizes[0]], out[sizes[0]:]


def solve(nums_actions, n):
    total = nums_actions[0] + nums_actions[1]
    tableaux = tuple(np.empty((nums_actions[1 - i], total + 1)) for i in range(n))
    return mixed_actions(tableaux)


def test_minmax(n):
    A = np.ones((10, 15))
    NE = solve((10, 15), n)
    return NE[0] @ A @ NE[1]


def grown(n):
    xs = []
    for i in range(n):
        xs.append(np.zeros((i, 2)))
    reveal_shape(np.concatenate([xs[0], xs[1]]))  # reveal: (i+i', 2)
    a, b = xs
    reveal_shape(np.concatenate([a, b]))  # reveal: (i+i', 2)
    return a @ np.ones((3, 2))  # error: SC102


def comprehended(n):
    xs = [np.zeros((i, 2)) for i in range(n)]
    for t in xs:
        reveal_shape(np.concatenate([t, xs[-1]]))  # reveal: (i+i', 2)
    return next(iter(xs)) @ np.ones(3)  # error: SC102


def shared(x, n, k: int):
    rows = [x[:, i] for i in range(n)]
    reveal_shape(np.concatenate([rows[0], rows[1]]))  # reveal: (x.shape[0]*2, *x[2:])
    blocks = []
    for i in range(n):
        blocks.append(np.zeros((k, i + 1)))
    reveal_shape(np.concatenate([blocks[0], blocks[1]], axis=1))  # reveal: (k, i+i'+2)
