"""Which open files depend on which: module names from paths, imported names from ``import`` statements.

The analyzer resolves a project's own imports from the workspace roots and from each analysed file's
directory (``shapecheck.api.Project``). A file therefore answers to one dotted name per root above it
plus its bare stem; a file depends on another when it imports one of those names, or a name inside
one (``from pkg.mod import f`` depends on ``pkg.mod`` and on ``pkg``). Only the source is read,
with ``ast``: nothing is imported. A file that does not parse depends on nothing (until it parses).

>>> sorted(imported_modules("import a.b\\nfrom . import c\\nfrom .d import e\\n", "pkg.m", False))
['a', 'a.b', 'pkg', 'pkg.c', 'pkg.d', 'pkg.d.e']
"""

from __future__ import annotations

import ast
import re
from pathlib import PurePath


def module_names(path: str, roots: list[str]) -> set[str]:
    """The dotted names under which ``path`` can be imported from ``roots`` (and its own folder)."""
    pure = PurePath(path)
    stem_parts = list(pure.parts[:-1]) + ([] if pure.stem == "__init__" else [pure.stem])
    names = {pure.parent.name if pure.stem == "__init__" else pure.stem}
    for root in roots:
        root_parts = PurePath(root).parts
        if tuple(stem_parts[:len(root_parts)]) == root_parts and len(stem_parts) > len(root_parts):
            names.add(".".join(stem_parts[len(root_parts):]))
    names.discard("")
    return names


def _prefixes(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


_IMPORT_LINE = re.compile(r"^[ \t]*(?:import|from)[ \t]", re.MULTILINE)


def import_statements(source: str) -> list[ast.stmt]:
    """The import statements of ``source``, at any depth, without parsing the rest of it.

    Parsing a 5,000-line file takes tens of milliseconds and walking its tree hundreds, on the
    thread that answers the editor; so each line that starts like an import is parsed on its own
    (with its bracketed or backslash continuation lines). A line inside a string that looks like an
    import may add a spurious dependency: the cost is one extra re-check, never a missed one.
    """
    lines = source.splitlines()
    found = []
    starts = {source.count("\n", 0, m.start()) for m in _IMPORT_LINE.finditer(source)}
    for start in sorted(starts):
        statement = [lines[start].strip()]
        code = statement[0].split("#", 1)[0].rstrip()
        end = start
        while end + 1 < len(lines) and (code.endswith("\\") or code.count("(") > code.count(")")):
            end += 1
            statement.append(lines[end].strip())
            code += " " + statement[-1].split("#", 1)[0].rstrip()
        try:
            found.extend(ast.parse("\n".join(statement)).body)
        except (SyntaxError, ValueError):
            continue
    return [node for node in found if isinstance(node, (ast.Import, ast.ImportFrom))]


def imported_modules(source: str, own_name: str, is_package: bool) -> set[str]:
    """Every dotted name ``source`` may load: each imported module, its parents, and ``from`` members.

    ``own_name`` (the file's dotted module name) anchors relative imports; ``is_package`` says the
    file is an ``__init__.py`` (whose ``.`` is the package itself).
    """
    package = own_name.split(".") if is_package else own_name.split(".")[:-1]
    found: set[str] = set()
    for node in import_statements(source):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_prefixes(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package[:len(package) - (node.level - 1)] if node.level - 1 <= len(package) else []
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base:
                found.update(_prefixes(base))
            for alias in node.names:
                if alias.name != "*":
                    found.add(f"{base}.{alias.name}" if base else alias.name)
    return found


def depends_on(source: str, path: str, roots: list[str], target_names: set[str]) -> bool:
    """Whether the file at ``path`` with text ``source`` imports any of ``target_names``."""
    is_package = PurePath(path).stem == "__init__"
    own = max(module_names(path, roots), key=len)
    return not imported_modules(source, own, is_package).isdisjoint(target_names)
