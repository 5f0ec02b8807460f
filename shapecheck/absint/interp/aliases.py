"""Lists and dicts that Python shares between a name and a container, read off the source.

The interpreter's lists and dicts are values: ``rows.append(row)`` puts ``row`` as it is now into
``rows``. Python puts the object itself there, so a later ``row.append(v)`` grows the item of
``rows`` too. Where the source changes a list in place through its name after putting it into a
container or onto an object, the put is of a list whose items are not known (kymatio's molecule
reader: ``positions.append(atom_positions)``, then ``atom_positions.append(pos)`` per atom; the
empty snapshot made ``arr_pos[:n] = np.array(pos)`` a false SC101).

The reading is syntactic and per scope (a function body, or a module's top level; nested
definitions are their own scopes): a put is loosened when a change through the same name comes
later in the source with no plain rebinding of the name between them that runs whenever the put
does, or in a loop around the put that never rebinds the name (the next pass changes the object
already put).
"""

from __future__ import annotations

import ast
import weakref

from ..core.frame import CONTAINER_CHANGERS
from .semantics import own_nodes

#: the statements that put a name's object into another: ``rows.append(row)``, ``rows.insert(0, row)``,
#: ``d.setdefault(k, row)`` (the argument that is put, by method)
_PUT_ARGUMENT = {"append": 0, "insert": 1, "setdefault": 1}
_LOOPS = (ast.For, ast.AsyncFor, ast.While)

_SHARED_THEN_CHANGED: "weakref.WeakKeyDictionary[ast.AST, frozenset[int]]" = weakref.WeakKeyDictionary()


def shared_then_changed(scope: ast.AST) -> frozenset[int]:
    """The ids of the name reads in ``scope`` that put a list or dict into a container or onto an
    object while the source changes it in place through that name afterwards. Read once per scope."""
    hit = _SHARED_THEN_CHANGED.get(scope)
    if hit is None:
        hit = _SHARED_THEN_CHANGED[scope] = _shared_then_changed(scope)
    return hit


def _root_name(node: ast.expr) -> str | None:
    """The name a receiver reaches through subscripts (``rows[0][i]``: rows), or None."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _puts_and_changes(node: ast.AST, puts: list, changes: list) -> None:
    """Record what ``node`` itself puts (name reads) and changes (name, node)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CONTAINER_CHANGERS:
        name = _root_name(node.func.value)
        if name is not None:
            changes.append((name, node))
        at = _PUT_ARGUMENT.get(node.func.attr)
        if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Name):
            puts.append(node.args[at])
    elif isinstance(node, ast.Set) or (isinstance(node, (ast.List, ast.Tuple)) and isinstance(node.ctx, ast.Load)):
        puts.extend(e for e in node.elts if isinstance(e, ast.Name))
    elif isinstance(node, ast.Dict):
        puts.extend(v for v in node.values if isinstance(v, ast.Name))
    elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript) or (isinstance(node, ast.AugAssign) and isinstance(target, ast.Name)):
                # ``row[k] = v``, ``del row[k]``, ``row += [v]`` (a list's ``+=`` is in place)
                name = _root_name(target)
                if name is not None:
                    changes.append((name, node))
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(target, (ast.Subscript, ast.Attribute)) \
                    and isinstance(node.value, ast.Name):
                puts.append(node.value)   # ``d[k] = row``, ``self.rows = row``


def _position(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _shared_then_changed(scope: ast.AST) -> frozenset[int]:
    puts: list[ast.Name] = []
    changes: list[tuple[str, ast.AST]] = []
    loops: list[ast.AST] = []
    for node in own_nodes(scope):
        _puts_and_changes(node, puts, changes)
        if isinstance(node, _LOOPS):
            loops.append(node)
    changed = {name for name, _ in changes}
    puts = [p for p in puts if p.id in changed]
    if not puts:
        return frozenset()
    rebinds = _rebinds(scope, changed)
    out = {id(p) for p in puts
           if any(name == p.id and _position(p) < _position(node) and not _cut(p, node, rebinds.get(name, ()))
                  for name, node in changes)}
    for loop in loops:
        inside = {id(n) for n in ast.walk(loop)}
        rebound = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        changed_inside = {name for name, node in changes if id(node) in inside and name not in rebound}
        out.update(id(p) for p in puts if p.id in changed_inside and id(p) in inside)
    return frozenset(out)


def _rebinds(scope: ast.AST, names: set) -> dict[str, list[tuple[ast.stmt, list]]]:
    """The plain rebindings of ``names`` (``row = []``), each with the statement list it stands in."""
    out: dict[str, list] = {}
    for node in (scope, *own_nodes(scope)):
        for block in ast.iter_fields(node):
            if isinstance(block[1], list):
                for stmt in block[1]:
                    if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names for t in stmt.targets):
                        for t in stmt.targets:
                            if isinstance(t, ast.Name):
                                out.setdefault(t.id, []).append((stmt, block[1]))
    return out


def _cut(put: ast.Name, change: ast.AST, rebinds) -> bool:
    """Whether a rebinding of the put name runs after the put, whenever the put does, and before the
    change: the change is then of another object (``groups.append(cur); cur = []`` ... ``cur.append(t)``)."""
    for stmt, block in rebinds:
        if _position(put) < _position(stmt) < _position(change):
            before = block[:block.index(stmt)]
            if any(s.lineno <= put.lineno <= s.end_lineno for s in before):
                return True
    return False
