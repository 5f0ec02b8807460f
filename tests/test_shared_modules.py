"""An imported module is analysed once per process, not once per checked file that imports it
(issue 11; ``absint/driver/shared_modules.py``), and a file's findings do not depend on which files
the process checked before it."""

from __future__ import annotations

import itertools
import textwrap
from collections import Counter
from pathlib import Path

from shapecheck.api import Options, Project, check_paths, check_source
from test_cancellation import AfterSteps
from test_shared_summaries import LAYERS as SUMMARY_LAYERS


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def _findings(report) -> list[tuple]:
    return [(d.line, d.column, d.code, d.message) for d in report.diagnostics]


def _check(root: Path, names: list[str]) -> dict[str, list[tuple]]:
    """Each file's findings, checked in this order in one process, each in a fresh project as the
    CLI checks them (``cli/parallel.py``)."""
    out = {}
    for name in names:
        project = Project.at_root(root, Options())
        out[name] = _findings(check_paths([str(root / name)], Options(), project)[0])
    return out


CONFIGS = {
    "configs.py": """\
        import numpy as np

        def make_cfg(name, size=3):
            return {"name": name, "weight": np.zeros((size, 4))}

        DEFAULTS = [make_cfg("a"), make_cfg("b"), make_cfg("c", size=5)]
        SHAPES = {"proj": np.zeros((8, 4))}
        """,
    "first.py": """\
        import numpy as np
        from configs import SHAPES
        y = SHAPES["proj"] @ np.zeros((5, 2))
        """,
    "second.py": """\
        import numpy as np
        from configs import DEFAULTS, SHAPES
        z = SHAPES["proj"] @ np.zeros((4, 2))
        w = np.zeros((3, 3)) @ np.zeros((2, 2))
        """,
}


def test_a_module_imported_by_two_files_runs_its_top_level_once(tmp_path: Path, bodies_run: Counter) -> None:
    """``make_cfg`` is called three times by ``configs``'s top level: three runs for the two files
    that import it (other strings and sizes: no summary answers them), not six."""
    _write(tmp_path, CONFIGS)
    found = _check(tmp_path, ["first.py", "second.py"])
    assert [code for *_, code, _ in found["first.py"]] == ["SC102"]
    assert [code for *_, code, _ in found["second.py"]] == ["SC102"]
    # the three calls, once (no generic analysis of another module's function: no call of it failed)
    assert bodies_run["make_cfg"] == 3


def test_findings_do_not_depend_on_the_files_checked_before(tmp_path: Path) -> None:
    _write(tmp_path, CONFIGS)
    names = ["first.py", "second.py"]
    alone = {name: _check(tmp_path, [name])[name] for name in names}
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == alone


REGISTRY = {
    "registry.py": """\
        import numpy as np

        class Registry:
            def __init__(self):
                self.table = np.zeros((2, 2))

            def put(self, table):
                self.table = table

        REGISTRY = Registry()
        """,
    "writer.py": """\
        import numpy as np
        from registry import REGISTRY
        REGISTRY.put(np.zeros((7, 7)))
        REGISTRY.extra = np.zeros(3)
        reveal_shape(REGISTRY.table)
        """,
    "reader.py": """\
        import numpy as np
        from registry import REGISTRY
        reveal_shape(REGISTRY.table)
        x = REGISTRY.table @ np.zeros((3, 1))
        """,
}


def test_a_file_that_changes_an_imported_object_leaves_the_next_file_alone(tmp_path: Path) -> None:
    """``writer`` stores into the module's object; ``reader``, checked next in the same process,
    sees the object as the module made it (the entry is spoiled and made again)."""
    _write(tmp_path, REGISTRY)
    alone = _check(tmp_path, ["reader.py"])["reader.py"]
    assert [(code, message) for *_, code, message in alone] == [
        ("SC301", "reveal_shape: shape: (2, 2), dtype: float64"),
        ("SC102", "matmul: REGISTRY.table is (2, 2) but np.zeros((3, 1)) is (3, 1): 2 != 3")]
    both = _check(tmp_path, ["writer.py", "reader.py"])
    assert [message for *_, message in both["writer.py"]] == ["reveal_shape: shape: (7, 7), dtype: float64"]
    assert both["reader.py"] == alone


REGISTERING = dict(REGISTRY, **{
    "registering.py": """\
        import numpy as np
        from registry import REGISTRY
        SEEN = REGISTRY.table
        REGISTRY.put(np.zeros((5, 5)))
        """,
    "after_registering.py": """\
        import numpy as np
        from registering import REGISTRY
        reveal_shape(REGISTRY.table)
        """,
    "registers_first.py": """\
        import numpy as np
        from registry import REGISTRY
        REGISTRY.put(np.zeros((1, 1)))
        from registering import SEEN
        reveal_shape(SEEN)
        reveal_shape(REGISTRY.table)
        """,
})


def test_a_module_that_changes_an_imported_object_at_its_top_level_is_kept_with_its_change(
        tmp_path: Path, monkeypatch) -> None:
    """``registering``'s top level stores into ``registry``'s object. A file that imports it sees the
    store (its kept entry carries it: shared_tables.py), the files checked after it do not, and
    neither module is made again for it (astropy's ``units``: a module-level ``set_enabled_units``
    spoiled ``core.py``'s entry, and every entry that took it, for each file)."""
    from shapecheck.absint.driver import shared_modules
    made: Counter = Counter()
    make = shared_modules.SharedModules._make

    def counted(store, key, info, cancellation):
        made[Path(key).name] += 1
        return make(store, key, info, cancellation)
    monkeypatch.setattr(shared_modules.SharedModules, "_make", counted)
    _write(tmp_path, REGISTERING)
    found = _check(tmp_path, ["reader.py", "after_registering.py", "reader.py", "after_registering.py"])
    assert [message for *_, message in found["after_registering.py"]] == [
        "reveal_shape: shape: (5, 5), dtype: float64"]
    assert [message for *_, message in found["reader.py"]][0] == "reveal_shape: shape: (2, 2), dtype: float64"
    assert made == {"registry.py": 1, "registering.py": 1}
    entries = [entry for store in shared_modules._PROJECTS.values() for entry in store.entries.values()
               if Path(entry.key).parent == tmp_path.resolve()]
    assert {Path(entry.key).name for entry in entries} == {"registry.py", "registering.py"}
    assert not any(entry.spoiled for entry in entries)


def test_a_file_that_changed_an_object_runs_a_module_that_took_it_itself(tmp_path: Path) -> None:
    """A file that stored into ``registry``'s object before importing ``registering`` must see that
    module's top level run on its store (``SEEN`` is the file's (1, 1)), as Python runs it; the kept
    entry was made without it (T3)."""
    _write(tmp_path, REGISTERING)
    found = _check(tmp_path, ["after_registering.py", "registers_first.py"])
    assert [message for *_, message in found["registers_first.py"]] == [
        "reveal_shape: shape: (1, 1), dtype: float64", "reveal_shape: shape: (5, 5), dtype: float64"]


CYCLE = {
    "pkg/__init__.py": """\
        from .layers import Dense
        from .models import build
        """,
    "pkg/layers.py": """\
        import numpy as np
        from . import models

        class Dense:
            def __init__(self, n):
                self.w = np.zeros((n, 4))
        """,
    "pkg/models.py": """\
        import numpy as np
        from pkg import layers

        def build(n):
            return layers.Dense(n).w

        BASE = build(3)
        """,
    "use_models.py": """\
        import numpy as np
        from pkg.models import BASE, build
        reveal_shape(BASE)
        y = build(6) @ np.zeros((5, 1))
        """,
    "use_pkg.py": """\
        import numpy as np
        from pkg import Dense, build
        z = Dense(2).w @ np.zeros((4, 9))
        reveal_shape(build(5))
        """,
    "pkg/inside.py": """\
        import numpy as np
        from pkg.models import build
        q = build(2) @ np.zeros((3, 3))
        """,
}


def test_modules_in_an_import_cycle_give_the_same_findings_in_any_order(tmp_path: Path) -> None:
    """A cycle's modules leave what they leave depending on which was loaded first: each is kept
    with the cycle's modules its run loaded, and a file inside the cycle runs it itself."""
    _write(tmp_path, CYCLE)
    names = ["use_models.py", "use_pkg.py", "pkg/inside.py", "pkg/models.py"]
    alone = {name: _check(tmp_path, [name])[name] for name in names}
    assert [code for *_, code, _ in alone["use_models.py"]] == ["SC301", "SC102"]
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == alone


def test_an_edited_module_is_analysed_again(tmp_path: Path) -> None:
    """An entry holds while every file it reached reads as it did."""
    _write(tmp_path, CONFIGS)
    before = _check(tmp_path, ["first.py"])["first.py"]
    assert [code for *_, code, _ in before] == ["SC102"]
    (tmp_path / "configs.py").write_text(CONFIGS["configs.py"].replace("np.zeros((8, 4))", "np.zeros((8, 5))")
                                         .replace("        ", ""))
    assert _check(tmp_path, ["first.py"])["first.py"] == []


def test_a_file_depends_on_every_module_a_kept_module_reached(tmp_path: Path) -> None:
    """The cache's dependencies of a file (``loaded_modules``) name the modules a kept module it
    took loaded, whether or not this run made the entry."""
    _write(tmp_path, {**CONFIGS, "helpers.py": "import numpy as np\nONE = np.ones(3)\n",
                      "configs.py": "from helpers import ONE\nTWO = 2 * ONE\n" + textwrap.dedent(CONFIGS["configs.py"])})
    for name in ["first.py", "second.py"]:
        project = Project.at_root(tmp_path, Options())
        report = check_paths([str(tmp_path / name)], Options(), project)[0]
        assert {Path(p).name for p in report.loaded_modules} == {name, "configs.py", "helpers.py"}


def _assert_make_runs_once(root: Path, files: dict[str, str], bodies_run: Counter) -> None:
    """``first.py`` then ``second.py`` find one SC102 each, and the module calling ``make()`` at its
    top level runs once in the process; each alone finds the same."""
    _write(root, files)
    found = _check(root, ["first.py", "second.py"])
    assert [code for *_, code, _ in found["first.py"]] == ["SC102"]
    assert [code for *_, code, _ in found["second.py"]] == ["SC102"]
    assert bodies_run["make"] == 1   # the module's call, once (and no generic analysis: it found no error)
    assert {name: _check(root, [name])[name] for name in ["second.py", "first.py"]} == found


REACH = {
    "base.py": """\
        import numpy as np

        def make():
            return np.zeros((2, 2))

        BASE = make()

        def later():
            from top import TOP   # names ``top``, which loads ``mid``: loaded only if called
            return TOP
        """,
    "mid.py": "from base import BASE\nMID = 2 * BASE\n",
    "top.py": "from mid import MID\nTOP = MID + 1\n",
    "first.py": "import numpy as np\nfrom top import TOP\nx = TOP @ np.zeros((3, 1))  # error: SC102\n",
    "second.py": "import numpy as np\nfrom mid import MID\ny = MID @ np.zeros((4, 1))  # error: SC102\n",
}


def test_a_module_whose_imports_name_one_being_loaded_is_kept_where_its_top_level_never_loads_it(
        tmp_path: Path, bodies_run: Counter) -> None:
    """Whether a kept module's run may take another's entry is decided by what that entry's run
    loaded (K1), not guessed from import statements: ``base``'s function imports ``top``, but its
    top level loads nothing, so ``top``'s run takes ``mid``'s and ``base``'s entries, and ``second``
    takes ``mid``'s again: ``base``'s top level (its ``make()`` call) runs once in the process,
    where a guess from the statements ran it in ``top``'s run and again in ``mid``'s."""
    _assert_make_runs_once(tmp_path, REACH, bodies_run)


def test_an_editor_takes_the_kept_module_on_every_edit(tmp_path: Path, bodies_run: Counter) -> None:
    """An editor's project (incremental, reading open buffers) takes the kept module too: an edit
    of the checked file does not run the imported module's top level again (its three
    ``make_cfg`` calls), and the findings are a one-shot check's."""
    _write(tmp_path, CONFIGS)
    path = str(tmp_path / "second.py")
    text = (tmp_path / "second.py").read_text()
    project = Project(roots=[str(tmp_path)], read_source=lambda p: None, incremental=True)
    first = check_source(text, path, project=project)
    runs = bodies_run["make_cfg"]
    edited = check_source(text.replace("w = ", "v = 1\nw = "), path, project=project)
    assert bodies_run["make_cfg"] == runs
    assert [(d.code, d.message) for d in edited.diagnostics] == [(d.code, d.message) for d in first.diagnostics]
    assert [d.line for d in edited.diagnostics] == [5]


def test_an_editor_sees_an_imported_module_as_its_buffer_reads(tmp_path: Path) -> None:
    """The kept module is made from the open buffer of the module it is (``Project.read_source``),
    and made again when the buffer changes, with no save."""
    _write(tmp_path, CONFIGS)
    buffers: dict[str, str] = {}
    project = Project(roots=[str(tmp_path)], read_source=buffers.get, incremental=True)
    path = str(tmp_path / "first.py")
    text = (tmp_path / "first.py").read_text()
    assert [d.code for d in check_source(text, path, project=project).diagnostics] == ["SC102"]
    buffers[str(tmp_path / "configs.py")] = textwrap.dedent(CONFIGS["configs.py"]).replace("(8, 4)", "(8, 5)")
    assert check_source(text, path, project=project).diagnostics == []
    del buffers[str(tmp_path / "configs.py")]
    assert [d.code for d in check_source(text, path, project=project).diagnostics] == ["SC102"]


def test_an_editors_cancelled_run_stops_inside_a_module_being_kept(tmp_path: Path, bodies_run: Counter) -> None:
    """Cancelled while the kept module it imports is made, the run stops there (SC006) without
    running the rest of that module (its ``make_cfg`` calls), no half-made entry is kept, and the
    next run finds what a whole run finds."""
    _write(tmp_path, CONFIGS)
    path = str(tmp_path / "second.py")
    text = (tmp_path / "second.py").read_text()
    project = Project(roots=[str(tmp_path)], read_source=lambda p: None, incremental=True)
    cut = check_source(text, path, project=project, cancellation=AfterSteps(4))
    assert [d.code for d in cut.diagnostics] == ["SC006"]
    assert bodies_run["make_cfg"] == 0
    assert [d.code for d in check_source(text, path, project=project).diagnostics] == ["SC102"]


LAYERS = {
    "pkg/__init__.py": "",
    "pkg/layers/__init__.py": "from .drop import DropPath\nfrom .helpers import to_pair\n",
    "pkg/layers/drop.py": """\
        import torch.nn as nn

        class DropPath(nn.Module):
            def __init__(self, p=0.0):
                super().__init__()
                self.p = p

            def forward(self, x):
                return x
        """,
    "pkg/layers/helpers.py": """\
        def to_pair(x):
            return (x, x)
        """,
    "pkg/model.py": """\
        import torch
        import torch.nn as nn
        from pkg.layers import DropPath, to_pair

        class Block(nn.Module):
            def __init__(self, dim, size=7):
                super().__init__()
                self.size = to_pair(size)
                self.proj = nn.Linear(dim, dim)
                self.drop = DropPath(0.1)

            def forward(self, x):
                return self.drop(self.proj(x))

        class Head(nn.Module):
            def __init__(self, dim):
                super().__init__()
                self.fc = nn.Linear(dim, 10)

            def forward(self, x):
                return self.fc(x)
        """,
}


def test_an_editor_keeps_a_class_holding_another_modules_layer(tmp_path: Path, bodies_run: Counter) -> None:
    """A class whose object holds a layer of a kept module's lazily imported class (timm's
    ``DropPath``) is reused on an edit elsewhere: its kept template names the layer's class, found
    by loading its module when the run has not yet, and no TEMPLATE record of another module's
    class (which no later run can match) makes it run again. Re-checks of the same text reach a
    fixed point: the keys do not hold which modules happened to be loaded when they were asked."""
    _write(tmp_path, LAYERS)
    path = str(tmp_path / "pkg" / "model.py")
    text = (tmp_path / "pkg" / "model.py").read_text()
    project = Project(roots=[str(tmp_path)], read_source=lambda p: None, incremental=True)
    first = check_source(text, path, project=project)
    check_source(text, path, project=project)
    bodies_run.clear()
    check_source(text, path, project=project)
    assert sum(bodies_run.values()) == 0
    edited = check_source(text.replace("return self.fc(x)", "y = 1\n        return self.fc(x)"), path,
                          project=project)
    assert bodies_run == {"Head.forward": 1}
    assert [(d.code, d.message) for d in edited.diagnostics] == [(d.code, d.message) for d in first.diagnostics]


LOGGER = {
    "settings.py": """\
        import numpy as np
        from backend_not_in_project import backend

        def make_default():
            return np.zeros((2, 3))

        DEFAULT = make_default()
        LEVEL = backend.WARNING

        def get_logger(name):
            backend.configure(LEVEL)
            return backend.getLogger(name)
        """,
    **{f"{name}.py": f"""\
        import numpy as np
        from settings import DEFAULT, get_logger
        logger = get_logger(__name__)
        {name} = DEFAULT @ np.zeros(({size}, 1))
        """ for name, size in (("first", 3), ("second", 4))},
}


def test_a_file_that_calls_a_method_of_an_imported_unknown_object_leaves_the_kept_module_alone(
        tmp_path: Path, bodies_run: Counter) -> None:
    """``settings`` binds ``backend`` (known only by name: an Opaque) in its namespace; each file's
    ``get_logger`` calls its methods, which clears what was read of it -- in the run's own copy
    (``values.viewing``), not in the kept module's object: the module is made once for both files
    (transformers' ``utils/logging.py``: made 67 times for 6 files), and the object keeps its members."""
    from shapecheck.absint.driver import shared_modules
    _write(tmp_path, LOGGER)
    found = _check(tmp_path, ["first.py", "second.py"])
    assert [code for *_, code, _ in found["first.py"]] == []
    assert [code for *_, code, _ in found["second.py"]] == ["SC102"]
    assert bodies_run["make_default"] == 1   # the module's call, once (no error: no generic analysis)
    entries = [entry for store in shared_modules._PROJECTS.values() for entry in store.entries.values()
               if Path(entry.key).name == "settings.py"]
    assert len(entries) == 1 and not entries[0].spoiled
    backend = entries[0].info.env["backend"]
    assert list(backend.__dict__["members"]) == ["WARNING"]
    assert {name: _check(tmp_path, [name])[name] for name in ["second.py", "first.py"]} == found


def test_an_opaque_whose_table_is_set_whole_is_read_in_a_run() -> None:
    """relocation.py's thaw sets a restored Opaque's table whole (a plain dict); a run's view then
    asked it for its owner: every editor re-check after a kept template was restored failed with
    AttributeError ('dict' object has no attribute 'owner'), and the server published nothing."""
    from shapecheck.absint.core.values import Fields, Int, Opaque, viewing

    thing = Opaque("config")
    thing.members = {"n_embd": Int(8)}
    assert type(thing.members) is Fields
    with viewing({}):
        assert thing.members["n_embd"] == Int(8)
        thing.members["n_head"] = Int(2)
    assert thing.revision() >= 1


def test_a_kept_objects_table_holds_the_changes_of_the_run_interpreted_now_and_only_those() -> None:
    """shared_tables.py's T1 and T2: a run's change to a frozen table is in it while the run's
    context is current, out of it while a nested run (a kept module made inside it) runs and after
    the run ends; a table another thread's run holds spoils its owner instead."""
    import threading

    from shapecheck.absint.core.shared_tables import TableChanges
    from shapecheck.absint.core.values import Fields, HeapClock, Int, viewing

    owner = object()
    table = Fields({"n": Int(1)})
    table.owner = owner
    outer, inner = TableChanges(), TableChanges()
    with viewing({}, outer):
        table["n"] = Int(2)
        with viewing({}, inner):
            assert table["n"] == Int(1)
            table["n"] = Int(3)
        assert table["n"] == Int(2)
        assert [contents["n"] for _, contents in inner.final()] == [Int(3)]

        def other_thread() -> None:
            with viewing({}, TableChanges()):
                table["m"] = Int(4)
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
        assert owner in HeapClock.spoiled   # (so its entry is made again: what it holds does not matter)
        HeapClock.spoiled.discard(owner)
    assert table["n"] == Int(1)
    assert owner not in HeapClock.spoiled


#: a module whose top level calls ``make`` once
UTIL = """\
        import numpy as np

        def make(n):
            return np.zeros((n, 4))

        TABLE = make(3)
        """

SPELLINGS = {
    "pkg/__init__.py": "",
    "pkg/util.py": UTIL,
    "pkg/a.py": "from . import util\nA = util.TABLE\n",
    "pkg/b.py": "from pkg.util import TABLE\nB = TABLE\n",
    "first.py": "import numpy as np\nfrom pkg.a import A\nx = A @ np.zeros((5, 1))  # error: SC102\n",
    "second.py": "import numpy as np\nfrom pkg.b import B\nfrom pkg.a import A\ny = B @ np.zeros((4, 1)) @ A\n",
}


def test_a_module_imported_by_two_spellings_is_kept_once(tmp_path: Path, bodies_run: Counter) -> None:
    """``from . import util`` and ``from pkg.util import TABLE`` load one file: one entry, whatever
    an import wrote (shared_modules.py). Kept by the written name too, ``util`` had two entries, and
    ``second``'s run, which took ``b``'s (with ``pkg.util``'s), could not take ``a``'s (with
    ``util``'s: two copies of a member, K1), so it ran ``a`` and ``util`` itself: ``make(3)`` three
    times (transformers' ``utils/import_utils.py`` 16 times checking models/llama)."""
    _assert_make_runs_once(tmp_path, SPELLINGS, bodies_run)


FACTORY = {
    "tags.py": """\
        from dataclasses import dataclass, field

        import numpy as np

        def make(n):
            return np.zeros((n, 4))

        TABLE = make(3)

        @dataclass
        class InputTags:
            sparse: bool = False

        @dataclass
        class Tags:
            kind: str = "plain"
            input_tags: InputTags = field(default_factory=InputTags)
        """,
    "first.py": """\
        import numpy as np
        from tags import TABLE, Tags
        tags = Tags()
        tags.input_tags.sparse = True
        x = TABLE @ np.zeros((5, 1))  # error: SC102
        """,
    "second.py": """\
        import numpy as np
        from tags import TABLE, Tags
        tags = Tags("dense")
        tags.input_tags.sparse = False
        y = TABLE @ np.zeros((3, 1))
        """,
}


def test_a_file_that_changes_a_dataclass_factorys_object_leaves_the_kept_module_alone(
        tmp_path: Path, bodies_run: Counter) -> None:
    """``field(default_factory=InputTags)`` makes an object per construction: ``tags.input_tags``
    is ``first``'s own, and changing it spoils nothing kept. Made once at the class's definition,
    it was the kept module's object, which each file's store spoiled: scikit-learn's
    ``utils/_tags.py`` ran 20 times for its 622 files."""
    _assert_make_runs_once(tmp_path, FACTORY, bodies_run)


SUBMODULE = {
    "__init__.py": "from .first import *\nfrom .second import *\n",
    "_util.py": UTIL,
    "first.py": "import numpy as np\nfrom . import _util\nx = _util.TABLE @ np.zeros((5, 1))  # error: SC102\n",
    "second.py": "import numpy as np\nfrom . import _util\ny = _util.TABLE @ np.zeros((3, 1))  # error: SC102\n",
}


def test_a_submodule_imported_from_its_package_is_kept_without_running_the_package(
        tmp_path: Path, monkeypatch) -> None:
    """``from . import _util`` where the package's ``__init__.py`` binds no ``_util`` gives the
    submodule, as Python does, without running the package: the package's kept entry loaded each
    checked file (its star imports, K2), so each file ran the package and the other file itself
    (torchvision's ``detection/``: 12 runs of each of its modules for its 12 files)."""
    from shapecheck.absint.driver.analysis import Analysis
    runs: Counter = Counter()
    run_module = Analysis.run_module

    def counted(self, info):
        runs[Path(info.path).name] += 1
        return run_module(self, info)

    monkeypatch.setattr(Analysis, "run_module", counted)
    _write(tmp_path, SUBMODULE)
    found = _check(tmp_path, ["first.py", "second.py"])
    assert [code for *_, code, _ in found["first.py"]] == ["SC102"]
    assert [code for *_, code, _ in found["second.py"]] == ["SC102"]
    assert runs == {"first.py": 1, "second.py": 1, "_util.py": 1}   # each checked, _util kept once


def test_an_editor_loads_a_project_import_on_first_use(tmp_path: Path, bodies_run: Counter) -> None:
    """An editor's project binds a project import lazily, as a one-shot run does: a module imported
    but never read is not loaded (transformers' modeling_llama.py imports names of most of the
    package: its first check in an editor did not end in minutes, where a one-shot check took 1.4 s),
    and the kept summary of a module-level call that read an imported name is taken again on
    unchanged text (it met the name still unresolved in each later run, and ran again)."""
    _write(tmp_path, {
        "consts.py": "MEAN = (0.5, 0.5, 0.5)\n",
        "heavy.py": "import numpy as np\n\n\ndef heavy():\n    return np.zeros((2, 2))\n\n\nX = heavy()\n",
        "main.py": """\
            import numpy as np
            from consts import MEAN
            from heavy import heavy


            def cfg(k):
                return {"mean": MEAN, "w": np.zeros((k, 3))}


            A = cfg(2)
            B = cfg(3)
            """,
    })
    project = Project(roots=[str(tmp_path)], incremental=True)
    main = str(tmp_path / "main.py")
    text = (tmp_path / "main.py").read_text()
    check_source(text, main, project=project)
    assert "heavy" not in bodies_run and bodies_run["cfg"] == 3   # its generic analysis and two calls
    for _ in range(2):
        bodies_run.clear()
        check_source(text, main, project=project)
        assert not bodies_run


def test_an_editor_keeps_a_constructor_call_that_reads_a_kept_modules_closure(tmp_path: Path,
                                                                              bodies_run: Counter) -> None:
    """Attn's constructor reads ``to_2tuple``, a closure a kept module made (timm's, read through
    timm.layers, which imports it lazily): a line typed in Attn's constructor runs the templates'
    constructors again and the call Attn(64, 7), not build, whose call Block(64, 7) gives the
    object it gave (dependencies.CALL: a kept module's closure read is compared as that very
    object, where a summary reading it was not kept at all)."""
    _write(tmp_path, {
        "helpers.py": SUMMARY_LAYERS["helpers.py"],   # to_pair = _ntuple(2): a closure
        "main.py": """\
            import torch
            from torch import nn
            from helpers import to_pair as to_2tuple


            class Attn(nn.Module):
                def __init__(self, dim, resolution):
                    super().__init__()
                    self.resolution = to_2tuple(resolution)
                    self.proj = nn.Linear(dim, dim)

                def forward(self, x):
                    return self.proj(x)


            class Block(nn.Module):
                def __init__(self, dim, resolution):
                    super().__init__()
                    self.attn = Attn(dim, resolution)

                def forward(self, x):
                    return self.attn(x)


            def build():
                return Block(64, 7)
            """,
    })
    main = str(tmp_path / "main.py")
    text = (tmp_path / "main.py").read_text()
    edited = text.replace("        self.resolution = to_2tuple(resolution)\n",
                          "        probe = 1\n        self.resolution = to_2tuple(resolution)\n")
    options = Options(notes=True)
    project = Project(roots=[str(tmp_path)], options=options, incremental=True)
    check_source(text, main, project=project, options=options)
    bodies_run.clear()
    report = check_source(edited, main, project=project, options=options)
    assert "build" not in bodies_run and bodies_run["Block.__init__"] == 1, bodies_run   # (its template)
    cold = check_source(edited, main, project=Project(roots=[str(tmp_path)], options=options), options=options)
    assert _findings(report) == _findings(cold)


CHAIN = {
    "low.py": """\
        import numpy as np
        A = [np.zeros((i, 2)) for i in range(6)]
        """,
    "mid.py": """\
        import numpy as np
        from low import A
        B = [a.T for a in A]
        """,
    "top.py": """\
        from mid import B
        from low import A
        C = [b @ a for b, a in zip(B, A)]
        """,
}


def _steps_of(tmp_path: Path, monkeypatch, name: str, keep: bool) -> int:
    """The statements ``name``'s run was charged, taking the kept modules or (``keep`` false)
    running every module itself."""
    from shapecheck.absint.driver import run as run_module
    from shapecheck.absint.driver.shared_modules import SharedModules

    charged = []
    original = run_module._run

    def spy(analysis, info):
        original(analysis, info)
        charged.append(analysis.budget.steps)

    monkeypatch.setattr(run_module, "_run", spy)
    if not keep:
        monkeypatch.setattr(SharedModules, "take", lambda *args: None)
    _check(tmp_path, [name])
    monkeypatch.undo()
    return charged[-1]


def test_a_file_is_charged_each_kept_module_once(tmp_path: Path, monkeypatch) -> None:
    """K5: taking ``mid`` (which took ``low``) and ``low`` costs the file what running both costs:
    ``mid``'s entry counts its own statements, not ``low``'s again (astropy's files were charged
    a module shared by many of their imports once per import, and stopped at SC006)."""
    _write(tmp_path, CHAIN)
    alone = _steps_of(tmp_path, monkeypatch, "top.py", keep=False)
    assert _steps_of(tmp_path, monkeypatch, "top.py", keep=True) == alone
    assert _steps_of(tmp_path, monkeypatch, "top.py", keep=True) == alone   # (the entries made, now taken)
