"""Generated torch programs (generator.py) run under real PyTorch and checked by shapecheck: they must agree.

Agreement as in compare.py: an error exactly where torch raised, concrete reveals equal to torch's.
A line that raised only because an earlier line failed (NameError) is not judged. Skipped where no
interpreter with torch is found; ``SHAPECHECK_TORCH_PROGRAMS`` sets the count (default 150).
"""

from __future__ import annotations

import os

import pytest

from .compare import judge, run_under_torch, torch_python
from .generator import generate

COUNT = int(os.environ.get("SHAPECHECK_TORCH_PROGRAMS", "150"))


def test_generated_programs_agree_with_torch(tmp_path) -> None:
    python = torch_python()
    if python is None:
        pytest.skip("torch is not importable (set SHAPECHECK_TORCH_PYTHON to an interpreter that has it)")
    programs = [generate(seed) for seed in range(COUNT)]
    paths = []
    for program in programs:
        path = tmp_path / f"prog_{program.seed}.py"
        path.write_text(program.source, encoding="utf-8")
        paths.append(str(path))
    outcomes = run_under_torch(python, paths)
    problems, checked, imprecise, errors = [], 0, 0, 0
    for program, path in zip(programs, paths):
        outcome = outcomes[path]
        outcome["raised"] = {line: text for line, text in outcome["raised"].items()
                             if not text.startswith("NameError")}
        verdict = judge(path, program.source, outcome)
        problems += [f"seed {program.seed}: {p}" for p in verdict.problems]
        checked += verdict.reveals_checked
        imprecise += verdict.reveals_imprecise
        errors += verdict.errors_expected
    print(f"{COUNT} programs: {checked} reveals equal to torch, {imprecise} imprecise, {errors} torch errors")
    assert errors > COUNT // 4 and checked > COUNT * 5, "the generator no longer exercises errors and shapes"
    assert not problems, f"{len(problems)} disagreements:\n" + "\n".join(problems[:40])


def test_judge_reports_disagreements() -> None:
    """The comparison itself can fail: a wrong reveal, a missed error and a false error are all caught."""
    from .compare import judge

    source = ("import torch\nx = torch.zeros(2, 3)\nreveal_shape(x)\ny = x @ torch.zeros(4, 5)\n"
              "z = x.sum(0)\n")
    outcome = {"raised": {"5": "RuntimeError: invented"}, "reveals": {"3": [[3, 2]]}, "ran": [1, 2, 3, 4, 5]}
    problems = judge("prog.py", source, outcome).problems
    assert len(problems) == 3, problems
    assert any("reveals [2, 3], torch [3, 2]" in p for p in problems)
    assert any(p.startswith("prog.py:4:") and "torch ran it" in p for p in problems)
    assert any(p.startswith("prog.py:5:") and "reported nothing" in p for p in problems)


def test_judge_keeps_to_what_torch_ran() -> None:
    """A body the program never called has no verdict; one it called does, and so does each loop pass."""
    from .compare import judge

    source = ("import torch\n"
              "def never(x):\n    return torch.zeros(2, 3) @ torch.zeros(4, 5)\n"
              "def called(x):\n    return torch.zeros(2, 3) @ torch.zeros(4, 5)\n"
              "for n in (1, 2):\n    reveal_shape(torch.zeros(2, 3))\n"
              "def generic(x):\n    reveal_shape(x)\n    return x\n"
              "generic(torch.zeros(7))\n")
    ran = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11]
    outcome = {"raised": {}, "reveals": {"7": [[2, 3], [3, 2]], "9": [[7]]}, "ran": ran}
    verdict = judge("prog.py", source, outcome)
    assert len(verdict.problems) == 2, verdict.problems
    assert any(p.startswith("prog.py:4:") and "torch ran it" in p for p in verdict.problems)
    assert any("reveals [2, 3], torch [3, 2]" in p for p in verdict.problems)
    assert verdict.reveals_checked == 2 and verdict.reveals_imprecise == 0
