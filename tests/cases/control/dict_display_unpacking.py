# A dict display's entries in Python's order, ``**`` included: a later entry replaces an earlier one
# of its key, and an entry the analysis cannot key (``{name: v}``, ``**options`` it does not know
# whole) may replace any earlier one. A call passed ``**options`` of unknown entries takes no default
# for a parameter they may fill (linearmodels' kernel covariance took ``bandwidth=None`` from
# ``{"optimal_bw": True, **cov_config}``, estimated the bandwidth, and so reported a false SC201).
import numpy as np


def weights(bandwidth=None, optimal_bw=None):
    if bandwidth is None:
        return np.zeros(3)
    return np.zeros((bandwidth, 2))


given = {"bandwidth": 4}
merged = {"optimal_bw": True, **given}
reveal_shape(weights(**merged))  # reveal: (4, 2)
reveal_shape(weights(**{**merged, "bandwidth": 5}))  # reveal: (5, 2)
reveal_shape(weights(**{"bandwidth": 5, **merged}))  # reveal: (4, 2)
reveal_shape(weights(**{"bandwidth": 6, **{}}))  # reveal: (6, 2)
reveal_shape(np.zeros(merged["bandwidth"]))  # reveal: (4,)


def chosen(cov_config):
    config = {"optimal_bw": True, **cov_config}
    # the default would be (3,): the caller's entries may hold a bandwidth
    reveal_shape(weights(**config))  # reveal: ?
    return config


def keyed(name):
    config = {"bandwidth": 7, name: None}   # ``name`` may be "bandwidth"
    reveal_shape(weights(**config))  # reveal: ?
    return config


key = "bandwidth"
reveal_shape(weights(**{key: 8}))  # reveal: (8, 2)
reveal_shape(np.zeros(chosen({"bandwidth": 9})["bandwidth"]))  # reveal: (9,)
