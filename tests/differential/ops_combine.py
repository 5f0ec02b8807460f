"""Op generators that combine or reduce dims: reductions, joins, splits, tile/repeat/pad.

Join rules follow the NumPy pages for concatenate/stack/vstack/hstack/column_stack (vstack and
hstack first apply atleast_2d / atleast_1d; column_stack turns 1-D arrays into columns).
"""

from __future__ import annotations

from .context import Candidate, GenContext, Operand


# -- reductions --------------------------------------------------------------------------------
# name -> (accepts an axis tuple, accepts keepdims, has a method form)
REDUCTIONS = {
    "sum": (True, True, True), "mean": (True, True, True), "max": (True, True, True),
    "min": (True, True, True), "prod": (True, True, True), "std": (True, True, True),
    "var": (True, True, True), "all": (True, True, True), "any": (True, True, True),
    "argmax": (False, True, True), "argmin": (False, True, True),
    "cumsum": (False, False, True), "sort": (False, False, False), "argsort": (False, False, True),
}


def reduction(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if a is None:
        return None
    rng = ctx.rng
    name = rng.choice(list(REDUCTIONS))
    tuple_ok, keepdims_ok, method_ok = REDUCTIONS[name]
    axis: str | None
    roll = rng.random()
    if want_error:
        if a.ndim >= 2 and tuple_ok and roll < 0.25:
            i = rng.randrange(a.ndim)
            axis = ctx.axes_text([i, i - a.ndim if rng.random() < 0.5 else i])      # duplicate
        elif a.ndim >= 1 and tuple_ok and roll < 0.45:
            axis = ctx.axes_text([ctx.axis_in(a.ndim), ctx.axis_out(a.ndim)])
        else:
            axis = str(ctx.axis_out(a.ndim))
    elif roll < 0.2 or a.ndim == 0:
        axis = None if rng.random() < 0.6 else "None"
    elif tuple_ok and a.ndim >= 2 and roll < 0.4:
        axes = rng.sample(range(a.ndim), rng.randint(1, a.ndim))
        axis = ctx.axes_text([x - a.ndim if rng.random() < 0.3 else x for x in axes])
    else:
        axis = str(ctx.axis_in(a.ndim))
    args = []
    if axis is not None:
        args.append(f"axis={axis}" if rng.random() < 0.7 else axis)
    if keepdims_ok and rng.random() < 0.3:
        if axis is None:
            args.append("axis=None")
        args.append("keepdims=True")
    if method_ok and rng.random() < 0.5:
        return Candidate("reduce", name, f"{a.text}.{name}({', '.join(args)})")
    return Candidate("reduce", name, f"np.{name}({', '.join([a.text] + args)})")


# -- joins -------------------------------------------------------------------------------------
def _join_operands(ctx: GenContext, a: Operand, free_axis: int | None, want_error: bool) -> list[str] | None:
    """``a`` plus 1-2 operands equal to it except along ``free_axis`` (None: identical shapes)."""
    shapes = []
    for _ in range(ctx.rng.choice([1, 1, 2])):
        shape = list(a.shape)
        if free_axis is not None:
            shape[free_axis] = ctx.dim()
        shapes.append(shape)
    if want_error:
        spots = [i for i in range(a.ndim) if i != free_axis]
        if spots and ctx.rng.random() < 0.8:
            i = ctx.rng.choice(spots)
            shapes[-1][i] = ctx.other_dim(a.shape[i])
        else:
            shapes[-1] = shapes[-1] + [ctx.dim()]     # a different rank
    texts = [a.text] + [ctx.operand(tuple(s), prefer_existing=0.6).text for s in shapes]
    ctx.rng.shuffle(texts)
    return texts


def _seq(ctx: GenContext, texts: list[str]) -> str:
    inner = ", ".join(texts)
    return f"({inner})" if ctx.rng.random() < 0.3 else f"[{inner}]"


def concatenate(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1)
    if a is None:
        return None
    rng = ctx.rng
    if not want_error and rng.random() < 0.1:
        other = ctx.operand(ctx.shape(low=1))
        return Candidate("join", "np.concatenate", f"np.concatenate([{a.text}, {other.text}], axis=None)")
    if want_error and rng.random() < 0.1:
        zero_d = ctx.operand((), prefer_existing=0.5)          # NumPy refuses 0-d operands
        return Candidate("join", "np.concatenate", f"np.concatenate([{a.text}, {zero_d.text}])")
    axis = rng.randrange(a.ndim)
    texts = _join_operands(ctx, a, axis, want_error)
    if want_error and rng.random() < 0.15:
        texts = _join_operands(ctx, a, axis, False)
        return Candidate("join", "np.concatenate", f"np.concatenate({_seq(ctx, texts)}, axis={ctx.axis_out(a.ndim)})")
    if axis == 0 and rng.random() < 0.5:
        return Candidate("join", "np.concatenate", f"np.concatenate({_seq(ctx, texts)})")
    shown = axis - a.ndim if rng.random() < 0.3 else axis
    return Candidate("join", "np.concatenate", f"np.concatenate({_seq(ctx, texts)}, axis={shown})")


def stack(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=4)
    if a is None:
        return None
    mismatched = want_error and ctx.rng.random() < 0.8
    texts = _join_operands(ctx, a, None, mismatched)
    axis = ctx.axis_out(a.ndim + 1) if want_error and not mismatched else ctx.axis_in(a.ndim + 1)
    if axis == 0 and ctx.rng.random() < 0.5:
        return Candidate("join", "np.stack", f"np.stack({_seq(ctx, texts)})")
    return Candidate("join", "np.stack", f"np.stack({_seq(ctx, texts)}, axis={axis})")


def vstack(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3)
    if a is None:
        return None
    if a.ndim == 1:
        width = a.shape[0]
        shapes = [(width,) if ctx.rng.random() < 0.5 else (ctx.dim(), width)]
        if want_error:
            shapes[-1] = shapes[-1][:-1] + (ctx.other_dim(width),)
        texts = [a.text] + [ctx.operand(s, 0.6).text for s in shapes]
    else:
        texts = _join_operands(ctx, a, 0, want_error)
    return Candidate("join", "np.vstack", f"np.vstack({_seq(ctx, texts)})")


def hstack(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3)
    if a is None:
        return None
    if a.ndim == 1:
        if want_error:
            other = ctx.operand((ctx.dim(), ctx.dim()))      # a 2-D with a 1-D: rank mismatch
        else:
            other = ctx.operand((ctx.dim(),), 0.6)
        texts = [a.text, other.text]
    else:
        texts = _join_operands(ctx, a, 1, want_error)
    return Candidate("join", "np.hstack", f"np.hstack({_seq(ctx, texts)})")


def column_stack(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=2)
    if a is None:
        return None
    n = a.shape[0]
    n_other = ctx.other_dim(n) if want_error else n
    other = ctx.operand((n_other,) if ctx.rng.random() < 0.5 else (n_other, ctx.dim()), 0.6)
    texts = [a.text, other.text]
    ctx.rng.shuffle(texts)
    return Candidate("join", "np.column_stack", f"np.column_stack({_seq(ctx, texts)})")


# -- splits ------------------------------------------------------------------------------------
def split(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, transposable=False)
    if a is None:
        return None
    rng = ctx.rng
    axis = rng.randrange(a.ndim)
    d = a.shape[axis]
    fn = rng.choice(["np.split", "np.split", "np.array_split"])
    axis_text = "" if axis == 0 and rng.random() < 0.5 else f", axis={axis - a.ndim if rng.random() < 0.3 else axis}"
    if want_error:
        if rng.random() < 0.8 and d > 1:
            bad = [n for n in (2, 3, 4) if d % n != 0 and n <= d]
            if not bad:
                return None
            n = rng.choice(bad)
            return Candidate("split", "np.split", f"np.split({a.text}, {n}{axis_text})", n_targets=n)
        n = rng.choice([2, 3])
        return Candidate("split", fn, f"{fn}({a.text}, {n}, axis={ctx.axis_out(a.ndim)})", n_targets=n)
    if d < 2:
        return None
    if rng.random() < 0.3:
        cuts = sorted(rng.sample(range(1, d), rng.randint(1, min(2, d - 1))))
        return Candidate("split", fn, f"{fn}({a.text}, {cuts}{axis_text})", n_targets=len(cuts) + 1)
    choices = [n for n in (2, 3, 4) if n <= d and (fn == "np.array_split" or d % n == 0)]
    if not choices:
        return None
    n = rng.choice(choices)
    return Candidate("split", fn, f"{fn}({a.text}, {n}{axis_text})", n_targets=n)


# -- tile / repeat / pad -----------------------------------------------------------------------
def tile(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=3)
    if a is None:
        return None
    rng = ctx.rng
    if rng.random() < 0.4:
        reps = str(-2 if want_error else rng.randint(1, 3))
    else:
        values = [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
        if want_error:
            values[rng.randrange(len(values))] = -1
        reps = ctx.axes_text(values)
    return Candidate("tile", "np.tile", f"np.tile({a.text}, {reps})")


def repeat(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=3)
    if a is None:
        return None
    rng = ctx.rng
    count = rng.randint(1, 3)
    if a.ndim == 0 or rng.random() < 0.25:
        if want_error:
            return None
        return Candidate("tile", "np.repeat", f"np.repeat({a.text}, {count})")
    axis = ctx.axis_in(a.ndim)
    if want_error and rng.random() < 0.4:
        return Candidate("tile", "np.repeat", f"np.repeat({a.text}, {count}, axis={ctx.axis_out(a.ndim)})")
    if want_error or rng.random() < 0.3:
        length = a.shape[axis] + (rng.choice([1, 2]) if want_error else 0)
        counts = [rng.randint(1, 2) for _ in range(length)]
        return Candidate("tile", "np.repeat", f"np.repeat({a.text}, {counts}, axis={axis})")
    if rng.random() < 0.4:
        return Candidate("tile", ".repeat", f"{a.text}.repeat({count}, axis={axis})")
    return Candidate("tile", "np.repeat", f"np.repeat({a.text}, {count}, axis={axis})")


def pad(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3)
    if a is None:
        return None
    rng = ctx.rng
    mode = rng.choice(["", "", ", mode='edge'", ", mode='constant'"])
    form = rng.randrange(3)
    if want_error:
        n = a.ndim + rng.choice([1, 2])
        widths = "(" + ", ".join(f"({rng.randint(0, 2)}, {rng.randint(0, 2)})" for _ in range(n)) + ")"
    elif form == 0:
        widths = str(rng.randint(1, 2))
    elif form == 1:
        widths = f"({rng.randint(0, 2)}, {rng.randint(0, 2)})"
    else:
        widths = "(" + ", ".join(f"({rng.randint(0, 2)}, {rng.randint(0, 2)})" for _ in range(a.ndim)) \
            + ("," if a.ndim == 1 else "") + ")"
    return Candidate("tile", "np.pad", f"np.pad({a.text}, {widths}{mode})")


REDUCE = [(reduction, 1)]
JOIN = [(concatenate, 3), (stack, 2), (vstack, 1), (hstack, 1), (column_stack, 1)]
SPLIT = [(split, 1)]
TILE = [(tile, 1), (repeat, 1), (pad, 1)]
