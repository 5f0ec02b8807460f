"""`shapecheck` end to end, in-process, with the stand-in analyser (see conftest.py)."""

from __future__ import annotations

import json
import os
import sys
import types

import pytest

from shapecheck import __version__
from shapecheck.cli import app as cli
from shapecheck.report.codes import CODES

BUGGY = "import numpy as np\ny = x @ w  # emit: SC102\n"
CLEAN = "import numpy as np\ny = x @ w\n"


# ---- exit codes -------------------------------------------------------------------------------

def test_clean_tree_exits_0(run, write):
    write("pkg/a.py", CLEAN)
    result = run("check")
    assert result.status == 0
    assert "No shape errors found in 1 file." in result.out


def test_errors_exit_1(run, write):
    write("a.py", BUGGY)
    result = run("check", "a.py")
    assert result.status == 1
    assert "a.py:2:1: error[SC102] fake SC102 finding" in result.out
    assert "Found 1 error in 1 of 1 file." in result.out


def test_exit_zero_turns_findings_into_0(run, write):
    write("a.py", BUGGY)
    assert run("check", "--exit-zero", "a.py").status == 0


def test_nonexistent_path_exits_2(run, write):
    write("a.py", BUGGY)
    result = run("check", "a.py", "missing.py")
    assert result.status == 2
    assert "no such file or directory: missing.py" in result.err
    assert result.out == ""


def test_usage_error_exits_2(run):
    assert run("check", "--output-format", "xml").status == 2
    assert run("frobnicate").status == 2
    assert run().status == 2


def test_internal_error_is_sc003_exit_101_and_other_files_still_checked(run, write):
    write("a_crash.py", "x = 1  # crash\n")
    write("b_bug.py", BUGGY)
    result = run("check", "--output-format", "json")
    assert result.status == 101
    found = {(d["path"], d["code"]) for d in json.loads(result.out)}
    assert found == {("a_crash.py", "SC003"), ("b_bug.py", "SC102")}
    assert "ZeroDivisionError" in result.err and "Traceback" in result.err


def test_exit_zero_and_ignore_do_not_hide_internal_errors(run, write):
    write("a.py", "x = 1  # crash\n")
    assert run("check", "--exit-zero", "--ignore", "SC003").status == 101


def test_unreadable_file_is_a_diagnostic_not_a_traceback(run, write, monkeypatch):
    write("a.py", CLEAN)
    write("b.py", BUGGY)
    real_open = os.open

    def denying_open(path, *args, **kwargs):   # as root no file mode makes a file unreadable
        if os.path.basename(path) == "a.py":
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", denying_open)
    result = run("check", "--output-format", "json")
    assert result.status == 1
    by_path = {d["path"]: d for d in json.loads(result.out)}
    assert by_path["a.py"]["code"] == "SC002" and "Permission denied" in by_path["a.py"]["message"]
    assert by_path["b.py"]["code"] == "SC102"


def test_warnings_fail_only_under_strict(run, write):
    write("a.py", "x = 1  # emit: SC120\n")
    assert run("check").status == 0
    assert run("check", "--strict").status == 1


def test_info_never_fails(run, write):
    write("a.py", "reveal_shape(x)  # emit: SC301\n")
    result = run("check", "--strict")
    assert result.status == 0
    assert "info[SC301]" in result.out
    assert "1 note" in result.out


# ---- select / ignore --------------------------------------------------------------------------

def test_select_and_ignore_prefixes(run, write):
    write("a.py", "a = 1  # emit: SC101\nb = 2  # emit: SC102\nc = 3  # emit: SC201\n")

    def codes(*args):
        return [d["code"] for d in json.loads(run("check", "--output-format", "json", *args).out)]

    assert codes() == ["SC101", "SC102", "SC201"]
    assert codes("--select", "SC1") == ["SC101", "SC102"]
    assert codes("--ignore", "SC101,SC2") == ["SC102"]
    assert codes("--select", "SC1", "--ignore", "SC10") == []
    assert codes("--select", "sc101", "--ignore", "SC1") == ["SC101"]  # the longer prefix wins
    assert codes("--ignore", "SC101", "--ignore", "SC102") == ["SC201"]


def test_ignored_errors_do_not_fail(run, write):
    write("a.py", BUGGY)
    assert run("check", "--ignore", "SC102").status == 0


def test_unknown_code_prefix_is_a_usage_error(run, write):
    write("a.py", CLEAN)
    result = run("check", "--select", "E501")
    assert result.status == 2
    assert "'E501' is not a shapecheck code" in result.err


# ---- output formats through the CLI -----------------------------------------------------------

def test_full_format_shows_source_and_caret(run, write):
    write("a.py", "import numpy as np\n    y = x @ w  # emit: SC110\n")
    out = run("check", "--output-format", "full", "a.py").out
    assert "error[SC110]: fake SC110 finding" in out
    assert " --> a.py:2:5" in out
    assert "2 |     y = x @ w  # emit: SC110" in out
    assert "  |     ^^^^^^^^^" in out
    assert "::: a.py:1:1" in out and "^^^ fact from here" in out


def test_json_format_is_a_list_of_diagnostic_objects(run, write):
    write("a.py", BUGGY)
    data = json.loads(run("check", "--output-format", "json").out)
    assert data == [{"path": "a.py", "line": 2, "column": 1, "end_line": 2, "end_column": 10,
                     "code": "SC102", "severity": "error", "message": "fake SC102 finding"}]


def test_json_format_clean_is_an_empty_list(run, write):
    write("a.py", CLEAN)
    result = run("check", "--output-format", "json")
    assert json.loads(result.out) == [] and result.status == 0


def test_sarif_format_through_cli(run, write):
    write("sub dir/a.py", BUGGY)
    result = run("check", "--output-format", "sarif")
    log = json.loads(result.out)
    assert result.status == 1
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "sub%20dir/a.py"
    assert location["region"]["startLine"] == 2


def test_github_format_through_cli(run, write):
    write("a.py", BUGGY)
    out = run("check", "--output-format", "github").out
    assert out == ("::error file=a.py,line=2,endLine=2,col=1,endColumn=9,"
                   "title=shapecheck SC102 (contraction-mismatch)::SC102 fake SC102 finding\n")


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_machine_formats_have_no_colour_or_summary_even_on_a_tty(run, write, monkeypatch, fmt):
    write("a.py", BUGGY)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    out = run("check", "--output-format", fmt, "--statistics").out
    assert "\x1b[" not in out and "Found" not in out and "Shape inference" not in out


def test_colour_only_on_a_tty_and_not_with_no_color(run, write, monkeypatch):
    write("a.py", BUGGY)
    assert "\x1b[" not in run("check").out  # captured output is not a terminal
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert "\x1b[" in run("check").out
    assert "\x1b[" not in run("check", "--no-color").out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run("check").out


# ---- statistics -------------------------------------------------------------------------------

def test_statistics(run, write):
    write("a.py", "a = f()  # known-array\nb = g()  # known-array\nc = s()  # unknown-call: numpy.convolve\n")
    write("b.py", "d = s()  # unknown-call: numpy.convolve\ne = t()  # unknown-call: torch.stft\n"
                  "f = h()  # known-array\n")
    result = run("check", "--statistics")
    lines = result.out.splitlines()
    assert [line.split() for line in lines if line.startswith(("  a.py", "  b.py", "  total"))] == [
        ["a.py", "3", "66.7%", "66.7%"], ["b.py", "3", "33.3%", "33.3%"], ["total", "6", "50.0%", "50.0%"]]
    ranked = [line.split() for line in lines[lines.index(next(l for l in lines if "without a shape rule" in l)) + 1:]
              if line.startswith("  ")]
    assert ranked == [["2", "numpy.convolve"], ["1", "torch.stft"]]


def test_statistics_go_to_stderr_for_machine_formats(run, write):
    write("a.py", "c = s()  # unknown-call: numpy.fft.fft\n")
    result = run("check", "--statistics", "--output-format", "json")
    assert json.loads(result.out) == []
    assert "numpy.fft.fft" in result.err


# ---- discovery through the CLI ----------------------------------------------------------------

def test_default_path_is_cwd_and_gitignore_is_honoured(run, write):
    write(".gitignore", "generated/\n")
    write("generated/g.py", BUGGY)
    write(".venv/lib/x.py", BUGGY)
    write("src/ok.py", CLEAN)
    result = run("check")
    assert result.status == 0 and "1 file." in result.out


def test_explicit_file_is_checked_even_if_ignored_unless_force_exclude(run, write):
    write(".gitignore", "generated/\n")
    write("generated/g.py", BUGGY)
    assert run("check", "generated/g.py").status == 1
    result = run("check", "--force-exclude", "generated/g.py")
    assert result.status == 0 and "0 files" in result.out


# ---- explain, version, delegates ---------------------------------------------------------------

@pytest.mark.parametrize("code", sorted(CODES))
def test_explain_every_code(run, code):
    result = run("explain", code)
    assert result.status == 0
    row = CODES[code]
    assert result.out.startswith(f"{code} ({row.name}), {row.severity}")
    assert row.summary in result.out
    if row.wrong:
        assert "Wrong:" in result.out
    if row.right:
        assert "Right:" in result.out


def test_explain_is_case_insensitive_and_rejects_unknown_codes(run):
    assert run("explain", "sc101").status == 0
    result = run("explain", "SC999")
    assert result.status == 2 and "unknown code 'SC999'" in result.err


def test_version(run):
    result = run("--version")
    assert result.status == 0 and result.out.strip() == f"shapecheck {__version__}"


def _missing(name: str):
    def load():
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    return load


def test_subcommand_missing_module_is_a_clear_error(run, monkeypatch):
    monkeypatch.setitem(cli.SUBCOMMANDS, "lsp", cli.Subcommand("x", _missing("shapecheck.lsp.server")))
    result = run("lsp", "--stdio")
    assert result.status == 2
    assert "`shapecheck lsp` is not available" in result.err


def test_subcommand_missing_dependency_names_the_package(run, monkeypatch):
    monkeypatch.setitem(cli.SUBCOMMANDS, "lsp", cli.Subcommand("x", _missing("pygls"), extra="lsp"))
    result = run("lsp")
    assert result.status == 2
    assert "needs the package 'pygls'" in result.err and "[lsp]" in result.err


@pytest.mark.parametrize("name", ["ir", "compile", "signatures", "annotate", "lsp"])
def test_subcommand_gets_its_own_arguments_and_returns_its_status(run, monkeypatch, name):
    seen = []
    module = types.SimpleNamespace(add_arguments=lambda parser: parser.add_argument("rest", nargs="*"),
                                   run=lambda args: seen.append(args.rest) or 7)
    monkeypatch.setitem(cli.SUBCOMMANDS, name, cli.Subcommand(cli.SUBCOMMANDS[name].help, lambda: module))
    assert run(name, "f.py::g", "x=3").status == 7
    assert seen == [["f.py::g", "x=3"]]


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))
def test_every_subcommand_module_has_the_interface(name):
    if name == "lsp":
        pytest.importorskip("pygls")
    module = cli.SUBCOMMANDS[name].load()
    assert callable(module.add_arguments) and callable(module.run)


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))   # lsp too: pygls is in the base install
def test_usage_errors_print_the_subcommands_usage(run, name):
    result = run(name, "--bogus")
    assert result.status == 2
    assert result.err.startswith(f"usage: shapecheck {name} ")
    assert f"shapecheck {name}: error: " in result.err


def test_check_with_an_unknown_option_prints_checks_usage(run):
    result = run("check", "--bogus")
    assert result.status == 2
    assert result.err.startswith("usage: shapecheck check [-h]")
    assert "shapecheck check: error: unrecognized arguments: --bogus" in result.err


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))
def test_help_is_plain_text(run, name):
    if name == "lsp":
        pytest.importorskip("pygls")
    result = run(name, "--help")
    assert result.status == 0
    assert result.out.startswith(f"usage: shapecheck {name}")
    assert "``" not in result.out and ":func:" not in result.out


def test_top_level_usage_errors_print_the_top_level_usage(run):
    result = run("--bogus")
    assert result.status == 2 and result.err.startswith("usage: shapecheck [-h]")
