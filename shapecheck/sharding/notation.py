"""Meshes and layouts as a user types them on the command line.

A mesh is ``dp=2,tp=4`` (names and literal sizes, major to minor). A layout is a ``PartitionSpec``
as JAX prints it, ``P('dp', ('sp', 'tp'), None)``, or its bare entries ``dp,None`` / ``(dp,tp),-``;
an entry is a mesh axis, a parenthesised group of them, or ``None``/``-`` (replicated). Parsed with
:mod:`ast`, never evaluated.

>>> mesh = parse_mesh("dp=2,tp=4")
>>> parse_layout("P('dp', None)", mesh, 2).show(), parse_layout("(dp,tp),-", mesh, 2).show()
("P('dp', None)", "P(('dp', 'tp'), None)")
"""

from __future__ import annotations

import ast

from .layout import Axes, Layout, LayoutError, Mesh


class NotationError(ValueError):
    """Text that is not a mesh or a layout."""


def parse_mesh(text: str) -> Mesh:
    axes = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, eq, size = part.partition("=")
        if not eq or not name.strip().isidentifier() or not size.strip().isdigit() or int(size) < 1:
            raise NotationError(f"a mesh is NAME=SIZE,... (e.g. dp=2,tp=4), not {text!r}")
        axes.append((name.strip(), int(size)))
    if not axes or len({n for n, _ in axes}) != len(axes):
        raise NotationError(f"a mesh needs distinct axis names: {text!r}")
    return Mesh(tuple(axes))


def _entry(node: ast.expr) -> Axes:
    if isinstance(node, ast.Constant) and node.value is None:
        return ()
    if isinstance(node, ast.Name) and node.id == "None":
        return ()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.Tuple):
        names: list[str] = []
        for item in node.elts:
            names.extend(_entry(item))
        return tuple(names)
    raise NotationError(f"a layout entry is a mesh axis, a (group, of, axes) or None, not {ast.unparse(node)!r}")


def parse_layout(text: str, mesh: Mesh, rank: int, partial: Axes = ()) -> Layout:
    """``text`` as a layout of a rank-``rank`` array on ``mesh`` (missing trailing entries: None)."""
    source = text.strip().replace("-", "None")
    if not source.startswith(("P(", "PartitionSpec(")):
        source = f"P({source})"   # bare entries read as P's arguments: "(dp,tp),None" is P(('dp', 'tp'), None)
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        raise NotationError(f"not a layout: {text!r}") from None
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords):
        raise NotationError(f"not a layout: {text!r}")
    items = list(tree.args)
    dims = [_entry(item) for item in items]
    if len(dims) > rank:
        raise NotationError(f"{text!r} has {len(dims)} entries for an array of rank {rank}")
    try:
        return Layout(mesh, tuple(dims) + ((),) * (rank - len(dims)), tuple(partial))
    except LayoutError as err:
        raise NotationError(str(err)) from None


def parse_shape(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.strip("() ").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise NotationError(f"a shape is literal sizes such as 16,32, not {text!r}")
    return tuple(int(p) for p in parts)
