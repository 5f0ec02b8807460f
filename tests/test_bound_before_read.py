"""Which names a loop's passes bind before reading them: the fixpoint ignores them when deciding
whether a pass changed the state, so getting one wrong would stop a loop too early."""
import ast

import pytest

from shapecheck.absint.interp.semantics import bound_before_read


def _loop(source: str) -> ast.AST:
    return ast.parse(source).body[0]


@pytest.mark.parametrize("source, names", [
    ("for attn, ff in layers:\n    x = attn(x) + x\n    x = ff(x) + x", {"attn", "ff"}),
    ("for i in range(n):\n    h = norm(x)\n    x = x + h", {"i", "h"}),
    ("for i in range(n):\n    y = prev + 1\n    prev = y", {"i", "y"}),
    ("for i in range(n):\n    h += 1\n    h = 0", {"i"}),
    ("for i in range(n):\n    if c:\n        h = 1\n    h = h + 1", {"i"}),
    ("for i in range(n):\n    del h\n    h = 1", {"i"}),
    ("for i in range(n):\n    f = lambda: g\n    g = 1", {"i", "f"}),
    ("for (a, *b) in xs:\n    c = a\n", {"a", "b", "c"}),
    ("for x[0] in xs:\n    y = 1", {"y"}),
    ("while t < 3:\n    t = t + 1\n    u = t", {"u"}),
    ("while go:\n    go = step()", set()),
    ("for i in xs:\n    d[k] = 1\n    k = 2", {"i"}),
])
def test_bound_before_read(source, names):
    assert bound_before_read(_loop(source)) == frozenset(names)
