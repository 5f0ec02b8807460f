"""Redistribution plans, checked on a NumPy simulation of the mesh: running every plan's steps on the
source pieces gives the target's pieces exactly, and no device ever holds more than the larger of
its source and target piece."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapecheck.sharding.layout import Layout, LayoutError, Mesh, local_shape
from shapecheck.sharding.plan import PlanError, piece_elements, plan
from shapecheck.sharding.simulate import distribute, run_plan, same_pieces

MESH = Mesh((("dp", 2), ("tp", 4)))


@st.composite
def problems(draw):
    names = ("a", "b", "c")[:draw(st.integers(1, 3))]
    mesh = Mesh(tuple((n, draw(st.sampled_from((1, 2, 3, 4)))) for n in names))
    rank = draw(st.integers(1, 3))

    def layout(partial_from: tuple[str, ...] | None) -> Layout:
        dims: list[tuple[str, ...]] = [() for _ in range(rank)]
        partial: list[str] = []
        for a in draw(st.permutations(names)):
            where = draw(st.integers(-2, rank - 1))   # -2: unused, -1: partial (when allowed)
            if where >= 0:
                dims[where] += (a,)
            elif where == -1 and (partial_from is None or a in partial_from):
                partial.append(a)
        return Layout(mesh, tuple(dims), tuple(partial))

    source = layout(None)
    target = layout(source.partial)
    sizes = dict(mesh.axes)
    shape = tuple(math.lcm(math.prod(sizes[a] for a in source.dims[d]), math.prod(sizes[a] for a in target.dims[d]))
                  * draw(st.sampled_from((1, 2, 3, 4, 6))) for d in range(rank))
    return shape, source, target


@settings(max_examples=300, deadline=None)
@given(problems())
def test_every_plan_yields_the_target_layout(problem):
    shape, source, target = problem
    try:
        found = plan(shape, source, target, itemsize=8)
    except PlanError as err:
        assert "keeps every device's piece" in str(err)   # the memory bound: the only reason left
        return
    array = np.random.default_rng(0).standard_normal(shape)
    assert same_pieces(run_plan(distribute(array, source), found), distribute(array, target))
    bound = max(piece_elements(source, shape), piece_elements(target, shape)) * 8
    assert found.peak <= bound
    assert found.bytes == sum(s.bytes for s in found.steps) >= 0


def _plan(shape, source, target):
    return plan(shape, Layout(MESH, *source), Layout(MESH, *target), itemsize=4)


def test_reduce_scatter_beats_all_reduce_then_slice():
    found = _plan((16, 32), ((("dp",), ()), ("tp",)), ((("dp",), ("tp",)),))
    assert [s.op for s in found.steps] == ["reduce_scatter"]
    assert found.bytes == 3 * (8 * 32 * 4) // 4


def test_moving_a_split_is_one_all_to_all_not_gather_then_slice():
    found = _plan((16, 32), (((), ("dp", "tp")),), ((("dp", "tp"), ()),))
    assert [(s.op, s.axes) for s in found.steps] == [("all_to_all", ("dp", "tp"))]
    assert found.bytes == 7 * 256 // 8 and found.peak == 256


def test_nothing_to_do_is_an_empty_plan():
    assert _plan((4, 4), ((("dp",), ()),), ((("dp",), ()),)).steps == ()


def test_plans_need_literal_even_splits_and_no_new_partial_sums():
    with pytest.raises(PlanError, match="evenly"):
        _plan((6, 4), ((("tp",), ()),), (((), ()),))
    with pytest.raises(PlanError, match="partial"):
        _plan((8, 4), (((), ()),), (((), ()), ("tp",)))


def test_a_mesh_axis_names_one_role():
    with pytest.raises(LayoutError, match="twice"):
        Layout(MESH, (("tp",), ("tp",)))
    with pytest.raises(LayoutError, match="not in the mesh"):
        Layout(MESH, (("sp",),))


def test_local_shape():
    assert local_shape(Layout(MESH, (("dp", "tp"), ())), (16, 5)) == (2, 5)


def test_a_device_permutation_is_one_collective_permute():
    """The same blocks on other devices (axis order swapped within a dim, or two equal axes swapped
    between dims) move in one permute of one piece, not through all-to-alls."""
    mesh = Mesh((("a", 2), ("b", 4)))
    found = plan((16, 8), Layout(mesh, (("a", "b"), ())), Layout(mesh, (("b", "a"), ())), itemsize=4)
    assert [(s.op, s.axes) for s in found.steps] == [("permute", ("a", "b"))] and found.bytes == 64
    square = Mesh((("a", 2), ("b", 2)))
    source, target = Layout(square, (("a",), ("b",))), Layout(square, (("b",), ("a",)))
    swapped = plan((16, 8), source, target, itemsize=4)
    assert [s.op for s in swapped.steps] == ["permute"] and swapped.bytes == 8 * 4 * 4
    array = np.arange(128.0).reshape(16, 8)
    assert same_pieces(run_plan(distribute(array, source), swapped), distribute(array, target))
