"""The case-file runner: every ``tests/cases/**/*.py`` is checked and compared with its comments.

Expectations are trailing comments on the line they are about (mypy/ruff style):

    y = x @ w          # error: SC102
    reveal_shape(y)    # reveal: (n, 10)
    z = f(a)           # warning: SC120
    h = np.zeros(HOLE) # info: SC302  # hole: 784
    reveal_shape(x)    # reveal: (8, 32)  # local: (4, 8)  # layout: P('dp', 'tp')

``local`` and ``layout`` check a sharded array's reveal (its piece on one device, its placement).

A line may hold several (``# error: SC101, SC104``). Every error and warning shapecheck reports must
be expected, and every expectation met. A first-line comment ``# shapecheck-options: strict`` sets
options. Adding a case is adding a file; files are never imported or run here.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from shapecheck.api import Options, Project, check_source
from shapecheck.constraints.dims import DimParseError, parse_dim

CASES = Path(__file__).parent / "cases"
_EXPECT = re.compile(r"(error|warning|info|reveal|hole|local|layout):\s*([^#]*)")
_PLACED = re.compile(r", sharded (P\(.*?\)(?: partial\([^)]*\))?) over \{.*?\}, local (\(.*?\)|\?)")


def _comments(source: str) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                out.setdefault(tok.start[0], []).append(tok.string)
    except (tokenize.TokenError, SyntaxError):
        # a case that does not parse: fall back to the text after the last '#' on each line
        out = {i: [line[line.rindex("#"):]] for i, line in enumerate(source.splitlines(), 1) if "#" in line}
    return out


def _expectations(source: str):
    expected: dict[int, dict[str, list[str]]] = {}
    for line, comments in _comments(source).items():
        for comment in comments:
            for kind, value in _EXPECT.findall(comment):
                expected.setdefault(line, {}).setdefault(kind, []).append(value.strip())
    return expected


def _options(source: str) -> Options:
    first = source.splitlines()[0] if source else ""
    m = re.match(r"#\s*shapecheck-options:\s*(.*)", first)
    flags = {f.strip() for f in m.group(1).split(",")} if m else set()
    return Options(strict="strict" in flags)


def _shown_shape(message: str) -> list[str] | None:
    """The dims of a shape of unknown rank as ``reveal_shape`` shows it (``(..., 128)``), with
    ``...`` for the unknown middle; ``?`` (nothing known) is ``["..."]``."""
    m = re.match(r"reveal_shape: shape: (\?|\(.*?\))(, dtype: .*)?$", message)
    if m is None:
        return None
    return ["..."] if m.group(1) == "?" else _split_top(m.group(1)[1:-1])


def _same_shape(expected: str, shape, message: str = "") -> bool:
    """``# reveal: (n, 3)`` against a revealed shape; ``(..., 128)`` (``...`` for an unknown middle,
    ``(...)`` for an unknown rank, ``*x`` for parameter x's dims) against the shown text of a shape
    of unknown rank."""
    text = expected.strip()
    if ("..." in text or "*" in text) and shape is None:
        shown = _shown_shape(message)
        return shown is not None and text.startswith("(") and text.endswith(")") and \
            _same_dims(_split_top(text[1:-1]), shown)
    if shape is None:
        return expected in ("?", "unknown")
    if not (text.startswith("(") and text.endswith(")")):
        return False
    return _same_dims(_split_top(text[1:-1]), [str(d) for d in shape])


def _same_dims(parts: list[str], shape: list[str]) -> bool:
    if len(parts) != len(shape):
        return False
    for want, got in zip(parts, shape):
        if str(want) == str(got):
            continue
        try:
            if parse_dim(want) != parse_dim(str(got)):
                return False
        except DimParseError:
            return False
    return True


def _split_top(text: str) -> list[str]:
    """Comma-separated parts, ignoring commas inside brackets (``max(d, e)``)."""
    parts, depth, current = [], 0, []
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _case_files():
    return sorted(p for p in CASES.rglob("*.py"))


@pytest.mark.parametrize("path", _case_files(), ids=lambda p: str(p.relative_to(CASES)))
def test_case(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    expected = _expectations(source)
    report = check_source(source, str(path), project=Project(roots=[str(path.parent)]),
                          options=_options(source))
    problems: list[str] = []
    by_line: dict[int, list] = {}
    for d in report.diagnostics:
        by_line.setdefault(d.span.line, []).append(d)
    for line in sorted(set(by_line) | set(expected)):
        got = by_line.get(line, [])
        want = expected.get(line, {})
        for severity in ("error", "warning", "info"):
            want_codes = sorted(c.strip() for v in want.get(severity, []) for c in v.split(",") if c.strip())
            got_codes = sorted(d.code for d in got if d.severity == severity and d.code != "SC301")
            if severity == "info" and not want_codes:
                continue  # unexpected info notes (hole solutions in passing) are not failures
            if want_codes != got_codes:
                detail = "; ".join(f"{d.code} {d.message}" for d in got if d.severity == severity)
                problems.append(f"line {line}: expected {severity} {want_codes or 'none'}, got "
                                f"{got_codes or 'none'} {detail}")
        for reveal in want.get("reveal", []):
            shapes = [d for d in got if d.code == "SC301"]
            if not shapes:
                problems.append(f"line {line}: expected reveal {reveal}, got no reveal")
            elif not any(_same_shape(reveal, d.shape, d.message) for d in shapes):
                problems.append(f"line {line}: expected reveal {reveal}, got {[d.message for d in shapes]}")
        problems += _placement_problems(line, want, [d for d in got if d.code == "SC301"])
        for hole in want.get("hole", []):
            holes = [d for d in got if d.code == "SC302"]
            if not any((d.hole or "None") == hole or (d.hole and _same_dim(hole, d.hole)) for d in holes):
                problems.append(f"line {line}: expected hole {hole}, got {[(d.hole, d.message) for d in holes]}")
    assert not problems, "\n".join(problems)


def _placement_problems(line: int, want: dict, reveals: list) -> list[str]:
    """``# local: (4, 8)`` and ``# layout: P('dp', None)`` against the reveal's sharding suffix."""
    placed = [m for d in reveals for m in [_PLACED.search(d.message)] if m is not None]
    problems = []
    for kind, group in (("layout", 1), ("local", 2)):
        for expected in want.get(kind, []):
            shown = [m.group(group) for m in placed]
            ok = any(s == expected or (kind == "local" and s.startswith("(") and expected.startswith("(")
                                       and _same_dims(_split_top(expected[1:-1]), _split_top(s[1:-1])))
                     for s in shown)
            if not ok:
                problems.append(f"line {line}: expected {kind} {expected}, got {shown or [d.message for d in reveals]}")
    return problems


def _same_dim(a: str, b: str) -> bool:
    try:
        return parse_dim(a) == parse_dim(b)
    except DimParseError:
        return False
