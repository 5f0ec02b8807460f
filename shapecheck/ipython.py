"""``%load_ext shapecheck``: check each notebook cell before it runs, with the kernel's live shapes.

The one place shapecheck looks at a running program, by design: the extension lives in the user's
kernel. It still never runs the cell to check it. Before IPython runs a cell (its ``pre_run_cell``
event), the cell's text is analysed statically, after a prelude that states what the kernel
already holds, as source the analyser reads like any other:

- an array (anything with an int-tuple ``shape`` and a ``dtype``: NumPy, PyTorch, JAX) is
  ``name = numpy.zeros((8, 784), dtype="float32")`` (``torch.zeros`` / ``jax.numpy.zeros`` for
  theirs), so its live shape is a fact;
- an int, float or bool is its value (``n_embd = 768``);
- an imported module is its import (``import numpy as np``);
- a function or class defined in an earlier cell is its source (IPython keeps each cell's text, so
  ``inspect.getsource`` reads it; nothing is called).

The findings in the cell itself are printed under it, as ``shapecheck`` prints them, with the
cell's own line numbers. The cell runs either way: the extension reports, it does not stop code.
``%unload_ext shapecheck`` stops it.
"""

from __future__ import annotations

import inspect
import keyword
import types
from dataclasses import dataclass, replace
from typing import Any, Iterable

from .api import Options, Project, check_cells
from .cli.output import render_full
from .report.diagnostics import Diagnostic
from .report.notebook import notebook_from_cells

#: Array types by the module their class comes from -> the call that makes a zero array of theirs.
ZEROS = {"numpy": "numpy.zeros", "torch": "torch.zeros", "jax": "jax.numpy.zeros", "jaxlib": "jax.numpy.zeros"}
PRELUDE_CELL, CELL = 0, 1


@dataclass(frozen=True)
class Fact:
    """One line (or block) of the prelude, for one name of the kernel's namespace."""

    kind: str      # "import", "value" or "definition": the prelude's order (a definition may use both)
    source: str
    imports: tuple[str, ...] = ()


def fact_for(name: str, value: Any) -> Fact | None:
    """What the prelude says about ``name``; None for what it cannot state."""
    if isinstance(value, types.ModuleType):
        module = value.__name__
        return Fact("import", f"import {module}" if name == module else f"import {module} as {name}")
    if isinstance(value, bool) or (isinstance(value, (int, float)) and type(value) in (int, float)):
        return Fact("value", f"{name} = {value!r}")
    shape = getattr(value, "shape", None)
    if isinstance(shape, tuple) and all(isinstance(d, int) for d in shape) and hasattr(value, "dtype"):
        library = type(value).__module__.split(".")[0]
        zeros = ZEROS.get(library)
        if zeros is None:
            return None
        dtype = str(value.dtype).removeprefix("torch.")
        module = zeros.rpartition(".")[0]
        return Fact("value", f"{name} = {zeros}({shape!r}, dtype={module}.{dtype})", imports=(module,))
    if isinstance(value, (types.FunctionType, type)) and getattr(value, "__module__", None) == "__main__":
        try:
            source = inspect.getsource(value)
        except (OSError, TypeError):
            return None
        # Only a top-level definition (a lambda's source is the line that holds it).
        return Fact("definition", source.rstrip("\n")) if not source[:1].isspace() and \
            source.startswith(("def ", "class ", "@", "async ")) else None
    return None


def prelude(namespace: dict[str, Any]) -> str:
    """The source that states the namespace's facts (names of IPython's own, ``_x``, left out)."""
    facts = [fact for name, value in list(namespace.items())
             if name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_")
             and name not in ("In", "Out", "exit", "quit", "get_ipython")
             for fact in [fact_for(name, value)] if fact is not None]
    imports = [f"import {m}" for m in sorted({module for fact in facts for module in fact.imports})]
    ordered = imports + [fact.source for kind in ("import", "value", "definition")
                         for fact in facts if fact.kind == kind]
    return "\n".join(ordered) + "\n"


def check_cell(cell: str, namespace: dict[str, Any], *, label: str = "cell",
               project: Project | None = None) -> list[Diagnostic]:
    """The findings in ``cell`` (positions in the cell), given what ``namespace`` holds."""
    notebook = notebook_from_cells([(PRELUDE_CELL, prelude(namespace)), (CELL, cell)])
    report = check_cells(notebook, label, project or Project(roots=[], options=Options()))
    return [_in_cell(d) for d in report.diagnostics if d.span.cell == CELL]


def _in_cell(d: Diagnostic) -> Diagnostic:
    """A finding with plain cell positions (related locations in the prelude are left out)."""
    related = tuple(replace(r, span=replace(r.span, cell=None)) for r in d.related if r.span.cell == CELL)
    return replace(d, span=replace(d.span, cell=None), related=related, fix=None)


def render(findings: Iterable[Diagnostic], cell: str) -> str:
    """The findings as ``shapecheck check --output-format full`` shows them, with the cell's lines."""
    lines = cell.splitlines()
    return render_full(findings, lambda path, *_: lines)


class CellChecker:
    """The ``pre_run_cell`` handler: checks the cell about to run and prints what it finds."""

    def __init__(self, shell: Any):
        self.shell = shell
        self.project = Project(roots=[], options=Options())

    def __call__(self, info: Any = None) -> None:
        cell = getattr(info, "raw_cell", None)
        if not cell or not cell.strip():
            return
        label = f"In [{self.shell.execution_count}]"
        try:
            findings = check_cell(cell, self.shell.user_ns, label=label, project=self.project)
        except Exception as error:  # a bug in shapecheck must never keep the user's cell from running
            print(f"shapecheck: could not check this cell ({type(error).__name__}: {error})")
            return
        if findings:
            print(render(findings, cell), end="")


_checkers: dict[int, CellChecker] = {}


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext shapecheck``: check every cell before it runs."""
    if id(shell) in _checkers:
        return
    checker = _checkers[id(shell)] = CellChecker(shell)
    shell.events.register("pre_run_cell", checker)


def unload_ipython_extension(shell: Any) -> None:
    """``%unload_ext shapecheck``."""
    checker = _checkers.pop(id(shell), None)
    if checker is not None:
        shell.events.unregister("pre_run_cell", checker)
