"""Run a case file under the real library, one top-level statement at a time, and record what happened.

Used by :mod:`tests.rules.test_cases_run_for_real`: ``run_case`` executes ``tests/cases/numpy/*.py`` (and
``tests/cases/torch/*.py`` where torch imports) with ``reveal_shape`` bound to a recorder, and returns
which lines ran, which lines an exception passed through, and the shape every ``reveal_shape`` saw.
"""

from __future__ import annotations

import ast
import sys
import types
import warnings
from dataclasses import dataclass, field


@dataclass
class Outcome:
    executed: set[int] = field(default_factory=set)            # lines of the file that ran
    raised: dict[int, str] = field(default_factory=dict)       # line an exception passed through -> error
    statement_raised: dict[int, str] = field(default_factory=dict)  # top-level statement line -> error
    reveals: dict[int, list] = field(default_factory=dict)     # line -> shapes reveal_shape saw there
    statements: dict[int, int] = field(default_factory=dict)   # line -> first line of its top-level stmt
    top_level: set[int] = field(default_factory=set)           # lines outside any def/class body


def _shape_of(value):
    """The shape as the library sees it: ``.shape`` of an array/tensor, () for a scalar, else None."""
    shape = getattr(value, "shape", None)
    if shape is not None:
        try:
            return tuple(int(d) for d in shape)
        except TypeError:
            return None
    if isinstance(value, (int, float, complex)) and not isinstance(value, bool):
        return ()
    return None


def _top_level_lines(tree: ast.Module) -> tuple[dict[int, int], set[int]]:
    statements, top = {}, set()
    for stmt in tree.body:
        lines = range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1)
        for line in lines:
            statements[line] = stmt.lineno
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top.update(lines)
    return statements, top


def run_case(path: str) -> Outcome:
    source = open(path, encoding="utf-8").read()
    tree = ast.parse(source, filename=path)
    out = Outcome()
    out.statements, out.top_level = _top_level_lines(tree)

    def reveal_shape(value):
        out.reveals.setdefault(sys._getframe(1).f_lineno, []).append(_shape_of(value))
        return value

    def tracer(frame, event, arg):
        if frame.f_code.co_filename != path:
            return None
        if event == "line":
            out.executed.add(frame.f_lineno)
        return tracer

    # a real module, registered while it runs: dataclass-based classes (flax's linen modules) look
    # their module up in sys.modules
    module = types.ModuleType("__case__")
    module.__dict__.update(reveal_shape=reveal_shape, __file__=path)
    sys.modules["__case__"] = module
    env = module.__dict__
    for stmt in tree.body:
        code = compile(ast.Module([stmt], []), path, "exec")
        previous = sys.gettrace()
        sys.settrace(tracer)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                exec(code, env)
        except Exception as err:  # noqa: BLE001 - every failure is data here
            text = f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
            out.statement_raised[stmt.lineno] = text
            tb = err.__traceback__
            while tb is not None:
                if tb.tb_frame.f_code.co_filename == path:
                    out.raised.setdefault(tb.tb_lineno, text)
                tb = tb.tb_next
        finally:
            sys.settrace(previous)
    sys.modules.pop("__case__", None)
    return out
