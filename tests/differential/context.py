"""What an op generator draws from: the seeded RNG, the live arrays, and helpers that turn shapes into text.

The generator executes each statement it emits (our own generated code, never user code), so
``env`` holds the real NumPy values of every variable defined so far. An op generator reads real
shapes from it to pick operands that fit, or that deliberately do not.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

Shape = tuple[int, ...]


@dataclass(frozen=True)
class Operand:
    """An operand as written in the program, with the shape and dtype NumPy gives it."""

    text: str
    shape: Shape
    dtype: np.dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class Candidate:
    """One statement an op generator proposes; the driver executes it to learn whether it fails.

    A plain assignment is ``rhs`` bound to ``n_targets`` fresh names (tuple unpacking when more
    than one). A statement that rebinds nothing new (``x += y``, ``x[i] = y``) gives its full
    ``text`` and the existing names it changes in ``revealed``.
    """

    kind: str
    op: str
    rhs: str = ""
    n_targets: int = 1
    text: str = ""
    revealed: tuple[str, ...] = ()
    # False for values whose shape depends on the data (boolean-mask indexing): their reveal is
    # not compared and they never become operands, so later lines stay data-independent.
    shape_is_static: bool = True
    # The targets are Python ints (``n, m = x.shape``): named n<k>, kept for later dims, not revealed.
    int_targets: bool = False


# The whole program stays small: NumPy runs it in microseconds and no op can blow up memory.
MAX_SIZE = 2048
MAX_RANK = 6


@dataclass
class GenContext:
    """Mutable per-program state of the generator: RNG, live variables, and a palette of dims.

    The palette makes independently drawn shapes agree often (as in real code, where a few sizes
    recur), so compatible operands are usually found among existing variables.
    """

    rng: random.Random
    env: dict[str, object] = field(default_factory=dict)
    palette: tuple[int, ...] = (2, 3, 4)
    # Makes a nested operand such as ``(x @ w).T`` (set by the generator; None while nesting).
    subexpression: Callable[[GenContext], Operand | None] | None = None

    # -- dims and shapes -------------------------------------------------------------------
    def dim(self) -> int:
        roll = self.rng.random()
        if roll < 0.15:
            return 1
        if roll < 0.85:
            return self.rng.choice(self.palette)
        return self.rng.randint(2, 7)

    def other_dim(self, *avoid: int) -> int:
        """A dim > 1 different from every ``avoid`` (a mismatch that broadcasting cannot rescue)."""
        choices = [d for d in (*self.palette, 2, 3, 4, 5, 6, 7) if d not in avoid and d > 1]
        return self.rng.choice(choices)

    def rank(self, low: int = 0, high: int = 4) -> int:
        weights = {0: 0.04, 1: 0.3, 2: 0.36, 3: 0.2, 4: 0.1}
        ranks = [r for r in range(low, high + 1) if r in weights] or [low]
        return self.rng.choices(ranks, [weights.get(r, 0.1) for r in ranks])[0]

    def shape(self, low: int = 0, high: int = 4) -> Shape:
        for _ in range(20):
            s = tuple(self.dim() for _ in range(self.rank(low, high)))
            if math.prod(s) <= MAX_SIZE // 4:
                return s
        return tuple(2 for _ in range(low))

    def broadcast_partner(self, shape: Shape) -> Shape:
        """A shape that broadcasts with ``shape``: a suffix with some dims set to 1, maybe a new lead dim."""
        k = self.rng.randint(0, len(shape))
        out = []
        for d in shape[len(shape) - k:]:
            if d == 1:
                out.append(self.rng.choice([1, 1, self.dim()]))
            else:
                out.append(d if self.rng.random() < 0.75 else 1)
        # new lead dims only in front of the whole shape (else they would align with its dims)
        lead = [self.dim() for _ in range(self.rng.choice([0, 0, 0, 1]))] if k == len(shape) else []
        return tuple(lead + out)

    def assignable_partner(self, target: Shape) -> Shape:
        """A shape that broadcasts *to* ``target`` (in-place ops, subscript assignment, broadcast_to)."""
        k = self.rng.randint(0, len(target))
        out = [d if self.rng.random() < 0.75 else 1 for d in target[len(target) - k:]]
        return tuple([1] * self.rng.choice([0, 0, 0, 1]) + out)

    def break_dim(self, shape: Shape, partner: Shape) -> Shape | None:
        """``partner`` aligned right against ``shape`` with one non-1 dim of ``shape`` contradicted."""
        full = list(partner)
        if len(full) < len(shape):
            full = list(shape[: len(shape) - len(full)]) + full
        offset = len(full) - len(shape)
        spots = [i for i, d in enumerate(shape) if d != 1]
        if not spots:
            return None
        i = self.rng.choice(spots)
        full[offset + i] = self.other_dim(shape[i])
        return tuple(full)

    def axis_in(self, ndim: int) -> int:
        """A valid axis for ``ndim`` dims, negative a third of the time."""
        a = self.rng.randrange(ndim)
        return a - ndim if self.rng.random() < 0.33 else a

    def axis_out(self, ndim: int) -> int:
        return self.rng.choice([ndim, ndim + 1, -ndim - 1])

    # -- operands --------------------------------------------------------------------------
    def arrays(self) -> list[str]:
        return [n for n, v in self.env.items() if isinstance(v, np.ndarray)]

    def pick(self, low: int = 0, high: int = MAX_RANK, transposable: bool = True) -> Operand | None:
        """An existing array with ``low <= ndim <= high``, recent ones more likely; sometimes ``x.T``
        or a nested expression. ``transposable=False``: always a plain variable name."""
        if transposable and self.subexpression is not None and self.rng.random() < 0.12:
            nested = self.subexpression(self)
            if nested is not None and low <= nested.ndim <= high:
                return nested
        names = [n for n in self.arrays() if low <= self.env[n].ndim <= high]
        if not names:
            return None
        weights = [1.0 + i for i in range(len(names))]
        name = self.rng.choices(names, weights)[0]
        value = self.env[name]
        if transposable and value.ndim >= 2 and self.rng.random() < 0.1:
            return Operand(f"{name}.T", value.shape[::-1], value.dtype)
        return Operand(name, value.shape, value.dtype)

    def find(self, predicate) -> Operand | None:
        """An existing array whose shape satisfies ``predicate``, or None."""
        names = [n for n in self.arrays() if predicate(self.env[n].shape)]
        if not names:
            return None
        name = self.rng.choice(names)
        return Operand(name, self.env[name].shape, self.env[name].dtype)

    def operand(self, shape: Shape, prefer_existing: float = 0.5) -> Operand:
        """An operand of exactly ``shape``: an existing variable when one fits, else a creation call."""
        if self.rng.random() < prefer_existing:
            found = self.find(lambda s: s == shape)
            if found is not None:
                return found
        if not shape:
            text = self.rng.choice(["np.array(2.0)", "np.zeros(())", "np.ones(())"])
        else:
            text = self.rng.choice([
                f"np.ones({self.shape_text(shape)})",
                f"np.zeros({self.shape_text(shape)})",
                f"np.random.rand({', '.join(self.dim_text(d) for d in shape)})",
                f"np.full({self.shape_text(shape)}, 0.5)",
            ])
        return Operand(text, shape, np.dtype(float))

    # -- text ------------------------------------------------------------------------------
    def ints(self) -> list[str]:
        return [n for n, v in self.env.items() if type(v) is int]

    def int_text(self, d: int) -> str | None:
        """``d`` written with an int variable (``n3``, ``n3 + 1``, ``n3 // 2``, ``2 * n3``), if one fits."""
        forms = []
        for name in self.ints():
            v = self.env[name]
            if v == d:
                forms += [name, name]
            if 0 < d - v <= 2:
                forms.append(f"{name} + {d - v}")
            if 0 < v - d <= 2:
                forms.append(f"{name} - {v - d}")
            if d > 0 and v % d == 0 and v // d > 1:
                forms.append(f"{name} // {v // d}")
            if v * 2 == d:
                forms.append(f"2 * {name}")
            for other in self.ints():
                if v * self.env[other] == d:
                    forms.append(f"{name} * {other}")
        return self.rng.choice(forms) if forms else None

    def dim_text(self, d: int) -> str:
        """``d`` as a literal, or now and then as ``x.shape[i]`` / ``len(x)`` / an int variable."""
        if self.rng.random() < 0.25:
            written = self.int_text(d)
            if written is not None:
                return written
        if self.rng.random() < 0.12:
            sources = [(n, i) for n in self.arrays() for i, e in enumerate(self.env[n].shape) if e == d]
            if sources:
                name, i = self.rng.choice(sources)
                if i == 0 and self.rng.random() < 0.4:
                    return f"len({name})"
                if self.rng.random() < 0.3:
                    return f"{name}.shape[{i - self.env[name].ndim}]"
                return f"{name}.shape[{i}]"
        return str(d)

    def shape_text(self, shape: Shape, allow_int: bool = True) -> str:
        """A shape argument: ``(3, 4)``, ``(3,)``, ``()``, sometimes ``5``, ``[3, 4]`` or ``x.shape``."""
        if shape and self.rng.random() < 0.15:
            written = self._shape_from_arrays(shape)
            if written is not None:
                return written
        if len(shape) == 1 and allow_int and self.rng.random() < 0.4:
            return self.dim_text(shape[0])
        parts = [self.dim_text(d) for d in shape]
        if self.rng.random() < 0.1 and shape:
            return "[" + ", ".join(parts) + "]"
        if len(parts) == 1:
            return f"({parts[0]},)"
        return "(" + ", ".join(parts) + ")"

    def _shape_from_arrays(self, shape: Shape) -> str | None:
        """``shape`` spelt with a live array's shape: ``x.shape``, ``x.shape[1:]``, ``x.shape[:-1] + (4,)``."""
        forms = []
        for name in self.arrays():
            s = self.env[name].shape
            if s == shape:
                forms.append(f"{name}.shape")
            if s[1:] == shape and len(s) > 1:
                forms.append(f"{name}.shape[1:]")
            if s[:-1] == shape[:-1] and len(s) >= 1 and len(shape) >= 1:
                forms.append(f"{name}.shape[:-1] + ({self.dim_text(shape[-1])},)")
            if shape[1:] == s:
                forms.append(f"({self.dim_text(shape[0])},) + {name}.shape")
        return self.rng.choice(forms) if forms else None

    def axes_text(self, axes) -> str:
        return "(" + ", ".join(str(a) for a in axes) + ("," if len(axes) == 1 else "") + ")"

