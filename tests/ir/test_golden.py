"""Golden-text tests (xDSL/FileCheck style): each ``tests/cases_ir/*.py`` holds a function, a
``# RUN:`` line (the arguments of ``shapecheck ir``, ``%s`` standing for the file itself), and
``# CHECK:`` lines that must appear in the output in order (each a substring of a later line).
``# CHECK-NOT:`` text must appear nowhere; ``# EXIT:`` is the expected status (default 0) and
``# CHECK-ERR:`` lines are matched against stderr. A new case is a new file."""

import shlex
from pathlib import Path

import pytest

from shapecheck.cli.ir import main

CASES = sorted((Path(__file__).parent.parent / "cases_ir").glob("*.py"))


def directives(path: Path, key: str) -> list[str]:
    prefix = f"# {key}:"
    return [line[len(prefix):].strip() for line in path.read_text().splitlines() if line.startswith(prefix)]


def check_in_order(output: str, checks: list[str], path: Path) -> None:
    lines = output.splitlines()
    pos = 0
    for check in checks:
        while pos < len(lines) and check not in lines[pos]:
            pos += 1
        assert pos < len(lines), f"{path.name}: CHECK not found (in order): {check!r}\n--- output ---\n{output}"
        pos += 1


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path, capsys) -> None:
    (run,) = directives(path, "RUN")
    argv = [arg.replace("%s", str(path)) for arg in shlex.split(run)]
    status = main(argv)
    out, err = capsys.readouterr()
    expected_exit = int((directives(path, "EXIT") or ["0"])[0])
    assert status == expected_exit, f"{path.name}: exit {status}\n{err}"
    check_in_order(out, directives(path, "CHECK"), path)
    check_in_order(err, directives(path, "CHECK-ERR"), path)
    for text in directives(path, "CHECK-NOT"):
        assert text not in out, f"{path.name}: {text!r} should not appear\n{out}"


def test_cases_exist() -> None:
    assert len(CASES) >= 5
