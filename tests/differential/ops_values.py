"""Op generators that make values: array creation and elementwise (broadcasting) arithmetic.

Each generator is ``(ctx, want_error) -> Candidate | None``. With ``want_error`` it aims at a
shape error (a mismatched operand, a negative dimension); None means "cannot here, try another".
The driver executes every candidate, so a generator only has to aim, not to be right.
"""

from __future__ import annotations

import numpy as np

from .context import Candidate, GenContext, Operand


# -- creation ----------------------------------------------------------------------------------
def filled(ctx: GenContext, want_error: bool) -> Candidate | None:
    shape = ctx.shape()
    if want_error:
        if not shape:
            return None
        shape = tuple(-d if i == 0 else d for i, d in enumerate(shape))
    fn = ctx.rng.choice(["np.zeros", "np.ones", "np.empty", "np.full"])
    args = ctx.shape_text(shape)
    if fn == "np.full":
        args += ", " + ctx.rng.choice(["7.0", "-1", "0.5"])
    dtype = ctx.rng.choice(["", "", "", ", dtype=np.float32", ", dtype=float"])
    return Candidate("create", fn, f"{fn}({args}{dtype})")


def like(ctx: GenContext, want_error: bool) -> Candidate | None:
    src = ctx.pick()
    if want_error or src is None:
        return None
    fn = ctx.rng.choice(["np.zeros_like", "np.ones_like", "np.empty_like", "np.full_like"])
    extra = ", 3.0" if fn == "np.full_like" else ctx.rng.choice(["", "", ", dtype=float"])
    return Candidate("create", fn, f"{fn}({src.text}{extra})")


def arange(ctx: GenContext, want_error: bool) -> Candidate | None:
    if want_error:
        return None
    rng = ctx.rng
    form = rng.randrange(4)
    if form == 0:
        return Candidate("create", "np.arange", f"np.arange({ctx.dim_text(ctx.dim())})")
    start = rng.randint(-3, 3)
    if form == 1:
        return Candidate("create", "np.arange", f"np.arange({start}, {start + ctx.dim()})")
    if form == 2:
        step = rng.choice([2, 3, -1, -2])
        stop = start + step * rng.randint(1, 5) + (rng.choice([0, 1]) if step > 0 else 0)
        return Candidate("create", "np.arange", f"np.arange({start}, {stop}, {step})")
    if rng.random() < 0.5:
        # Float bounds that are exact in binary, so the length has no rounding question.
        return Candidate("create", "np.arange", f"np.arange(0.0, {ctx.dim() * 0.5}, 0.5)")
    # Decimal bounds: NumPy's length is ceil((stop - start) / step) computed in doubles, so
    # np.arange(1, 1.3, 0.1) has 4 items, not 3 (the NumPy docs warn about exactly this).
    step = rng.choice([0.1, 0.2, 0.3, 0.25])
    start = rng.choice([0, 1, 0.5, -1])
    stop = round(start + step * rng.randint(1, 6), 2)
    return Candidate("create", "np.arange", f"np.arange({start}, {stop}, {step})")


def linspace(ctx: GenContext, want_error: bool) -> Candidate | None:
    num = -ctx.dim() if want_error else ctx.dim()
    extra = ctx.rng.choice(["", "", ", endpoint=False"])
    if ctx.rng.random() < 0.5:
        return Candidate("create", "np.linspace", f"np.linspace(0, 1, {num}{extra})")
    return Candidate("create", "np.linspace", f"np.linspace(-1.0, 1.0, num={num}{extra})")


def eye(ctx: GenContext, want_error: bool) -> Candidate | None:
    if want_error:
        return None
    n, m = ctx.dim(), ctx.dim()
    rhs = ctx.rng.choice([f"np.eye({n})", f"np.eye({n}, {m})", f"np.eye({n}, k=1)", f"np.identity({n})",
                          f"np.eye(N={n}, M={m})"])
    return Candidate("create", rhs.split("(")[0], rhs)


def random_array(ctx: GenContext, want_error: bool) -> Candidate | None:
    shape = ctx.shape(low=1)
    if want_error:
        shape = shape[:-1] + (-shape[-1],)
    dims = ", ".join(ctx.dim_text(d) if d > 0 else str(d) for d in shape)
    size = ctx.shape_text(shape)
    rhs = ctx.rng.choice([
        f"np.random.rand({dims})",
        f"np.random.randn({dims})",
        f"np.random.random({size})",
        f"np.random.random(size={size})",
        f"np.random.normal(0.0, 1.0, size={size})",
        f"np.random.normal(size={size})",
        f"np.random.uniform(-1.0, 1.0, size={size})",
        f"np.random.uniform(size={size})",
        f"np.random.randint(0, 10, size={size})",
        f"np.random.randint(5, size={size})",
    ])
    return Candidate("create", rhs.split("(")[0], rhs)


def array_literal(ctx: GenContext, want_error: bool) -> Candidate | None:
    if want_error:
        return None
    shape = tuple(ctx.rng.randint(1, 4) for _ in range(ctx.rng.choice([0, 1, 1, 2, 2, 3])))
    floats = ctx.rng.random() < 0.5
    counter = iter(range(1000))

    def nest(level: int) -> str:
        if level == len(shape):
            v = next(counter)
            return f"{v}.5" if floats else str(v)
        return "[" + ", ".join(nest(level + 1) for _ in range(shape[level])) + "]"

    fn = ctx.rng.choice(["np.array", "np.array", "np.asarray"])
    src = ctx.pick()
    if src is not None and ctx.rng.random() < 0.25:
        return Candidate("create", fn, f"{fn}({src.text})")
    if fn == "np.array" and ctx.rng.random() < 0.2:
        return Candidate("create", "np.array(ndmin)", f"np.array({nest(0)}, ndmin={ctx.rng.randint(1, 3)})")
    return Candidate("create", fn, f"{fn}({nest(0)})")


# -- elementwise -------------------------------------------------------------------------------
ARITH = ["+", "-", "*", "/", "//", "%", "**"]
COMPARE = ["<", "<=", ">", ">=", "==", "!="]
UFUNC2 = ["np.maximum", "np.minimum", "np.add", "np.subtract", "np.multiply", "np.divide", "np.hypot",
          "np.arctan2", "np.logical_and", "np.fmax", "np.power"]
UFUNC1 = ["np.exp", "np.sqrt", "np.abs", "np.tanh", "np.sin", "np.negative", "np.square", "np.floor",
          "np.sign", "np.isnan", "np.log1p", "np.logical_not"]


def partner(ctx: GenContext, a: Operand, want_error: bool, scalar_ok: bool = True) -> Operand | None:
    """A second operand that broadcasts with ``a`` (or, with ``want_error``, cannot)."""
    if not want_error and scalar_ok and ctx.rng.random() < 0.2:
        return Operand(ctx.rng.choice(["2.0", "3", "0.5", "1"]), (), np.dtype(float))
    if ctx.rng.random() < 0.5:
        found = ctx.find(lambda s: _broadcasts(s, a.shape) != want_error and s != a.shape)
        if found is not None:
            return found
    shape = ctx.broadcast_partner(a.shape)
    if want_error:
        shape = ctx.break_dim(a.shape, shape)
        if shape is None:
            return None
    return ctx.operand(shape)


def _broadcasts(*shapes) -> bool:
    try:
        np.broadcast_shapes(*shapes)
        return True
    except ValueError:
        return False


def _power_safe(op: str, exponent: Operand) -> str:
    # An integer array raised to a negative integer power fails on *values*; keep `**` to floats.
    if op in ("**", "np.power") and exponent.dtype.kind in "iub":
        return "*" if op == "**" else "np.multiply"
    return op


def binary(ctx: GenContext, want_error: bool) -> Candidate | None:
    """``a op b`` or ``np.ufunc(a, b)`` with operands that broadcast (or, aiming at an error, do not)."""
    a = ctx.pick()
    if a is None:
        return None
    b = partner(ctx, a, want_error)
    if b is None:
        return None
    if ctx.rng.random() < 0.3:
        a, b = b, a
    if ctx.rng.random() < 0.1:
        op = ctx.rng.choice(["&", "|", "^"])
        return Candidate("elementwise", op, f"({a.text} > 0.5) {op} ({b.text} < 0.5)")
    if ctx.rng.random() < 0.35:
        fn = _power_safe(ctx.rng.choice(UFUNC2), b)
        return Candidate("elementwise", fn, f"{fn}({a.text}, {b.text})")
    op = _power_safe(ctx.rng.choice(ARITH + ARITH + COMPARE), b)
    return Candidate("elementwise", op, f"{a.text} {op} {b.text}")


def ufunc1(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if want_error or a is None:
        return None
    form = ctx.rng.choice(UFUNC1 + ["-", "abs", ".astype", "~"])
    if form == "-":
        return Candidate("elementwise", "neg", f"-{a.text}")
    if form == "~":
        return Candidate("elementwise", "~", f"~({a.text} > 0.5)")
    if form == "abs":
        return Candidate("elementwise", "abs", f"abs({a.text})")
    if form == ".astype":
        return Candidate("elementwise", ".astype", f"{a.text}.astype({ctx.rng.choice(['np.float32', 'int', 'float'])})")
    return Candidate("elementwise", form, f"{form}({a.text})")


def where(ctx: GenContext, want_error: bool) -> Candidate | None:
    cond = ctx.pick()
    if cond is None:
        return None
    x = partner(ctx, cond, False)
    joint = np.broadcast_shapes(cond.shape, x.shape)
    y = partner(ctx, Operand("", joint, np.dtype(float)), want_error)
    if y is None:
        return None
    if ctx.rng.random() < 0.5:
        x, y = y, x
    return Candidate("elementwise", "np.where", f"np.where({cond.text} > 0.5, {x.text}, {y.text})")


def clip(ctx: GenContext, want_error: bool) -> Candidate | None:
    a = ctx.pick()
    if a is None:
        return None
    if want_error or ctx.rng.random() < 0.3:
        bound = partner(ctx, a, want_error, scalar_ok=False)
        if bound is None:
            return None
        lo, hi = (bound.text, "1.0") if ctx.rng.random() < 0.5 else ("-1.0", bound.text)
    else:
        lo, hi = ctx.rng.choice([("0.0", "1.0"), ("-1", "1"), ("None", "0.5"), ("0", "None")])
    if ctx.rng.random() < 0.3 and "None" not in (lo, hi):
        return Candidate("elementwise", ".clip", f"{a.text}.clip({lo}, {hi})")
    return Candidate("elementwise", "np.clip", f"np.clip({a.text}, {lo}, {hi})")


def augmented(ctx: GenContext, want_error: bool) -> Candidate | None:
    target = ctx.pick(transposable=False)
    if target is None or not ctx.env[target.text].flags.writeable:   # broadcast_to gives read-only views
        return None
    shape = ctx.assignable_partner(target.shape)
    if want_error:
        shape = ctx.break_dim(target.shape, shape) if ctx.rng.random() < 0.7 else (ctx.other_dim(),) + target.shape
        if shape is None:
            return None
    value = ctx.find(lambda s: s == shape) if ctx.rng.random() < 0.5 else None
    value = value or ctx.operand(shape)
    op = ctx.rng.choice(["+=", "-=", "*=", "/="])
    return Candidate("elementwise", op, text=f"{target.text} {op} {value.text}", revealed=(target.text,))


CREATE = [(filled, 4), (like, 1), (arange, 2), (linspace, 1), (eye, 1), (random_array, 4), (array_literal, 2)]
ELEMENTWISE = [(binary, 9), (ufunc1, 2), (where, 2), (clip, 1), (augmented, 2)]
