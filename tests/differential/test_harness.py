"""The differential harness tested on its own (no analyser needed): generator, oracle and judge."""

from __future__ import annotations

import ast
from collections import Counter
from functools import lru_cache

import pytest

from shapecheck.report.diagnostics import Diagnostic, Span

from .compare import FALSE_ERROR, MISSED_ERROR, MISSING_REVEAL, WRONG_REVEAL, concrete, judge
from .generator import ERROR_KIND_WEIGHTS, KINDS, generate_program
from .oracle import is_shape_error, run_program

SEEDS = range(400)


@lru_cache(maxsize=None)
def sample():
    return [(p, run_program(p.source)) for p in map(generate_program, SEEDS)]


# -- generator ---------------------------------------------------------------------------------
def test_same_seed_same_program():
    for seed in (0, 1, 17, 399):
        assert generate_program(seed).source == generate_program(seed).source
    assert generate_program(1).source != generate_program(2).source


def test_programs_are_straight_line_python_of_5_to_25_statements():
    for program, _ in sample():
        tree = ast.parse(program.source)
        assert all(isinstance(s, (ast.Import, ast.Assign, ast.AugAssign, ast.Expr)) for s in tree.body)
        statements = [line for line in program.lines if line.role == "stmt"]
        assert 5 <= len(statements) <= 25, program.numbered()
        assert len(tree.body) == len(program.lines), "one statement per line"


def test_every_binding_is_revealed_on_the_next_lines():
    for program, _ in sample():
        lines = program.lines
        end = program.failing_line or len(lines) + 1
        for number, line in enumerate(lines[: end - 1], 1):
            if line.role != "stmt" or line.kind == "dims":   # ints from shapes are not revealed
                continue
            node = ast.parse(line.text).body[0]
            targets = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(targets, ast.Subscript):
                targets = targets.value
            names = [t.id for t in getattr(targets, "elts", [targets])]
            revealed = [lines[number + i].text for i in range(len(names))]
            assert revealed == [f"reveal_shape({n})" for n in names], program.numbered()


def test_between_30_and_50_percent_fail():
    failing = sum(outcome.failure is not None for _, outcome in sample())
    assert 0.3 <= failing / len(SEEDS) <= 0.5


def test_failures_are_shape_errors_on_the_line_the_generator_meant():
    for program, outcome in sample():
        if outcome.failure is None:
            assert program.failing_line is None, program.numbered()
        else:
            assert outcome.failure.is_shape, (program.numbered(), outcome.failure)
            assert outcome.failure.line == program.failing_line, program.numbered()
            assert program.line(outcome.failure.line).role == "stmt"


def test_every_kind_appears_both_clean_and_failing():
    clean, failing = Counter(), Counter()
    for program, outcome in sample():
        end = outcome.failure.line if outcome.failure else len(program.lines) + 1
        for number, line in enumerate(program.lines, 1):
            if line.role == "stmt" and number < end:
                clean[line.kind] += 1
        if outcome.failure:
            failing[program.line(outcome.failure.line).kind] += 1
    assert set(clean) == set(KINDS)
    assert set(failing) == {kind for kind, weight in ERROR_KIND_WEIGHTS.items() if weight}


# The constructs issue 2 names for the differential test; each must occur in the sample.
REQUIRED = [
    "np.zeros(", "np.ones(", "np.empty(", "np.full(", "_like(", "np.arange(", "np.linspace(", "np.eye(",
    "np.identity(", "np.random.rand(", "np.random.randn(", "np.random.random(", "np.random.normal(",
    "np.random.uniform(", "np.random.randint(", "np.array([", " + ", " - ", " * ", " / ", " ** ", " // ",
    " < ", " == ", "np.maximum(", "np.exp(", "np.where(", "np.clip(", " @ ", "np.matmul(", "np.dot(",
    "np.inner(", "np.outer(", "np.vdot(", "np.einsum(", "np.tensordot(", ".T", "np.transpose(",
    "swapaxes(", "np.moveaxis(", ".reshape(", "-1", ".ravel()", ".flatten()", "np.concatenate(",
    "np.stack(", "np.vstack(", "np.hstack(", "np.column_stack(", "np.split(", "np.array_split(",
    "np.tile(", "np.repeat(", "np.pad(", "np.expand_dims(", "squeeze(", "np.broadcast_to(",
    "keepdims=True", "axis=(", "axis=-", "[None", "...", "::", "::-1", " > 0.5]", " += ", "] = ",
    ".shape[", "len(", ".size", " = n", "(n", "((",
] + [f"{name}(" for name in ("sum", "mean", "max", "min", "prod", "std", "var", "argmax", "argmin", "all",
                             "any", "cumsum", "sort", "argsort")]


def test_sample_covers_every_construct():
    text = "".join(program.source for program, _ in sample())
    assert [c for c in REQUIRED if c not in text] == []


# -- oracle ------------------------------------------------------------------------------------
def test_oracle_records_reveals_and_the_first_failing_line():
    source = ("import numpy as np\n"
              "x = np.zeros((2, 3))\n"
              "reveal_shape(x)\n"
              "reveal_shape(x.sum())\n"
              "y = x @ x\n"
              "reveal_shape(y)\n")
    outcome = run_program(source)
    assert outcome.reveals == {3: (2, 3), 4: ()}
    assert (outcome.failure.line, outcome.failure.type, outcome.failure.is_shape) == (5, "ValueError", True)


def test_oracle_stops_at_the_first_failure():
    source = "import numpy as np\nx = np.zeros(3)\ny = x.sum(axis=1)\nreveal_shape(x)\n"
    outcome = run_program(source)
    assert outcome.failure.type == "AxisError" and outcome.failure.line == 3
    assert outcome.reveals == {}


def test_oracle_is_quiet_about_floating_point():
    outcome = run_program("import numpy as np\nx = np.zeros(3) / 0\nreveal_shape(np.log(x))\n")
    assert outcome.failure is None and outcome.reveals == {3: (3,)}


@pytest.mark.parametrize("source, shape_error", [
    ("np.zeros(3)[3]", True),
    ("np.zeros((2, 3)).reshape(4, 2)", True),
    ("np.zeros(3) + np.zeros(4)", True),
    ("np.split(np.zeros(5), 2)", True),
    ("np.broadcast_to(np.zeros(3), (2, 3))[0] = 1", False),   # read-only: a flag, not a shape
    ("bool(np.zeros(3))", False),
    ("np.zeros(3, dtype=bool) - np.zeros(3, dtype=bool)", False),   # TypeError
    ("np.arange(3) ** -1", False),
])
def test_shape_errors_are_told_from_other_errors(source, shape_error):
    outcome = run_program("import numpy as np\n" + source + "\n")
    assert outcome.failure is not None and outcome.failure.is_shape == shape_error
    try:
        exec("import numpy as np\n" + source)
    except Exception as exc:  # noqa: BLE001
        assert is_shape_error(exc) == shape_error


# -- judge -------------------------------------------------------------------------------------
def _diag(line: int, code: str, shape=None) -> Diagnostic:
    severity = "info" if code == "SC301" else "error"
    return Diagnostic("<p>", Span(line, 1, line, 2), code, severity, "m", shape=shape, has_shape=code == "SC301")


def perfect(outcome):
    """The diagnostics a perfect analyser would give: NumPy's reveals and its failing line."""
    out = [_diag(line, "SC301", shape) for line, shape in outcome.reveals.items()]
    if outcome.failure:
        out.append(_diag(outcome.failure.line, "SC101"))
    return out


def test_a_perfect_analyser_passes_every_program():
    for program, outcome in sample():
        verdict = judge(program, outcome, perfect(outcome))
        assert verdict.mismatches == (), [m.describe() for m in verdict.mismatches]
        assert verdict.reveals_checked == verdict.reveals_matched


def _failing_program():
    for program, outcome in sample():
        if outcome.failure and len(outcome.reveals) >= 2:
            return program, outcome
    raise AssertionError("no failing program with reveals in the sample")


def test_judge_names_each_kind_of_difference():
    program, outcome = _failing_program()
    diagnostics = perfect(outcome)
    first_reveal, second_reveal = sorted(outcome.reveals)[:2]
    # drop the error, add one on an earlier line, garble one reveal, drop another
    diagnostics = [d for d in diagnostics if d.severity != "error" and d.line not in (first_reveal, second_reveal)]
    diagnostics += [_diag(2, "SC105"), _diag(first_reveal, "SC301", None)]
    verdict = judge(program, outcome, diagnostics)
    got = {(m.category, m.line) for m in verdict.mismatches}
    assert got == {(MISSED_ERROR, outcome.failure.line), (FALSE_ERROR, 2), (WRONG_REVEAL, first_reveal),
                   (MISSING_REVEAL, second_reveal)}
    assert not verdict.error_flagged and verdict.false_error_lines == 1


def test_lines_after_the_failure_are_not_judged():
    program, outcome = _failing_program()
    later = [_diag(outcome.failure.line + 1, "SC101"), _diag(len(program.lines), "SC102")]
    assert judge(program, outcome, perfect(outcome) + later).mismatches == ()


def test_revealed_dims_may_be_numeric_strings_but_not_symbols():
    assert concrete((2, "3")) == (2, 3)
    assert concrete(("n", 3)) is None
    assert concrete(None) is None
