"""A decorator of the project's own code that a run cannot tell (an import cycle, a module-level
``__getattr__``) may hand the body anything, as a project class used as a decorator may: a call of
the function fails only through its own body (its generic analysis), never for the arguments the
decorator was given (pennylane's ``@qp.templates.Subroutine`` turns the wires ``0`` into an array of
shape (1,), and its tests' ``f(0)`` was a false SC110). A library's decorator nothing is known of
keeps the call: the arguments reach the body as given."""

from __future__ import annotations

import textwrap
from pathlib import Path

from shapecheck.api import check_paths

FILES = {
    "pkg/__init__.py": "",
    # a name the module makes at run time: unknown to the analysis, and the project's own
    "pkg/deco.py": """\
        def __getattr__(name):
            def as_wires(fn):
                return lambda wires: fn(__import__("numpy").atleast_1d(wires))
            return as_wires
        """,
    "main.py": """\
        import numpy as np
        import pkg.deco
        from functools import partial
        from pkg.deco import as_wires
        import some_library_without_tables as lib


        @as_wires
        def f(wires):
            assert wires.shape == (1,)
            return wires


        @pkg.deco.as_wires
        def g(wires):
            assert wires.shape == (1,)
            return wires


        @partial(as_wires)
        def h(wires):
            assert wires.shape == (1,)
            return wires


        @lib.jit
        def k(x):
            return x @ np.ones((3, 3))


        f(0)
        g(0)
        h(0)
        k(np.ones((2, 4)))
        """,
}


def test_a_project_decorator_nothing_is_known_of_may_change_the_arguments(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    (report,) = check_paths([str(tmp_path / "main.py")], root=tmp_path)
    assert [(d.line, d.code) for d in report.diagnostics] == [(34, "SC110")]   # k's, the library's decorator
