"""Project imports are loaded on first use: a module whose imported names are never used does not
load (or interpret) what they name, and names that are used resolve as an eager import would."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shapecheck.api import Options, Project, check_paths


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_unused_imports_are_never_read(tmp_path: Path) -> None:
    read: list[str] = []
    _write(tmp_path, {
        "heavy.py": "import numpy as np\nBIG = np.zeros((3, 4))\n",
        "shapes.py": "import numpy as np\ndef make(n):\n    return np.zeros((n, 4))\n",
        "main.py": ("import numpy as np\nimport heavy\nfrom heavy import BIG\nfrom shapes import make\n"
                    "x = make(5)\nreveal_shape(x)\ny = x @ np.ones((3, 2))\n"),
    })

    def source(path: str) -> str | None:
        read.append(Path(path).name)
        return None   # then read from disk

    project = Project(roots=[str(tmp_path)], read_source=source)
    report = check_paths([str(tmp_path / "main.py")], Options(), project)[0]
    codes = {(d.line, d.code) for d in report.diagnostics}
    assert (6, "SC301") in codes and (7, "SC102") in codes   # a used import resolves as before
    assert "heavy.py" not in read                            # an unused one is never read
    assert "shapes.py" in read


def test_a_used_module_attribute_loads_it(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "from .layers import dense\n",
        "pkg/layers.py": "import numpy as np\ndef dense(x):\n    return x @ np.ones((4, 2))\n",
        "main.py": "import numpy as np\nimport pkg\ny = pkg.dense(np.zeros((3, 5)))\n",
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    assert [(d.line, d.code) for d in report.diagnostics] == [(3, "SC110")]


def test_a_star_import_loads_only_the_module_whose_names_are_used(tmp_path: Path, bodies_run) -> None:
    """``from .models import *`` binds the public names ``models``'s top level binds, read off its
    syntax, each imported by name, lazily: a package's ``__init__.py`` that star-imports every model
    file (timm's, transformers' model folders') no longer runs every one of them, and a name that is
    used resolves as the eager star import did."""
    _write(tmp_path, {
        "pkg/__init__.py": "from .heavy import *\nfrom .shapes import *\n",
        "pkg/heavy.py": "import numpy as np\ndef build(n):\n    return np.zeros((n, 4))\nBIG = build(3)\n",
        "pkg/shapes.py": "import numpy as np\n_HIDDEN = 1\nif _HIDDEN:\n    def make(n):\n        return np.zeros((n, 4))\n",
        "main.py": "import numpy as np\nfrom pkg import make\nx = make(5)\nreveal_shape(x)\ny = x @ np.ones((3, 2))\n",
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    codes = {(d.line, d.code) for d in report.diagnostics}
    assert (4, "SC301") in codes and (5, "SC102") in codes   # ``make``, bound in a branch, resolves
    assert bodies_run["build"] == 0                           # ``heavy``'s top level never ran


def _star_chain(tmp_path: Path) -> None:
    """A package that star-imports a package that star-imports packages (transformers' root ``from
    .models import *``, ``models/__init__.py``'s ``from .albert import *``...)."""
    _write(tmp_path, {
        "pkg/__init__.py": "from .models import *\n",
        "pkg/models/__init__.py": "from .a import *\nfrom .b import *\n",
        "pkg/models/a/__init__.py": "from .layers_a import *\n",
        "pkg/models/a/layers_a.py": ("import numpy as np\ndef build_a(n):\n    return np.zeros((n, 4))\n"
                                     "BIG_A = build_a(3)\ndef make(n):\n    return np.zeros((n, 4))\n"),
        "pkg/models/b/__init__.py": "from .layers_b import *\n",
        "pkg/models/b/layers_b.py": "import numpy as np\ndef make(n):\n    return np.zeros((n, 7))\n",
    })


def test_a_star_chain_loads_only_the_module_that_binds_the_name(tmp_path: Path, bodies_run) -> None:
    """``from pkg import make`` through star imports of star imports: the name is looked up in
    them, latest first, and only the module that binds it is read and run (``layers_a.py``, which
    binds ``make`` too but is star-imported first, is never read: Python's later star import
    rebinds it). Loading ``models/__init__.py`` to copy its namespace ran every model file."""
    _star_chain(tmp_path)
    _write(tmp_path, {"main.py": "from pkg import make\nx = make(5)\nreveal_shape(x)\n"})
    read: list[str] = []

    def source(path: str) -> str | None:
        read.append(Path(path).name)
        return None   # then read from disk

    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)], read_source=source))[0]
    assert [(d.line, d.message) for d in report.diagnostics if d.code == "SC301"] == [
        (3, "reveal_shape: shape: (5, 7), dtype: float64")]
    assert bodies_run["build_a"] == 0 and "layers_a.py" not in read


def test_a_later_binding_wins_over_a_star_chain(tmp_path: Path) -> None:
    """Statement order, as Python binds: a star import rebinds a name an earlier star import bound
    (``b``'s ``make`` over ``a``'s), and a plain binding after the star imports rebinds it again;
    a module's own code reads its star-imported names, and ``pkg.make`` on the module too."""
    _star_chain(tmp_path)
    _write(tmp_path, {
        "outer/__init__.py": ("from pkg import *\nimport numpy as np\nx = make(2)\n"
                              "def make(n):\n    return np.zeros((n, 9))\n"),
        "main.py": ("import pkg\nimport outer\nfrom outer import make\nreveal_shape(outer.x)\n"
                    "reveal_shape(make(3))\nreveal_shape(pkg.make(4))\n"),
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    assert [d.message.split(", dtype")[0] for d in report.diagnostics if d.code == "SC301"] == [
        "reveal_shape: shape: (2, 7)", "reveal_shape: shape: (3, 9)", "reveal_shape: shape: (4, 7)"]

def test_a_name_a_package_re_exports_resolves_through_it(tmp_path: Path) -> None:
    """``from pkg import make`` where ``pkg/__init__.py`` says ``from .shapes import make``: the
    function, not the package's stand-in for it (which no reader resolved again: the shape was
    unknown, and the error below went unreported), as ``pkg.make`` already was."""
    _write(tmp_path, {
        "pkg/__init__.py": "from .shapes import make\n",
        "pkg/shapes.py": "import numpy as np\ndef make(n):\n    return np.zeros((n, 3))\n",
        "main.py": ("import numpy as np\nfrom pkg import make\nimport pkg\nreveal_shape(make(4))\n"
                    "reveal_shape(pkg.make(5))\nc = make(4) @ np.ones((4, 2))\n"),
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    notes = {d.line: d.message for d in report.diagnostics if d.code == "SC301"}
    assert "(4, 3)" in notes[4] and "(5, 3)" in notes[5]
    assert [(d.line, d.code) for d in report.diagnostics if d.severity == "error"] == [(6, "SC102")]


def test_a_cycle_of_re_exports_is_unknown_not_a_crash(tmp_path: Path) -> None:
    """``a`` takes ``f`` from ``b`` and ``b`` from ``a`` (Python raises ImportError): the name is
    unknown, and following it stops where it comes back (a RecursionError, SC003, on 42 files of
    torchvision's models before the guard)."""
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from .b import f\n",
        "pkg/b.py": "from .a import f\n",
        "main.py": "from pkg.a import f\nreveal_shape(f(3))\n",
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    assert [d.code for d in report.diagnostics] == ["SC301"]
    assert "unknown" in report.diagnostics[0].message


@pytest.mark.parametrize("source", [
    "A = 1\nB = [i for i in range(3)]\n",
    "A = 1\nif (n := 3):\n    B = n\n",
    "A = 1\nglobals()['B'] = 2\n",
    "A = globals()['x']\n",
    "A = vars(object)\n",
    "A = 1\ndel A\n",
    "@decorate(x := 1)\ndef f():\n    pass\n",
    "def f(x):\n    y = (z := x)\n    return globals()\nC = 3\n",
])
def test_public_names_read_off_the_lines_as_off_the_tree(source: str) -> None:
    """The lines with no walrus, ``globals`` or ``vars`` need no walk; the answer is the walk's."""
    from shapecheck.absint.core import module

    walked = module._read_public_names(ast.parse(source), False, None)
    assert module.public_names(ast.parse(source), source) == walked


@pytest.mark.parametrize("source, names", [
    ("import importlib\ntorch = importlib.import_module('torch')\n", {"torch"}),
    ("np = __import__(\"numpy.linalg\")\n", {"numpy"}),
    ("m = my_reimport_helper( name = 'jax.numpy')\n", {"jax"}),
    ("m = importimport('a')\nx = import_it('2bad')\n", {"a"}),
    ("x = imports\nprint('import', 'torch')\n", set()),
])
def test_modules_imported_by_name_are_read_off_the_text(source, names):
    """A call whose callee's name holds ``import``, given a module name first, names that module's
    top-level package (ModuleInfo.imported_by_name: e.g. whether a file uses torch)."""
    from shapecheck.absint.core.module import imported_by_name
    assert imported_by_name(ast.parse(source), source) == frozenset(names)
