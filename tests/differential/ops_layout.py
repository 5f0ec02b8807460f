"""Op generators that rearrange one array: transposes, reshapes, expand/squeeze/broadcast_to, indexing.

Indexing follows NumPy's "Indexing on ndarrays" page: ints drop a dim, slices keep it (clipped,
never an error), None inserts one, one Ellipsis stands for the dims not indexed otherwise.
"""

from __future__ import annotations

import math

from .context import Candidate, GenContext


# -- transposes ------------------------------------------------------------------------------
def transpose(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(transposable=False)
    if a is None:
        return None
    rng = ctx.rng
    if not want_error and rng.random() < 0.3:
        form = rng.choice([".T", "np.transpose", ".transpose()"])
        rhs = {".T": f"{a.text}.T", "np.transpose": f"np.transpose({a.text})", ".transpose()": f"{a.text}.transpose()"}[form]
        return Candidate("transpose", form, rhs)
    if a.ndim < 1:
        return None
    perm = list(range(a.ndim))
    rng.shuffle(perm)
    perm = [p - a.ndim if rng.random() < 0.2 else p for p in perm]
    if want_error:
        how = rng.randrange(3)
        if how == 0:
            perm = perm[:-1] if len(perm) > 1 else perm + [0]      # wrong length
        elif how == 1 and len(perm) > 1:
            perm[0] = perm[1]                                      # repeated axis
        else:
            perm[-1] = ctx.axis_out(a.ndim)                         # out of range
    form = rng.choice(["np.transpose", ".transpose(tuple)", ".transpose(*)"])
    if form == "np.transpose":
        axes = str(perm) if rng.random() < 0.3 else ctx.axes_text(perm)
        return Candidate("transpose", form, f"np.transpose({a.text}, {axes})")
    if form == ".transpose(tuple)":
        return Candidate("transpose", form, f"{a.text}.transpose({ctx.axes_text(perm)})")
    return Candidate("transpose", form, f"{a.text}.transpose({', '.join(map(str, perm))})")


def swapaxes(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1)
    if a is None:
        return None
    i, j = ctx.axis_in(a.ndim), ctx.axis_in(a.ndim)
    if want_error:
        j = ctx.axis_out(a.ndim)
    if ctx.rng.random() < 0.5:
        return Candidate("transpose", "np.swapaxes", f"np.swapaxes({a.text}, {i}, {j})")
    return Candidate("transpose", ".swapaxes", f"{a.text}.swapaxes({i}, {j})")


def moveaxis(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1)
    if a is None:
        return None
    rng = ctx.rng
    if a.ndim >= 2 and rng.random() < 0.3:
        src = rng.sample(range(a.ndim), 2)
        dst = rng.sample(range(a.ndim), 2)
        if want_error:
            dst[1] = dst[0] if rng.random() < 0.5 else ctx.axis_out(a.ndim)
        return Candidate("transpose", "np.moveaxis", f"np.moveaxis({a.text}, {ctx.axes_text(src)}, {ctx.axes_text(dst)})")
    src, dst = ctx.axis_in(a.ndim), ctx.axis_in(a.ndim)
    if want_error:
        src = ctx.axis_out(a.ndim)
    return Candidate("transpose", "np.moveaxis", f"np.moveaxis({a.text}, {src}, {dst})")


# -- reshapes --------------------------------------------------------------------------------
def _factor(ctx: GenContext, size: int, rank: int) -> list[int]:
    """``rank`` factors whose product is ``size``."""
    out = []
    left = size
    for _ in range(rank - 1):
        divisors = [d for d in range(1, left + 1) if left % d == 0]
        d = ctx.rng.choice(divisors)
        out.append(d)
        left //= d
    out.append(left)
    ctx.rng.shuffle(out)
    return out


def reshape(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if a is None:
        return None
    rng = ctx.rng
    size = math.prod(a.shape)
    target = _factor(ctx, size, rng.randint(1, 4))
    infer = rng.random() < 0.45
    spot = rng.randrange(len(target))
    if want_error:
        if infer and len(target) > 1:
            # the known part does not divide the size
            bad = next((d for d in (2, 3, 4, 5, 7) if size % (math.prod(target) // target[spot] * d) != 0), None)
            if bad is None:
                return None
            others = [i for i in range(len(target)) if i != spot]
            target[rng.choice(others)] *= bad
        else:
            target[spot] += rng.choice([1, 2])
    parts = [ctx.dim_text(d) for d in target]
    if infer:
        parts[spot] = "-1"
    form = rng.choice(["tuple", "varargs", "np.reshape"])
    if form == "tuple":
        return Candidate("reshape", ".reshape", f"{a.text}.reshape({_tuple(parts)})")
    if form == "varargs":
        return Candidate("reshape", ".reshape", f"{a.text}.reshape({', '.join(parts)})")
    return Candidate("reshape", "np.reshape", f"np.reshape({a.text}, {_tuple(parts)})")


def _tuple(parts: list[str]) -> str:
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def flatten(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if want_error or a is None:
        return None
    form = ctx.rng.choice([".ravel", "np.ravel", ".flatten", ".reshape(-1)"])
    rhs = {".ravel": f"{a.text}.ravel()", "np.ravel": f"np.ravel({a.text})", ".flatten": f"{a.text}.flatten()",
           ".reshape(-1)": f"{a.text}.reshape(-1)"}[form]
    return Candidate("reshape", form, rhs)


# -- expand / squeeze / broadcast_to -----------------------------------------------------------
def expand_dims(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=4)
    if a is None:
        return None
    rng = ctx.rng
    if rng.random() < 0.3:
        out_ndim = a.ndim + 2
        axes = rng.sample(range(out_ndim), 2)
        if want_error:
            axes[1] = axes[0] if rng.random() < 0.5 else ctx.axis_out(out_ndim)
        return Candidate("expand", "np.expand_dims", f"np.expand_dims({a.text}, {ctx.axes_text(axes)})")
    axis = ctx.axis_out(a.ndim + 1) if want_error else ctx.axis_in(a.ndim + 1)
    kw = "axis=" if rng.random() < 0.5 else ""
    return Candidate("expand", "np.expand_dims", f"np.expand_dims({a.text}, {kw}{axis})")


def squeeze(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if a is None:
        return None
    ones = [i for i, d in enumerate(a.shape) if d == 1]
    others = [i for i, d in enumerate(a.shape) if d != 1]
    if want_error:
        if others and ctx.rng.random() < 0.7:
            axis = ctx.rng.choice(others)
        else:
            axis = ctx.axis_out(a.ndim)
    elif ones and ctx.rng.random() < 0.6:
        axis = ctx.rng.choice(ones)
        axis = axis - a.ndim if ctx.rng.random() < 0.3 else axis
    else:
        form = ctx.rng.choice(["np.squeeze", ".squeeze"])
        rhs = f"np.squeeze({a.text})" if form == "np.squeeze" else f"{a.text}.squeeze()"
        return Candidate("expand", form, rhs)
    if ctx.rng.random() < 0.5:
        return Candidate("expand", "np.squeeze", f"np.squeeze({a.text}, axis={axis})")
    return Candidate("expand", ".squeeze", f"{a.text}.squeeze({axis})")


def broadcast_to(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(high=4)
    if a is None:
        return None
    target = [ctx.dim() if d == 1 and ctx.rng.random() < 0.6 else d for d in a.shape]
    target = [ctx.dim() for _ in range(ctx.rng.choice([0, 1, 1, 2]))] + target
    if want_error:
        spots = [i for i, d in enumerate(a.shape) if d != 1]
        if spots and ctx.rng.random() < 0.8:
            i = len(target) - a.ndim + ctx.rng.choice(spots)
            target[i] = ctx.other_dim(target[i])
        elif a.ndim >= 1:
            target = target[len(target) - a.ndim + 1:]  # fewer dims than the array
        else:
            return None
    return Candidate("expand", "np.broadcast_to", f"np.broadcast_to({a.text}, {ctx.shape_text(tuple(target))})")


# -- indexing ----------------------------------------------------------------------------------
def index_items(ctx: GenContext, shape, want_error: bool) -> list[str]:
    """The items of one subscript for an array of ``shape`` (ints, slices, None, at most one ...)."""
    rng = ctx.rng
    ndim = len(shape)
    consumed = rng.randint(0 if ndim == 0 else 1, ndim)
    ellipsis_at = rng.randint(0, consumed) if rng.random() < 0.2 else None
    dims = list(shape[:consumed]) if ellipsis_at is None else \
        list(shape[:ellipsis_at]) + list(shape[ndim - (consumed - ellipsis_at):])
    items = [_index_item(ctx, d) for d in dims]
    if want_error:
        if dims and rng.random() < 0.7:
            i = rng.randrange(len(dims))
            d = dims[i]
            items[i] = str(rng.choice([d, d + 1, -d - 1]))
        else:
            # one index more than the array has dims
            if ellipsis_at is None:
                items += [":"] * (ndim - len(dims))
            items.append(str(rng.choice([0, -1])))
    if ellipsis_at is not None:
        items.insert(ellipsis_at, "...")
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        items.insert(rng.randint(0, len(items)), "None")
    return items or [":"]


def _index_item(ctx: GenContext, d: int) -> str:
    rng = ctx.rng
    roll = rng.random()
    if roll < 0.35:
        i = rng.randrange(d)
        return str(i - d if rng.random() < 0.3 else i)
    if roll < 0.5:
        return ":"
    start = rng.choice([None, rng.randint(-d, d - 1)])
    stop = rng.choice([None, rng.randint(-d + 1, d)])
    step = rng.choice([None, None, 2, -1, 3])
    if stop is not None and stop > 0 and rng.random() < 0.15:
        stop_text = ctx.dim_text(stop)
    else:
        stop_text = "" if stop is None else str(stop)
    start_text = "" if start is None else str(start)
    if start is not None and start > 0 and rng.random() < 0.15:
        start_text = ctx.dim_text(start)
    text = f"{start_text}:{stop_text}"
    return text if step is None else f"{text}:{step}"


def index(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if a is None:
        return None
    items = index_items(ctx, a.shape, want_error)
    if ctx.rng.random() < 0.05:
        items.insert(ctx.rng.randint(0, len(items)), "True")   # a bool scalar adds a dim of 1
    return Candidate("index", "[]", f"{a.text}[{', '.join(items)}]")


def fancy(ctx: GenContext, want_error: bool) -> Candidate | None:
    """Integer-array indexing with literal index lists: the result length is the list's length."""
    a = ctx.pick(low=1)
    if a is None:
        return None
    rng = ctx.rng
    axis = rng.randrange(a.ndim)
    d = a.shape[axis]
    n = rng.randint(1, 4)
    idx = [rng.randrange(-d, d) for _ in range(n)]
    if want_error:
        idx[rng.randrange(n)] = rng.choice([d, d + 1, -d - 1])
    roll = rng.random()
    if roll < 0.5:
        idx_text = str(idx)
    elif roll < 0.8 or want_error:
        idx_text = f"np.array({idx})"
    else:
        idx_text = f"np.arange({ctx.dim_text(rng.randint(1, d))})"
    items = [":"] * axis + [idx_text]
    if a.ndim >= 2 and axis == 0 and idx_text.startswith("[") and rng.random() < 0.3:
        items.append(str([rng.randrange(a.shape[1]) for _ in range(n)]))   # two index lists, paired
    return Candidate("fancy", "[int array]", f"{a.text}[{', '.join(items)}]")


def mask(ctx: GenContext, want_error: bool) -> Candidate | None:
    """Boolean-mask indexing: its length is data-dependent, so only a shape *mismatch* is checked."""
    a = ctx.pick(low=1, transposable=False)
    if a is None:
        return None
    mask_shape = a.shape[: ctx.rng.randint(1, a.ndim)]
    if want_error:
        broken = ctx.break_dim(mask_shape, mask_shape)
        if broken is None:
            return None
        mask_shape = broken
    if mask_shape == a.shape and ctx.rng.random() < 0.5:
        return Candidate("mask", "[mask]", f"{a.text}[{a.text} > 0.5]", shape_is_static=False)
    m = ctx.operand(tuple(mask_shape))
    return Candidate("mask", "[mask]", f"{a.text}[{m.text} > 0.5]", shape_is_static=False)


def setitem(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, transposable=False)
    if a is None or not ctx.env[a.text].flags.writeable:   # broadcast_to gives read-only views
        return None
    items = index_items(ctx, a.shape, False)
    subscript = f"{a.text}[{', '.join(items)}]"
    try:
        target = eval(subscript, {}, ctx.env).shape  # our own generated expression
    except Exception:
        return None
    if not want_error and ctx.rng.random() < 0.3:
        value = ctx.rng.choice(["0.0", "1", "-1.5"])
    else:
        shape = ctx.assignable_partner(target)
        if want_error:
            shape = ctx.break_dim(target, shape) if target else (ctx.other_dim(),)
            if shape is None:
                return None
        value = ctx.operand(shape).text
    return Candidate("setitem", "[]=", text=f"{subscript} = {value}", revealed=(a.text,))


TRANSPOSE = [(transpose, 3), (swapaxes, 1), (moveaxis, 1)]
RESHAPE = [(reshape, 3), (flatten, 1)]
EXPAND = [(expand_dims, 2), (squeeze, 2), (broadcast_to, 2)]
INDEX = [(index, 1)]
FANCY = [(fancy, 1)]
MASK = [(mask, 1)]
SETITEM = [(setitem, 1)]
