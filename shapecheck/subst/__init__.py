"""Scope-safe names and capture-avoiding substitution (the Foil, in Python).

* :class:`Name` (``names.py``): a unique id plus a readable hint; equality is by id.
* :class:`Scope` (``scope.py``): a persistent in-scope set with readable fresh names.
* :class:`Subst`, :func:`substitute`, :func:`rename`, :func:`free_vars`, :func:`alpha_equivalent`
  (``subst.py``, where invariants S1-S5 are written down and checked in debug mode).
* The traversal protocol (``syntax.py``): any term type with binders plugs in with two methods,
  ``scoped_parts`` and ``with_parts``. ``lam.py`` is the smallest example; ``shapecheck.ir`` the
  real one; ``dimterms.DIMS`` lets symbolic dims ride inside terms.

>>> from shapecheck.subst import fresh_name, free_vars
>>> from shapecheck.subst.lam import Lam, V
>>> x, y = fresh_name("x"), fresh_name("y")
>>> free_vars(Lam(x, V(y))) == {y}
True
"""

from .names import Name, fresh_name, name_of_key
from .scope import Scope
from .subst import (InvariantError, Subst, alpha_equivalent, checks_enabled, free_vars, rename,
                    set_checks, substitute)
from .syntax import Bind, Leaf, Use, is_syntax, variable_of

__all__ = [
    "Name", "fresh_name", "name_of_key", "Scope", "Subst", "substitute", "rename", "free_vars",
    "alpha_equivalent", "checks_enabled", "set_checks", "InvariantError", "Bind", "Use", "Leaf",
    "is_syntax", "variable_of",
]
