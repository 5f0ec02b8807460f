"""Op generators that bind Python ints from shapes (``n, d = x.shape``, ``len(x)``, ``x.size``).

Later statements write dims with these names (``np.zeros((n, d + 1))``, ``x[: n - 1]``) through
``GenContext.dim_text``, so the analyser's symbolic ints are exercised with concrete ground truth.
The ints themselves are not revealed: ``reveal_shape`` is about arrays.
"""

from __future__ import annotations

from .context import Candidate, GenContext


def shape_ints(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick(low=1, high=3, transposable=False)
    if want_error or a is None:
        return None
    rng = ctx.rng
    form = rng.choice(["unpack", "unpack", "index", "len", "size"])
    if form == "unpack":
        return Candidate("dims", "x.shape unpack", f"{a.text}.shape", n_targets=a.ndim, int_targets=True)
    if form == "index":
        i = ctx.axis_in(a.ndim)
        return Candidate("dims", "x.shape[i]", f"{a.text}.shape[{i}]", int_targets=True)
    if form == "len":
        return Candidate("dims", "len", f"len({a.text})", int_targets=True)
    return Candidate("dims", "x.size", f"{a.text}.size", int_targets=True)


def int_arithmetic(ctx: GenContext, want_error: bool) -> Candidate | None:
    names = ctx.ints()
    if want_error or not names:
        return None
    rng = ctx.rng
    a, b = rng.choice(names), rng.choice(names)
    rhs = rng.choice([f"{a} * {b}", f"{a} + {b}", f"{a} + 1", f"{a} // 2", f"max({a}, {b})", f"{a} * 2 - 1"])
    return Candidate("dims", "int arithmetic", rhs, int_targets=True)


DIMS = [(shape_ints, 3), (int_arithmetic, 1)]
