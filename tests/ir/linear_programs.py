"""Random linear programs for the transpose property tests: float64 straight-line code, linear in
``x: (3, 4)`` and ``v: (4,)``, over residuals ``r: (3, 4)``, ``w: (4, 4)`` and ``c: bool (3, 4)``.
Each step applies one linear op (every row of ``TRANSPOSES``) to a value of the pool whose shape
it fits, so every program is well typed and linear by construction."""

import numpy as np
from hypothesis import strategies as st

from shapecheck.ir import graph as G
from shapecheck.ir.ad.emit import Emitter, Term
from shapecheck.ir.ad.linearity import LinearFunction
from shapecheck.subst import fresh_name

RESIDUALS = {"r": ("f64", (3, 4)), "w": ("f64", (4, 4)), "c": ("bool", (3, 4))}
LINEAR = {"x": ("f64", (3, 4)), "v": ("f64", (4,))}


def _fits(*shapes) -> bool:
    try:
        np.broadcast_shapes(*shapes)
        return True
    except ValueError:
        return False


def _partner(draw, a, pool, *shapes):
    """Another linear value that broadcasts with ``a`` and ``shapes`` (or ``a`` itself)."""
    return draw(st.sampled_from([b for b in pool if _fits(a.type.shape, b.type.shape, *shapes)]))


def _coefficient(a, r):
    # A free (non-linear) value that broadcasts with a: r itself, or a constant.
    return r if _fits(a.type.shape, r.type.shape) else 2.5


def _axes(draw, a):
    return tuple(sorted(draw(st.sets(st.integers(0, a.type.rank - 1), min_size=1)))) if a.type.rank else None


def _slice(draw, a):
    begin, step, size = [], [], []
    for d in a.type.shape:
        s = draw(st.sampled_from([1, 2, -1]))
        b = draw(st.integers(0, d - 1))
        room = b + 1 if s < 0 else (d - 1 - b) // s + 1
        begin.append(b), step.append(s), size.append(draw(st.integers(1, room)))
    return a.op("slice", begin=tuple(begin), step=tuple(step), size=tuple(size))


def _pad(draw, a):
    begin, step, shape = [], [], []
    for d in a.type.shape:
        s = draw(st.sampled_from([1, 2, -1]))
        extra = draw(st.integers(0, 2))
        span = (d - 1) * abs(s) + 1 + extra
        b = draw(st.integers(0, extra))
        begin.append(b if s > 0 else span - 1 - b), step.append(s), shape.append(span)
    return a.op("pad", begin=tuple(begin), step=tuple(step), shape=tuple(shape))


def _step(draw, a, pool, free):
    r, w, c = free
    kind = draw(st.sampled_from(["neg", "add", "sub", "scale", "div", "where", "matmul", "sum", "mean",
                                 "broadcast_to", "reshape", "transpose", "slice", "pad"]))
    shape = a.type.shape
    if kind == "neg":
        return -a
    if kind in ("add", "sub"):
        b = _partner(draw, a, pool)
        return a + b if kind == "add" else a - b
    if kind == "scale":
        k = _coefficient(a, r)
        return a * k if draw(st.booleans()) else (k * a if type(k) is Term else a * k)
    if kind == "div":
        k = _coefficient(a, r)
        return a / (k * k + 1.0) if type(k) is Term else a / k
    if kind == "where" and _fits(shape, (3, 4)):
        b = _partner(draw, a, pool, (3, 4)) if draw(st.booleans()) else None
        return c.op("where", a, b) if b is not None else a.select(c, draw(st.booleans()))
    if kind == "matmul" and shape and shape[-1] == 4:
        return a @ w
    if kind == "matmul" and shape and shape[0] == 4 and len(shape) <= 2:
        return w @ a
    if kind in ("sum", "mean") and shape:
        return a.op(kind, axes=_axes(draw, a), keepdims=draw(st.booleans()))
    if kind == "broadcast_to" and len(shape) < 3:
        return a.broadcast_to((2, *shape))
    if kind == "reshape":
        size = int(np.prod(shape))
        return a.op("reshape", shape=(size,) if len(shape) != 1 else (1, size))
    if kind == "transpose" and len(shape) >= 2:
        return a.op("transpose", axes=tuple(reversed(range(len(shape)))))
    if kind == "slice" and shape:
        return _slice(draw, a)
    if kind == "pad" and shape:
        return _pad(draw, a)
    return -a


@st.composite
def linear_programs(draw):
    """A :class:`LinearFunction` of 1-8 linear steps with one or two results."""
    names = {k: fresh_name(k) for k in (*RESIDUALS, *LINEAR)}
    em = Emitter(names.values())
    params = [G.Param(names[k], G.TensorType(*spec)) for k, spec in (*RESIDUALS.items(), *LINEAR.items())]
    terms = [Term(em, p.name, p.type) for p in params]
    free, pool = terms[:3], terms[3:]
    for _ in range(draw(st.integers(1, 8))):
        pool.append(_step(draw, draw(st.sampled_from(pool)), pool, free))
    results = [pool[-1]] + ([draw(st.sampled_from(pool))] if draw(st.booleans()) else [])
    fn = em.function("lin", (), tuple(params), results)
    return LinearFunction(fn, len(RESIDUALS))


def residual_inputs(rng):
    return [rng.standard_normal((3, 4)), rng.standard_normal((4, 4)), rng.standard_normal((3, 4)) > 0]
