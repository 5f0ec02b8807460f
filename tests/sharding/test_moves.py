"""Layouts through permutations, reductions and reshapes, checked on the NumPy mesh simulation: doing
the op on each device's piece (after gathering what the rule says must be gathered, and summing the
partial sums it leaves) gives the pieces of the op's result under the layout the rule gives."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapecheck.sharding.layout import Layout, Mesh
from shapecheck.sharding.moves import contracted, groups, permuted, reduced, reshaped
from shapecheck.sharding.simulate import distribute, run_step, same_pieces


def _literal_same(a, b) -> bool:
    return a == b


def _literal_divides(d, n) -> bool:
    return d % n == 0


@st.composite
def placed(draw, rank=None):
    """A mesh, a layout that splits evenly, and an array of that shape."""
    mesh = Mesh(tuple((n, draw(st.sampled_from((2, 3)))) for n in ("a", "b")[:draw(st.integers(1, 2))]))
    rank = rank if rank is not None else draw(st.integers(1, 3))
    dims: list[tuple[str, ...]] = [() for _ in range(rank)]
    for a in mesh.names:
        where = draw(st.integers(-1, rank - 1))
        if where >= 0:
            dims[where] += (a,)
    layout = Layout(mesh, tuple(dims))
    sizes = dict(mesh.axes)
    shape = tuple(math.prod(sizes[a] for a in axes) * draw(st.integers(1, 3)) for axes in dims)
    return layout, np.arange(math.prod(shape), dtype=np.float64).reshape(shape) + 1


def _gather(pieces, layout: Layout, dims_to_gather) -> tuple[dict, Layout]:
    """All-gather the named dims' splits, minor axis first (what the framework inserts)."""
    for d in dims_to_gather:
        while layout.dims[d]:
            pieces = run_step(pieces, layout.mesh, "all_gather", (layout.dims[d][-1],), d, None)
            layout = layout.with_dims(layout.dims[:d] + (layout.dims[d][:-1],) + layout.dims[d + 1:])
    return pieces, layout


@settings(max_examples=80, deadline=None)
@given(placed(), st.randoms(use_true_random=False))
def test_a_permutation_moves_each_split_with_its_dim(case, rng):
    layout, array = case
    order = list(range(array.ndim))
    rng.shuffle(order)
    pieces = {k: np.transpose(p, order) for k, p in distribute(array, layout).items()}
    assert same_pieces(pieces, distribute(np.transpose(array, order), permuted(layout, order)))


@settings(max_examples=80, deadline=None)
@given(placed(), st.randoms(use_true_random=False), st.booleans(), st.sampled_from(("sum", "mean", "max")))
def test_a_reduction_leaves_a_partial_sum_or_gathers(case, rng, keepdims, kind):
    layout, array = case
    axes = tuple(sorted(rng.sample(range(array.ndim), rng.randint(1, array.ndim))))
    out = reduced(layout, axes, keepdims, kind)
    pieces = distribute(array, layout)
    gathered_dims = [d for d in axes if set(layout.dims[d]) & set(out.gathered)]
    pieces, before = _gather(pieces, layout, gathered_dims)
    op = {"sum": np.sum, "mean": np.mean, "max": np.max}[kind]
    pieces = {k: op(p, axis=axes, keepdims=keepdims) for k, p in pieces.items()}
    if kind == "mean":   # a mean of pieces is a partial sum once scaled by the pieces' share
        pieces = {k: p / math.prod(before.mesh.group(before.dims[d]) for d in axes) for k, p in pieces.items()}
    for axis in out.layout.partial:
        pieces = run_step(pieces, layout.mesh, "all_reduce", (axis,), None, None)
    whole = op(array, axis=axes, keepdims=keepdims)
    assert same_pieces(pieces, distribute(np.asarray(whole), Layout(layout.mesh, out.layout.dims)))


def _factors(n: int) -> list[int]:
    out, d = [], 2
    while n > 1:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    return out


@settings(max_examples=150, deadline=None)
@given(placed(), st.randoms(use_true_random=False))
def test_a_reshape_keeps_a_split_on_the_outermost_factor_or_gathers_it(case, rng):
    layout, array = case
    factors = _factors(array.size)
    rng.shuffle(factors)
    cuts = sorted(rng.sample(range(1, len(factors)), rng.randint(0, max(0, len(factors) - 1)))) if len(factors) > 1 else []
    target = tuple(math.prod(factors[a:b]) for a, b in zip([0] + cuts, cuts + [len(factors)])) or (1,)
    out = reshaped(layout, array.shape, target, _literal_same, _literal_divides)
    assert out is not None
    pieces, before = _gather(distribute(array, layout), layout, out.gathered)
    local = tuple(d // out.layout.mesh.group(axes) for d, axes in zip(target, out.layout.dims))
    pieces = {k: p.reshape(local) for k, p in pieces.items()}
    assert same_pieces(pieces, distribute(array.reshape(target), out.layout))
    # and the rule gathers only what it must: a split on a group's first dim with a divisible first
    # output dim is kept
    for d in out.gathered:
        assert layout.dims[d]


def test_groups_pair_runs_of_equal_products():
    assert groups((2, 3, 4), (6, 4), _literal_same) == [((0, 1), (0,)), ((2,), (1,))]
    assert groups((6, 1, 4), (2, 12), _literal_same) == [((0, 1, 2), (0, 1))]
    assert groups((1, 6), (6, 1), _literal_same) == [((0,), ()), ((1,), (0,)), ((), (1,))]


def test_a_merge_keeps_the_outer_split_and_gathers_an_inner_one():
    mesh = Mesh((("tp", 4),))
    outer = reshaped(Layout(mesh, (("tp",), (), ())), (8, 3, 5), (24, 5), _literal_same, _literal_divides)
    assert outer.layout.show() == "P('tp', None)" and outer.gathered == ()
    inner = reshaped(Layout(mesh, ((), ("tp",), ())), (3, 8, 5), (24, 5), _literal_same, _literal_divides)
    assert inner.layout.show() == "P(None, None)" and inner.gathered == (1,)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_an_einsum_splits_output_letters_and_sums_contracted_ones(data):
    """Each device contracts its blocks; summing the partial results over the contracted letters'
    axes gives the pieces of the whole einsum under the claimed layout."""
    mesh = Mesh((("a", 2), ("b", 3)))
    letters = "ijk"
    role = {x: data.draw(st.sampled_from(((), ("a",), ("b",), ("a", "b")))) for x in letters}
    used = [a for x in letters for a in role[x]]
    if len(set(used)) != len(used):
        role = {x: () for x in letters}
    sizes = {x: math.prod(dict(mesh.axes)[a] for a in role[x]) * data.draw(st.integers(1, 2)) for x in letters}
    output = data.draw(st.sampled_from(("ik", "ki", "i", "", "ijk")))
    inputs = ("ij", "jk")
    layouts = [Layout(mesh, tuple(role[x] for x in term)) for term in inputs]
    out = contracted(inputs, output, layouts)
    assert out.misaligned is None and out.layout is not None
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(tuple(sizes[x] for x in term)) for term in inputs]
    spec = f"{','.join(inputs)}->{output}"
    pieces = [distribute(arr, lay) for arr, lay in zip(arrays, layouts)]
    local = {k: np.einsum(spec, *(p[k] for p in pieces)) for k in pieces[0]}
    for axis in out.layout.partial:
        local = run_step(local, mesh, "all_reduce", (axis,), None, None)
    assert same_pieces(local, distribute(np.einsum(spec, *arrays), Layout(mesh, out.layout.dims)))


def test_an_einsum_whose_operands_split_a_letter_differently_names_the_move():
    mesh = Mesh((("a", 2),))
    out = contracted(("ij", "jk"), "ik", [Layout(mesh, ((), ("a",))), Layout(mesh, ((), ()))])
    assert out.layout is None and out.misaligned == (1, Layout(mesh, (("a",), ())))
