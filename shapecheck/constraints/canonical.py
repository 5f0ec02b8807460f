"""Shape questions up to renaming: one memo entry answers every copy of a question.

The analyser freshens symbols per call (``packed#12`` here, ``packed#57`` in the next call of the
same function), so the same question comes back under new names many times: on vit-pytorch, 558
Z3 queries were 101 distinct questions up to renaming, and 4,037 witness searches 436 (issue 11).
:func:`question_key` writes a question with each symbol replaced by the order of its first
appearance (signedness kept: ``n~`` may be negative, ``n`` may not); two questions with the same
key are the same question under a bijective renaming, so they have the same verdict, the same
unsat core (by fact position) and the same witnesses (renamed). Two copies whose terms are ordered
differently (normal forms sort terms by name) get different keys: a missed hit, never a wrong one.
"""

from __future__ import annotations

from typing import Sequence

from .dims import Dim, Expr, Sym, is_signed
from .predicates import Pred


def question_key(facts: Sequence[Pred], requirement: Pred) -> tuple[tuple, list[str]]:
    """The key of "do ``facts`` imply ``requirement``?" up to renaming, and the original symbol
    names in index order (``names[i]`` is the symbol written ``i`` in the key).

    The key is each predicate's own key (:func:`template`: its symbols numbered within it) and,
    per predicate, the question-wide numbers of its symbols: that determines the question with
    every symbol numbered by first appearance across it, and is determined by it, so two questions
    share a key exactly when they are the same up to renaming. Each predicate's own key is made
    once (real code asks about the same facts in thousands of questions)."""
    index: dict[str, int] = {}
    shapes = []
    links = []
    for p in (requirement, *facts):
        shape, names = template(p)
        shapes.append(shape)
        links.append(tuple([index.setdefault(name, len(index)) for name in names]))
    return (tuple(shapes), tuple(links)), list(index)


#: predicate -> its own key and its symbols in order of first appearance; bounded, starts over when full
_TEMPLATES: dict[Pred, tuple[tuple, tuple[str, ...]]] = {}
_TEMPLATES_MAX = 1 << 16


def template(p: Pred) -> tuple[tuple, tuple[str, ...]]:
    """``p``'s own key (its symbols numbered by first appearance) and its symbols in that order."""
    found = _TEMPLATES.get(p)
    if found is None:
        if len(_TEMPLATES) >= _TEMPLATES_MAX:
            _TEMPLATES.clear()
        index: dict[str, tuple[int, bool]] = {}   # name -> its key: (number, whether it is signed)
        found = _TEMPLATES[p] = (_pred(p, index, {}), tuple(index))
    return found


def dim_template(d: Dim) -> tuple[object, tuple[str, ...]]:
    """A dim's own key (as :func:`template` writes it inside a predicate) and its symbols in order."""
    index: dict[str, tuple[int, bool]] = {}
    return (d if type(d) is int else _dim(d, index, {})), tuple(index)


def _pred(p: Pred, index: dict[str, tuple[int, bool]], ops: dict) -> tuple:
    if p.kind in ("eq", "ne", "le", "lt"):
        a, b = p.args
        return (p.kind, a if type(a) is int else _dim(a, index, ops), b if type(b) is int else _dim(b, index, ops))
    return (p.kind, *[_pred(x, index, ops) for x in p.args])


# The walks below are loops and list displays rather than nested generators: every question under
# new names writes its predicates' keys afresh (vit-pytorch: 12,500 of them, ~55 Python calls each
# as generators, counted per item), and a symbol seen before is one dict lookup.

def _dim(d: Expr, index: dict[str, tuple[int, bool]], ops: dict) -> tuple:
    written: list = [d.constant]
    for monomial, coeff in d.terms:
        atoms = []
        for atom in monomial:
            if type(atom) is Sym:
                key = index.get(atom.name)
                if key is None:
                    key = index[atom.name] = (len(index), is_signed(atom.name))
            else:
                # an operation's key once per template: its symbols are numbered at its first
                # visit, so a later visit would write the same key (expanded products share their
                # atoms: diffusers' upfirdn2d wrote 627,000 atoms for 27,000 visits from the top)
                key = ops.get(atom)
                if key is None:
                    key = ops[atom] = (atom.kind, *[x if type(x) is int else _dim(x, index, ops) for x in atom.args])
            atoms.append(key)
        written.append((tuple(atoms), coeff))
    return tuple(written)
