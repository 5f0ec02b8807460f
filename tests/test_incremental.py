"""Incremental re-analysis: a Project reused across edits gives exactly the fresh results, and an
edit inside one function re-analyses that function, not its neighbours."""

from __future__ import annotations

import textwrap

from shapecheck.api import Options, Project, check_source

SOURCE = textwrap.dedent('''
    import numpy as np


    def a(x):
        n, k = x.shape
        return x @ np.zeros((k, 3))


    def b(y):
        return y.reshape(2, -1)


    class Model:
        def __init__(self, d):
            self.w = np.zeros((d, 4))

        def __call__(self, x):
            return x @ self.w


    def broken():
        return np.zeros((2, 3)) @ np.zeros((4, 5))


    m = Model(3)
    out = m(np.zeros((5, 3)))
    reveal_shape(out)
    bad = a(np.zeros((2, 2))) + np.zeros(4)
''')


def _key(report):
    diags = sorted((d.span.line, d.span.column, d.code, d.message) for d in report.diagnostics)
    notes = sorted((n.span.line, n.span.column, n.text, n.kind) for n in report.notes)
    return diags, notes, report.signatures


def test_cached_results_equal_fresh_ones() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    first = check_source(SOURCE, "m.py", project=project, options=options)
    second = check_source(SOURCE, "m.py", project=project, options=options)
    fresh = check_source(SOURCE, "m.py", options=options)
    assert _key(first) == _key(second) == _key(fresh)
    assert project.cache.last_reused >= 4   # a, b, broken and the class were all reused
    assert any(d.code == "SC102" for d in second.diagnostics)  # broken()'s error is replayed


def test_edit_inside_one_function_reanalyses_only_it() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("return y.reshape(2, -1)", "return y.reshape(3, -1)")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))
    reused = project.cache.last_reused
    assert reused >= 3 and reused < 5   # everything but b


def test_edit_that_changes_a_callee_invalidates_its_callers() -> None:
    source = SOURCE + "\n\ndef c(x):\n    return a(x)\n"
    options = Options()
    project = Project(options=options, incremental=True)
    check_source(source, "m.py", project=project, options=options)
    edited = source.replace("np.zeros((k, 3))", "np.zeros((k, 7))")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


def test_lines_typed_above_shift_cached_results() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("import numpy as np\n", "import numpy as np\n\n# a comment\nZ = 1\n")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


def test_lines_inserted_in_one_function_shift_the_others() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("    n, k = x.shape\n", "    n, k = x.shape\n    probe = 1\n    other = 2\n")
    report = check_source(edited, "m.py", project=project, options=options)
    assert project.cache.last_reused >= 3          # b, Model and broken moved but were reused
    assert _key(report) == _key(check_source(edited, "m.py", options=options))
