"""The symbolic differential test: shapecheck's verdict on ops over unknown shapes against NumPy.

For each random program (generator.py) NumPy classifies the op as always / never / sometimes
failing over many consistent shapes. shapecheck must report an error exactly on the always-failing
ops (default mode) and, in --strict mode, a warning on the sometimes-failing ones. Then concrete
call sites are added: each must be flagged exactly when NumPy fails on those shapes (a function
whose op always fails is reported once, at the op, instead of at every call).

The figures (recall and false reports per mode) are printed with `pytest -s`; the asserts hold
the line: no false errors ever, and recall floors that a regression would break.
"""

from __future__ import annotations

import random

import pytest

from shapecheck.api import Options, check_source

from .generator import assignments, classify, generate, numpy_fails

pytestmark = pytest.mark.needs_analyzer

PROGRAMS = 120
SEED = 20240611


def _programs():
    rng = random.Random(SEED)
    out = []
    while len(out) < PROGRAMS:
        p = generate(rng)
        kind = classify(p)
        if kind != "vacuous":
            out.append((p, kind))
    return out


def _flags(source: str, line: int, strict: bool) -> set[str]:
    report = check_source(source, "prog.py", options=Options(strict=strict))
    return {d.severity for d in report.diagnostics if d.span.line == line and d.severity != "info"}


@pytest.fixture(scope="module")
def programs():
    return _programs()


def test_op_verdicts(programs):
    counts = {k: 0 for k in ("always", "never", "sometimes")}
    errors_on = {k: 0 for k in counts}
    warnings_on = {k: 0 for k in counts}
    wrong = []
    for program, kind in programs:
        counts[kind] += 1
        default = _flags(program.source, program.op_line, strict=False)
        strict = _flags(program.source, program.op_line, strict=True)
        errors_on[kind] += "error" in default
        warnings_on[kind] += "warning" in strict or "error" in strict
        if "error" in default and kind != "always":
            wrong.append(f"false error ({kind}):\n{program.source}")
        if "warning" in strict and kind == "never":
            wrong.append(f"false warning (never fails):\n{program.source}")
    recall = errors_on["always"] / max(counts["always"], 1)
    strict_recall = warnings_on["sometimes"] / max(counts["sometimes"], 1)
    print(f"\nops: {counts}; default: errors on always {errors_on['always']}/{counts['always']} "
          f"(recall {recall:.0%}), false errors {errors_on['never'] + errors_on['sometimes']}; strict: "
          f"flagged sometimes {warnings_on['sometimes']}/{counts['sometimes']} (recall {strict_recall:.0%}), "
          f"false warnings on never-failing {warnings_on['never']}")
    assert not wrong, "\n\n".join(wrong[:5])
    assert recall >= 0.9
    assert strict_recall >= 0.8


def test_call_sites(programs):
    rng = random.Random(SEED + 1)
    flagged = missed = false = total_failing = covered_at_definition = 0
    wrong = []
    for program, kind in programs[:60]:
        samples = assignments(program)
        for env in rng.sample(samples, min(3, len(samples))):
            shapes = [tuple(env[s] for s in dims) for dims in program.params]
            call = f"out = f({', '.join(f'np.zeros({s!r})' for s in shapes)})"
            source = program.source + "\n\n" + call + "\n"
            line = source.count("\n")
            fails = numpy_fails(program, env)
            report = check_source(source, "prog.py")
            hit = any(d.span.line == line and d.severity == "error" for d in report.diagnostics)
            # a function that always fails is reported once, at the failing op, not at each call
            at_definition = any(d.span.line == program.op_line and d.severity == "error"
                                for d in report.diagnostics)
            if fails and at_definition and not hit:
                covered_at_definition += 1
                continue
            total_failing += fails
            flagged += hit and fails
            missed += fails and not hit
            if hit and not fails:
                false += 1
                wrong.append(source)
    recall = flagged / max(total_failing, 1)
    print(f"\ncall sites: failing {total_failing + covered_at_definition} ({covered_at_definition} in functions "
          f"that always fail, reported at the op), others flagged {flagged}/{total_failing} "
          f"(recall {recall:.0%}), false flags {false}")
    assert not wrong, "\n\n".join(wrong[:3])
    assert recall >= 0.95
