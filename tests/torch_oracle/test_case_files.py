"""The torch case files (tests/cases/torch) run under real PyTorch: errors and shapes must agree.

Skipped where no interpreter with torch is found (set ``SHAPECHECK_TORCH_PYTHON`` to one, e.g. a
throwaway venv with the CPU wheel); torch is never a dependency of shapecheck itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .compare import judge, run_under_torch, torch_python

CASES = sorted((Path(__file__).parent.parent / "cases" / "torch").glob("*.py"))


@pytest.fixture(scope="module")
def outcomes() -> dict[str, dict]:
    python = torch_python()
    if python is None:
        pytest.skip("torch is not importable (set SHAPECHECK_TORCH_PYTHON to an interpreter that has it)")
    return run_under_torch(python, [str(p) for p in CASES])


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_case_file_agrees_with_torch(path: Path, outcomes: dict) -> None:
    source = path.read_text(encoding="utf-8")
    if source.startswith("# torch-oracle: skip"):
        pytest.skip(source.splitlines()[0].split("skip", 1)[1].strip(" ()"))
    outcome = outcomes[str(path)]
    if outcome["missing"]:
        # the program did not run as written (e.g. einops is not in the torch venv): nothing to judge
        pytest.skip(f"the torch interpreter lacks {', '.join(outcome['missing'])}")
    verdict = judge(str(path), source, outcome)
    assert not verdict.problems, "\n".join(verdict.problems)
    assert verdict.reveals_imprecise == 0, f"{verdict.reveals_imprecise} reveals left symbolic or unknown"
