"""Predicates and dims as Python functions of the values: what the solver evaluates per sample.

Sampling (``solver._sample``) evaluates every fact of a question at dozens of assignments, and the
witness search (``witnesses.py``) each constraint at every repair it weighs: on vit-pytorch
227,000 evaluations of predicates by a walk over their trees (``evaluate_pred``, ``evaluate``:
two Python calls per node and atom), and 667,000 calls of the witness search's evaluator closures
(issue 11). Here a predicate or a dim becomes Python source once, from its canonical form
(canonical.py: its symbols numbered by first appearance, written ``v[n0]``, ``v[n1]``), compiled into
a *maker* that takes the symbols' names and returns a function of the values. The canonical form is
the key of the makers' cache, so a copy of a fact under other names (every call freshens its
symbols) reuses the compiled code and pays only for a closure; vit-pytorch's 1,772 distinct
predicates sampled have 456 forms, and a predicate's form is the one its question's memo key
already read.

Each function computes exactly what the tree walk computes, in the same order, so the same
exception comes from the same place:

* ``pred_function``: :func:`predicates.evaluate_pred` (``evaluate``'s Python arithmetic; a
  division by 0 raises ZeroDivisionError unless ``by_zero`` says what it gives, a missing symbol
  raises KeyError);
* ``z3_dim_function(d, by_zero)``: the witness search's evaluation, which follows Z3's
  integers: a divisor that is not positive makes the values unusable (:class:`Undefined`) unless it
  is 0 and ``by_zero`` is given; the divisor is evaluated before the dividend, which a divisor of 0
  with ``by_zero`` never evaluates.

Source too large or too deep to compile (a dim nested past Python's parser limits) falls back to
the caller's tree walk (None from :func:`z3_dim_function`; ``evaluate_pred`` for predicates).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

from .canonical import dim_template, template
from .dims import ByZero, Dim
from .predicates import Pred, evaluate_pred

Values = Mapping[str, int]


class Undefined(Exception):
    """A division whose divisor is not positive, evaluated as Z3 divides: Z3 and Python disagree
    (a negative divisor rounds the other way), or it is undefined (by zero)."""


#: Source longer than this is not compiled: a walk over a tree that size costs less than compiling it.
MAX_SOURCE = 20_000

_COMPARE = {"eq": "==", "ne": "!=", "le": "<=", "lt": "<"}


def _floordiv(a: int, b: int, by_zero: ByZero | None) -> int:
    if b == 0:
        if by_zero is None:
            raise ZeroDivisionError("dimension floordiv by zero")
        return by_zero.divided(a)
    return a // b


def _mod(a: int, b: int, by_zero: ByZero | None) -> int:
    if b == 0:
        if by_zero is None:
            raise ZeroDivisionError("dimension mod by zero")
        return by_zero.remainder
    return a % b


def _not_positive(divisor: int, by_zero: ByZero | None, kind: str) -> int:
    """What Z3's division by ``divisor`` (not positive) gives here: ``by_zero``'s choice at 0 (a
    shift of the dividend, which this order never reads, none)."""
    if divisor == 0 and by_zero is not None and not by_zero.shifted:
        return by_zero.quotient if kind == "floordiv" else by_zero.remainder
    raise Undefined


_HELPERS = {"_floordiv": _floordiv, "_mod": _mod, "_not_positive": _not_positive, "Undefined": Undefined}


class _Writer:
    """Python source for a predicate's or a dim's canonical form (canonical.py: each symbol its
    number by first appearance, read as ``v[n0]``), and in Z3 mode one temporary per division
    (``_t0``), which holds the divisor before the dividend is read."""

    def __init__(self, z3: bool):
        self.z3 = z3
        self.temps = 0

    def dim(self, d) -> str:
        if type(d) is int:
            return f"({d})"
        constant, *terms = d
        parts = [f"({constant})"] if constant else []
        for monomial, coeff in terms:
            parts.append("*".join([f"({coeff})"] + [self.atom(a) for a in monomial]))
        return "(" + " + ".join(parts) + ")"

    def atom(self, atom: tuple) -> str:
        if type(atom[0]) is int:   # a symbol: (its number, whether it is signed)
            return f"v[n{atom[0]}]"
        kind, a, b = atom
        if kind in ("min", "max"):
            return f"{kind}({self.dim(a)}, {self.dim(b)})"
        temp = f"_t{self.temps}"
        self.temps += 1
        op = "//" if kind == "floordiv" else "%"
        if not self.z3:
            # Python's own division where the divisor is not 0 (what ``_floordiv`` and ``_mod`` do
            # there, with no call: sampling divides ~200,000 times on vit-pytorch); the dividend
            # is read first, as the tree walk reads it, so the same exception comes first
            dividend = f"_a{self.temps - 1}"
            return (f"({dividend} {op} {temp} if (({dividend} := {self.dim(a)}), ({temp} := {self.dim(b)}))[1] "
                    f"else _{kind}({dividend}, {temp}, bz))")
        divisor = self.dim(b)   # read first: a divisor of 0 with by_zero never reads the dividend
        return f"({self.dim(a)} {op} {temp} if ({temp} := {divisor}) > 0 else _not_positive({temp}, bz, {kind!r}))"

    def pred(self, p: tuple) -> str:
        k = p[0]
        if k == "true":
            return "True"
        if k == "false":
            return "False"
        if k in _COMPARE:
            return f"({self.dim(p[1])} {_COMPARE[k]} {self.dim(p[2])})"
        if k == "not":
            return f"(not {self.pred(p[1])})"
        if k in ("and", "or"):
            if len(p) == 1:
                return "True" if k == "and" else "False"
            return "(" + f" {k} ".join(self.pred(x) for x in p[1:]) + ")"
        raise ValueError(k)


#: (Z3 mode?, a predicate's?, canonical form) -> its maker (``maker(bz, *names)`` is the function; None: too large
#: to compile); bounded, starts over when full
_MAKERS: dict = {}
_MAKERS_MAX = 1 << 13


def _maker(form, z3: bool, arity: int, pred: bool) -> Callable | None:
    """``pred``: whether ``form`` is a predicate's (else a dim's)."""
    key = (z3, pred, form)
    found = _MAKERS.get(key, False)
    if found is not False:
        return found
    if len(_MAKERS) >= _MAKERS_MAX:
        _MAKERS.clear()
    writer = _Writer(z3)
    parameters = "".join(f", n{i}" for i in range(arity))
    try:
        body = writer.pred(form) if pred else writer.dim(form)
        found = None
        if len(body) <= MAX_SOURCE:
            found = eval(compile(f"lambda bz{parameters}: lambda v: {body}", "<shapecheck evaluator>", "eval"), dict(_HELPERS))
    except (SyntaxError, RecursionError, MemoryError, ValueError):   # nested past the parser's limits
        found = None
    _MAKERS[key] = found
    return found


#: (predicate, by_zero) -> its function (a predicate alone when by_zero is None); bounded
_PREDICATES: dict = {}
_PREDICATES_MAX = 1 << 15


def pred_function(p: Pred, by_zero: ByZero | None = None) -> Callable[[Values], bool]:
    """``values -> evaluate_pred(p, values, by_zero)``, compiled (see the module docstring)."""
    key = p if by_zero is None else (p, by_zero)
    found = _PREDICATES.get(key)
    if found is None:
        if len(_PREDICATES) >= _PREDICATES_MAX:
            _PREDICATES.clear()
        form, names = template(p)   # kept per predicate: every question's key reads it (canonical.py)
        make = _maker(form, False, len(names), pred=True)
        found = _PREDICATES[key] = make(by_zero, *names) if make is not None else (
            lambda values: evaluate_pred(p, values, by_zero))
    return found


def z3_dim_function(d: Dim, by_zero: ByZero | None = None) -> Callable[[Values], int] | None:
    """``values -> d``'s value with Z3's divisions (see the module docstring); None where ``d`` is
    too large to compile. Not cached: the witness search keeps it on its constraint."""
    if type(d) is int:
        return lambda values: d
    try:
        form, names = dim_template(d)
    except RecursionError:
        return None
    make = _maker(form, True, len(names), pred=False)
    return None if make is None else make(by_zero, *names)


def refuted_by(p: Pred, models: Iterable[Values]) -> bool:
    """Whether one of ``models`` (values consistent with the facts: a SOMETIMES's witnesses) makes
    ``p`` false, evaluated as Z3 divides: then ``p`` does not hold, and needs no question. Values
    that leave a symbol of ``p`` unset, or divide by a divisor that is not positive, show nothing.
    A model of a question's facts sets every symbol they reach, so one that sets all of ``p``'s
    is a model of the facts relevant to ``p`` as well (``solver.relevant_facts``)."""
    check = None
    for values in models:
        if check is None:
            form, names = template(p)
            make = _maker(form, True, len(names), pred=True)
            if make is None:
                return False
            check = make(None, *names)
        try:
            if not check(values):
                return True
        except (Undefined, KeyError):
            continue
    return False
