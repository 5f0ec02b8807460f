"""What the native entry of a loop program does, as data (``codegen.pyentry`` lowers it).

One plan serves a fully specialised program and a symbolic one (``shapes={"x": ("n", 1024)}``)
alike: every size is an i64 loop-IR expression over the program's shape variables, constants
when there are none (LLVM folds them). The plan says

- where each shape variable is read: the first input axis whose dim is exactly that variable
  (every other axis is then checked against its expression, ``n+1`` included);
- the intermediates' places in one arena (``memory.plan_memory``: offsets by liveness), and the
  outputs, each an array of its own (they are returned);
- each kernel call's buffers and index arguments (a split loop's ``lo, hi`` run it whole);
- when a call must go to the Python path instead: a split kernel moving at least
  ``PARALLEL_MIN_ELEMENTS`` elements runs on the thread pool there (the entry's guards send it);
- when the GIL is released around the kernels (``RELEASE_GIL_MIN_ELEMENTS`` elements moved);
- the sizes the program is exact for (``guards.Guards.sizes``, each ``>= 0``): a call outside
  them goes to the Python path, which says so.

``entry_plan`` returns None where the native entry cannot serve a program: a shape variable no
input dim names alone (``x: (2*n,)``: the Python path solves for it), a fixed program whose
calls run on threads, or a schedule that fixes the thread count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from shapecheck.constraints import dims

from . import loops as L
from .memory import MemoryPlan

I = L.INDEX


@dataclass(frozen=True)
class EntryPlan:
    """A program in slot terms (slots number the inputs, then the temps) with sizes as i64
    expressions over the shape variables (``L.Var`` of ``params``)."""

    inputs: tuple        # per input: (shape as index expressions, dtype code)
    params: tuple        # per shape variable: (Name, input slot, axis) it is read from (axis None:
                         # the value of that 0-d integer input)
    temps: tuple         # per temp: (shape as index expressions, dtype code, arena offset or None)
    arena: L.Expr        # bytes of the arena (the temps with an offset live there)
    calls: tuple         # per call: (kernel name, buffer slots, index arguments as expressions)
    outputs: tuple       # output slots
    moved: L.Expr        # elements all calls move (the GIL is released from RELEASE_GIL_MIN_ELEMENTS)
    threaded: tuple = ()   # elements moved by each call of a split kernel (threads from PARALLEL_MIN_ELEMENTS)
    written: frozenset = frozenset()   # input slots the kernels write: they must be writeable
    fault: int | None = None   # slot of the fault buffer (``Program.fault``): the call raises from it
    sizes: tuple = ()    # index expressions over the shape variables, each >= 0 for the native entry
    # per input, what a 0-d one may be passed as besides a 0-d array (the kind its specialization
    # was made for): "float"/"int"/"bool" (a Python number: NEP 50's weak scalar, never an array),
    # "numpy" (a NumPy scalar of its dtype, or a 0-d array), None (an array only)
    scalars: tuple = ()
    numbers_out: bool = False   # a 0-d output is returned as its NumPy scalar (as the dispatcher's)


def entry_plan(module: L.LoopModule, memory: MemoryPlan, split_loop: Callable, threads_possible: bool,
               chunked: Callable[[L.KernelCall], bool], guards: tuple = (), scalars: tuple = (),
               numbers_out: bool = False) -> EntryPlan | None:
    """The native entry's plan for ``module`` (see the module docstring). ``split_loop(kernel)``
    is the loop the runtime may split; ``threads_possible`` whether this process runs split
    kernels on several threads at all; ``chunked(call)`` whether a fixed call runs on threads;
    ``guards`` the dims over the shape variables that must be >= 0 (``guards.Guards.sizes``)."""
    program = module.program
    if program.computed:   # allocations between calls, by counts they leave: the Python path's
        return None
    slot = {b.name: k for k, b in enumerate(program.inputs)}
    params = []
    valued = dict(program.valued)
    for p in program.shape_params:
        where = next(((k, axis) for k, b in enumerate(program.inputs) for axis, d in enumerate(b.shape)
                      if d == dims.sym(p.key)), None)
        if where is None and p in valued:   # the value of a 0-d integer input
            where = (slot[valued[p]], None)
        if where is None:
            return None
        params.append((p,) + where)
    # A size computed from an argument's value may be negative: NumPy's "negative dimensions"
    # ValueError, raised by the Python path the entry hands such a call to.
    value_keys = {p.key for p in valued}
    guards = tuple(guards) + tuple(d for b in program.temps for d in b.shape
                                   if type(d) is not int and dims.free_symbols(d) & value_keys)
    temps = []
    for b in program.temps:
        slot[b.name] = len(program.inputs) + len(temps)
        offset = memory.offset(b.name)
        temps.append((tuple(L.dim_to_expr(d) for d in b.shape), b.dtype,
                      None if offset is None else L.dim_to_expr(offset)))
    sizes = {b.name: dims.product(b.shape) for b in program.inputs + program.temps}
    calls, moved, threaded = [], 0, []
    for call in program.calls:
        kernel = module.kernel(call.kernel)
        args = tuple(L.dim_to_expr(d) for d in call.shape_args)
        elements = _sum(sizes[name] for name in call.buffers)
        moved = dims.add(moved, elements)
        split = split_loop(kernel)
        if split is None:
            args += (L.Const(0, I), L.Const(0, I))
        else:
            if split.step <= 0:
                return None
            if not program.shape_params and chunked(call):
                return None     # a fixed program whose call runs on threads: the Python path's
            local = dict(zip(kernel.shape_params, args))
            args += (L.Const(0, I), _trip_count(split, local))
            if program.shape_params and threads_possible:
                threaded.append(L.dim_to_expr(elements))
        calls.append((call.kernel, tuple(slot[name] for name in call.buffers), args))
    written = frozenset(slot[name] for name in module.written_inputs())
    outputs = tuple(slot[name] for name in program.outputs)
    return EntryPlan(tuple((tuple(L.dim_to_expr(d) for d in b.shape), b.dtype) for b in program.inputs),
                     tuple(params), tuple(temps), L.dim_to_expr(memory.arena_bytes), tuple(calls),
                     tuple(slot[name] for name in program.outputs), L.dim_to_expr(moved), tuple(threaded),
                     written, slot[program.fault] if program.fault is not None else None,
                     tuple(L.dim_to_expr(d) for d in guards),
                     tuple(None if k in written or k in outputs or program.inputs[k].shape else form
                           for k, form in enumerate(scalars)), numbers_out)


def _sum(items) -> dims.Dim:
    total: dims.Dim = 0
    for d in items:
        total = dims.add(total, d)
    return total


def _trip_count(loop: L.For, local: dict) -> L.Expr:
    """``max(0, ceil((stop - start) / step))`` with the kernel's shape variables replaced by the
    call's index arguments (as ``runtime.trip_count``, in loop IR)."""
    start, stop = (_substitute(e, local) for e in (loop.start, loop.stop))
    span = L.Binary("add", L.Binary("sub", stop, start), L.Const(loop.step - 1, I))
    count = L.Binary("floordiv", span, L.Const(loop.step, I)) if loop.step != 1 else L.Binary("sub", stop, start)
    return L.Call("maximum", (L.Const(0, I), count))


def _substitute(expr: L.Expr, values: dict) -> L.Expr:
    """An index expression with the ``Var`` s of ``values`` replaced (kernel shape variables by a
    call's arguments; the names are distinct binders, so no capture can happen)."""
    t = type(expr)
    if t is L.Var:
        return values.get(expr.name, expr)
    if t is L.Binary:
        return L.Binary(expr.op, _substitute(expr.lhs, values), _substitute(expr.rhs, values))
    if t is L.Call:
        return L.Call(expr.fn, tuple(_substitute(a, values) for a in expr.args))
    if t is L.Const:
        return expr
    raise ValueError(f"not an index expression: {expr!r}")
