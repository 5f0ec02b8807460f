"""Answers computed once per syntax node and kept while the node lives.

An analysis asks the same question of a ``def`` or a class at each call of it (is it a generator, which
parameters does it test for a sign); an editor parses its file again at each edit, so an answer kept
by the node itself (an ``lru_cache`` without a bound) keeps every tree ever parsed alive. Kept by weak
reference, an answer goes with its tree."""

from __future__ import annotations

import ast
import weakref
from functools import wraps
from typing import Callable, TypeVar

T = TypeVar("T")


def per_node(compute: Callable[[ast.AST], T]) -> Callable[[ast.AST], T]:
    """``compute(node)``, computed at the first question about ``node`` and kept while it lives."""
    answers: "weakref.WeakKeyDictionary[ast.AST, T]" = weakref.WeakKeyDictionary()

    @wraps(compute)
    def answer(node: ast.AST) -> T:
        hit = answers.get(node)
        if hit is None:
            hit = answers[node] = compute(node)
        return hit
    return answer


#: The nodes whose walks are kept (they are walked by many questions: a function's each question
#: about its body, a module's about its classes); a walk of anything smaller is made afresh.
_KEPT_WALKS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module, ast.Lambda)


def _walked(node: ast.AST) -> tuple[ast.AST, ...]:
    """``node`` and every node under it, in ``ast.walk``'s order (breadth first)."""
    out = [node]
    i = 0
    while i < len(out):
        n = out[i]
        i += 1
        for name in n._fields:
            value = getattr(n, name, None)
            if type(value) is list or isinstance(value, list):   # (a lazy body is a list: read, it is parsed)
                out.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                out.append(value)
    return tuple(out)


_kept_walk = per_node(_walked)


def walk(node: ast.AST) -> tuple[ast.AST, ...]:
    """``ast.walk(node)`` as a tuple, kept for a ``def``, lambda, class or module: a function's body
    is walked by a dozen questions (is it a generator, which names it tests for a sign, which
    closures it changes), and ``ast.walk``'s generators were a tenth of a run of flax's examples."""
    return _kept_walk(node) if isinstance(node, _KEPT_WALKS) else _walked(node)
