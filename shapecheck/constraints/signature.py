"""Generalised-ufunc signatures, NumPy's notation for core dimensions: ``(n?,k),(k,m?)->(n?,m?)``.

See NumPy's "Generalized universal function API": each operand's trailing dims are its *core* dims,
named so that a name shared by two operands must agree; the leading *loop* dims broadcast. A ``?``
marks a dim that may be missing (matmul's 1-D operands). Integers are fixed sizes, ``(3),(3)->(3)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
