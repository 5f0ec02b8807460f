"""The import contract: data flows one way, and the folders say so.

Layers, lowest first; a module imports only from its own layer or those below it. Every import
counts: at the top of a file, inside a function, or under ``if TYPE_CHECKING:``. Inside a layer
the run-time imports (everything but ``TYPE_CHECKING``) form no cycle. Outside ``absint/`` the
analyser is reached through ``api`` alone. An import inside a function is allowed only for an
optional dependency or for start-up time, and says which in a ``# lazy: ...`` comment.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "shapecheck"

#: Lowest first. A module belongs to the longest prefix that names it.
LAYERS = (
    "shapecheck.version",       # the version string, readable from every layer
    "shapecheck.dataclass_methods",  # dataclasses' generated methods, compiled once (start-up time)
    "shapecheck.constraints",   # dims, predicates, shapes, broadcasting, gufunc signatures, Z3
    "shapecheck.sharding",      # meshes, layouts, local shapes, redistribution plans, per-device cost
    "shapecheck.subst",         # names, scopes, capture-avoiding substitution
    "shapecheck.report",        # diagnostics, codes, suppression, origins
    "shapecheck.absint.core",   # abstract values, frames, joins, OpContext
    "shapecheck.absint.rules",  # the op tables: one per library, and the rule kinds they use
    "shapecheck.absint.interp", # the interpreter: statements, expressions, builtins, annotations
    "shapecheck.absint.driver", # a run: project, modules, calls and their memo, holes, signatures
    "shapecheck.api",           # the one door into the analyser
    "shapecheck.cache",         # the check cache, read by the command line and the language server
    "shapecheck.ir",            # IR, passes, lowering, runtime
    "shapecheck.lsp",           # the language server
    "shapecheck.cli",           # the command line
    "shapecheck.ipython",       # the IPython extension (%load_ext shapecheck), over api and cli's output
    "shapecheck",               # the package's own __init__ and __main__
)


@dataclass(frozen=True)
class Import:
    source: str      # importing module
    target: str      # imported module
    line: int
    at_top: bool     # module level (not in a function)
    type_only: bool  # under `if TYPE_CHECKING:`
    lazy_reason: bool  # carries a `# lazy:` comment


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def layer_of(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS.index(best)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(module: str) -> list[Import]:
    path = MODULES[module]
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            stem = ".".join(base + ([node.module] if node.module else []))
        else:
            stem = node.module or ""
        return [f"{stem}.{a.name}" if f"{stem}.{a.name}" in MODULES else stem for a in node.names]

    def visit(node: ast.AST, at_top: bool, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                comment = " ".join(lines[max(child.lineno - 2, 0): child.end_lineno])
                for target in targets(child):
                    if target.split(".")[0] == "shapecheck" and target in MODULES and target != module:
                        found.append(Import(module, target, child.lineno, at_top, type_only,
                                            "# lazy:" in comment))
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    visit(ast.Module(body=[stmt], type_ignores=[]), at_top, True)
                for stmt in child.orelse:
                    visit(ast.Module(body=[stmt], type_ignores=[]), at_top, type_only)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, False, type_only)
            else:
                visit(child, at_top, type_only)

    visit(tree, True, False)
    return found


ALL_IMPORTS = sorted({imp for module in sorted(MODULES) for imp in imports_of(module)},
                     key=lambda i: (i.source, i.line, i.target))


def _where(imp: Import) -> str:
    return f"{MODULES[imp.source].relative_to(PACKAGE.parent)}:{imp.line}: {imp.source} -> {imp.target}"


def test_imports_point_down_the_layers() -> None:
    upward = [_where(i) for i in ALL_IMPORTS if layer_of(i.target) > layer_of(i.source)]
    assert not upward, "imports against the layer order:\n" + "\n".join(upward)


def test_the_analyser_is_reached_through_api_alone() -> None:
    outside = [_where(i) for i in ALL_IMPORTS
               if i.target.startswith("shapecheck.absint.") and not i.source.startswith("shapecheck.absint")
               and layer_of(i.source) > LAYERS.index("shapecheck.api")]
    assert not outside, "modules that go around api.py:\n" + "\n".join(outside)


def test_no_import_cycles_counting_function_level_imports() -> None:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for imp in ALL_IMPORTS:
        if not imp.type_only:
            graph[imp.source].add(imp.target)
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_imports_inside_functions_say_why() -> None:
    unexplained = [_where(i) for i in ALL_IMPORTS if not i.at_top and not i.lazy_reason]
    assert not unexplained, ("imports inside functions without a `# lazy: <optional dependency | start-up "
                             "time>` comment:\n" + "\n".join(unexplained))


def test_no_private_name_crosses_a_module() -> None:
    crossing = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("shapecheck")):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        crossing.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {alias.name}")
    assert not crossing, "private names imported from another module:\n" + "\n".join(crossing)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


@pytest.mark.parametrize("module", ["shapecheck.constraints.dims", "shapecheck.absint.core.values"])
def test_layer_of_names_the_longest_prefix(module: str) -> None:
    assert LAYERS[layer_of(module)] == module.rsplit(".", 1)[0]
