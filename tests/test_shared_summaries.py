"""A call into a kept module made by one checked file is answered in the next file of the process
by that call's summary (issue 11; ``absint/driver/shared_summaries.py``), where that is exact; a
file's findings do not depend on which files the process checked before it."""

from __future__ import annotations

import itertools
import textwrap
from collections import Counter
from pathlib import Path

from shapecheck.absint.driver import shared_modules
from shapecheck.api import Options, Project, check_paths


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def _check(root: Path, names: list[str], fresh: bool = True) -> dict[str, list[tuple]]:
    """Each file's findings, checked in this order in one process (a fresh one: no kept modules,
    no shared summaries), each in a fresh project as the CLI checks them."""
    if fresh:
        shared_modules._PROJECTS.clear()
    out = {}
    for name in names:
        report = check_paths([str(root / name)], Options(strict=True), Project.at_root(root, Options(strict=True)))[0]
        out[name] = [(d.line, d.column, d.code, d.message) for d in report.diagnostics]
    return out


LAYERS = {
    "layers.py": """\
        import torch
        import torch.nn as nn
        from helpers import to_pair


        class Block(nn.Module):
            def __init__(self, dim, hidden):
                super().__init__()
                self.fc1 = nn.Linear(dim, hidden)
                self.fc2 = nn.Linear(hidden, dim)
                self.size = to_pair(dim)

            def forward(self, x):
                return self.fc2(self.fc1(x))


        def make_block(dim, hidden=64):
            return Block(dim, hidden)
        """,
    "helpers.py": """\
        def _ntuple(n):
            def parse(x):
                return tuple([x] * n)
            return parse


        to_pair = _ntuple(2)
        """,
    "first.py": """\
        import torch
        from layers import make_block

        block = make_block(32)
        y = block(torch.zeros(4, 32))
        z = block(torch.zeros(4, 16))   # error: SC110
        """,
    "second.py": """\
        import torch
        from layers import make_block

        block = make_block(32)
        y = block(torch.zeros(8, 32)) @ torch.zeros(31, 2)   # error: SC102
        """,
}


def test_a_factory_call_made_by_one_file_is_answered_in_the_next(tmp_path: Path, bodies_run: Counter) -> None:
    """``make_block(32)`` returns a layer its run built (a result holding objects: each call gets its
    own copy, effects.Made); the second file takes the first file's summary, its ``Block.__init__``
    not run again, and finds what it finds alone."""
    _write(tmp_path, LAYERS)
    alone = _check(tmp_path, ["second.py"])
    bodies_run.clear()
    found = _check(tmp_path, ["first.py", "second.py"])
    assert [code for *_, code, _ in found["first.py"]] == ["SC110"]
    assert found["second.py"] == alone["second.py"] and [code for *_, code, _ in alone["second.py"]] == ["SC102"]
    # make_block: its call, once in all (a call that finds no error needs no generic analysis of
    # another module's function); Block.__init__: ``Block(32, 64)`` and, for first.py's failing call
    # of ``Block.forward`` (whose generic analysis tells its own errors from the call's), its
    # template's build (a kept class's, shared by the second file: Calls._shared_method), each once
    assert bodies_run["make_block"] == 1
    assert bodies_run["Block.__init__"] == 1 + 1


def test_findings_do_not_depend_on_the_files_checked_before(tmp_path: Path) -> None:
    """Every order of three files (one of them the module a kept module's lazily imported name
    resolves to: that file's run resolves it to itself) finds what each finds in a fresh process."""
    _write(tmp_path, {**LAYERS, "helpers.py": textwrap.dedent(LAYERS["helpers.py"]) + textwrap.dedent("""\

        from layers import make_block   # layers' to_pair is this module's, half made
        block = make_block(32)
        """)})
    names = ["first.py", "second.py", "helpers.py"]
    alone = {name: _check(tmp_path, [name])[name] for name in names}
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == alone


def test_a_summary_is_not_taken_where_an_imported_name_resolves_elsewhere(tmp_path: Path, bodies_run: Counter) -> None:
    """``layers`` imports ``to_pair`` lazily: in the run of ``helpers.py`` itself that name is the
    checked file's own (its expressions counted, its findings its own), so the summary of
    ``make_block(32)`` that ``first.py``'s run made (through the kept ``helpers``) is not taken there:
    the call runs."""
    _write(tmp_path, {**LAYERS, "use.py": """\
        from layers import make_block

        def build():
            return make_block(32)
        """, "helpers.py": textwrap.dedent(LAYERS["helpers.py"]) + textwrap.dedent("""\

        from use import build
        block = build()
        """)})
    _check(tmp_path, ["first.py"])
    bodies_run.clear()
    _check(tmp_path, ["helpers.py"], fresh=False)
    assert bodies_run["make_block"] == 1   # the call runs


CLASSES = {
    "shapes.py": """\
        import numpy as np


        class Base:
            def __init__(self, d):
                self.w = np.zeros((d, 4))

            def apply(self, x):
                return x @ self.w

            def broken(self):
                return np.zeros((3, 2)) @ np.zeros((5, 2))


        class Child(Base):
            def grow(self, k):
                self.v = np.zeros((k, 4))   # changes the template its analysis runs on
                return self.v

            def use(self, x):
                return x @ self.w + 1
        """,
    "a.py": """\
        import numpy as np
        from shapes import Base, Child

        b = Base(8)
        y = b.apply(np.zeros((2, 8)))
        z = b.apply(np.zeros((2, 7)))   # error: SC110
        c = Child(3)
        c.grow(5)
        q = c.use(np.zeros((1, 3)))
        """,
    "b.py": """\
        import numpy as np
        from shapes import Base, Child

        c = Child(6)
        w = c.use(np.zeros((2, 5)))   # error: SC110
        c.grow(2)
        b = Base(2)
        b.broken()
        u = b.apply(np.zeros((1, 2)))
        """,
}


def test_a_kept_class_s_method_analyses_are_shared_and_findings_do_not_depend_on_the_order(
        tmp_path: Path, bodies_run: Counter) -> None:
    """A kept class's template and its methods' generic analyses (Calls._shared_method): the second
    file takes the first file's analyses of ``Base.apply`` and ``Base.__init__`` (its template then
    never built); a method's analysis that changes the template (``Child.grow``) is not shared, nor
    are those after it on that template; every order finds what each file finds alone."""
    _write(tmp_path, CLASSES)
    names = ["a.py", "b.py"]
    alone = {name: _check(tmp_path, [name])[name] for name in names}
    assert [code for *_, code, _ in alone["a.py"]] == ["SC110"] and [code for *_, code, _ in alone["b.py"]] == ["SC110"]
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == alone
    bodies_run.clear()
    _check(tmp_path, ["a.py", "a.py"])
    # Base.apply: its generic analysis once in all (per file before), the passing call once (its
    # summary shared too) and the failing one in each file (an error: not summarised)
    assert bodies_run["Base.apply"] == 1 + 1 + 2


def test_a_run_is_no_longer_clean_once_an_entry_it_took_is_spoiled() -> None:
    """S2 is asked at every call, its verdict kept while the run's taken entries and the process's
    spoilings stay the same (``RunSummaries.clean``): an entry it took spoiled after a clean verdict
    (an editor's hover spoils one: ``SharedModules._evict_spoiled``), or a spoiled one taken after
    it, makes the next answer False, as a look at every entry does."""
    from types import SimpleNamespace

    from shapecheck.absint.core.module import ModuleInfo
    from shapecheck.absint.core.values import HeapClock
    from shapecheck.absint.driver.shared_modules import Entry, SharedModules
    from shapecheck.absint.driver.shared_summaries import RunSummaries

    def entry(name: str) -> Entry:
        return Entry(ModuleInfo(name, name[:-3], "", None), {}, 0, 0, (), {}, frozenset({name}), name)

    kept, other = entry("a.py"), entry("b.py")
    store = SharedModules(lambda *_: None)
    store.entries = {"a.py": kept, "b.py": other}
    taken: list = [kept]
    summaries = RunSummaries({}, SimpleNamespace(modules=SimpleNamespace(taken=taken)))
    assert summaries.clean() and summaries.clean()
    HeapClock.spoiled.add(kept)
    assert not summaries.clean()   # spoiled, not yet marked
    store._evict_spoiled()
    assert kept.spoiled and not HeapClock.spoiled and not summaries.clean()
    late = RunSummaries({}, SimpleNamespace(modules=SimpleNamespace(taken=[other])))
    assert late.clean()
    late.run.modules.taken.append(kept)   # a spoiled entry taken after a clean verdict
    assert not late.clean()


VALIDATION = {
    "validation.py": """\
        import numbers
        import functools
        from scipy import sparse
        import numpy as np


        def check(X, k):
            if sparse.issparse(X):
                raise TypeError("dense only")
            if not isinstance(k, numbers.Integral):
                raise TypeError("k")
            scale = functools.partial(np.multiply, 2.0)
            return scale(X[:, :k])
        """,
    "one.py": """\
        import numpy as np
        from validation import check

        X = np.zeros((6, 4))
        y = check(X, 2)
        """,
    "two.py": """\
        import numpy as np
        from validation import check

        X = np.zeros((6, 4))
        y = check(X, 2) @ np.zeros((3, 5))   # error: SC102
        """,
}


def test_what_every_run_reads_alike_does_not_keep_a_summary_to_one_file(tmp_path: Path, bodies_run: Counter) -> None:
    """A kept function that reads stand-in modules (``numbers``, ``functools``: one per process, their
    names constants) and a module-level object known only by name (``sparse``: each run reads its own
    copy of the kept module's object) reads nothing of one run's own: the second file takes the
    first file's summary of ``check(X, 2)`` and finds what it finds alone."""
    _write(tmp_path, VALIDATION)
    alone = _check(tmp_path, ["two.py"])
    bodies_run.clear()
    found = _check(tmp_path, ["one.py", "two.py"])
    assert found["two.py"] == alone["two.py"] and [code for *_, code, _ in alone["two.py"]] == ["SC102"]
    assert bodies_run["check"] == 1   # one.py's call; two.py's is taken (neither found an error: no generic analysis)


CLASSES_AS_VALUES = {
    "registry.py": """\
        import numpy as np


        class Layer:
            width = 3

            @classmethod
            def make(cls, n):
                return np.zeros((n, cls.width))


        def build(kind, n):
            return kind.make(n)
        """,
    "one.py": """\
        from registry import Layer, build

        y = build(Layer, 4)
        """,
    "two.py": """\
        import numpy as np
        from registry import Layer, build

        y = build(Layer, 4) @ np.zeros((2, 5))   # error: SC102
        """,
}


def test_a_call_given_a_kept_class_is_answered_in_the_next_file(tmp_path: Path, bodies_run: Counter) -> None:
    """A class passed as a value (a factory's ``kind``, a classmethod's ``cls``) is the kept module's
    class in every run: a key holding it is the same call in the next file, whose run takes the
    summary of ``build(Layer, 4)`` and finds what it finds alone."""
    _write(tmp_path, CLASSES_AS_VALUES)
    alone = _check(tmp_path, ["two.py"])
    bodies_run.clear()
    found = _check(tmp_path, ["one.py", "two.py"])
    assert found["two.py"] == alone["two.py"] and [code for *_, code, _ in alone["two.py"]] == ["SC102"]
    assert bodies_run["build"] == 1 and bodies_run["Layer.make"] == 1
