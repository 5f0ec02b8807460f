"""A call that fails (SC110) keeps the code of the failing operation inside the callee as its
cause, and --select, --ignore and ignore comments match either code."""

from __future__ import annotations

import pytest

from shapecheck.api import Options, check_source

SOURCE = """\
import numpy as np

def flat(x):
    return x.reshape(5, 1)

flat(np.zeros((2, 3))){comment}
"""


def _codes(comment: str = "", **options) -> list[tuple[str, str | None]]:
    report = check_source(SOURCE.format(comment=comment), "m.py", options=Options(**options))
    return [(d.code, d.cause) for d in report.diagnostics]


def test_sc110_carries_the_code_of_the_failing_operation() -> None:
    assert _codes() == [("SC110", "SC103")]
    report = check_source(SOURCE.format(comment=""), "m.py")
    assert report.diagnostics[0].to_json()["cause"] == "SC103"


@pytest.mark.parametrize("select, ignore, kept", [
    ((), ("SC103",), False),       # ignoring the cause drops the call's error
    ((), ("SC110",), False),
    (("SC103",), (), True),        # selecting the cause keeps it
    (("SC110",), (), True),
    (("SC101",), (), False),
    (("SC1",), ("SC10",), False),  # SC103 is ignored by the longer prefix
])
def test_select_and_ignore_match_either_code(select, ignore, kept) -> None:
    assert bool(_codes(select=select, ignore=ignore)) is kept


def test_an_ignore_comment_naming_the_cause_suppresses_the_call_error() -> None:
    assert _codes("  # shapecheck: ignore[SC103]") == []
    assert _codes("  # shapecheck: ignore[SC110]") == []
    assert sorted(c for c, _ in _codes("  # shapecheck: ignore[SC101]")) == ["SC004", "SC110"]


def test_an_ignore_naming_another_code_says_what_the_line_reports() -> None:
    report = check_source("import numpy as np\ny = np.zeros((2, 3)) @ np.zeros((4, 5))  # shapecheck: ignore[SC101]\n",
                          "m.py")
    unused = [d for d in report.diagnostics if d.code == "SC004"]
    assert [d.message for d in unused] == [
        "unused `shapecheck: ignore[SC101]`: this line reports SC102, which it does not name"]
