# A dataclass built from keyword arguments of unknown number (``Stats(**entry)``) may have any field
# it does not name filled by them: those are unknown, not their defaults. tianshou's
# ``LoggedCollectStats(**out)`` kept ``returns_stat=None``, so the list its loop filled under
# ``if stats.returns_stat is not None`` was always empty, and ``np.array(rows)[:, i]`` a false SC105.
from dataclasses import dataclass

import numpy as np


@dataclass
class Summary:
    mean: np.ndarray


@dataclass
class Stats:
    env_step: int = 0
    returns: Summary | None = None


def load(entries):
    rows = []
    for entry in entries:
        stats = Stats(**entry)
        if stats.returns is not None:
            rows.append(stats.returns.mean)
    return np.array(rows)[:, 0]


def positional(values):
    stats = Stats(*values)
    return stats.returns.mean if stats.returns is not None else None


def named():
    stats = Stats(env_step=3)
    reveal_shape(np.zeros(stats.env_step))  # reveal: (3,)
    return stats.returns


reveal_shape(load([{"returns": Summary(np.ones(3))}, {"env_step": 2, "returns": Summary(np.zeros(3))}]))  # reveal: (2,)
positional([1, Summary(np.ones(2))])
named()
