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

Read once per scope, on the hot path (the first read of a list or dict name in it), and cheaply: the
scope's statements are walked, and of their expressions only those of a statement whose lines hold
a word that the facts need. A change through a call names its method (``append``), and a put that
matters names a name changed in place: a statement whose text holds neither holds no such node (a
node's identifiers are spelled in its lines; walking every expression was 9% of torchvision's
models' calls).
"""

from __future__ import annotations

import ast
import re
import weakref
from itertools import accumulate

from ..core.frame import CONTAINER_CHANGERS
from ..core.module import ModuleInfo, marked_lines, spans_marked
from .semantics import SCOPES
from ..core.node_answers import walk

#: the statements that put a name's object into another: ``rows.append(row)``, ``rows.insert(0, row)``,
#: ``d.setdefault(k, row)`` (the argument that is put, by method)
_PUT_ARGUMENT = {"append": 0, "insert": 1, "setdefault": 1}
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
#: the words a call that changes a container in place is spelled with
_CHANGER_WORDS = re.compile(r"\b(?:%s)\b" % "|".join(sorted(CONTAINER_CHANGERS)))
#: what holds statements: a statement, an ``except`` clause, a ``case``
_HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)

_SHARED_THEN_CHANGED: "weakref.WeakKeyDictionary[ast.AST, frozenset[int]]" = weakref.WeakKeyDictionary()


def shared_then_changed(scope: ast.AST, module: ModuleInfo) -> frozenset[int]:
    """The ids of the name reads in ``scope`` (of ``module``) that put a list or dict into a container
    or onto an object while the source changes it in place through that name afterwards. Read once
    per scope."""
    hit = _SHARED_THEN_CHANGED.get(scope)
    if hit is None:
        hit = _SHARED_THEN_CHANGED[scope] = _shared_then_changed(scope, scope_text(scope, module))
    return hit


#: Per module tree: its text with the parser's line breaks as ``\n`` (``str.splitlines`` also breaks
#: at a form feed, which the parser does not), and where each of its lines ends.
_LINES: "weakref.WeakKeyDictionary[ast.AST, tuple[str, list[int]]]" = weakref.WeakKeyDictionary()


def scope_text(scope: ast.AST, module: ModuleInfo) -> tuple[str, int]:
    """The text of ``scope``'s lines, with the number of its first line."""
    lines = _LINES.get(module.tree)
    if lines is None:
        text = module.source
        if "\r" in text:   # an editor's buffer, read as it is
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = _LINES[module.tree] = text, list(accumulate(map(len, text.split("\n"))))
    text, ends = lines
    if not hasattr(scope, "lineno"):
        return text, 1
    first, last = scope.lineno, scope.end_lineno
    # line k starts after the k - 1 lines before it and their line breaks
    start = ends[first - 2] + first - 1 if first > 1 else 0
    return text[start:ends[last - 1] + last - 1], first


def _root_name(node: ast.expr) -> str | None:
    """The name a receiver reaches through subscripts (``rows[0][i]``: rows), or None."""
    while type(node) is ast.Subscript:
        node = node.value
    return node.id if type(node) is ast.Name else None


def _expression_puts_and_changes(node: ast.expr, puts: list, changes: list) -> None:
    """Record what the expression ``node`` itself (one of ``_EXPRESSIONS``) puts (name reads) and
    changes (name, node)."""
    kind = type(node)
    if kind is ast.Call:
        func = node.func
        if type(func) is ast.Attribute and func.attr in CONTAINER_CHANGERS:
            name = _root_name(func.value)
            if name is not None:
                changes.append((name, node))
            at = _PUT_ARGUMENT.get(func.attr)
            if at is not None and len(node.args) > at and type(node.args[at]) is ast.Name:
                puts.append(node.args[at])
    elif kind is ast.Dict:
        puts.extend(v for v in node.values if type(v) is ast.Name)
    elif kind is ast.Set or type(node.ctx) is ast.Load:
        puts.extend(e for e in node.elts if type(e) is ast.Name)


def _statement_puts_and_changes(node: ast.stmt, puts: list, changes: list) -> None:
    """Record what the statement ``node`` itself (one of ``_STATEMENTS``) puts and changes."""
    augmented = type(node) is ast.AugAssign
    targets = node.targets if type(node) in (ast.Assign, ast.Delete) else [node.target]
    for target in targets:
        if type(target) is ast.Subscript or (augmented and type(target) is ast.Name):
            # ``row[k] = v``, ``del row[k]``, ``row += [v]`` (a list's ``+=`` is in place)
            name = _root_name(target)
            if name is not None:
                changes.append((name, node))
        if type(node) in (ast.Assign, ast.AnnAssign) and type(target) in (ast.Subscript, ast.Attribute) \
                and type(node.value) is ast.Name:
            puts.append(node.value)   # ``d[k] = row``, ``self.rows = row``


#: the nodes that may put or change: expressions (a call, a display) and statements (stores, ``del``)
_EXPRESSIONS = frozenset({ast.Call, ast.Set, ast.List, ast.Tuple, ast.Dict})
_STATEMENTS = frozenset({ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete})


def _position(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _shared_then_changed(scope: ast.AST, text: tuple[str, int]) -> frozenset[int]:
    holders, puts, changes = changed_and_put(scope, text)
    if not puts:
        return frozenset()
    changed = {name for name, _ in changes}
    rebinds = _rebinds(scope, holders, changed)
    out = {id(p) for p in puts
           if any(name == p.id and _position(p) < _position(node) and not _cut(p, node, rebinds.get(name, ()))
                  for name, node in changes)}
    for loop, _ in holders:
        if not isinstance(loop, _LOOPS):
            continue
        inside = {id(n) for n in walk(loop)}
        rebound = {n.id for n in walk(loop) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        changed_inside = {name for name, node in changes if id(node) in inside and name not in rebound}
        out.update(id(p) for p in puts if p.id in changed_inside and id(p) in inside)
    return frozenset(out)


def changed_and_put(scope: ast.AST, text: tuple[str, int]) -> tuple[list, list[ast.Name], list[tuple[str, ast.AST]]]:
    """``scope``'s statements (``_statements``), the changes in place its own nodes make (name, node),
    and its puts of a name so changed; ``text``, its lines' (with the number of the first), spares
    the walk of the expressions whose lines cannot hold one."""
    puts: list[ast.Name] = []
    changes: list[tuple[str, ast.AST]] = []
    holders = _statements(scope)
    for holder, _ in holders:
        puts_and_changes(holder, puts, changes)
    unread = _read_where(holders, marked_lines(_CHANGER_WORDS, *text), puts, changes)
    changed = {name for name, _ in changes}
    if changed:
        # a put of a changed name names it: of the rest, read the statements that name one
        _read_where(unread, marked_lines(re.compile(r"\b(?:%s)\b" % "|".join(sorted(changed))), *text), puts, changes)
    return holders, [p for p in puts if p.id in changed], changes


def puts_and_changes(node: ast.AST, puts: list, changes: list) -> None:
    """Record what ``node`` itself puts and changes, whatever it is."""
    if type(node) in _EXPRESSIONS:
        _expression_puts_and_changes(node, puts, changes)
    elif type(node) in _STATEMENTS:
        _statement_puts_and_changes(node, puts, changes)


def _statements(scope: ast.AST) -> list[tuple[ast.AST, list[ast.AST]]]:
    """The statements of ``scope``'s own body (a nested definition itself, not what it holds), each
    with the nodes it holds that hold no statement (its expressions); a lambda is its own one."""
    if not isinstance(scope.body, list):
        return [(scope, [scope.body])]
    out = []
    pending = list(scope.body)
    while pending:
        node = pending.pop()
        parts: list[ast.AST] = []
        out.append((node, parts))
        if isinstance(node, SCOPES):
            continue
        for _, value in ast.iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, _HOLDERS):
                        pending.append(item)
                    elif isinstance(item, ast.AST):
                        parts.append(item)
            elif isinstance(value, ast.AST):
                parts.append(value)
    return out


def _read_where(holders: list, marked: list[int], puts: list, changes: list) -> list:
    """Record what the expressions of the ``holders`` whose lines are ``marked`` put and change; the
    holders left unread."""
    unread = []
    for holder, parts in holders:
        if not parts:
            continue
        if hasattr(holder, "lineno") and not spans_marked(holder, marked):   # a ``case`` has no lines
            unread.append((holder, parts))
            continue
        pending = list(parts)
        while pending:
            node = pending.pop()
            puts_and_changes(node, puts, changes)
            if type(node) is not ast.Lambda:   # its body is a scope of its own
                pending.extend(ast.iter_child_nodes(node))
    return unread


def _rebinds(scope: ast.AST, holders: list, names: set) -> dict[str, list[tuple[ast.stmt, list]]]:
    """The plain rebindings of ``names`` (``row = []``), each with the statement list it stands in."""
    out: dict[str, list] = {}
    for node in (scope, *(holder for holder, _ in holders)):
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
