"""Op generators for the contraction family: @ / matmul, dot, inner, outer, vdot, einsum, tensordot.

Shapes follow the NumPy reference pages of each function (matmul: "Input operand 1 has a mismatch
in its core dimension 0"; dot: "sum product over the last axis of a and the second-to-last of b").
"""

from __future__ import annotations

import math

import numpy as np

from .context import Candidate, GenContext, Operand


def _operand(ctx: GenContext, shape) -> Operand:
    return ctx.operand(tuple(shape), prefer_existing=0.6)


def _scalar0d(ctx: GenContext) -> Operand:
    return Operand(ctx.rng.choice(["np.array(2.0)", "np.zeros(())"]), (), np.dtype(float))


def matmul(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=4)
    if a is None:
        return None
    k = a.shape[-1]
    batch = a.shape[:-2]
    form = ctx.rng.randrange(3)
    if form == 0:
        b_shape = (k,)
    elif form == 1:
        b_shape = (k, ctx.dim())
    elif a.ndim == 1:
        b_shape = (ctx.dim(), k, ctx.dim())          # a vector against a stack of matrices
    else:
        b_shape = ctx.broadcast_partner(batch) + (k, ctx.dim())
    if want_error:
        how = ctx.rng.random()
        if how < 0.1:
            b = _scalar0d(ctx)
        elif how < 0.25 and form == 2 and batch:
            broken = ctx.break_dim(batch, b_shape[:-2])
            if broken is None:
                return None
            b = _operand(ctx, broken + b_shape[-2:])
        else:
            spot = -1 if len(b_shape) == 1 else -2
            b_shape = list(b_shape)
            b_shape[spot] = ctx.other_dim(k)
            b = _operand(ctx, b_shape)
    else:
        b = _operand(ctx, b_shape)
    if ctx.rng.random() < 0.6:
        return Candidate("matmul", "@", f"{a.text} @ {b.text}")
    return Candidate("matmul", "np.matmul", f"np.matmul({a.text}, {b.text})")


def dot(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=0, high=3)
    if a is None:
        return None
    if a.ndim == 0:
        if want_error:
            return None
        b_shape = ctx.shape(high=2)
    else:
        k = a.shape[-1]
        k_b = ctx.other_dim(k) if want_error else k
        if ctx.rng.random() < 0.5:
            b_shape = (k_b,)
        else:
            b_shape = tuple(ctx.dim() for _ in range(ctx.rng.choice([0, 0, 1]))) + (k_b, ctx.dim())
    b = _operand(ctx, b_shape)
    if ctx.rng.random() < 0.25 and a.ndim >= 1:
        return Candidate("matmul", ".dot", f"{a.text}.dot({b.text})")
    return Candidate("matmul", "np.dot", f"np.dot({a.text}, {b.text})")


def inner(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3)
    if a is None:
        return None
    k = a.shape[-1]
    lead = tuple(ctx.dim() for _ in range(ctx.rng.choice([0, 0, 1, 2])))
    b = _operand(ctx, lead + ((ctx.other_dim(k),) if want_error else (k,)))
    return Candidate("matmul", "np.inner", f"np.inner({a.text}, {b.text})")


def outer(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=2)
    if want_error or a is None:
        return None
    b = _operand(ctx, ctx.shape(low=1, high=2))
    return Candidate("matmul", "np.outer", f"np.outer({a.text}, {b.text})")


def vdot(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1)
    if a is None:
        return None
    size = math.prod(a.shape)
    if want_error:
        size += ctx.rng.choice([1, size]) if size > 1 else 1
    same = ctx.find(lambda s: math.prod(s) == size and s != a.shape)
    b = same if same is not None and ctx.rng.random() < 0.5 else _operand(ctx, (size,) if ctx.rng.random() < 0.5 or want_error else a.shape)
    return Candidate("matmul", "np.vdot", f"np.vdot({a.text}, {b.text})")


# (spec, operand ranks): the labels of each operand are bound to dims of the first operand and
# fresh palette dims; a repeated label is a contraction NumPy checks.
EINSUM_SPECS = [
    "ij,jk->ik", "ij,jk", "i,i->", "i,i", "i,j->ij", "ij->ji", "ij->", "ij->j", "ii->i", "ii",
    "bij,bjk->bik", "ij,ij->ij", "ij,j->i", "ijk->kji", "ij,kj->ik", "ijk,k->ij", "ij,ij->",
]


def einsum(ctx: GenContext, want_error: bool) -> Candidate | None:
    spec = ctx.rng.choice(EINSUM_SPECS)
    inputs = spec.split("->")[0].split(",")
    a = ctx.find(lambda s: len(s) == len(inputs[0]) and _fits(inputs[0], s))
    dims: dict[str, int] = {}
    if a is not None:
        dims.update(zip(inputs[0], a.shape))
    for label in "".join(inputs):
        dims.setdefault(label, ctx.dim())
    shapes = [[dims[c] for c in term] for term in inputs]
    if want_error:
        repeated = [c for c in dims if "".join(inputs).count(c) > 1]
        if ctx.rng.random() < 0.2 or not repeated:
            # rank error: one subscript too many for the operand
            i = ctx.rng.randrange(len(shapes))
            if shapes[i]:
                shapes[i] = shapes[i][:-1]
            else:
                return None
        else:
            label = ctx.rng.choice(repeated)
            spots = [(i, j) for i, term in enumerate(inputs) for j, c in enumerate(term) if c == label]
            i, j = ctx.rng.choice(spots[1:]) if ctx.rng.random() < 0.7 else spots[0]
            shapes[i][j] = ctx.other_dim(dims[label])
    operands = []
    for n, shape in enumerate(shapes):
        if n == 0 and a is not None and tuple(shape) == a.shape:
            operands.append(a.text)
        else:
            operands.append(_operand(ctx, shape).text)
    return Candidate("matmul", "np.einsum", f"np.einsum('{spec}', {', '.join(operands)})")


def _fits(term: str, shape) -> bool:
    seen: dict[str, int] = {}
    return all(seen.setdefault(c, d) == d for c, d in zip(term, shape))


def tensordot(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3)
    if a is None:
        return None
    rng = ctx.rng
    if rng.random() < 0.6:
        n = rng.randint(1, min(2, a.ndim))
        core = list(a.shape[a.ndim - n:])
        if want_error:
            core[rng.randrange(n)] = ctx.other_dim(*core)
        b = _operand(ctx, tuple(core) + tuple(ctx.dim() for _ in range(rng.choice([0, 1, 1]))))
        axes = f"axes={n}" if rng.random() < 0.7 else str(n)
        return Candidate("matmul", "np.tensordot", f"np.tensordot({a.text}, {b.text}, {axes})")
    i = rng.randrange(a.ndim)
    k = ctx.other_dim(a.shape[i]) if want_error else a.shape[i]
    b_rank = rng.randint(1, 3)
    j = rng.randrange(b_rank)
    b_shape = [ctx.dim() for _ in range(b_rank)]
    b_shape[j] = k
    b = _operand(ctx, b_shape)
    axis_a = i - a.ndim if rng.random() < 0.3 else i
    return Candidate("matmul", "np.tensordot", f"np.tensordot({a.text}, {b.text}, axes=([{axis_a}], [{j}]))")


MATMUL = [(matmul, 6), (dot, 3), (inner, 1), (outer, 1), (vdot, 1), (einsum, 3), (tensordot, 2)]


# -- np.linalg and np.diag -----------------------------------------------------------------------
# Operands whose *values* could make LAPACK fail (singular, not positive definite, NaN from an
# earlier np.empty) are built inline from fresh random data shifted onto the diagonal, so the
# only failures left are shape failures.
def _well_conditioned(ctx: GenContext, k: int, batch: tuple[int, ...] = ()) -> Operand:
    dims = ", ".join(ctx.dim_text(d) for d in (*batch, k, k))
    return Operand(f"(np.random.rand({dims}) + {k} * np.eye({k}))", (*batch, k, k), np.dtype(float))


def _spd(ctx: GenContext, k: int) -> Operand:
    return Operand(f"(np.ones(({k}, {k})) + {k} * np.eye({k}))", (k, k), np.dtype(float))


def _random(ctx: GenContext, shape) -> Operand:
    return Operand(f"np.random.rand({', '.join(ctx.dim_text(d) for d in shape)})", tuple(shape), np.dtype(float))


def _non_square(ctx: GenContext) -> Operand:
    k = ctx.dim()
    shape = ctx.rng.choice([(k, ctx.other_dim(k)), (ctx.dim(),)])
    return _random(ctx, shape)


def linalg_square(ctx: GenContext, want_error: bool) -> Candidate | None:
    """inv / det / cholesky / eigh / eigvalsh: square (stacks of) matrices."""
    rng = ctx.rng
    fn = rng.choice(["inv", "det", "cholesky", "eigh", "eigvalsh"])
    k = ctx.dim()
    if want_error:
        a = _non_square(ctx)
    elif fn in ("cholesky", "eigh", "eigvalsh"):
        a = _spd(ctx, k)
    elif fn == "det" and rng.random() < 0.5:
        a = ctx.find(lambda s: len(s) >= 2 and s[-1] == s[-2]) or _well_conditioned(ctx, k)
    else:
        a = _well_conditioned(ctx, k, tuple(ctx.dim() for _ in range(rng.choice([0, 0, 1]))))
    if fn == "eigh":
        return Candidate("linalg", f"np.linalg.{fn}", f"np.linalg.eigh({a.text})", n_targets=2)
    return Candidate("linalg", f"np.linalg.{fn}", f"np.linalg.{fn}({a.text})")


def linalg_solve(ctx: GenContext, want_error: bool) -> Candidate | None:
    rng = ctx.rng
    k = ctx.dim()
    batch = tuple(ctx.dim() for _ in range(rng.choice([0, 0, 1])))
    a = _well_conditioned(ctx, k, batch)
    rows = ctx.other_dim(k) if want_error else k
    b_shape = (rows,) if rng.random() < 0.4 else (*batch, rows, ctx.dim())
    b = ctx.operand(b_shape, prefer_existing=0.6)
    return Candidate("linalg", "np.linalg.solve", f"np.linalg.solve({a.text}, {b.text})")


def linalg_factor(ctx: GenContext, want_error: bool) -> Candidate | None:
    """svd / qr / pinv / lstsq of rectangular matrices."""
    rng = ctx.rng
    m, n = ctx.dim(), ctx.dim()
    fn = rng.choice(["svd", "qr", "pinv", "lstsq"])
    if fn == "lstsq":
        rows = ctx.other_dim(m) if want_error else m
        b = _random(ctx, (rows,) if rng.random() < 0.5 else (rows, ctx.dim()))
        return Candidate("linalg", "np.linalg.lstsq", f"np.linalg.lstsq({_random(ctx, (m, n)).text}, {b.text}, rcond=None)[0]")
    a = _random(ctx, (ctx.dim(),) if want_error else (m, n))
    if fn == "svd":
        form = rng.choice(["", ", full_matrices=False", ", compute_uv=False"])
        return Candidate("linalg", "np.linalg.svd", f"np.linalg.svd({a.text}{form})",
                         n_targets=1 if "compute_uv" in form else 3)
    if fn == "qr":
        form = rng.choice(["", "", ", mode='complete'", ", mode='r'"])
        return Candidate("linalg", "np.linalg.qr", f"np.linalg.qr({a.text}{form})", n_targets=1 if "'r'" in form else 2)
    if want_error:
        return None
    return Candidate("linalg", "np.linalg.pinv", f"np.linalg.pinv({a.text})")


def norm(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1)
    if a is None:
        return None
    rng = ctx.rng
    if want_error:
        axis = str(ctx.axis_out(a.ndim))
    elif a.ndim >= 2 and rng.random() < 0.3:
        axis = ctx.axes_text(rng.sample(range(a.ndim), 2))
    elif rng.random() < 0.6:
        axis = str(ctx.axis_in(a.ndim))
    else:
        return Candidate("linalg", "np.linalg.norm", f"np.linalg.norm({a.text})")
    keep = ", keepdims=True" if rng.random() < 0.3 else ""
    return Candidate("linalg", "np.linalg.norm", f"np.linalg.norm({a.text}, axis={axis}{keep})")


def diag(ctx: GenContext, want_error: bool) -> Candidate | None:
    if want_error:
        a = ctx.pick(low=3, high=4) or ctx.pick(low=0, high=0)
    else:
        a = ctx.pick(low=1, high=2)
    if a is None:
        return None
    k = ctx.rng.choice([0, 0, 0, 1, -1])
    if a.ndim == 2 and k and min(a.shape[0] - max(0, -k), a.shape[1] - max(0, k)) <= 0:
        k = 0
    return Candidate("linalg", "np.diag", f"np.diag({a.text}, k={k})" if k else f"np.diag({a.text})")


LINALG = [(linalg_square, 2), (linalg_solve, 2), (linalg_factor, 2), (norm, 2), (diag, 1)]
