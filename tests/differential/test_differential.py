"""shapecheck against NumPy on generated programs: the error on exactly NumPy's failing line, no
error anywhere NumPy ran, and every reveal equal to NumPy's shape (see ``compare.judge``)."""

from __future__ import annotations

import pytest

from .runner import run_case

SHOWN = 4   # programs printed in full per failing chunk; the rest are summarised


@pytest.mark.needs_analyzer
def test_matches_numpy(diff_seeds):
    cases = [run_case(seed) for seed in diff_seeds]
    bad = [case for case in cases if not case.ok]
    if bad:
        lines = [f"{len(bad)} of {len(cases)} programs differ from NumPy"]
        lines += [case.explain() for case in bad[:SHOWN]]
        for case in bad[SHOWN:]:
            first = case.verdict.mismatches[0].describe() if case.verdict else "crash"
            lines.append(f"seed {case.program.seed}: {first}")
        raise AssertionError("\n\n".join(lines))
