"""The shared shape functions (broadcast, gufunc signatures, reshape): NumPy is the oracle on
concrete shapes; on symbolic ones, requirements reach the caller's policy in order, with records
that name what disagrees."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints.broadcast import BroadcastAxis, broadcast_shapes, compatible
from shapecheck.constraints.predicates import FALSE, Pred, eq
from shapecheck.constraints.reshape import ReshapeMismatch, reshape_dims
from shapecheck.constraints.signature import (CoreMismatch, FixedCoreMismatch, MissingCoreDims, apply_signature,
                                              parse_signature)
from shapecheck.constraints.solver import Decision, Fact, Solver, Verdict

n, m = D.sym("n"), D.sym("m")
MATMUL = parse_signature("(n?,k),(k,m?)->(n?,m?)")

shapes = st.lists(st.integers(0, 4), max_size=4).map(tuple)


def _numpy(fn, *args):
    """NumPy's answer (a shape), or None where NumPy raises ValueError."""
    try:
        return fn(*args)
    except ValueError:
        return None


def _ours(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except ValueError:
        return None


@given(st.lists(shapes, min_size=1, max_size=3))
def test_broadcast_agrees_with_numpy(operands) -> None:
    assert _ours(broadcast_shapes, operands) == _numpy(lambda *s: np.broadcast_shapes(*s), *operands)


@given(shapes, shapes)
def test_matmul_signature_agrees_with_numpy(a, b) -> None:
    expected = _numpy(lambda: np.matmul(np.empty(a), np.empty(b)).shape)
    got = _ours(apply_signature, MATMUL, [a, b])
    assert (got[0] if got else None) == expected


@given(shapes, st.lists(st.integers(-1, 6), max_size=3))
def test_reshape_agrees_with_numpy(source, target) -> None:
    if target.count(-1) > 1:
        return  # the caller rejects these while reading the argument
    expected = _numpy(lambda: np.empty(source).reshape(target).shape)
    got = _ours(reshape_dims, source, [None if d == -1 else d for d in target])
    assert got == expected


class Policy:
    """A caller's policy on a set of facts, as ``OpContext`` has one: what holds passes, what fails
    raises, anything else is assumed from then on; every requirement is recorded."""

    def __init__(self, *facts: Pred) -> None:
        self.solver = Solver()
        self.facts = [Fact(f, "given") for f in facts]
        self.seen: list[tuple[Pred, object]] = []

    def decide(self, pred: Pred) -> Decision:
        return self.solver.decide(self.facts, pred)

    def require(self, pred: Pred, why: object) -> None:
        self.seen.append((pred, why))
        if pred.kind == "true":
            return
        verdict = self.decide(pred).verdict
        if verdict is Verdict.FAILS:
            raise ValueError(why)
        if verdict is not Verdict.HOLDS:
            self.facts.append(Fact(pred, "assumed"))

    def join(self, where: BroadcastAxis) -> D.Dim:
        return D.sym("joined")


def test_a_broadcast_requirement_is_stated_before_the_result_is_decided() -> None:
    # n, m >= 2: once n and m are required to broadcast, they must be equal, so the result is n
    policy = Policy(eq(D.dmax(n, 2), n), eq(D.dmax(m, 2), m))
    out = broadcast_shapes([(n,), (m,)], decide=policy.decide, require=policy.require, join=policy.join)
    assert out == (n,)
    assert policy.seen == [(compatible(n, m), BroadcastAxis(((n,), (m,)), -1, n, m))]


def test_an_unsettled_broadcast_is_named_by_join() -> None:
    policy = Policy()
    assert broadcast_shapes([(3, n), (m,)], decide=policy.decide, require=policy.require,
                            join=policy.join) == (3, D.sym("joined"))


def test_signature_failures_name_operands_and_dims() -> None:
    policy = Policy()
    with pytest.raises(ValueError) as missing:
        apply_signature(MATMUL, [(n, 3), ()], require=policy.require)
    assert missing.value.args[0] == MissingCoreDims(operand=1, rank=0, required=1)
    with pytest.raises(ValueError) as core:
        apply_signature(MATMUL, [(n, 3), (4, m)], require=policy.require)
    assert core.value.args[0] == CoreMismatch("k", 0, 3, 1, 4)
    with pytest.raises(ValueError) as fixed:
        apply_signature(parse_signature("(3),(3)->(3)"), [(n, 3), (2,)], require=policy.require)
    assert fixed.value.args[0] == FixedCoreMismatch(operand=1, dim=2, size=3)


def test_signature_reads_operands_in_order_and_stops_at_an_unknown_rank() -> None:
    policy = Policy()
    assert apply_signature(MATMUL, [(n, 3), None], require=policy.require) is None
    assert apply_signature(MATMUL, [None, (4, 5)], require=policy.require) is None
    assert policy.seen == []


def test_signature_outputs_fresh_dims_for_names_no_input_binds() -> None:
    outs = apply_signature(parse_signature("(m,n)->(m,p)"), [(2, 3)], fresh=lambda hint: D.sym(hint))
    assert outs == [(2, D.sym("p"))]


def test_symbolic_reshape_infers_and_requires_divisibility() -> None:
    policy = Policy()
    assert reshape_dims((n, 6), (None, 3), require=policy.require) == (D.mul(n, 2), 3)
    assert reshape_dims((n,), (None, 4), require=policy.require) == (D.floordiv(n, 4), 4)
    assert policy.seen[-1] == (eq(D.mod(n, 4), 0), ReshapeMismatch(n, (None, 4)))
    with pytest.raises(ValueError):
        reshape_dims((n,), (0, None), require=policy.require)
    assert policy.seen[-1] == (FALSE, ReshapeMismatch(n, (0, None)))
