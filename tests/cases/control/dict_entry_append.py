# A list a dict holds, grown in place (``locs["times"].append(t)``), is the dict's entry from then on: mne
# 1.13.2's `compute_chpi_locs` collects its fits in `dict(times=[], rrs=[], gofs=[], moments=[])`, whose
# entries stayed empty, so `n_times = len(chpi_locs["times"])` was 0 and `coil_locs["gofs"][0]` at its
# callers (chpi.py, artemis123.py) was a false SC105 (index 0 out of bounds for size 0).
import numpy as np


def locs(fits, n_hpi):
    out = dict(times=[], gofs=[])
    for t, fit in fits:
        if fit is None:
            continue
        out["times"].append(t)
        out["gofs"].append(fit)
    n = len(out["times"])
    shapes = dict(times=(n,), gofs=(n, n_hpi))
    for key, val in out.items():
        out[key] = np.array(val, float).reshape(shapes[key])
    return out


def first_goodness(fits, n_hpi):
    return locs(fits, n_hpi)["gofs"][0]


def known():
    d = {"a": []}
    d["a"].append(np.zeros(3))
    d["a"].append(np.zeros(3))
    reveal_shape(np.array(d["a"]))  # reveal: (2, 3)
    return np.array(d["a"]) @ np.ones(4)  # error: SC102
