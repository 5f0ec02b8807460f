"""Random traced programs for the IR property tests: straight-line NumPy code over
``x: (n, 4)``, ``w: (4, 4)``, ``b: (4,)`` whose every expression is shape-correct by construction
(full ``(n, 4)`` values and column ``(n, 1)`` values from keepdims reductions)."""

import numpy as np
from hypothesis import strategies as st

from shapecheck.ir import trace

SHAPES = {"x": ("n", 4), "w": (4, 4), "b": (4,)}


def _full(draw, names, depth):
    full_vars, col_vars = names
    if depth <= 0:
        return draw(st.sampled_from(full_vars))
    kind = draw(st.sampled_from(["var", "bin", "bincol", "unary", "matmul", "relu", "where", "bias", "slice"]))
    sub = lambda: _full(draw, names, depth - 1)  # noqa: E731
    if kind == "var":
        return draw(st.sampled_from(full_vars))
    if kind == "bin":
        return f"({sub()} {draw(st.sampled_from(['+', '-', '*']))} {sub()})"
    if kind == "bincol":
        return f"({sub()} {draw(st.sampled_from(['+', '-', '*']))} {_col(draw, names, depth - 1)})"
    if kind == "unary":
        return f"np.{draw(st.sampled_from(['tanh', 'sin', 'abs', 'cos']))}({sub()})"
    if kind == "matmul":
        return f"({sub()} @ w)"
    if kind == "relu":
        return f"np.maximum({sub()}, 0.0)"
    if kind == "where":
        return f"np.where({sub()} > 0, {sub()}, {_col(draw, names, depth - 1)})"
    if kind == "slice":
        return f"({sub()})[:, ::-1]"
    return f"({sub()} + b * 2.0)"


def _col(draw, names, depth):
    full_vars, col_vars = names
    if depth <= 0 or (col_vars and draw(st.booleans())):
        if col_vars:
            return draw(st.sampled_from(col_vars))
    reduce = draw(st.sampled_from(["sum", "max", "min", "mean"]))
    return f"{_full(draw, names, max(depth - 1, 0))}.{reduce}(axis=-1, keepdims=True)"


@st.composite
def programs(draw):
    """Source of ``def f(x, w, b)``: a few assignments, then a return."""
    full_vars, col_vars = ["x"], []
    lines = ["def f(x, w, b):"]
    for i in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            lines.append(f"    v{i} = {_full(draw, (full_vars, col_vars), draw(st.integers(0, 2)))}")
            full_vars.append(f"v{i}")
        else:
            lines.append(f"    c{i} = {_col(draw, (full_vars, col_vars), draw(st.integers(0, 2)))}")
            col_vars.append(f"c{i}")
    lines.append(f"    return {_full(draw, (full_vars, col_vars), draw(st.integers(0, 2)))}")
    return "\n".join(lines) + "\n"


def traced(source):
    return trace(source, "f", shapes=SHAPES)


def inputs(seed: int, n: int = 3):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, (n, 4)).astype(np.float32), rng.uniform(-1, 1, (4, 4)).astype(np.float32),
            rng.uniform(-1, 1, (4,)).astype(np.float32)]
