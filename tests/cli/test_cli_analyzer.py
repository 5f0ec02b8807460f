"""End to end with the real analyser (marked `needs_analyzer`: skipped only until it exists),
and the subprocess checks that need no analyser at all."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from shapecheck.cli import app as cli
from shapecheck.api import Options, check_source
from shapecheck.report.codes import CODES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FINDINGS = {"error", "warning"}


def findings(report):
    return [d for d in report.diagnostics if d.severity in FINDINGS]


# ---- every code's explain page is true --------------------------------------------------------

# Examples whose analysis belongs to a later issue: strict xfail, so the day they work the suite
# says so and the entry must go. Keyed by (code, "wrong" | "right").
LATER: dict = {}


def _params(which):
    params = []
    for row in CODES.values():
        if not getattr(row, which):
            continue
        reason = LATER.get((row.code, which))
        marks = [pytest.mark.xfail(reason=f"not built yet: {reason}", strict=True)] if reason else []
        params.append(pytest.param(row, id=row.code, marks=marks))
    return params


WRONG = _params("wrong")
RIGHT = _params("right")


@pytest.mark.needs_analyzer
@pytest.mark.parametrize("row", WRONG)
def test_wrong_example_produces_its_code(row):
    report = check_source(row.wrong, f"{row.code.lower()}_wrong.py", options=Options(strict=True))
    assert row.code in [d.code for d in report.diagnostics], report.diagnostics


@pytest.mark.needs_analyzer
@pytest.mark.parametrize("row", RIGHT)
def test_right_example_is_clean(row):
    report = check_source(row.right, f"{row.code.lower()}_right.py", options=Options(strict=True))
    assert findings(report) == []
    if row.severity == "info":  # a reveal or a hole solution: the right example shows it
        assert row.code in [d.code for d in report.diagnostics]


@pytest.mark.needs_analyzer
def test_check_source_applies_ignore_comments():
    wrong = CODES["SC102"].wrong.rstrip("\n")
    report = check_source(wrong + "  # shapecheck: ignore[SC102]\n", "ignored.py")
    assert findings(report) == []


# ---- the bundled examples flag exactly what their comments say -----------------------------------

EXPECT = re.compile(r"#\s*(error|reveal):\s*(.+?)\s*$")


def expectations(path: Path):
    errors, reveals = set(), {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = EXPECT.search(line)
        if match and match.group(1) == "error":
            errors |= {(number, code) for code in match.group(2).split()}
        elif match:
            reveals[number] = match.group(2)
    return errors, reveals


EXAMPLE_FILES = sorted(EXAMPLES.glob("*.py"))


def test_examples_exist_and_most_have_a_bug():
    assert 4 <= len(EXAMPLE_FILES) <= 6
    assert sum(1 for path in EXAMPLE_FILES if expectations(path)[0]) >= 4


@pytest.mark.needs_analyzer
@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_example_findings_match_their_comments(path):
    report = check_source(path.read_bytes(), str(path))
    errors, reveals = expectations(path)
    assert {(d.span.line, d.code) for d in findings(report)} == errors
    revealed = {d.span.line: d for d in report.diagnostics if d.code == "SC301"}
    assert set(revealed) == set(reveals)
    for line, text in reveals.items():
        shape = revealed[line].shape
        assert shape is not None and "(" + ", ".join(map(str, shape)) + ")" == text


@pytest.mark.needs_analyzer
def test_quick_start_command_in_a_subprocess():
    # README: `shapecheck check examples/` reports the examples' bugs and exits 1.
    proc = subprocess.run([sys.executable, "-m", "shapecheck", "check", "examples/", "--output-format", "json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr
    expected = {(f"examples/{p.name}", line, code) for p in EXAMPLE_FILES for line, code in expectations(p)[0]}
    got = {(d["path"], d["line"], d["code"]) for d in json.loads(proc.stdout) if d["severity"] in FINDINGS}
    assert got == expected
    exit_zero = subprocess.run([sys.executable, "-m", "shapecheck", "check", "examples/", "--exit-zero"],
                               cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert exit_zero.returncode == 0 and "examples/mlp.py" in exit_zero.stdout


# ---- bad input --------------------------------------------------------------------------------

@pytest.mark.needs_analyzer
def test_pythons_warnings_about_the_checked_code_are_not_printed(tmp_path):
    # ``1if`` (SyntaxWarning) and ``"\\d"`` (DeprecationWarning on 3.11, SyntaxWarning on 3.12+):
    # Python's own remarks on the text, which landed in the middle of the output
    (tmp_path / "w.py").write_text('x = 1if True else 2\ny = "\\d"\n')
    proc = subprocess.run([sys.executable, "-m", "shapecheck", "check", "--no-cache", "w.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "default"})
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


@pytest.mark.needs_analyzer
def test_syntax_error_is_sc001_at_its_line_and_other_files_are_still_checked(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    Path("broken.py").write_text("import numpy as np\n\ndef f(:\n    pass\n")
    Path("bug.py").write_text(CODES["SC104"].wrong)
    status = cli.main(["check", "--output-format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert ("broken.py", 3, "SC001") in {(d["path"], d["line"], d["code"]) for d in data}
    assert ("bug.py", "SC104") in {(d["path"], d["code"]) for d in data}


@pytest.mark.needs_analyzer
@pytest.mark.parametrize("payload", [b"x = '\xff\xfe caf\xe9'\n", b"\x00\x01\x02ELF\x7f\x00binary"])
def test_non_utf8_or_binary_file_is_sc002(tmp_path, monkeypatch, capsys, payload):
    monkeypatch.chdir(tmp_path)
    Path("latin1.py").write_bytes(payload)
    Path("ok.py").write_text("import numpy as np\nx = np.zeros(3)\n")
    status = cli.main(["check", "--output-format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [(d["path"], d["code"]) for d in data] == [("latin1.py", "SC002")]


@pytest.mark.needs_analyzer
def test_reveal_shape_json_has_shape_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    Path("r.py").write_text("import numpy as np\ndef f(x):\n    n, k = x.shape\n    reveal_shape(x[:, :, None] + 1)\n"
                            "reveal_shape(np.zeros((2, 3)).T)\n")
    assert cli.main(["check", "--output-format", "json"]) == 0
    shapes = [d["shape"] for d in json.loads(capsys.readouterr().out) if d["code"] == "SC301"]
    assert shapes == [["n", "k", 1], [3, 2]]


# ---- subprocess: the installed command, without the analyser ------------------------------------

def _python(*args, **kwargs):
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=120, **kwargs)


def test_version_is_instant_and_imports_nothing_heavy():
    heavy = ("z3", "libcst", "numpy", "pygls", "lsprotocol", "llvmlite", "pathspec")
    probe = _python("-c", "import sys, shapecheck.cli.app; "
                          f"print([m for m in sys.modules if m.split('.')[0] in {heavy!r}])")
    assert probe.returncode == 0 and probe.stdout.strip() == "[]", probe.stderr
    # What it imports, not a time (a loaded machine makes any time limit flaky): ``-X importtime``
    # lists every module the run imported.
    proc = _python("-X", "importtime", "-m", "shapecheck", "--version")
    assert proc.returncode == 0 and proc.stdout.startswith("shapecheck ")
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in proc.stderr.splitlines() if "|" in line}
    assert "shapecheck" in imported and not imported & set(heavy), sorted(imported & set(heavy))


@pytest.mark.needs_analyzer
def test_a_check_that_asks_no_solver_question_imports_neither_z3_nor_asyncio(tmp_path):
    # start-up: Z3 is imported when the first question reaches it (solver.py), and discovery's
    # gitignore patterns are shapecheck's own (pathspec's import pulled in asyncio); the TOML
    # parser when a pyproject.toml is read (config.py), which a tree without one never needs; NumPy
    # when a dtype comparison needs it (absint/interp/dtypes.py), which NumPy code without one does not
    (tmp_path / "a.py").write_text("import numpy as np\nx = np.ones((2, 3)) @ np.ones((3, 4))\n")
    tree = str(Path(cli.__file__).parents[2])   # the shapecheck under test, wherever the run starts
    probe = _python("-c", f"import sys; sys.path.insert(0, {tree!r}); from shapecheck.cli import app; "
                          "app.main(['check', '-j', '1', '--no-cache', '.']); "
                          "print(sorted({m.split('.')[0] for m in sys.modules} & {'z3', 'asyncio', 'pathspec', 'tomllib', 'numpy'}))",
                    cwd=tmp_path)
    toml = ["tomllib"] if any((folder / "pyproject.toml").is_file() for folder in (tmp_path, *tmp_path.parents)) else []
    assert probe.stdout.strip().splitlines()[-1] == str(toml), probe.stdout + probe.stderr


@pytest.mark.needs_analyzer
def test_dtype_tests_of_removed_numpy_aliases_print_no_warning(tmp_path):
    # NumPy warns (FutureWarning, DeprecationWarning) when its removed aliases are looked up: the
    # analysis looks them up to compare dtypes, and a user's run must not print NumPy's warnings
    (tmp_path / "a.py").write_text("import numpy as np\ndef f(x):\n    if x.dtype == np.object or x.dtype == np.float:\n"
                                   "        return x\n    return x.T\nf(np.ones((2, 3)))\n")
    run = _python("-W", "default", "-m", "shapecheck", "check", "-j", "1", "--no-cache", ".", cwd=tmp_path)
    assert run.returncode == 0 and run.stderr == "", run.stdout + run.stderr


def test_subprocess_exit_codes_without_the_analyser(tmp_path):
    assert _python("-m", "shapecheck", "check", "missing_dir/", cwd=tmp_path).returncode == 2
    assert _python("-m", "shapecheck", "explain", "SC101", cwd=tmp_path).stdout.startswith("SC101 (broadcast-mismatch)")
    assert _python("-m", "shapecheck", "check", "--bogus", cwd=tmp_path).returncode == 2


@pytest.mark.needs_analyzer
def test_unused_ignore_from_check_source_names_the_file():
    report = check_source(CODES["SC004"].wrong, "unused.py")
    assert [(d.path, d.code) for d in report.diagnostics] == [("unused.py", "SC004")]


@pytest.mark.needs_analyzer
def test_suppressions_apply_before_code_filters():
    # An ignore comment that matches a code the run ignores anyway is not "unused".
    wrong = CODES["SC102"].wrong.rstrip("\n")
    report = check_source(wrong + "  # shapecheck: ignore[SC102]\n", "f.py", options=Options(ignore=("SC102",)))
    assert report.diagnostics == []
