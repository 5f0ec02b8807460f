"""Generalised-ufunc signatures, NumPy's notation for core dimensions: ``(n?,k),(k,m?)->(n?,m?)``.

See NumPy's "Generalized universal function API": each operand's trailing dims are its *core* dims,
named so that a name shared by two operands must agree; the leading *loop* dims broadcast. A ``?``
marks a dim that may be missing (matmul's 1-D operands). Integers are fixed sizes, ``(3),(3)->(3)``.

:func:`apply_signature` is the one statement of how a signature types its operands; the analyser's
``sig()`` rules and the IR's ``matmul`` both call it, each with its own policy for requirements
(see ``requirements.py``). :func:`apply_signature_unknown_rank` is the same rule for operands of
which some have an unknown rank: their core dims are read from their known suffix where they lie
at the same place for every rank, so a mismatch found there fails for every rank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from .dims import Dim
from .predicates import eq
from .broadcast import broadcast_shapes
from .requirements import Require, fail, require_true
from .shapes import UNKNOWN_SHAPE, Shape

_OPERAND = re.compile(r"\(([^()]*)\)")


@dataclass(frozen=True, slots=True)
class CoreDim:
    name: str          # a name, or the decimal text of a fixed size
    optional: bool = False

    @property
    def fixed(self) -> int | None:
        return int(self.name) if self.name.isdigit() else None


@dataclass(frozen=True, slots=True)
class Signature:
    inputs: tuple[tuple[CoreDim, ...], ...]
    outputs: tuple[tuple[CoreDim, ...], ...]
    text: str


def parse_signature(text: str) -> Signature:
    """Parse a gufunc signature.

    >>> parse_signature("(n,k),(k,m)->(n,m)").inputs[1]
    (CoreDim(name='k', optional=False), CoreDim(name='m', optional=False))
    """
    compact = text.replace(" ", "")
    if "->" not in compact:
        raise ValueError(f"gufunc signature without '->': {text!r}")
    lhs, rhs = compact.split("->", 1)

    def operands(side: str) -> tuple[tuple[CoreDim, ...], ...]:
        found = _OPERAND.findall(side)
        if _OPERAND.sub("", side).replace(",", ""):
            raise ValueError(f"malformed gufunc signature: {text!r}")
        return tuple(
            tuple(CoreDim(d.rstrip("?"), d.endswith("?")) for d in op.split(",") if d)
            for op in found
        )

    return Signature(operands(lhs), operands(rhs), text)


# --- applying a signature --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MissingCoreDims:
    """Operand ``operand`` has ``rank`` dims; the signature's core needs ``required``."""

    operand: int
    rank: int
    required: int


@dataclass(frozen=True, slots=True)
class FixedCoreMismatch:
    """A core dim of ``operand`` is ``dim`` where the signature fixes ``size``."""

    operand: int
    dim: Dim
    size: int


@dataclass(frozen=True, slots=True)
class CoreMismatch:
    """Core dim ``name`` is ``first`` in operand ``first_operand`` but ``dim`` in ``operand``."""

    name: str
    first_operand: int
    first: Dim
    operand: int
    dim: Dim


#: ``broadcast(loop_shapes)``: the operands' loop dims broadcast (None: the caller cannot say).
Broadcast = Callable[[list[tuple[Dim, ...]]], "tuple[Dim, ...] | None"]


def _no_fresh(hint: str) -> Dim:
    raise ValueError(f"the output dim {hint} is bound by no input")


def apply_signature(signature: Signature, shapes: Sequence[Sequence[Dim] | None], *,
                    require: Require = require_true, broadcast: Broadcast = broadcast_shapes,
                    fresh: Callable[[str], Dim] = _no_fresh) -> list[tuple[Dim, ...]] | None:
    """The output shapes of a gufunc applied to operands of ``shapes``.

    Operands are read in order; an operand of unknown rank (None) stops the reading there and the
    result is None. Each operand's trailing dims are its core dims; an operand with fewer dims than
    its core drops its optional (``?``) core dims first, and those names are then missing from the
    outputs too (NumPy's matmul of a 1-D operand). A name met again must be the same dim and a
    fixed size must match (``require``, with a :class:`CoreMismatch` or :class:`FixedCoreMismatch`);
    too few dims is a :class:`MissingCoreDims`. The loop dims (the rest) go to ``broadcast``; an
    output name no input binds is ``fresh(name)``. The defaults suit concrete shapes.

    >>> matmul = parse_signature("(n?,k),(k,m?)->(n?,m?)")
    >>> apply_signature(matmul, [(5, 2, 3), (3,)])
    [(5, 2)]
    """
    bindings: dict[str, tuple[Dim, int]] = {}
    absent: set[str] = set()
    loops: list[tuple[Dim, ...]] = []
    for index, (core, shape) in enumerate(zip(signature.inputs, shapes)):
        if shape is None:
            return None
        dims = tuple(shape)
        required = sum(1 for c in core if not c.optional)
        if len(dims) < required:
            fail(require, MissingCoreDims(index, len(dims), required))
        present = list(core)
        if len(dims) < len(core):
            # NumPy drops optional core dims of a too-short operand (matmul's 1-D vector case)
            missing = len(core) - len(dims)
            for c in core:
                if missing and c.optional:
                    absent.add(c.name)
                    present.remove(c)
                    missing -= 1
        loops.append(dims[:len(dims) - len(present)])
        core_dims = dims[len(dims) - len(present):] if present else ()
        _bind_core(zip(present, core_dims), index, bindings, require)
    loop_dims = broadcast(loops)
    if loop_dims is None:
        return None
    outs = []
    for core in signature.outputs:
        out_core: list[Dim] = []
        for c in core:
            if c.name in absent:
                continue
            if c.fixed is not None:
                out_core.append(c.fixed)
            elif c.name in bindings:
                out_core.append(bindings[c.name][0])
            else:
                out_core.append(fresh(c.name))
        outs.append(tuple(loop_dims) + tuple(out_core))
    return outs


#: ``broadcast(loop_shapes)`` when some rank is unknown: the broadcast of the operands' loop shapes
#: (a shape of unknown rank with the suffix they fix), or None when nothing is known of it.
BroadcastShapes = Callable[[list[Shape]], "Shape | None"]


def _present_core(core: tuple[CoreDim, ...], shape: Shape, absent: set[str], maybe_absent: set[str],
                  index: int, require: Require) -> tuple[list[tuple[CoreDim, Dim]], Shape]:
    """The core dims of one operand that are known, paired with their dims, and its loop shape."""
    if not shape.variadic:
        dims = shape.prefix
        required = sum(1 for c in core if not c.optional)
        if len(dims) < required:
            fail(require, MissingCoreDims(index, len(dims), required))
        present = list(core)
        missing = max(len(core) - len(dims), 0)
        for c in core:
            if missing and c.optional:
                absent.add(c.name)
                present.remove(c)
                missing -= 1
        split = len(dims) - len(present)
        return list(zip(present, dims[split:])), Shape(dims[:split])
    suffix = shape.suffix
    if shape.min_rank >= len(core):
        # rank >= the core's length: every core dim is present, on the last len(core) axes
        fixed = core
        loop = (Shape(shape.prefix, True, suffix[:len(suffix) - len(core)]) if len(suffix) >= len(core)
                else UNKNOWN_SHAPE)
    else:
        # an optional core dim may be dropped: only those right of the last optional one have a
        # place from the end that does not depend on the rank
        last_optional = max((i for i, c in enumerate(core) if c.optional), default=-1)
        maybe_absent.update(c.name for c in core if c.optional)
        fixed = core[last_optional + 1:]
        loop = UNKNOWN_SHAPE
    known = suffix[max(len(suffix) - len(fixed), 0):] if fixed else ()
    return list(zip(fixed[len(fixed) - len(known):], known)), loop


def apply_signature_unknown_rank(signature: Signature, shapes: Sequence[Shape], *, broadcast: BroadcastShapes,
                                 require: Require = require_true,
                                 fresh: Callable[[str], Dim] = _no_fresh) -> list[Shape]:
    """The output shapes of a gufunc whose operands may have an unknown rank (``Shape`` with an
    unknown middle); outputs then have an unknown rank too, with the trailing dims that are known.

    An operand of unknown rank whose known dims cover its core (``(..., 784)`` for ``(n?,k)``) binds
    the core dims that lie at the same place from the end for every rank: all of them when it has
    at least as many dims as the core, else those right of the last optional (``?``) one. Core
    dims it does not fix are unknown, and an output dim that is unknown (or may be missing) ends
    the known suffix of the output there. Requirements are as in :func:`apply_signature`.

    >>> matmul = parse_signature("(n?,k),(k,m?)->(n?,m?)")
    >>> apply_signature_unknown_rank(matmul, [Shape((), True, (784,)), Shape((784, 128))],
    ...                              broadcast=lambda loops: None)
    [Shape(prefix=(), variadic=True, suffix=(128,))]
    """
    bindings: dict[str, tuple[Dim, int]] = {}
    absent: set[str] = set()
    maybe_absent: set[str] = set()
    loops: list[Shape] = []
    for index, (core, shape) in enumerate(zip(signature.inputs, shapes)):
        pairs, loop = _present_core(core, shape, absent, maybe_absent, index, require)
        loops.append(loop)
        _bind_core(pairs, index, bindings, require)
    named = {c.name for core in signature.inputs for c in core}
    loop_shape = broadcast(loops) or UNKNOWN_SHAPE
    outs = []
    for core in signature.outputs:
        out_core: list[Dim] = []
        complete = True
        for c in reversed(core):
            if c.name in absent:
                continue
            if c.fixed is not None:
                out_core.append(c.fixed)
            elif c.name in maybe_absent or (c.name in named and c.name not in bindings):
                complete = False
                break
            elif c.name in bindings:
                out_core.append(bindings[c.name][0])
            else:
                out_core.append(fresh(c.name))
        out_core.reverse()
        if complete and loop_shape.variadic:
            outs.append(Shape(loop_shape.prefix, True, loop_shape.suffix + tuple(out_core)))
        elif complete:
            outs.append(Shape(loop_shape.prefix + tuple(out_core)))
        else:
            outs.append(Shape((), True, tuple(out_core)))
    return outs


def _bind_core(pairs, index: int, bindings: dict, require: Require) -> None:
    """Bind operand ``index``'s core dims: a fixed size must match, a name seen before must agree
    with its first binding (``k`` of ``(n,k),(k,m)``), a new name is bound here."""
    for c, d in pairs:
        if c.fixed is not None:
            require(eq(d, c.fixed), FixedCoreMismatch(index, d, c.fixed))
        elif c.name in bindings:
            first, first_operand = bindings[c.name]
            require(eq(first, d), CoreMismatch(c.name, first_operand, first, index, d))
        else:
            bindings[c.name] = (d, index)
