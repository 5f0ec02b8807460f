"""Every entry of every op table is named by some test input.

Tables: NumPy functions (``NUMPY``), ndarray methods (``ARRAY_METHODS``, ``ARRAY_METHOD_RULES``), torch
functions and ``torch.nn`` constructors (``TORCH``), Tensor methods (``TENSOR_METHODS``) and built-layer
calls (``LAYER_CALLS``, named by constructing the layer), Flax layers and functions (``FLAX``), JAX's
own functions (``JAX``: jax.random, jax.lax, jax.scipy.special), einops' and einx's ops. Test
inputs: ``tests/cases/**/*.py``, parsed with ``ast`` and their import aliases resolved (``np.linalg.inv`` ->
``numpy.linalg.inv``, ``F.relu`` ->
``torch.nn.functional.relu``), plus the code strings of the generated-program suites
(``tests/differential``, ``tests/symbolic``, ``tests/torch_oracle``), read with the usual aliases. A
method entry (``ndarray.sum``, ``Tensor.view``, ``numpy.random.Generator.normal``) is covered by a
``.name(...)`` call in a file of that library.

Every entry must be covered, NumPy's and torch's alike. The torch case files' expectations are checked
against real PyTorch where it imports (``tests/rules/test_cases_run_for_real.py``,
``tests/torch_oracle``); here only that some test names each entry.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from shapecheck.absint.rules.numpy import ARRAY_METHOD_RULES, ARRAY_METHODS, NUMPY
from shapecheck.absint.rules.einops import EINOPS
from shapecheck.absint.rules.einx import EINX
from shapecheck.absint.rules.flax import FLAX
from shapecheck.absint.rules.jax import JAX
from shapecheck.absint.rules.jax_random import INITIALIZER_KINDS
from shapecheck.absint.rules.library_names import canonical_library
from shapecheck.absint.rules.pymath import MATH
from shapecheck.absint.rules.torch import LAYER_CALLS, TENSOR_METHODS, TORCH

TESTS = Path(__file__).resolve().parent.parent
CASES = TESTS / "cases"
GENERATED = [TESTS / "differential", TESTS / "symbolic", TESTS / "torch_oracle"]
DEFAULT_ALIASES = {"np": "numpy", "numpy": "numpy", "jnp": "numpy", "torch": "torch", "nn": "torch.nn",
                   "F": "torch.nn.functional"}


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _resolve(name: str, aliases: dict[str, str]) -> str | None:
    head, _, rest = name.partition(".")
    if head not in aliases:
        return None
    # the analysis's own aliasing (``jax.numpy.sum`` is ``numpy.sum``, flax's initializers are jax's,
    # ``torch.nn.modules.conv.Conv1d`` is ``torch.nn.Conv1d``): a name counts where the table has it
    return canonical_library(aliases[head] + ("." + rest if rest else ""))


class Names:
    """Qualified names and method names a corpus mentions, split by library."""

    def __init__(self) -> None:
        self.qualified: set[str] = set()
        self.methods: dict[str, set[str]] = {"numpy": set(), "torch": set(), "flax": set()}

    def add_source(self, tree: ast.AST) -> None:
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    aliases[a.asname or a.name] = f"{node.module}.{a.name}"
        libraries = {lib for lib in ("numpy", "torch") if any(v.startswith(lib) or v.startswith("jax")
                                                              for v in aliases.values())}
        libraries |= {"flax"} if any(v.startswith("flax") for v in aliases.values()) else set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) or isinstance(node, ast.Name):
                dotted = _dotted(node)
                full = _resolve(dotted, aliases) if dotted else None
                if full:
                    self.qualified.add(full)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                for lib in libraries:
                    self.methods[lib].add(node.func.attr)

    def add_code_strings(self, tree: ast.AST) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                for m in re.finditer(r"\b(np|numpy|torch|nn|F)\.([A-Za-z_][\w.]*)", text):
                    self.qualified.add(f"{DEFAULT_ALIASES[m.group(1)]}.{m.group(2)}")
                for m in re.finditer(r"\.([A-Za-z_]\w*)\(", text):
                    for lib in self.methods:
                        self.methods[lib].add(m.group(1))


def corpus() -> Names:
    names = Names()
    for path in sorted(CASES.rglob("*.py")):
        try:
            names.add_source(ast.parse(path.read_text(encoding="utf-8")))
        except SyntaxError:
            continue  # tests/cases/bad_input
    for folder in GENERATED:
        for path in sorted(folder.rglob("*.py")):
            names.add_code_strings(ast.parse(path.read_text(encoding="utf-8")))
    return names


def _covered(entry: str, names: Names) -> bool:
    if entry in names.qualified:
        return True
    if entry.startswith("flax.linen.Module."):   # self.param(...) in a linen module
        return entry.rsplit(".", 1)[1] in names.methods["flax"]
    if entry in INITIALIZER_KINDS:   # what factories make: named by calling one's result
        return any(f"jax.nn.initializers.{name}" in names.qualified for name in INITIALIZER_KINDS[entry])
    generator = "numpy.random.Generator."
    if entry.startswith(generator):
        return entry[len(generator):] in names.methods["numpy"] and "numpy.random.default_rng" in names.qualified
    return False


@functools.cache
def uncovered() -> dict[str, list[str]]:
    names = corpus()
    return {
        "numpy": sorted(e for e in NUMPY if not _covered(e, names)),
        "ndarray methods": sorted(m for m in {*ARRAY_METHODS, *ARRAY_METHOD_RULES} if m not in names.methods["numpy"]),
        "torch": sorted(e for e in TORCH if not _covered(e, names)),
        "Tensor methods": sorted(m for m in TENSOR_METHODS if m not in names.methods["torch"]),
        "torch.nn layers": sorted(k for k in LAYER_CALLS if f"torch.nn.{k}" not in names.qualified),
        "flax": sorted(e for e in FLAX if not _covered(e, names)),   # layers too: a kind is its constructor
        "jax": sorted(e for e in JAX if not _covered(e, names)),
        "math": sorted(e for e in MATH if not _covered(e, names)),
        "einops": sorted(e for e in EINOPS if not _covered(e, names)),   # layers too, by their constructors
        "einx": sorted(e for e in EINX if not _covered(e, names)),
    }


TABLES = ("numpy", "ndarray methods", "torch", "Tensor methods", "torch.nn layers", "flax", "jax", "math", "einops",
          "einx")


@pytest.mark.parametrize("table", TABLES)
def test_every_entry_is_named_by_a_test(table: str) -> None:
    missing = uncovered()[table]
    assert not missing, f"{table} entries no test names: {missing}"
