"""``shapecheck.grad``, ``shapecheck.vjp`` and ``shapecheck.jvp``: derivatives of NumPy functions,
compiled like ``shapecheck.jit`` (trace to the graph IR, transform, lower to loops, LLVM).

Each call specializes on its arguments' shapes and dtypes (cached), as ``jit`` does without
``shapes=``. The function is traced, never run; what ``jit`` cannot compile raises
:class:`~shapecheck.ir.jit.UnsupportedError`, and what AD cannot differentiate raises
:class:`~shapecheck.ir.ad.emit.ADError`.

>>> import numpy as np, shapecheck
>>> def loss(w, x):
...     return (np.tanh(x @ w) ** 2.0).sum()
>>> w, x = np.full((3, 2), 0.1), np.ones((4, 3))
>>> g = shapecheck.grad(loss)(w, x)
>>> g.shape
(3, 2)
>>> y, dy = shapecheck.jvp(loss, (w, x), (np.ones_like(w), np.zeros_like(x)))
>>> out, back = shapecheck.vjp(loss, w, x)
>>> bool(np.allclose(back(np.float64(1.0))[0], g))
True

``grad(f).lower(*args).as_text(kind)`` shows the programs: ``"ir"`` (the gradient's entry with
the primal, linear and transposed programs it is made of), ``"primal"``, ``"linear"``,
``"transposed"``, and the compiled levels of ``jit`` (``"loops"``, ``"llvm"``, ``"asm"``, ...).
"""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from .. import graph as G
from .. import runtime
from ..jit import DTYPE_CODES, UnsupportedError, render_text
from ..printer import print_module
from .programs import grad_module, jvp_module, vjp_modules
from .unzip import Policy, SaveAll

__all__ = ["grad", "vjp", "jvp", "Grad", "Compiled"]


@dataclass(frozen=True)
class Compiled:
    """One derivative program, compiled: its graph module (entry first) and executable."""

    graph: G.Module
    loops: object
    executable: runtime.Executable
    fastmath: bool = False

    def as_text(self, kind: str = "ir") -> str:
        """``ir`` (the whole module), ``primal``/``linear``/``transposed`` (one program of it), or
        a compiled level (see ``jit.render_text``)."""
        programs = {"primal": "_primal", "linear": "_lin", "transposed": "_lin_T"}
        if kind in programs:
            f = next((f for f in self.graph.functions if f.name.endswith(programs[kind])), None)
            if f is None:
                raise ValueError(f"no {kind} program here")
            return print_module(G.Module((f,)))
        return render_text(kind, self.graph, self.loops, fastmath=self.fastmath)

    def __call__(self, *arrays):
        return self.executable(*arrays)


def _compile(module: G.Module, fastmath: bool) -> Compiled:
    from .. import pipeline  # lazy: start-up time (the pass pipeline loads the solver)

    loops = pipeline.compile_to_loops(module)
    return Compiled(module, loops, runtime.build(loops, fastmath=fastmath), fastmath)


def _signature(fn: Callable, args: Sequence) -> tuple[dict, dict]:
    params = list(inspect.signature(fn).parameters)
    if len(params) != len(args):
        raise TypeError(f"{fn.__name__}() takes {len(params)} arguments, got {len(args)}")
    shapes, dtypes = {}, {}
    for name, arg in zip(params, args):
        if not isinstance(arg, np.ndarray) or np.dtype(arg.dtype) not in DTYPE_CODES:
            raise TypeError(f"{fn.__name__}(): argument {name!r} must be a NumPy array of "
                            f"{', '.join(str(d) for d in DTYPE_CODES)}")
        shapes[name], dtypes[name] = tuple(arg.shape), DTYPE_CODES[np.dtype(arg.dtype)]
    return shapes, dtypes


def _traced(fn: Callable, args: Sequence) -> G.Module:
    from .. import frontend  # lazy: start-up time (the front end loads the analyser)

    shapes, dtypes = _signature(fn, args)
    try:
        return frontend.trace(fn, shapes=shapes, dtypes=dtypes)
    except (ValueError, NotImplementedError, OSError, TypeError) as error:
        raise UnsupportedError(f"cannot compile {getattr(fn, '__name__', fn)!r}: {error}") from error


class _Cache:
    """Compiled programs per (argument shapes and dtypes, what else the key says)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._programs: dict = {}

    def get(self, key, make: Callable[[], object]):
        with self._lock:
            found = self._programs.get(key)
        if found is None:
            found = make()
            with self._lock:
                self._programs[key] = found
        return found


def _key(args: Sequence) -> tuple:
    return tuple((np.shape(a), np.asarray(a).dtype) for a in args)


class Grad:
    """The callable ``grad`` returns: the gradient of a scalar function, compiled per signature."""

    def __init__(self, fn: Callable, argnums: int | tuple[int, ...] = 0, policy: Policy = SaveAll(),
                 fastmath: bool = False):
        self.fn, self.argnums, self.policy, self.fastmath = fn, argnums, policy, fastmath
        self._cache = _Cache()

    def lower(self, *args) -> Compiled:
        """The compiled gradient for ``args`` (for introspection: ``.as_text(kind)``)."""
        args = tuple(np.asarray(a) for a in args)
        wanted = (self.argnums,) if isinstance(self.argnums, int) else tuple(self.argnums)
        return self._cache.get(_key(args), lambda: _compile(
            grad_module(_traced(self.fn, args), policy=self.policy, argnums=wanted), self.fastmath))

    def __call__(self, *args):
        return self.lower(*args)(*(np.asarray(a) for a in args))


def grad(fn: Callable, argnums: int | tuple[int, ...] = 0, *, policy: Policy = SaveAll(),
         fastmath: bool = False) -> Grad:
    """The gradient of ``fn`` (which returns one scalar) with respect to argument ``argnums`` (an
    index, or a tuple of them: then a tuple of gradients), as JAX's ``grad``. ``policy`` is the
    save-or-recompute choice (``shapecheck.ir.ad.SaveAll``/``SaveInputs``/``Budget``)."""
    return Grad(fn, argnums, policy, fastmath)


_VJPS = _Cache()
_JVPS = _Cache()


def vjp(fn: Callable, *args, policy: Policy = SaveAll()):
    """``(fn(*args), back)``: ``back(ct)`` (one cotangent per output; a tuple for several) returns
    the cotangent of each argument (None for a non-float one), as JAX's ``vjp``. The forward
    program runs now and keeps its residuals for ``back``."""
    args = tuple(np.asarray(a) for a in args)

    def make():
        forward, backward, d = vjp_modules(_traced(fn, args), policy=policy)
        return _compile(forward, False), _compile(backward, False), d

    forward, backward, d = _VJPS.get((fn, _key(args), policy), make)
    results = _as_tuple(forward(*args))
    outputs = d.linearized.outputs
    primal_out, residuals = results[:outputs], results[outputs:]

    def back(*cts):
        if len(cts) == 1 and isinstance(cts[0], tuple):
            cts = cts[0]
        grads = _as_tuple(backward(*residuals, *(np.asarray(c) for c in cts)))
        by_position = dict(zip(d.differentiable, grads))
        return tuple(by_position.get(i) for i in range(len(args)))

    return (primal_out[0] if outputs == 1 else primal_out), back


def jvp(fn: Callable, primals: Sequence, tangents: Sequence):
    """``(fn(*primals), the derivative of fn at primals along tangents)``, as JAX's ``jvp``
    (tangents of non-float arguments are ignored)."""
    primals = tuple(np.asarray(a) for a in primals)
    program = _JVPS.get((fn, _key(primals)), lambda: _compile(jvp_module(_traced(fn, primals)), False))
    floats = [np.asarray(t) for p, t in zip(primals, tangents) if DTYPE_CODES[p.dtype] in ("f32", "f64")]
    results = _as_tuple(program(*primals, *floats))
    half = len(results) // 2
    if half == 1:
        return results[0], results[1]
    return results[:half], results[half:]


def _as_tuple(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)
