# A nested function that declares a name ``nonlocal`` and binds it rebinds it in the scope that
# defined it whenever it is called: after the call the name is not what it was. ray 2.52's
# ``MultiAgentBatch.timeslices`` counts steps into ``cur_slice_size``, calls ``finish_slice()``
# (``nonlocal cur_slice_size``; ``cur_slice_size = 0``) and asserts the count is 0: taken for the
# count it was before the call, a false SC201.
import numpy as np


def slices(steps, k):
    out = []
    size = 0

    def finish():
        nonlocal size
        assert size > 0
        out.append(np.zeros(size))
        size = 0

    for _ in steps:
        size += 1
        if size >= k:
            finish()
            assert size == 0
    if size > 0:
        finish()
    return out


def counted():
    total = 0

    def bump(n):
        nonlocal total
        total += n

    bump(3)
    assert total == 3
    return np.zeros(total)


reveal_shape(slices(range(5), 2)[0])  # reveal: ?
counted()
