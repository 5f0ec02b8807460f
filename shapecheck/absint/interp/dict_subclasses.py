"""Project subclasses of ``dict`` built from a dict: the entries their objects hold.

transformers takes every model's activation as ``ACT2FN[config.hidden_act]``, where ``ACT2FN =
ClassInstantier(ACT2CLS)`` is an ``OrderedDict`` subclass whose ``__getitem__`` reads the entry with
``super().__getitem__(key)`` and builds the class it names (``cls(**kwargs)`` of a ``(cls, kwargs)``
pair). Its object held nothing the analysis knew, so each MLP's activation, and every shape after
it, was unknown.

An object of such a class whose constructor is the dict's own keeps the entries it was built from
(``values.DICT_ENTRIES``); ``super().__getitem__(key)`` and ``super().get(key)`` read them as a dict's
subscript does. A subscript with a key known only at run time runs the class's ``__getitem__`` once
per key (each under the facts before it, none of its failures reported: the program takes one) and
stands for one of the results: of a few callables, each, which a call calls (``Alternatives``).
"""

from __future__ import annotations

from ..core.frame import Builtin
from ..core.values import DICT_ENTRIES, Class, Dict, Instance, LibraryObject, Str, Value

#: the library dict classes whose constructor takes a mapping (or keywords) as its entries (``dict``
#: itself is the builtin)
DICT_CLASSES = frozenset({"collections.OrderedDict"})


def dict_base(cls: Class, depth: int = 0) -> bool:
    """Whether ``cls`` extends ``dict`` (or ``OrderedDict``), through its project bases."""
    for base in cls.bases:
        if (type(base) is Builtin and base.name == "dict") or (type(base) is LibraryObject and base.qualname in DICT_CLASSES):
            return True
        if type(base) is Class and depth < 20 and dict_base(base, depth + 1):
            return True
    return False


def entries(value: Value) -> Dict | None:
    """The entries an object of a dict's subclass holds (None: not such an object, or not known)."""
    return value.attrs.get(DICT_ENTRIES) if type(value) is Instance else None


def known_key(key: Value) -> bool:
    return type(key) is Str and key.value is not None


def keys_to_try(held: Dict, limit: int) -> tuple | None:
    """The distinct string keys of ``held``, where every entry is known and there are at most ``limit``."""
    keys = tuple(dict.fromkeys(k for k, _ in held.items))
    if not held.complete or not keys or len(keys) > limit or not all(isinstance(k, str) for k in keys):
        return None
    return keys
