"""Shapes of unknown rank (a known prefix/suffix around an unknown middle): NumPy is the oracle on
every concrete shape the pattern stands for. What the shape functions say of the pattern (a result
pattern, or that it fails) must hold for every middle."""

from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from shapecheck.constraints.broadcast import aligned_trailing, broadcast_shapes
from shapecheck.constraints.predicates import Pred
from shapecheck.constraints.shapes import UNKNOWN_SHAPE, Shape, axis_position, drop_axes, replace_axes, trailing
from shapecheck.constraints.signature import (CoreMismatch, apply_signature_unknown_rank, parse_signature)

MATMUL = parse_signature("(n?,k),(k,m?)->(n?,m?)")
dims = st.lists(st.integers(1, 4), max_size=3).map(tuple)
patterns = st.builds(lambda p, s, v: Shape(p, True, s) if v else Shape(p + s), dims, dims, st.booleans())
middles = st.lists(st.integers(1, 3), max_size=3).map(tuple)


def _instances(shape: Shape, middle: tuple[int, ...]) -> tuple[int, ...]:
    return shape.prefix + middle + shape.suffix if shape.variadic else shape.prefix


def _matches(pattern: Shape, concrete: tuple[int, ...]) -> bool:
    if not pattern.variadic:
        return pattern.prefix == concrete
    return (len(concrete) >= pattern.min_rank and concrete[:len(pattern.prefix)] == pattern.prefix
            and concrete[len(concrete) - len(pattern.suffix):] == pattern.suffix)


def _numpy(fn, *args):
    try:
        return fn(*args)
    except ValueError:
        return None


def test_show_names_the_unknown_middle() -> None:
    assert Shape((), True, (128,)).show() == "(..., 128)"
    assert Shape((3,), True, ()).show() == "(3, ...)"
    assert UNKNOWN_SHAPE.show() == "?"


def test_axis_positions() -> None:
    shape = Shape((2,), True, (4, 5))
    assert axis_position(shape, 0) == ("prefix", 0)
    assert axis_position(shape, 1) is None
    assert axis_position(shape, -2) == ("suffix", 0)
    assert axis_position(shape, -3) is None
    assert replace_axes(shape, {("prefix", 0): (), ("suffix", 0): (1,)}) == Shape((), True, (1, 5))
    assert trailing(shape) == (4, 5) and trailing(Shape((4, 5))) == (4, 5)


@given(patterns, middles, st.sampled_from([(-1,), (0,), (-2,), (0, -1)]), st.booleans())
def test_drop_axes_agrees_with_numpy(pattern: Shape, middle, axes, keepdims) -> None:
    if not pattern.variadic:
        return
    result = drop_axes(pattern, axes, keepdims)
    concrete = _instances(pattern, middle)
    got = _numpy(lambda: np.zeros(concrete).sum(axis=axes, keepdims=keepdims).shape)
    if result is not None and got is not None:
        assert _matches(result, got)
    if result is not None and len(set(a % max(len(concrete), 1) for a in axes)) == len(axes):
        assert got is not None


@given(st.lists(patterns, min_size=1, max_size=3), st.lists(middles, min_size=3, max_size=3))
def test_aligned_broadcast_agrees_with_numpy(operands, chosen) -> None:
    aligned = aligned_trailing(operands) if any(s.variadic for s in operands) else None
    concrete = [_instances(s, m) for s, m in zip(operands, chosen)]
    got = _numpy(lambda: np.broadcast_shapes(*concrete))
    if aligned is None:
        return
    suffix = _numpy(lambda: broadcast_shapes(aligned, require=_raise))
    if suffix is None:  # a mismatch on the aligned axes fails at every rank
        assert got is None
    elif got is not None:
        assert _matches(Shape((), True, suffix), got)


def _raise(pred: Pred, why) -> None:
    if pred.kind == "false":
        raise ValueError(why)


@given(patterns, patterns, middles, middles)
def test_matmul_of_unknown_rank_agrees_with_numpy(a: Shape, b: Shape, ma, mb) -> None:
    if not (a.variadic or b.variadic):
        return
    failed = []

    def require(pred: Pred, why) -> None:
        if pred.kind == "false":
            failed.append(why)
            raise ValueError(why)

    def broadcast(loops: list[Shape]) -> Shape | None:
        aligned = aligned_trailing(loops) if any(s.variadic for s in loops) else [s.prefix for s in loops]
        if aligned is None:
            return None
        out = _numpy(lambda: broadcast_shapes(aligned, require=_raise))
        if out is None:
            failed.append("loops")
            raise ValueError("loops")
        return Shape((), True, out) if any(s.variadic for s in loops) else Shape(out)

    try:
        (result,) = apply_signature_unknown_rank(MATMUL, [a, b], require=require, broadcast=broadcast)
    except ValueError:  # fails at every rank
        result = None
    x, y = _instances(a, ma), _instances(b, mb)
    got = _numpy(lambda: np.matmul(np.zeros(x), np.zeros(y)).shape)
    if failed:
        assert got is None, (a, b, failed)
    elif got is not None:
        assert _matches(result, got), (a, b, result, got)


def test_matmul_of_unknown_rank_reads_the_core_from_the_suffix() -> None:
    found = []
    (out,) = apply_signature_unknown_rank(MATMUL, [Shape((), True, (128,)), Shape((100, 10))],
                                          require=lambda pred, why: found.append(why), broadcast=lambda loops: None)
    assert found == [CoreMismatch("k", 0, 128, 1, 100)]
    assert out == Shape((), True, (10,))
