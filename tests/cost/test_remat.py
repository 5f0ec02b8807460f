"""DTR (ir/remat.py): under every tested budget the plan runs in the reference interpreter within
the budget and computes the plain run's result, bit for bit; the IR's liveness gives the peak of
storing everything."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapecheck.ir import trace
from shapecheck.ir.liveness import liveness, show
from shapecheck.ir.remat import BudgetTooSmall, check_against_plain, rematerialize

from .chain import chain_shapes, chain_source

BATCH, WIDTH = 16, 4
ACTIVATION = BATCH * WIDTH * 4   # bytes of one (batch, width) float32 activation


def _chain(n: int):
    module = trace(chain_source(n), "train", shapes=chain_shapes(n, BATCH, WIDTH))
    rng = np.random.default_rng(n)
    args = [rng.standard_normal((BATCH, WIDTH)).astype(np.float32)]
    args += [(rng.standard_normal((WIDTH, WIDTH)) / 2).astype(np.float32) for _ in range(n)]
    return module, module.functions[0], args


@pytest.mark.parametrize("n", [8, 16, 32])
def test_storing_everything_holds_every_activation(n):
    _, fn, args = _chain(n)
    result = rematerialize(fn, args, 10**9)
    assert result.evictions == result.extra == 0
    # h_1..h_n wait for the backward pass, with the step's temporaries beside them
    assert n * ACTIVATION <= result.store_all == result.peak <= (n + 3) * ACTIVATION


@pytest.mark.parametrize("n", [8, 16, 32, 64])
def test_a_sqrt_n_budget_is_met_with_linear_extra_compute(n):
    module, fn, args = _chain(n)
    budget = (2 * math.isqrt(n) + 6) * ACTIVATION
    result = rematerialize(fn, args, budget)
    assert result.peak <= budget < result.store_all
    assert result.evictions > 0 and result.extra > 0
    assert result.extra <= result.compute    # O(N): within one more forward-and-backward
    assert check_against_plain(fn, module, args, result)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=100))
def test_every_budget_it_accepts_it_meets(percent):
    module, fn, args = _chain(12)
    low, high = (2 * math.isqrt(12) + 6) * ACTIVATION, rematerialize(fn, args, 10**9).store_all
    budget = low + (high - low) * percent // 100
    result = rematerialize(fn, args, budget)
    assert result.peak <= budget
    assert check_against_plain(fn, module, args, result)


def test_a_budget_below_one_op_is_refused():
    _, fn, args = _chain(4)
    with pytest.raises(BudgetTooSmall, match="budget 100 bytes"):
        rematerialize(fn, args, 100)


def test_liveness_is_symbolic():
    module = trace(chain_source(2), "train", shapes=chain_shapes(2, "b", WIDTH))
    live = liveness(module.functions[0])
    # no single size bounds the others for every batch b >= 1: the last step's temporaries beside
    # h1 and h2 (64*b + the constant 1.0), the gradient steps' (48*b) beside gw and its update
    # (2 * 64), and at b = 1 the final accumulation
    assert [(var, show(size)) for _, var, size in live.peaks] == [
        ("t_5", "64*b + 4"), ("g", "48*b + 128"), ("gw_1", "192")]
