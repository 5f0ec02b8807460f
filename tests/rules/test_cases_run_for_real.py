"""The numpy case files run under real NumPy (and the torch ones under torch, the einops, einx and jax
ones under einops, einx, JAX and Flax, where they import): their expectations must be what the library does.

Each file runs one top-level statement at a time, ``reveal_shape`` recording the shape it is given
(``.shape``, or () for a Python/NumPy scalar). Checked, per line with an expectation:

* ``# reveal: (3, 4)`` with all-int dims: every shape recorded on that line equals it. A symbolic
  reveal (``(n, 3)``, ``?``) is not checked. A concrete reveal on a top-level line that never ran is a
  failure; one inside a function the file never calls is skipped (and counted).
* ``# error: SC...``: the library raised there: the line is on the traceback of an exception (a
  top-level statement, or a line of a function a top-level statement called). An error line inside a
  function that never ran is skipped; one that ran without raising is a failure.
* Conversely a top-level statement that raised must expect an error on one of its lines or on a line
  the exception passed through (NameError excepted: a name standing for a symbolic dim).

``# warning:`` lines are not checked (a warning is about code that may or may not fail).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from tests.test_cases import _expectations, _split_top

from .case_runner import run_case

CASES = Path(__file__).resolve().parent.parent / "cases"
NUMPY_CASES = sorted((CASES / "numpy").glob("*.py"))
TORCH_CASES = sorted((CASES / "torch").glob("*.py"))
EINOPS_CASES = sorted((CASES / "einops").glob("*.py"))
EINX_CASES = sorted((CASES / "einx").glob("*.py"))
JAX_CASES = sorted((CASES / "jax").glob("*.py"))
FLAX_CASES = sorted((CASES / "flax").glob("*.py"))


def _concrete(reveal: str) -> tuple[int, ...] | None:
    text = reveal.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return None
    try:
        return tuple(int(part) for part in _split_top(text[1:-1]))
    except ValueError:
        return None


def judge(path: Path) -> tuple[list[str], int]:
    """Problems found running ``path``, and how many expectations could not be checked (never ran)."""
    source = path.read_text(encoding="utf-8")
    expected = _expectations(source)
    outcome = run_case(str(path))
    problems: list[str] = []
    skipped = 0
    name = path.name
    for line, kinds in sorted(expected.items()):
        for reveal in kinds.get("reveal", []):
            want = _concrete(reveal)
            if want is None:
                continue
            seen = [s for s in outcome.reveals.get(line, []) if s is not None]
            if not seen:
                if line in outcome.top_level:
                    problems.append(f"{name}:{line}: expected reveal {reveal}, but the line revealed nothing "
                                    f"({outcome.statement_raised.get(outcome.statements.get(line, line), 'not run')})")
                else:
                    skipped += 1
            elif any(s != want for s in seen):
                problems.append(f"{name}:{line}: expected reveal {reveal}, the library gives {seen}")
        if kinds.get("error"):
            if line in outcome.raised:
                continue
            statement = outcome.statements.get(line, line)
            if line in outcome.top_level and statement in outcome.statement_raised:
                continue
            if line in outcome.executed or line in outcome.top_level:
                problems.append(f"{name}:{line}: expected error {kinds['error']}, but the library ran it")
            else:
                skipped += 1
    for statement, error in sorted(outcome.statement_raised.items()):
        if error.startswith("NameError"):
            continue
        lines = {line for line, s in outcome.statements.items() if s == statement} | set(outcome.raised)
        if not any(expected.get(line, {}).get("error") for line in lines):
            problems.append(f"{name}:{statement}: the library raised {error}, but no error is expected there")
    return problems, skipped


@pytest.mark.parametrize("path", NUMPY_CASES, ids=lambda p: p.name)
def test_numpy_case_agrees_with_numpy(path: Path) -> None:
    problems, _ = judge(path)
    assert not problems, "\n".join(problems)


def _missing_imports(path: Path) -> list[str]:
    """Top-level modules ``path`` imports that this interpreter cannot (``jaxtyping`` where it is absent)."""
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module.split(".")[0])
    return sorted(m for m in modules if importlib.util.find_spec(m) is None)


@pytest.mark.parametrize("path", TORCH_CASES, ids=lambda p: p.name)
def test_torch_case_agrees_with_torch(path: Path) -> None:
    if importlib.util.find_spec("torch") is None:
        pytest.skip("torch is not importable here (the torch case files also run in tests/torch_oracle)")
    missing = _missing_imports(path)
    if missing:
        pytest.skip(f"{path.name} imports {', '.join(missing)}, which is not installed here")
    problems, _ = judge(path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", EINOPS_CASES + EINX_CASES + JAX_CASES + FLAX_CASES, ids=lambda p: p.name)
def test_einops_and_jax_cases_agree_with_the_library(path: Path) -> None:
    missing = _missing_imports(path)
    if missing:
        pytest.skip(f"{path.name} imports {', '.join(missing)}, which is not installed here")
    problems, _ = judge(path)
    assert not problems, "\n".join(problems)
