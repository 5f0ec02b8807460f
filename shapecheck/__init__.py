"""shapecheck: static shape checking for array code.

Importing this package is cheap: Z3, libcst, llvmlite and the LSP stack load only where used.

>>> from shapecheck import reveal_shape
>>> reveal_shape(3)
3
"""

from __future__ import annotations

from . import dataclass_methods
from .version import __version__

# Before any submodule defines a dataclass: their generated methods come compiled from the last run
# (start-up time, dataclass_methods.py).
dataclass_methods.install()


def reveal_shape(value):
    """At run time, return ``value`` unchanged. shapecheck reports the inferred shape statically."""
    return value


class _Hole:
    """A shape hole: shapecheck solves for the dimension that belongs here (see `shapecheck check`)."""

    def __repr__(self) -> str:
        return "HOLE"

    def _fail(self, *args, **kwargs):
        raise TypeError("shapecheck.HOLE is a placeholder for static analysis; run `shapecheck check` "
                        "to see its solved value and put that value here before running the code")

    __index__ = __int__ = __add__ = __radd__ = __mul__ = __rmul__ = __sub__ = __rsub__ = _fail
    __floordiv__ = __truediv__ = __eq__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = _fail
    __hash__ = object.__hash__


HOLE = _Hole()


def load_ipython_extension(shell) -> None:
    """``%load_ext shapecheck`` in IPython/Jupyter: check each cell before it runs (``ipython.py``)."""
    from . import ipython  # lazy: start-up time (the analyser loads Z3)
    ipython.load_ipython_extension(shell)


def unload_ipython_extension(shell) -> None:
    """``%unload_ext shapecheck``."""
    from . import ipython  # lazy: start-up time (the analyser loads Z3)
    ipython.unload_ipython_extension(shell)


def device_mesh(**axes: int) -> dict:
    """A device mesh for :func:`shard` annotations: axis names and sizes, major to minor. At run time a
    plain dict; shapecheck reads it statically.

    >>> device_mesh(dp=2, tp=4)
    {'dp': 2, 'tp': 4}
    """
    return dict(axes)


def shard(array, mesh, *spec):
    """Say how ``array`` is split over ``mesh`` (one entry per leading dim, as ``PartitionSpec`` takes:
    an axis name, a tuple of them, or None). At run time return ``array`` unchanged; shapecheck checks
    the split (every split dim divisible by its axes) and tracks the placement through the code."""
    return array


def __getattr__(name: str):
    # Lazy public API: `from shapecheck import check_source` pays for the analyser only then.
    if name in ("check_source", "check_paths", "Options", "Project"):
        from . import api  # lazy: start-up time (the analyser loads Z3)
        return getattr(api, name)
    if name == "jit":
        from .ir.jit import jit  # lazy: start-up time (the compiler loads llvmlite)
        return jit
    if name in ("grad", "vjp", "jvp"):
        from .ir.ad import transforms  # lazy: start-up time (the compiler loads llvmlite)
        return getattr(transforms, name)
    raise AttributeError(f"module 'shapecheck' has no attribute {name!r}")


__all__ = ["reveal_shape", "HOLE", "device_mesh", "shard", "check_source", "check_paths", "Options", "Project", "jit", "grad", "vjp", "jvp",
           "__version__"]
