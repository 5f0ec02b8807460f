# A module whose definitions follow ``if TYPE_CHECKING:`` (imported by ../type_checking_imports.py):
# the branch never runs, so they are the module's as any others are.
from __future__ import annotations

import typing
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pkg.not_a_module import Sequence   # never imported when the code runs

if typing.TYPE_CHECKING:
    WIDTH = 99
else:
    WIDTH = 6


def pooled(x):
    return x.reshape(-1, WIDTH)


class Projection:
    def __init__(self, out):
        self.w = np.zeros((WIDTH, out))

    def __call__(self, x):
        return pooled(x) @ self.w
