"""Facts a statement adds again and again, each time over sizes of its own: kept once per question.

A statement run for every line of a long kernel broadcasts one size ``k`` against a new unknown
size each time (pyscf's adc code does ``s[a:b] += lib.einsum(...).reshape(-1)`` hundreds of
times): each run adds the same few facts (``k == d or k == 1 or d == 1``, the broadcast's size
``m`` and ``k == m``) over a fresh ``d`` and ``m``. All of them link to ``k``, so every question about
``k`` carried them all: 300-400 facts, and five minutes of proofs for one file.

A *group* is a set of facts linked by their *private* symbols, the ones no fact outside it and no
symbol of the question mentions; the others (``k``, and a size most facts mention) it shares. Two
groups equal up to renaming their private symbols say the same of the shared ones (each says
"some private values satisfy these facts"), so one of them is enough: the question's answer, its
witnesses' values of the shared symbols and its unsat cores are those of the whole set.
"""

from __future__ import annotations

from typing import Sequence

from .canonical import question_key, template
from .predicates import TRUE

#: A symbol more facts than this mention is taken as shared by every group (a size the whole
#: function works over), which keeps the groups the size of one statement's facts.
SHARED_FROM = 8

#: Fewer facts than this are never grouped (the grouping would cost more than it saves).
GROUPED_FROM = 24


def repeated(pending: Sequence[tuple], question: frozenset[str], groups: list | None = None) -> set[int]:
    """The positions in ``pending`` (``(fact, its symbols)`` pairs) of the facts of every group that
    repeats an earlier group up to its private symbols, where none of those is the question's.
    ``groups``: :func:`groups_of` of ``pending``, where already made."""
    if groups is None:
        groups = groups_of(pending)
    seen: set = set()
    out: set[int] = set()
    for members, private, key in groups:
        if key is None or private & question:
            continue
        if key in seen:
            out.update(members)
        else:
            seen.add(key)
    return out


def groups_of(pending: Sequence[tuple]) -> list[tuple[tuple[int, ...], frozenset[str], tuple | None]]:
    """The groups of ``pending``'s facts: each its members' positions, its private symbols and its
    key up to renaming them (None: a group of no private symbol, which nothing repeats)."""
    counts: dict[str, int] = {}
    for _, syms in pending:
        for name in syms:
            counts[name] = counts.get(name, 0) + 1
    parent = list(range(len(pending)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, (_, syms) in enumerate(pending):
        for name in syms:
            if counts[name] > SHARED_FROM:
                continue
            j = owner.setdefault(name, i)
            if j != i:
                parent[find(i)] = find(j)
    members: dict[int, list[int]] = {}
    for i in range(len(pending)):
        members.setdefault(find(i), []).append(i)
    out = []
    for group in members.values():
        private = frozenset(name for i in group for name in pending[i][1] if counts[name] <= SHARED_FROM)
        key = None
        if private:
            # (in an order of their own forms: two statements' facts come in either order)
            preds = sorted((pending[i][0].pred for i in group), key=lambda p: repr(template(p)[0]))
            shape, names = question_key(preds, TRUE)
            key = (shape, tuple(None if name in private else name for name in names))
        out.append((tuple(group), private, key))
    return out
