"""The linearity check: a small type system over the IR saying a program is linear in some inputs.

A :class:`LinearFunction` is a function whose first ``residuals`` parameters are non-linear (saved
primal values) and whose other parameters are linear; its result (a tensor, or a tuple of them)
must be a linear function of the linear parameters. Every value gets one of three sorts:

* ``zero``: the zero map (``const 0`` and linear ops of zeros);
* ``linear``: depends on a linear parameter, through ops used linearly;
* ``free``: depends on residuals and constants only (a coefficient, or a recomputed primal value).

:data:`LINEAR` says, per op, which operands may be linear and how: ``"sum"`` ops (``add``,
``where``'s branches) need every operand in those positions to be linear or zero (``x + 1`` is
affine, not linear); ``"scale"`` ops (``mul``, ``matmul``, ``div``'s numerator) take exactly one
linear operand, the others free (``dx * dy`` is not linear). Radul et al., "You Only Linearize
Once" (POPL 2023), section 4, types the linear sublanguage the same way; this is its check.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapecheck.subst import free_vars

from .. import graph as G
from ..loops import FLOAT_DTYPES

__all__ = ["LinearFunction", "LINEAR", "sorts", "check_linear", "LinearityError"]


class LinearityError(ValueError):
    pass


@dataclass(frozen=True)
class LinearFunction:
    """``function``'s first ``residuals`` parameters are non-linear, the rest linear."""

    function: G.Function
    residuals: int

    @property
    def residual_params(self) -> tuple[G.Param, ...]:
        return self.function.params[:self.residuals]

    @property
    def linear_params(self) -> tuple[G.Param, ...]:
        return self.function.params[self.residuals:]


def _all(*positions: int) -> tuple:
    return ("sum", positions)


def _one(*positions: int) -> tuple:
    return ("scale", positions)


LINEAR: dict[str, tuple[str, tuple[int, ...]]] = {
    "add": _all(0, 1),
    "sub": _all(0, 1),
    "neg": _all(0),
    "where": _all(1, 2),
    "mul": _one(0, 1),
    "div": _one(0),
    "matmul": _one(0, 1),
    "cast": _all(0),
    "broadcast_to": _all(0),
    "sum": _all(0),
    "mean": _all(0),
    "transpose": _all(0),
    "reshape": _all(0),
    "slice": _all(0),
    "pad": _all(0),
}
"""Per op used linearly: ``sum`` (all listed operands linear or zero) or ``scale`` (exactly one
listed operand linear, every other operand free), and the operand positions that may be linear."""


def sorts(lf: LinearFunction) -> dict:
    """Each variable's sort (``zero``/``linear``/``free``); LinearityError at the first binding
    that is not linear in the linear parameters."""
    f = lf.function
    sort = {p.name: "free" for p in lf.residual_params}
    sort.update({p.name: "linear" for p in lf.linear_params})
    for b in f.body.bindings:
        sort[b.var] = _sort(b, sort, f.name)
    return sort


def _sort(b: G.Binding, sort: dict, fname: str) -> str:
    v = b.value
    where = f"@{fname}: %{b.var.hint}"
    if type(v) is G.MakeTuple:
        kinds = {sort[a] for a in v.items}
        return "linear" if "linear" in kinds else "zero" if kinds == {"zero"} else "free"
    if type(v) is not G.OpCall:
        if any(sort.get(a) in ("linear", "zero") for a in free_vars(v)):
            raise LinearityError(f"{where} = {type(v).__name__} of a linear value")
        return "free"
    if v.op == "const":
        return "zero" if v.attr("value") == 0 else "free"
    args = [sort[a] for a in v.args]
    rule = LINEAR.get(v.op)
    if "linear" not in args:   # a constant, a coefficient or a recomputed primal value
        if rule is None:
            return "free"
        how, positions = rule
        chosen = [args[i] for i in positions]
        zero = all(s == "zero" for s in chosen) if how == "sum" else "zero" in chosen
        return "zero" if zero else "free"
    if rule is None:
        raise LinearityError(f"{where} = {v.op}(...) is not linear in its arguments")
    how, positions = rule
    if any(s != "free" and i not in positions for i, s in enumerate(args)):
        raise LinearityError(f"{where} = {v.op}: a linear value in a non-linear operand")
    if b.type.dtype not in FLOAT_DTYPES:
        raise LinearityError(f"{where}: a linear value of dtype {b.type.dtype}")
    chosen = [args[i] for i in positions]
    if how == "sum":
        if "free" in chosen:
            raise LinearityError(f"{where} = {v.op}: adds a non-zero constant to a linear value (affine)")
        return "linear" if "linear" in chosen else "zero"
    if "zero" in chosen:
        return "zero"
    if chosen.count("linear") != 1:
        raise LinearityError(f"{where} = {v.op}: a product of two linear values")
    return "linear"


def check_linear(lf: LinearFunction) -> LinearFunction:
    """``lf`` itself when its result is linear (or zero) in its linear parameters; else
    LinearityError naming the first binding that breaks linearity."""
    sort = sorts(lf)
    f = lf.function
    results = [f.body.result]
    for b in f.body.bindings:
        if b.var == f.body.result and type(b.value) is G.MakeTuple:
            results = list(b.value.items)
    for r in results:
        if sort[r] == "free":
            raise LinearityError(f"@{f.name}: result %{r.hint} does not depend linearly on the linear parameters")
    for p in lf.linear_params:
        if p.type.dtype not in FLOAT_DTYPES:
            raise LinearityError(f"@{lf.function.name}: linear parameter %{p.name.hint} has dtype {p.type.dtype}")
    return lf
