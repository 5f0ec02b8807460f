"""Seeded random NumPy programs with concrete shapes, for the differential test against NumPy itself.

A program is straight-line module code: ``import numpy as np``, then 5-25 statements, each on one
line and each followed by ``reveal_shape(name)`` for every name it binds or changes. About 40% of
programs are built to fail: at one chosen statement the generator picks operands that mismatch.

The generator runs each statement as it emits it (the op tables only aim; execution decides), so
it knows every variable's real shape, rejects statements that fail for reasons other than shape
(dtype errors, read-only views) or that would be empty or large, and stops at the first shape
failure after a couple of trailing, never-executed statements.

>>> program = generate_program(7)
>>> program.source.splitlines()[0]
'import numpy as np'
>>> program.source == generate_program(7).source
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .context import MAX_RANK, MAX_SIZE, Candidate, GenContext, Operand
from .ops_dims import DIMS
from .ops_combine import JOIN, REDUCE, SPLIT, TILE, reduction
from .ops_layout import EXPAND, FANCY, INDEX, MASK, RESHAPE, SETITEM, TRANSPOSE, expand_dims, index, reshape, transpose
from .ops_linalg import LINALG, MATMUL, dot, matmul
from .ops_values import CREATE, ELEMENTWISE, binary, ufunc1
from .oracle import is_shape_error, quiet

# op kind -> (weight, table of (generator, weight)); the kinds are the rows of the miss breakdown.
KINDS = {
    "create": (8, CREATE),
    "elementwise": (14, ELEMENTWISE),
    "matmul": (12, MATMUL),
    "transpose": (6, TRANSPOSE),
    "reshape": (7, RESHAPE),
    "reduce": (11, REDUCE),
    "join": (8, JOIN),
    "split": (3, SPLIT),
    "tile": (4, TILE),
    "index": (10, INDEX),
    "mask": (2, MASK),
    "setitem": (2, SETITEM),
    "expand": (6, EXPAND),
    "dims": (4, DIMS),
    "linalg": (4, LINALG),
    "fancy": (3, FANCY),
}
# The kinds the failing statement is drawn from: broadcasting and contraction errors are the
# common real-world ones, so they lead; an index error is easy to make and would otherwise dominate.
ERROR_KIND_WEIGHTS = {
    "create": 3, "elementwise": 16, "matmul": 14, "transpose": 5, "reshape": 8, "reduce": 8, "join": 8,
    "split": 4, "tile": 4, "index": 6, "mask": 2, "setitem": 3, "expand": 6, "dims": 0,
    "linalg": 5, "fancy": 3,
}
ERROR_RATE = 0.4
# Ops whose (clean) result may stand as an operand inside another statement.
NESTABLE = [binary, ufunc1, transpose, reduction, index, reshape, expand_dims, matmul, dot]
NAMES = "xyzwabhuvmpqst"


@dataclass(frozen=True)
class Line:
    """One line of a program and what it is for (the breakdown and the checker read these)."""

    text: str
    role: str            # "import" | "stmt" | "reveal"
    kind: str = ""       # op kind of the statement; a reveal line carries its statement's
    op: str = ""
    checked: bool = True  # for reveals: compared with NumPy (False for data-dependent shapes)


@dataclass(frozen=True)
class Program:
    seed: int
    lines: tuple[Line, ...]
    # The line the generator saw fail (the oracle re-derives it; the self-test compares the two).
    failing_line: int | None

    @property
    def source(self) -> str:
        return "".join(line.text + "\n" for line in self.lines)

    def line(self, number: int) -> Line:
        return self.lines[number - 1]

    def numbered(self) -> str:
        return "".join(f"{i:3d}  {line.text}\n" for i, line in enumerate(self.lines, 1))


@dataclass(frozen=True)
class _Emitted:
    candidate: Candidate
    text: str
    revealed: tuple[str, ...]
    failed: bool


def generate_program(seed: int) -> Program:
    """The program for ``seed``: same seed, same text (for one NumPy version)."""
    rng = random.Random(seed)
    ctx = GenContext(rng, env={"np": np}, palette=tuple(rng.sample(range(2, 8), 3)), subexpression=_nested_operand)
    n_statements = rng.randint(5, 25)
    # the failing statement is the 5th or later, so every program has 5-25 statements
    error_at = rng.randrange(4, n_statements) if rng.random() < ERROR_RATE else None
    lines = [Line("import numpy as np", "import")]
    counter = [0]  # next fresh variable number, advanced only when a statement is kept
    failing_line = None
    emitted_count = 0
    for _ in range(3 * n_statements):
        if emitted_count == n_statements:
            break
        emitted = _statement(ctx, counter, want_error=(emitted_count == error_at)) or _statement(ctx, counter, False)
        if emitted is None:
            continue
        emitted_count += 1
        c = emitted.candidate
        lines.append(Line(emitted.text, "stmt", c.kind, c.op))
        if emitted.failed:
            failing_line = len(lines)
            # A few lines after the failure: never run, never checked, but the analyser must survive them.
            for _ in range(min(rng.choice([0, 1, 2]), n_statements - emitted_count)):
                trailing = _statement(ctx, counter, False)
                if trailing is not None:
                    lines.append(Line(trailing.text, "stmt", trailing.candidate.kind, trailing.candidate.op))
            break
        lines += [Line(f"reveal_shape({name})", "reveal", c.kind, c.op, c.shape_is_static) for name in emitted.revealed]
    return Program(seed, tuple(lines), failing_line)


def _statement(ctx: GenContext, counter: list[int], want_error: bool, attempts: int = 60) -> _Emitted | None:
    """Draw candidates until one behaves as wanted (a shape failure, or a clean, small result)."""
    kinds = list(KINDS)
    kind_weights = [ERROR_KIND_WEIGHTS[k] if want_error else KINDS[k][0] for k in kinds]
    for _ in range(attempts):
        kind = "create" if len(ctx.arrays()) < 2 else ctx.rng.choices(kinds, kind_weights)[0]
        table = KINDS[kind][1]
        make = ctx.rng.choices([f for f, _ in table], [w for _, w in table])[0]
        candidate = make(ctx, want_error)
        if candidate is None:
            continue
        if candidate.text:
            text, revealed, new = candidate.text, candidate.revealed, ()
        else:
            start = counter[0]
            if candidate.int_targets:
                new = tuple(f"n{start + j}" for j in range(candidate.n_targets))
            elif candidate.n_targets == 1 and ctx.arrays() and ctx.rng.random() < 0.1:
                new = (ctx.rng.choice(ctx.arrays()),)   # rebinding a name, as real code does
            else:
                new = tuple(f"{NAMES[(start + j) % len(NAMES)]}{start + j}" for j in range(candidate.n_targets))
            text = f"{', '.join(new)} = {candidate.rhs}"
            revealed = () if candidate.int_targets else new
        trial = dict(ctx.env)
        try:
            with quiet():
                exec(text, trial)  # our own generated statement
        except Exception as exc:  # noqa: BLE001 - deciding what kind of failure it was
            if want_error and is_shape_error(exc):
                counter[0] += len(new)
                return _Emitted(candidate, text, revealed, failed=True)
            continue
        if want_error or not all(_acceptable(trial[name]) for name in revealed):
            continue
        if candidate.int_targets and not all(type(trial[n]) is int and 0 < trial[n] <= 64 for n in new):
            continue
        for name in new:
            # Scalars and data-dependent values are revealed but never reused as operands.
            keep = isinstance(trial[name], np.ndarray) or candidate.int_targets
            if not (candidate.shape_is_static and keep):
                del trial[name]
        trial.pop("__builtins__", None)
        ctx.env = trial
        counter[0] += len(new)
        return _Emitted(candidate, text, revealed, failed=False)
    return None


def _nested_operand(ctx: GenContext) -> Operand | None:
    """A clean sub-expression, such as ``(x @ w)`` or ``(y.sum(axis=0))``, to use as an operand."""
    hook = ctx.subexpression
    if ctx.rng.random() < 0.7:
        ctx.subexpression = None    # mostly one level of nesting, sometimes two or more
    try:
        candidate = ctx.rng.choice(NESTABLE)(ctx, False)
    finally:
        ctx.subexpression = hook
    if candidate is None or candidate.text or candidate.n_targets != 1 or not candidate.shape_is_static:
        return None
    try:
        with quiet():
            value = eval(candidate.rhs, {}, dict(ctx.env))  # our own generated expression
    except Exception:  # noqa: BLE001 - not usable as an operand; the caller draws another
        return None
    if not isinstance(value, np.ndarray) or not _acceptable(value):
        return None
    return Operand(f"({candidate.rhs})", value.shape, value.dtype)


def _acceptable(value) -> bool:
    return (isinstance(value, (np.ndarray, np.generic))
            and 0 < value.size <= MAX_SIZE and value.ndim <= MAX_RANK)
