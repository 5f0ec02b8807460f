"""Random functions over arrays whose shapes are unknown symbols, and NumPy's verdict on each op.

A program unpacks each parameter's shape into named symbols (``a, b = x.shape``), may state
relations between them (``assert b == c``, ``assert x.shape == (a, 3)``), applies one op, and
returns. The NumPy oracle samples many values of the symbols that satisfy the relations, runs the
op on zero arrays of those shapes, and classifies the op as always / never / sometimes failing.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np

SYMBOLS = "abcdefgh"
SAMPLE_VALUES = (0, 1, 2, 3, 4, 6)

#: one op per program: (source text over x, y, and the symbols; params' ranks)
OPS = [
    ("x + y", (1, 1)), ("x + y", (2, 1)), ("x + y", (2, 2)), ("x * y", (1, 2)),
    ("x @ y", (2, 2)), ("x @ y", (2, 1)), ("x @ y", (1, 2)), ("x @ y", (1, 1)),
    ("np.concatenate([x, y])", (2, 2)), ("np.concatenate([x, y], axis=1)", (2, 2)),
    ("np.concatenate([x, y])", (1, 1)), ("np.stack([x, y])", (2, 2)), ("np.stack([x, y])", (1, 1)),
    ("x.reshape(-1, 3)", (2,)), ("x.reshape(-1, 2)", (1,)), ("x.reshape(3, 2)", (2,)),
    ("x.reshape({s0} * {s1})", (2,)), ("x.reshape({s0}, {s1} + 1)", (2,)),
    ("np.dot(x, y)", (2, 2)), ("np.outer(x, y) + x[:, None]", (1, 1)),
    ("x[:, 0] + y", (2, 1)), ("np.where(x > 0, x, y)", (2, 2)), ("x.T @ y", (2, 2)),
    ("x.sum(axis=0) + y", (2, 1)), ("np.vstack([x, y])", (2, 2)), ("np.hstack([x, y])", (2, 2)),
    ("np.broadcast_to(x, ({s0}, 3))", (1,)), ("np.matmul(x, y.T)", (2, 2)),
]


@dataclass(frozen=True)
class Program:
    source: str
    op_line: int                   # 1-based line of the op in source
    params: tuple[tuple[str, ...], ...]   # the symbols of each parameter's shape
    relations: tuple[tuple[str, str], ...]   # (symbol, symbol-or-constant) equalities
    op: str


def generate(rng: random.Random) -> Program:
    template, ranks = rng.choice(OPS)
    names = iter(SYMBOLS)
    params = tuple(tuple(next(names) for _ in range(r)) for r in ranks)
    used = [s for p in params for s in p]
    relations = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        a = rng.choice(used)
        b = rng.choice([s for s in used if s != a] + ["1", "2", "3"])
        relations.append((a, b))
    op = template.format(**{f"s{i}": s for i, s in enumerate(used)})
    pnames = ("x", "y")[:len(params)]
    lines = ["import numpy as np", "", "", f"def f({', '.join(pnames)}):"]
    for pname, dims in zip(pnames, params):
        lines.append(f"    {', '.join(dims)}{',' if len(dims) == 1 else ''} = {pname}.shape")
    for a, b in relations:
        lines.append(f"    assert {a} == {b}")
    lines.append(f"    r = {op}")
    op_line = len(lines)
    lines.append("    return r")
    return Program("\n".join(lines) + "\n", op_line, params, tuple(relations), op)


def assignments(program: Program, limit: int = 400):
    """Values of the symbols that satisfy the program's relations (a sample, deterministic)."""
    symbols = [s for p in program.params for s in p]
    out = []
    for values in itertools.product(SAMPLE_VALUES, repeat=len(symbols)):
        env = dict(zip(symbols, values))
        if all(env[a] == (int(b) if b.isdigit() else env[b]) for a, b in program.relations):
            out.append(env)
            if len(out) >= limit:
                break
    return out


def numpy_fails(program: Program, env: dict) -> bool:
    """Whether NumPy raises running the op on zero arrays of these shapes."""
    arrays = {name: np.zeros(tuple(env[s] for s in dims))
              for name, dims in zip(("x", "y"), program.params)}
    try:
        eval(program.op, {"np": np}, {**arrays, **env})   # the op text is ours, never user code
    except Exception:
        return True
    return False


def classify(program: Program) -> str:
    """"always", "never" or "sometimes" failing over the sampled consistent shapes.

    "always" means on every non-empty sample (every dim >= 1): an op that works only when some dim
    is 0 is a bug shapecheck reports (issue 10: definite errors assume unknown dims are >= 1)."""
    samples = assignments(program)
    nonempty = [env for env in samples if all(v >= 1 for v in env.values())]
    if not samples or not nonempty:
        return "vacuous"
    results = {numpy_fails(program, env) for env in samples}
    if all(numpy_fails(program, env) for env in nonempty):
        return "always"
    if results == {False}:
        return "never"
    return "sometimes"
