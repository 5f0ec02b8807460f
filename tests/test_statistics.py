"""``--statistics`` counts expressions of the source, not analysis steps (issue 10, item 8)."""

from __future__ import annotations

import textwrap

from shapecheck.api import check_source
from shapecheck.cli.output import coverage_by_file

SOURCE = textwrap.dedent("""\
    import numpy as np

    def double(x):
        return x * 2 @ np.ones((4, 4))

    a = np.zeros((3, 4))
    for i in range(10):
        a = a + 1
    for k in range(5):
        b = double(a)
    words = "{} {}".format(1, 2)
    parts = []
    parts.append(a)
    spectrum = np.fft.hfftn(a)
    """)


def positions_on(report, line: int) -> set:
    return {where for where in report.array_expressions if where[0] == line}


def test_a_loop_unrolled_and_a_function_called_many_times_count_each_expression_once():
    report = check_source(SOURCE, "stats.py")
    # `a + 1` in the loop: `a`, and `a + 1`; inside `double`: `x`, `x * 2`, the ones and the
    # product, however many calls
    assert positions_on(report, 8) == {(8, 8, 8, 9), (8, 8, 8, 13)}
    assert positions_on(report, 4) == {(4, 11, 4, 12), (4, 11, 4, 16), (4, 19, 4, 34), (4, 11, 4, 34)}
    assert positions_on(report, 10) == {(10, 15, 10, 16), (10, 8, 10, 17)}
    assert report.array_expressions[(8, 8, 8, 13)] == (True, True)
    coverage = coverage_by_file([report])["stats.py"]
    assert coverage.arrays == len(report.array_expressions) < 15


def test_an_expression_is_known_only_if_every_analysis_knew_it():
    """``double`` is analysed generically (``x`` unknown) and per call (``x`` is (3, 4)): ``x * 2``
    is ``(*x)`` in the first, exact for every rank of x, but the matmul is ``(..., 4)``, with no
    rank, so only the product counts as covered."""
    report = check_source(SOURCE, "stats.py")
    assert report.array_expressions[(4, 11, 4, 16)] == (True, True)
    assert report.array_expressions[(4, 11, 4, 34)] == (False, False)


def test_unknown_calls_are_array_library_calls_only():
    report = check_source(SOURCE, "stats.py")
    assert report.unknown_calls == {"numpy.fft.hfftn": 1}
    assert not any(name.startswith(("str.", "list.", "dict.")) for name in report.unknown_calls)
    # the unknown call's result is an array-valued expression of unknown shape
    assert report.array_expressions[(14, 11, 14, 26)] == (False, False)


def test_what_the_generic_analysis_knows_holds_for_every_call():
    """``step`` is called with an argument of unknown rank (``load()`` is unknown): that call knows
    nothing of ``np.tanh(x + 1)``, but the generic analysis gives it ``(*x)``, exact for every argument."""
    report = check_source(textwrap.dedent("""\
        import numpy as np
        from somewhere import load

        def step(x):
            return np.tanh(x + 1)

        y = step(load())
        """), "generic.py")
    assert report.array_expressions[(5, 11, 5, 25)] == (True, True)
    assert report.array_expressions[(7, 4, 7, 16)] == (False, False)   # the call's result


def test_library_calls_that_return_no_array_are_no_unknown_calls():
    report = check_source(textwrap.dedent("""\
        import torch

        def f(x):
            with torch.no_grad():
                big = torch.finfo(x.dtype).max
                torch.set_rng_state(state)
                opt = torch.optim.AdamW(params, lr=1e-3)
                sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 10)
            return torch.cumulative_trapezoid(x)
        """), "no_arrays.py")
    assert report.unknown_calls == {"torch.cumulative_trapezoid": 1}


def test_a_function_first_analysed_inside_another_keeps_its_count_when_that_one_is_redone():
    """``helper``'s generic analysis runs inside ``model``'s first one, which the rank that
    ``rearrange`` fixes makes redo: helper's analysis stands (it is kept for every later call), so
    what it counted must too -- else only its calls' analyses count, and ``y @ w`` (of no rank in
    the generic analysis) would look known, or not be counted at all."""
    source = textwrap.dedent("""\
        import numpy as np
        from einops import rearrange

        def model(x):
            h = helper(np.ones((2, 3)))
            return rearrange(x, 'b n d -> b d n')

        def helper(y):
            return y @ np.ones((3, 3))
        """)
    report = check_source(source, "nested.py")
    assert report.array_expressions[(9, 11, 9, 30)] == (False, False)
    assert report.array_expressions[(9, 15, 9, 30)] == (True, True)
