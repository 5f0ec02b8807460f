"""``shapecheck.jit``: compile a NumPy function to fused, vectorized machine code.

On each call the dispatcher looks up a specialization for the arguments' dtypes (and, unless
``shapes=`` names symbols, their exact shapes), or builds one: trace the function to the graph
IR (``shapecheck.ir.trace``, which reads the source and never runs it), run the pass pipeline
down to loop kernels (``compile_to_loops``), lower to LLVM and JIT-compile (``runtime.build``).
Specializations are cached in memory per dispatcher, and their object code on disk.

>>> import numpy as np, shapecheck
>>> @shapecheck.jit
... def axpy(a, x, y):
...     return a * x + y
>>> a = np.full(4, 2.0); x = np.arange(4.0); y = np.ones(4)
>>> axpy(a, x, y)
array([1., 3., 5., 7.])

Rules:

- Whole-array NumPy code goes through the graph IR (``frontend``); loop code as Numba users
  write it (``for``/``while``/``if``, element writes, ``np.zeros``...) through ``loopfront``,
  straight to one loop kernel. Both read the source and never run it: the file as it was when
  ``jit`` wrapped the function (``ir.sources``), so a later edit of the file is not compiled.
- Numbers (bool, int, float) the function reads from its module's globals or its closure are
  compiled in with their values at compile time, as Numba freezes globals: a version already
  compiled keeps them. NumPy arrays and scalars from outside are refused by name: pass them as
  arguments.

- Arguments are NumPy arrays, NumPy or Python scalars, or lists of numbers (``arguments``:
  scalars follow NumPy 2's promotion rules, lists become arrays), passed by position or keyword;
  every compiled entry guards dtypes, shapes and layout (see ``runtime``: a wrong argument is a
  ``TypeError``/``ValueError``, a non-contiguous one is copied to C order first).
- Results follow NumPy's dtype rules (``ir.dtypes``): ``bool_array.sum(axis=1)`` counts in
  int64, ``int_array / 2`` is float64.
- A shape error the analyser proves (``x @ w`` with mismatched dims) is a ``ValueError`` carrying
  its message and the file's line, raised before anything is compiled. The first check reads the
  function's own lines (``np`` unknown there); when tracing then fails, the analyser is asked
  again knowing the modules the function uses, so ``np.dot`` of mismatched arrays is one too.
- ``shapes={"x": ("n", 784)}`` names symbolic dims: one kernel serves every ``n``, and the
  function is traced at decoration, so unsupported code fails there. Without ``shapes`` every
  distinct shape gets its own, fully specialized kernel (constant trip counts). A symbolic kernel
  is exact where its slices, indices and max/min lie inside their axes (``ir.guards``: ``x[1:]``
  at ``n == 0`` is empty, ``x[0]`` an IndexError): a call outside runs a specialization for its
  exact shapes, which gives NumPy's answer or NumPy's exception.
- Python scalars are checked as NumPy 2 checks them (``ir.guards``): ``int8_array + 300`` and
  ``int64_array + y * 2`` with ``y * 2`` past int64 raise ``OverflowError``.
- Unsupported code raises :class:`UnsupportedError` naming the construct, at decoration (with
  ``shapes``) or first call; with ``fallback=True`` the original Python function runs instead.
- ``fastmath=True`` lets LLVM reassociate and assume no NaN/inf everywhere (off by default:
  results then match NumPy's IEEE semantics, except that reductions may sum in another order).
"""

from __future__ import annotations

import functools
import inspect
import os
import threading
import warnings
from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from . import runtime, tune
from .arguments import DTYPE_CODES, Argument, convert
from .dtypes import CODES
from .codegen.schedule import DEFAULT, Schedule
from .guards import Guards, OutsideSizes, scalar_inputs
from .memory import MemoryReport, plan_memory
from .printer import print_loop_module, print_module
from .sources import remember_source

__all__ = ["jit", "Dispatcher", "UnsupportedError", "Specialization", "specialize", "DTYPE_CODES"]


class UnsupportedError(TypeError):
    """The function (or its arguments) are outside what ``shapecheck.jit`` compiles."""


@dataclass(frozen=True)
class Specialization:
    """One compiled version of a function: what it was traced with, and the executable."""

    shapes: dict
    dtypes: dict
    graph: object             # shapecheck.ir.Module (None for loop code: ``loopfront``)
    loops: object             # shapecheck.ir.loops.LoopModule
    executable: runtime.Executable
    schedule: Schedule = DEFAULT   # the one `shapecheck tune` kept for this program, if any
    guards: Guards = Guards()      # what a call must satisfy for it to compute NumPy's answer

    @functools.cached_property
    def written(self) -> tuple[int, ...]:
        """Positions of the arguments the compiled code writes into (loop code's ``x[i] = v``)."""
        names = self.loops.written_inputs()
        return tuple(k for k, b in enumerate(self.loops.program.inputs) if b.name in names)


def jit(fn: Callable | None = None, *, shapes: Mapping | None = None, dtypes: Mapping | None = None,
        fastmath: bool = False, fallback: bool = False):
    """Compile ``fn`` (a decorator, with or without arguments); see the module docstring.

    >>> import shapecheck
    >>> f = shapecheck.jit(lambda x: x, fallback=True)   # lambdas have no traceable source
    """
    def wrap(f: Callable) -> "Dispatcher":
        return Dispatcher(f, shapes=shapes, dtypes=dtypes, fastmath=fastmath, fallback=fallback)
    return wrap if fn is None else wrap(fn)


class Dispatcher:
    """The callable that ``jit`` returns: dispatches to per-signature specializations."""

    def __init__(self, fn: Callable, *, shapes=None, dtypes=None, fastmath=False, fallback=False):
        functools.update_wrapper(self, fn)
        self.py_func = fn
        remember_source(fn)
        self.shapes = dict(shapes) if shapes else None
        self.dtypes = dict(dtypes) if dtypes else None
        self.fastmath = fastmath
        self.fallback = fallback
        self.specializations: dict = {}
        self._lock = threading.Lock()
        self._failed: Exception | None = None
        self._fast = None
        try:
            self.signature = inspect.signature(fn)
        except (TypeError, ValueError):
            self.signature = inspect.Signature()
        self.params = list(self.signature.parameters)
        self.compiles = 0         # specializations built (a symbolic one serves many shapes)
        if self.shapes is not None:
            self._eager()

    def _eager(self) -> None:
        # Unnamed dtypes default to float32; a call with other dtypes builds its own version.
        dtypes = {p: (self.dtypes or {}).get(p, "f32") for p in self.params}
        key = ("symbolic", tuple((runtime.NUMPY_DTYPES[dtypes[p]], False, False) for p in self.params))   # Argument.kind
        self._specialize_or_fallback(self.shapes, dtypes, key)

    def __call__(self, *args, **kwargs):
        # The latest specialization's native entry checks its own arguments in compiled code
        # and hands anything else to ``_dispatch`` (a builtin takes no keywords: those go there).
        fast = self._fast
        if fast is not None and not kwargs:
            return fast(*args)
        return self._dispatch(*args, **kwargs)

    def _dispatch(self, *args, **kwargs):
        if self._failed is not None:
            return self.py_func(*args, **kwargs)
        try:
            arguments = self.arguments(args, kwargs)
        except TypeError:
            if self.fallback:
                return self.py_func(*args, **kwargs)
            raise
        key = self._key(arguments)
        spec = self.specializations.get(key)
        if spec is None:
            spec = self._build(arguments, key)
            if spec is None:
                return self.py_func(*args, **kwargs)
        for k in spec.written:
            if arguments[k].sequence is not None:
                raise TypeError(f"{self.__name__}(): argument {self.params[k]!r} is a {arguments[k].sequence}, and "
                                "the function writes into it: pass a NumPy array (the writes would not reach "
                                f"the {arguments[k].sequence})")
        copied = [k for k in spec.written if arguments[k].original is not None]
        for k in copied:
            if not arguments[k].original.flags.writeable:
                raise ValueError(f"{self.__name__}(): argument {self.params[k]!r} is read-only, and "
                                 "the function writes into it (assignment destination is read-only)")
        try:
            result = _run(spec, arguments)
        except OutsideSizes:
            # Outside the sizes the symbolic kernel is exact for: these exact shapes' own version.
            exact = tuple((a.array.shape, *a.kind) for a in arguments)
            spec = self.specializations.get(exact)
            if spec is None:
                spec = self._build(arguments, exact, shapes={name: tuple(arg.array.shape)
                                                             for name, arg in zip(self.params, arguments)})
                if spec is None:   # fallback=True: this call as plain Python
                    return self.py_func(*args, **kwargs)
            result = _run(spec, arguments)
        for k in copied:   # written into a converted copy: the caller's array changes too
            arguments[k].original[...] = arguments[k].array
            result = _replace(result, arguments[k].array, arguments[k].original)
        return _as_lists(_scalarize(result), spec.loops)

    def arguments(self, args: tuple, kwargs: dict) -> list[Argument]:
        """The call's arguments bound to the parameters (defaults filled in) and converted
        (``arguments.convert``); TypeError for a call the function itself would refuse."""
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{self.__name__}(): {error}") from None
        bound.apply_defaults()
        return [convert(self.__name__, name, value) for name, value in bound.arguments.items()]

    def _key(self, arguments: list[Argument]) -> tuple:
        if self.shapes is not None:
            return ("symbolic", tuple(a.kind for a in arguments))
        return tuple((a.array.shape, *a.kind) for a in arguments)

    def _build(self, arguments: list[Argument], key, shapes=None) -> Specialization | None:
        dtypes = {name: arg.code for name, arg in zip(self.params, arguments)}
        weak = frozenset(name for name, arg in zip(self.params, arguments) if arg.weak)
        big = frozenset(name for name, arg in zip(self.params, arguments) if arg.big)
        exact = shapes is not None    # a symbolic function's version for one call's shapes
        shapes = shapes or self.shapes or {name: tuple(arg.array.shape) for name, arg in zip(self.params, arguments)}
        return self._specialize_or_fallback(shapes, dtypes, key, weak, fast=not exact, big=big)

    def _specialize_or_fallback(self, shapes, dtypes, key, weak=frozenset(), fast=True,
                                big=frozenset()) -> Specialization | None:
        try:
            spec = specialize(self.py_func, shapes, dtypes, fastmath=self.fastmath, weak=weak, big=big)
        except UnsupportedError as error:
            if not self.fallback:
                raise
            warnings.warn(f"shapecheck.jit: running {self.__name__} as plain Python: {error}",
                          RuntimeWarning, stacklevel=3)
            if fast:   # the function's own version (not one call's exact shapes): every call from now on
                self._failed = error
            return None
        self.compiles += 1
        if key is not None:
            with self._lock:
                self.specializations[key] = spec
                # 0-d results become scalars; scalar inputs are computed per call (``_run``)
                if fast and not spec.guards.scalars and not spec.loops.lists and not spec.loops.empty_lists:
                    self._fast = spec.executable.native_with_fallback(self._dispatch)
        return spec

    def lower(self, *args) -> "Lowered":
        """The compilation of this function for ``args`` (arrays, or shape tuples for float32),
        for introspection: ``f.lower(x).as_text("ir" | "loops" | "llvm" | "asm" | "ptx")``."""
        arguments = self.arguments(tuple(np.empty(a, np.float32) if isinstance(a, tuple) else a
                                         for a in args), {})
        key = self._key(arguments)
        spec = self.specializations.get(key) or self._build(arguments, key)
        if spec is None:
            raise UnsupportedError(f"{self.__name__} runs as plain Python: {self._failed}")
        return Lowered(spec, self.fastmath)


def _run(spec: Specialization, arguments: list[Argument]):
    """Run ``spec`` on the arguments and the scalar inputs its guards compute from them."""
    scalars = ()
    if spec.guards.scalars:
        scalars = scalar_inputs(spec.guards.scalars, tuple(a.python for a in arguments))
    return spec.executable(*(a.array for a in arguments), *scalars)


def _as_lists(result, loops):
    """The results that are Python lists built by append (``LoopModule.lists``) made lists of
    their rows: Python numbers where every value appended was one, else NumPy's scalars (an
    element read from an array) or rows; an array made of a list with no rows
    (``LoopModule.empty_lists``) made ``np.array([])``, as NumPy makes it."""
    if not loops.program.outputs:   # a function without a return statement: None, as Python's
        return None
    if not loops.lists and not loops.empty_lists:
        return result
    items = list(result) if isinstance(result, tuple) else [result]
    for k, python_numbers in loops.lists:
        items[k] = items[k].tolist() if python_numbers else list(items[k])
    for k, dtype in loops.empty_lists:
        if len(items[k]) == 0:
            items[k] = np.array([], dtype=None if dtype is None else CODES[dtype])
    return tuple(items) if isinstance(result, tuple) else items[0]


def _freeze(mapping: Mapping) -> tuple:
    return tuple(sorted(mapping.items()))


def _replace(result, old, new):
    """``result`` with the array ``old`` (itself, or in a tuple) replaced by ``new``."""
    if isinstance(result, tuple):
        return tuple(new if r is old else r for r in result)
    return new if result is old else result


def _scalarize(result):
    # NumPy returns scalars, not 0-d arrays, from full reductions; so do we.
    if isinstance(result, np.ndarray) and result.ndim == 0:
        return result[()]
    if isinstance(result, tuple):
        return tuple(_scalarize(r) for r in result)
    return result


def specialize(fn, shapes: Mapping, dtypes: Mapping, *, fastmath: bool = False,
               weak: frozenset = frozenset(), big: frozenset = frozenset()) -> Specialization:
    """Trace ``fn`` for ``shapes``/``dtypes`` (``weak``: parameters bound to Python scalars, ``big``:
    to Python ints beyond int64), lower it to loops and compile it."""
    # lazy: start-up time (the front ends load the analyser via api: ~70 ms)
    from . import frontend, loopfront, pipeline

    guards = Guards()
    def loop_code():
        if big:   # its scalars are int64 variables, as Numba's
            raise OverflowError(f"{getattr(fn, '__name__', fn)}(): argument {sorted(big)[0]!r}: Python int too "
                                "large to convert to C long (loop code computes with int64)")
        return None, loopfront.trace_loops(fn, shapes=shapes, dtypes=dtypes, weak=weak)

    try:
        if loopfront.uses_loops(fn):    # Numba-style loop code: straight to one loop kernel
            graph, loops = loop_code()
        else:
            try:
                graph, guards = frontend.trace_guarded(fn, shapes=shapes, dtypes=dtypes, weak=weak, big=big)
                loops = pipeline.compile_to_loops(graph)
            except frontend.InPlace:   # x += v on a shared array: loop code changes it in place
                graph, loops = loop_code()
            except frontend.ShapeError:
                raise
            except frontend.TraceError as whole:
                # what the graph IR cannot say (np.argmax(x, axis=1), views written...) loop code may
                try:
                    graph, loops = loop_code()
                except frontend.ShapeError:
                    raise
                except OverflowError:
                    raise whole from None
                except frontend.TraceError as looped:
                    # the refusal of the front end that read further is the one that helps
                    raise frontend.further(whole, looped) from None
    except frontend.ShapeError as error:
        # The user's shape error, raised as NumPy would raise it (a ValueError, an IndexError...),
        # at the file's line.
        raise error.exception(f"{_source_file(fn)}, {error}") from None
    except (ValueError, NotImplementedError, OSError, TypeError) as error:
        # TraceError is a ValueError; OSError: no source (lambda, builtin, REPL).
        raise UnsupportedError(f"cannot compile {getattr(fn, '__name__', fn)!r} "
                               f"({_source_file(fn)}): {error}") from error
    schedule = tune.lookup(loops)
    # what each scalar argument may be passed as to the native entry: the kind this version is for
    forms = tuple((_PYTHON_FORMS.get(dtypes.get(name)) if name in weak else "numpy" if tuple(shape) == () else None)
                  for name, shape in shapes.items())
    return Specialization(dict(shapes), dict(dtypes), graph, loops,
                          runtime.build(loops, fastmath=fastmath, schedule=schedule, sizes=guards.sizes,
                                        scalars=forms if len(forms) == len(loops.program.inputs) else (),
                                        numbers_out=True),
                          schedule, guards)


_PYTHON_FORMS = {"f64": "float", "i64": "int", "bool": "bool"}   # a weak argument's Python type


def _source_file(fn) -> str:
    code = getattr(fn, "__code__", None)
    return os.path.basename(code.co_filename) if code is not None else "<unknown file>"


TEXT_KINDS = ("ir", "loops", "llvm", "llvm-raw", "asm", "ptx")


def render_text(kind: str, graph, loops, *, fastmath: bool = False) -> str:
    """One level of a compilation as text: ``ir`` (graph IR), ``loops`` (loop IR), ``llvm``
    (optimized LLVM IR), ``llvm-raw`` (before optimization), ``asm`` (host assembly) or
    ``ptx`` (CUDA, sm_90)."""
    if kind == "ir":
        if graph is None:
            return "; loop code (the Numba-style front end) has no graph IR: see as_text('loops')\n"
        return print_module(graph)
    if kind == "loops":
        return print_loop_module(loops)
    if kind == "ptx":
        from shapecheck.ir import ptx  # lazy: start-up time (llvmlite, LLVM's NVPTX target)
        return ptx.ptx_text(loops, fastmath=fastmath)
    if kind not in TEXT_KINDS:
        raise ValueError(f"unknown text kind {kind!r}: use {', '.join(TEXT_KINDS)}")
    kernels = runtime.llvm_ir(loops, fastmath=fastmath)
    if kind == "llvm-raw":
        return kernels.text
    from shapecheck.ir.codegen import engine, target  # lazy: start-up time (llvmlite, LLVM's host target)
    module, glue = engine.optimized_module(kernels.ir_text), engine.glue_module(kernels.glue_text)
    if kind == "llvm":   # the glue is not optimised: as compiled
        return str(module) + "\n" + str(glue)
    return target.host_machine().emit_assembly(module) + "\n" + target.host_machine(0).emit_assembly(glue)


@dataclass(frozen=True)
class Lowered:
    """Texts of one specialization at each level, as JAX's ``.lower().as_text()``."""

    spec: Specialization
    fastmath: bool = False

    def as_text(self, kind: str = "ir") -> str:
        """See :func:`render_text` for the kinds."""
        return render_text(kind, self.spec.graph, self.spec.loops, fastmath=self.fastmath)

    def memory(self, **sizes: int) -> "MemoryReport":
        """Peak bytes one call allocates before and after memory planning (``ir.memory``);
        a symbolic specialization needs its shape variables' values (``memory(n=4096)``)."""
        program = self.spec.loops.program
        missing = [p.hint for p in program.shape_params if p.hint not in sizes]
        if missing:
            raise TypeError(f"memory() needs the sizes of {', '.join(missing)} (e.g. memory({missing[0]}=1024))")
        plan = self.spec.executable.python.memory or plan_memory(self.spec.loops)
        return plan.report({p.key: sizes[p.hint] for p in program.shape_params})
