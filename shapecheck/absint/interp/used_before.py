"""Names the code surely used as objects before a test of them: ``x is None`` decided by what ran.

A statement before this one in its block that subscripts a name or reads an attribute of it, since the
name was last bound (causal-learn's ``ell = np.exp(loghyper[0:D])`` before ``if loghyper is not None``),
ran without raising, so the name holds no None: None has no items and, dunders aside, no attributes.
Only what surely ran counts: statements of the same block, outside the parts of an expression that may
not run (``and``/``or``, a conditional expression, a lambda, a comprehension)."""

from __future__ import annotations

import ast

from ..core.node_answers import per_node, walk

#: the parts of an expression that may not run when the expression does
_MAYBE_RUN = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
#: statements whose expressions surely run when they do
_SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Assert, ast.Return)


@per_node
def _places(fn: ast.AST) -> dict[int, tuple[list, int]]:
    """Each statement of ``fn`` (by id) -> (the block that holds it, its position there)."""
    out: dict[int, tuple[list, int]] = {}
    for n in walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(n, field, None)
            if isinstance(block, list):
                for i, s in enumerate(block):
                    if isinstance(s, ast.stmt):
                        out[id(s)] = (block, i)
    return out


def _surely_run(node: ast.AST):
    """The expression nodes of a simple statement that run whenever it does."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(c for c in ast.iter_child_nodes(n) if not isinstance(c, _MAYBE_RUN))


@per_node
def _used_as_objects(stmt: ast.stmt) -> frozenset[str]:
    """The names a simple statement surely subscripts or reads (or stores) a non-dunder attribute of."""
    if not isinstance(stmt, _SIMPLE):
        return frozenset()
    return frozenset(n.value.id for n in _surely_run(stmt)
                     if isinstance(n, (ast.Subscript, ast.Attribute)) and isinstance(n.value, ast.Name)
                     and not (isinstance(n, ast.Attribute) and n.attr.startswith("__")))


@per_node
def _bound(stmt: ast.stmt) -> frozenset[str]:
    """The names a statement binds anywhere in it (targets, loop variables, ``as`` names, walrus, ``del``)."""
    names = set()
    for n in walk(stmt):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, ast.arg):   # a lambda's parameter
            names.add(n.arg)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            names.update(n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
    return frozenset(names)


def used_as_object_before(fn: ast.AST, stmt: ast.stmt | None, name: str) -> bool:
    """Whether a statement before ``stmt`` in its block surely used ``name`` as an object since it
    was last bound there (so ``name`` holds no None when ``stmt`` runs)."""
    found = _places(fn).get(id(stmt)) if stmt is not None else None
    if found is None or name in _bound(stmt):
        # (a name the statement itself binds may be another binding where the test reads it: a
        # comprehension's variable, a lambda's parameter)
        return False
    block, at = found
    for before in reversed(block[:at]):
        if name in _bound(before):
            return False
        if name in _used_as_objects(before):
            return True
    return False
