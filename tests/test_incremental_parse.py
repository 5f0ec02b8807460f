"""The incremental parser must give exactly the tree a full parse gives, whatever the edit."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from shapecheck.absint.core import module
from shapecheck.absint.core.module import imported_libraries
from shapecheck.absint.driver.parsing import parse

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))
SNIPPETS = ["    y = x + 1\n", "\n", "# comment\n", "def g(a):\n    return a\n", "else:\n", "x = (1,\n",
            "@decorator\n", "    '''\n", "class C:\n    z = 1\n", "if True:\n    pass\n", ")\n", "    \n",
            "import numpy as np\n", "return 3\n", "        deeper = 2\n"]


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def _full(text: str):
    try:
        return _dump(ast.parse(text))
    except SyntaxError as exc:
        return ("SyntaxError", exc.lineno)


def _incremental(cache: dict, text: str):
    try:
        return _dump(parse(cache, "f.py", text))
    except SyntaxError as exc:
        return ("SyntaxError", exc.lineno)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_edits_parse_like_a_full_parse(path: Path, data) -> None:
    text = path.read_text()
    cache: dict = {}
    parse(cache, "f.py", text)
    for _ in range(4):
        lines = text.splitlines(keepends=True)
        at = data.draw(st.integers(0, len(lines)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        snippet = data.draw(st.sampled_from(SNIPPETS))
        if kind == "insert":
            lines.insert(at, snippet)
        elif kind == "delete" and lines:
            del lines[min(at, len(lines) - 1)]
        elif lines:
            lines[min(at, len(lines) - 1)] = snippet
        text = "".join(lines)
        assert _incremental(cache, text) == _full(text)


def test_typing_a_line_character_by_character() -> None:
    text = EXAMPLES[0].read_text()
    cache: dict = {}
    parse(cache, "f.py", text)
    lines = text.splitlines(keepends=True)
    target = next(i for i, line in enumerate(lines) if line.startswith("    ") and "=" in line)
    typed = "    extra = np.zeros((3, 4)) @ w\n"
    for k in range(1, len(typed) + 1):
        edited = "".join(lines[:target] + [typed[:k] + ("\n" if not typed[:k].endswith("\n") else "")]
                         + lines[target:])
        assert _incremental(cache, edited) == _full(edited)
    rng = random.Random(0)
    for _ in range(20):
        i = rng.randrange(len(lines))
        lines[i] = lines[i].replace("x", "y")
        edited = "".join(lines)
        assert _incremental(cache, edited) == _full(edited)


def test_an_edit_walks_only_the_statements_parsed_again_for_the_libraries_they_import(monkeypatch) -> None:
    """Which libraries a module imports (``module.imported_libraries``, asked by every generic analysis
    of a torch-or-numpy question) is read per top-level statement: after an edit, only the statements
    the edit made parse anew are walked, not the whole module (on every keystroke, ~20 ms per 1,000
    lines)."""
    text = "import numpy as np\n" + "".join(f"def f{i}(x):\n    import torch\n    return x\n\n" for i in range(50))
    cache: dict = {}
    assert imported_libraries(parse(cache, "m.py", text)) == {"numpy", "torch"}
    walked = []
    libraries_of = module._statement_libraries

    def counted(stmt):
        if stmt not in module._LIBRARIES:
            walked.append(stmt)
        return libraries_of(stmt)

    monkeypatch.setattr(module, "_statement_libraries", counted)
    edited = text.replace("def f20(x):\n    import torch\n", "def f20(x):\n    import torch\n    y = 1\n")
    tree = parse(cache, "m.py", edited)
    assert imported_libraries(tree) == {"numpy", "torch"}
    assert 1 <= len(walked) <= 3 and all(node in tree.body for node in walked)   # f20 and its neighbours
