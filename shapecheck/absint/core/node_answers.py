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
