"""node_answers.walk: ``ast.walk``'s nodes in ``ast.walk``'s order, kept for a def, class or module."""

from __future__ import annotations

import ast
from pathlib import Path

from shapecheck.absint.core import node_answers
from shapecheck.absint.core.lazy_bodies import parse_lazily
from shapecheck.absint.core.node_answers import walk

SOURCES = sorted((Path(node_answers.__file__).resolve().parents[1] / "interp").glob("*.py"))


def test_every_node_in_ast_walks_order():
    for path in SOURCES:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            assert list(walk(node)) == list(ast.walk(node)), (path, getattr(node, "lineno", None))


def test_a_def_class_or_module_walk_is_kept_and_a_smaller_one_is_not():
    tree = ast.parse("class A:\n    def f(self, x):\n        return x + 1\n")
    cls = tree.body[0]
    fn = cls.body[0]
    assert walk(tree) is walk(tree) and walk(cls) is walk(cls) and walk(fn) is walk(fn)
    ret = fn.body[0]
    assert walk(ret) is not walk(ret) and walk(ret) == walk(ret)


def test_lazy_bodies_are_read_as_ast_walk_reads_them():
    text = "def f(x):\n    y = x * 2\n    z = y + 1\n    w = z - 3\n    return w\n"
    lazy = parse_lazily(text, "<lazy>", ast.parse)
    assert getattr(lazy.body[0].body, "unread", False)   # (a body parsed on first use)
    assert [type(n).__name__ for n in walk(lazy)] == [type(n).__name__ for n in ast.walk(ast.parse(text))]
