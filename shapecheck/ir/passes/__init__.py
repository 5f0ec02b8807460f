"""Passes over modules, each a pure function ``Module -> Module``.

* ``inline`` (``inline.py``): calls to non-primitive functions, through ``Subst``.
* ``specialize`` (``specialize.py``): bind shape variables to values (``n := 32``) through ``Subst``.
* ``fold`` (``fold.py``): constant folding of shape arithmetic and of aliasing ops; loop-level
  constant folding.
* ``cse`` / ``dce`` (``cse.py``, ``dce.py``): common subexpressions; dead bindings, functions, kernels.
* ``fuse`` (``fuse.py``): elementwise/broadcast chains (with their consumer reductions and the
  epilogues of matmuls and reductions) into primitive functions.
* ``lower_to_loops`` (``lower.py``): graph ops and primitive functions -> loop kernels.

On loop kernels (``Kernel -> Kernel``): ``hoist_invariant_loads`` (``hoist.py``) reads loop-invariant,
provably in-bounds elements of unwritten buffers before their loop; code generation applies it
to every kernel whose buffers do not alias.
"""

from .cse import cse
from .dce import dce
from .fold import fold
from .fuse import fuse
from .inline import inline
from .lower import lower_to_loops
from .specialize import specialize

__all__ = ["inline", "specialize", "fold", "cse", "dce", "fuse", "lower_to_loops", "PASSES"]

PASSES = {"inline": inline, "specialize": specialize, "fold": fold, "cse": cse, "dce": dce,
          "fuse": fuse, "lower": lower_to_loops}
