"""Messages name both sides, in the code's own terms (issue 14): what a reader needs to see."""

from __future__ import annotations

from shapecheck.api import check_source


def _message(source: str, code: str) -> str:
    [finding] = [d for d in check_source(source, "m.py").diagnostics if d.code == code]
    return finding.message


def test_an_assertion_against_a_literal_shows_the_literal_too():
    message = _message("import numpy as np\nd = np.zeros((2, 6))\nassert (3, 4) == d.flatten().shape\n", "SC201")
    assert message.endswith("(d.flatten().shape is (12,); the other side is (3, 4))")


def test_an_assertion_between_two_values_shows_both():
    message = _message("import numpy as np\nc = np.zeros((3, 4))\nd = np.zeros((2, 6))\n"
                       "assert c.shape == d.flatten().shape\n", "SC201")
    assert message.endswith("(c.shape is (3, 4), d.flatten().shape is (12,))")


def test_a_reshape_target_is_shown_as_written_and_as_evaluated():
    message = _message("import numpy as np\nh = np.zeros((2, 3))\nm = h.reshape(h.shape[0], 4)\n", "SC103")
    assert message.endswith("into shape (h.shape[0], 4), which is (2, 4)")
    plain = _message("import numpy as np\nh = np.zeros((2, 3))\nm = h.reshape(5)\n", "SC103")
    assert plain.endswith("into shape (5,)")
