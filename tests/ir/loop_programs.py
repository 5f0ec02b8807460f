"""Random Numba-style functions for the loop IR's property tests: loops over ``range`` with
element reads and writes at indices nothing proves in range (``x[idx[i]]``, ``x[k]`` of a
variable ``k``: each checked at run time), slices with bounds from scalar arguments and at a
loop variable (their assignments checked), branches, ``while``, ``break`` and returns inside
loops: the constructs that give a kernel its fault record and the exits its checks take.

Arguments: ``x: (n,)`` f64, ``idx: (m,)`` i64, ``y: (2,)`` f64, ``a, b`` i64 scalars; the shapes
symbolic or given (``shapes_of``)."""

from hypothesis import strategies as st

ARGUMENTS = ("x", "idx", "y", "a", "b")
DTYPES = {"idx": "i64", "a": "i64", "b": "i64"}

_SIMPLE = [
    "s += x[idx[i]]",
    "out[idx[i]] = s",
    "out[idx[i]] += x[i]",
    "s += x[{c}] * x[-{c1}]",
    "out[a:b] = 2.0",
    "s += np.sum(x[a:b])",
    "s += np.argmax(x[a:b]) - x[i:i + 3].argmin()",   # no elements: NumPy's ValueError
    "out[i:i + 2] = y",
    "out[a:b] = x[a:b] * 0.5",
    "k = idx[i] + a",
    "s += x[k]",
]


def _block(draw, depth: int, indent: str) -> list[str]:
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["simple"] * 4 + (["if", "while", "break", "return"] if depth else [])))
        if kind == "simple":
            lines.append(indent + draw(st.sampled_from(_SIMPLE)).format(c=draw(st.integers(0, 3)),
                                                                       c1=draw(st.integers(1, 3))))
        elif kind == "if":
            lines.append(indent + f"if x[idx[i]] > {draw(st.integers(-1, 1))}.0:")
            lines += _block(draw, depth - 1, indent + "    ")
            if draw(st.booleans()):
                lines.append(indent + "else:")
                lines += _block(draw, depth - 1, indent + "    ")
        elif kind == "while":
            lines.append(indent + "k = 0")
            lines.append(indent + "while k < a:")
            lines += _block(draw, depth - 1, indent + "    ")
            lines.append(indent + "    k += 1")
        elif kind == "break":
            lines.append(indent + "if s > 10.0:")
            lines.append(indent + "    break")
        else:
            lines.append(indent + "if s < -10.0:")
            lines.append(indent + "    return out, s")
    return lines


@st.composite
def loop_programs(draw):
    """Source of ``def f(x, idx, y, a, b)``: a loop over ``idx`` doing checked work, then a
    return of ``out`` and ``s``."""
    lines = [f"def f({', '.join(ARGUMENTS)}):", "    out = np.zeros(x.shape[0])", "    s = 0.0", "    k = 0",
             "    for i in range(idx.shape[0]):"]
    lines += _block(draw, 2, "        ")
    lines.append("    return out, s")
    return "\n".join(lines) + "\n"


@st.composite
def shapes_of(draw):
    """Symbolic shapes, or sizes given (constant trip counts, constant bounds; x long enough for
    the constant indices, which the analyser would otherwise prove out of range)."""
    if draw(st.booleans()):
        return {"x": ("n",), "idx": ("m",), "y": (2,), "a": (), "b": ()}
    return {"x": (draw(st.integers(4, 6)),), "idx": (draw(st.integers(0, 4)),), "y": (2,), "a": (), "b": ()}
