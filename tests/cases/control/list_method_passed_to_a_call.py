# A list's changing method handed to a call may be called back there: the list's length is no longer
# known after it, whoever the callee is (qutip 5.3's ``map(_func2, x, reduce_func=y2.append)``
# with ``map`` a test parameter left ``y2 = []`` empty: a false SC101 against ``y1``'s 10 items).
import numpy as np


def accumulate(run):
    items = [1.0, 2.0, 3.0]
    results = []
    run(items, reduce_func=results.append)
    return np.array(results) + np.ones(3)


def through_map():
    seen = []
    list(map(seen.append, [4, 5]))
    return np.array(seen) == np.arange(2)


def untouched():
    kept = [1.0, 2.0]
    print(kept.copy)
    reveal_shape(np.array(kept))  # reveal: (2,)
