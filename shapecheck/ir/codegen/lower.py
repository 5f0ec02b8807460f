"""Loop IR (``shapecheck.ir.loops``) to LLVM IR through llvmlite's IR builder.

Calling convention of a lowered kernel ``k`` (symbol ``kernel_symbol(k, suffix)``)::

    void k(T0* b0, ..., Tn* bn, i64 s0, ..., i64 sm, i64 lo, i64 hi)

``b*`` are the kernel's buffer params (row-major, contiguous; bool buffers are ``i8``), ``s*``
its shape params. When the body is a single parallel ``For`` (see :func:`split_loop`), only that
loop's iterations ``lo <= t < hi`` run (iteration ``t`` binds ``start + t*step``): the runtime
hands disjoint ranges to threads. Otherwise ``lo``/``hi`` are ignored.

What the optimizer is told, and why it is true:

- buffer pointers are ``noalias captures(none)`` (outputs are fresh allocations; a kernel whose
  calls pass one buffer twice, or that writes into an argument the caller may have passed
  twice, is lowered without ``noalias``) and ``readonly`` when only read;
- loads/stores are aligned to the element size (the runtime rejects unaligned arrays);
- index arithmetic built here (flat offsets) is ``nsw``: offsets of in-bounds elements fit i64;
- float additions/multiplications that update an accumulator carry ``reassoc`` so reductions
  vectorize (the result differs from a sequential sum by rounding only, as NumPy's pairwise
  sum does); every other float op is exact IEEE unless ``fastmath`` asks otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from llvmlite import ir

from shapecheck.ir import loops as L
from shapecheck.ir.passes.hoist import hoist_invariant_loads
from shapecheck.subst.names import Name

from . import matmul, shelf, target, vecmath
from .schedule import DEFAULT, Schedule
from .shelf import ITEM_SIZES, MEMORY_TYPES, VALUE_TYPES

SUFFIX_TOKEN = "__SC_SUFFIX__"
FASTMATH_ALL = ("fast",)
REDUCTION_FLAGS = ("reassoc",)

# Simple binary instructions: (op, kind) -> IRBuilder method. kind is "f" (float) or "i" (int/bool).
_BINARY = {
    ("add", "f"): "fadd", ("sub", "f"): "fsub", ("mul", "f"): "fmul", ("div", "f"): "fdiv",
    ("add", "i"): "add", ("sub", "i"): "sub", ("mul", "i"): "mul",
    ("and", "i"): "and_", ("or", "i"): "or_",
    ("bitand", "i"): "and_", ("bitor", "i"): "or_", ("bitxor", "i"): "xor",
}
# Comparisons: floats are ordered except ``ne`` (NaN != NaN is True, as in NumPy).
_FCMP = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "=="}
_ICMP = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
# Functions that are LLVM intrinsics (vectorized by LLVM itself): name -> (float, int) intrinsic.
_INTRINSICS = {
    "sqrt": ("llvm.sqrt", None), "floor": ("llvm.floor", None), "ceil": ("llvm.ceil", None),
    "rint": ("llvm.rint", None), "trunc": ("llvm.trunc", None),   # rint: half to even, as np.rint
    "abs": ("llvm.fabs", "llvm.abs"),
    # llvm.maximum/minimum propagate NaN, as np.maximum/np.minimum do.
    "maximum": ("llvm.maximum", "llvm.smax"), "minimum": ("llvm.minimum", "llvm.smin"),
}


# Unsigned forms of the int intrinsics (abs of an unsigned value is itself).
_UNSIGNED_INTRINSICS = {"maximum": "llvm.umax", "minimum": "llvm.umin", "abs": None}


def kernel_symbol(kernel: L.Kernel, suffix: str = SUFFIX_TOKEN) -> str:
    """The symbol of ``kernel`` in object code: its name plus a content-hash suffix, so that two
    programs' kernels called ``k0`` can live in one process."""
    return f"sc_{kernel.name}_{suffix}"


def split_loop(kernel: L.Kernel) -> L.For | None:
    """The loop whose iterations the runtime may split across threads, if the kernel has one."""
    body = kernel.body
    if len(body) == 1 and isinstance(body[0], L.For) and body[0].parallel:
        return body[0]
    return None


def kind(dtype: str) -> str:
    return "f" if dtype in L.FLOAT_DTYPES else "i"


def unsigned(dtype: str) -> bool:
    return dtype in L.UNSIGNED_DTYPES


@dataclass
class Scope:
    """Mutable state while lowering one kernel: where each name lives."""

    module: ir.Module
    builder: ir.IRBuilder
    entry: ir.IRBuilder                      # allocas go in the entry block (SROA promotes them)
    fastmath: tuple[str, ...]
    flavor: "Flavor"
    buffers: dict = field(default_factory=dict)   # Name -> (pointer, Buffer)
    values: dict = field(default_factory=dict)    # Name -> SSA value (shape params, loop vars)
    slots: dict = field(default_factory=dict)     # Name -> (alloca, dtype) for Let temporaries
    keep_alive: list = field(default_factory=list)
    accumulating: Name | None = None              # the temporary an Assign is updating
    exits: list = field(default_factory=list)     # per enclosing loop: (continue block, break block)


@dataclass(frozen=True)
class Flavor:
    """What differs between targets: extra index arguments, how the split loop is scheduled,
    where math functions come from, and how an entry point is marked."""

    name: str
    extra_args: tuple[str, ...]
    # (scope, kernel, extra argument values) -> None: emits the kernel body, deciding which
    # thread runs which iterations of the split loop (see ``split_loop``).
    schedule: Callable
    # (module, function name, scalar type) -> (function to call, declarations to keep alive).
    declare_math: Callable
    calling_convention: str = ""
    # Width of the vector registers that hand-vectorized code (``matmul``) may use; 0: none.
    vector_bits: int = 0
    # The matmul micro-kernel's tile: rows, and vectors of columns per row (``schedule.py``).
    tile_rows: int = matmul.MR
    tile_vectors: int = matmul.VECTORS_PER_ROW
    # The widest vectors LLVM's vectorizer should use (``prefer-vector-width``); 0: its own choice.
    prefer_vector_bits: int = 0


def _host_schedule(scope: "Scope", kernel: L.Kernel, extra) -> None:
    split = split_loop(kernel)
    if split is None:
        lower_block(scope, kernel.body)
    else:
        _lower_for(scope, split, extra)


def _host_vector_bits() -> int:
    host = target.host()
    return 512 if host.has_feature("avx512f") else 256 if host.has_feature("avx") else 128


HOST = Flavor("host", ("lo", "hi"), _host_schedule, vecmath.declare, vector_bits=_host_vector_bits())


def host_flavor(schedule: Schedule = DEFAULT) -> Flavor:
    """The host flavor that generates code for ``schedule`` (``HOST`` for the default)."""
    if schedule == DEFAULT:
        return HOST
    bits = schedule.vector_bits or HOST.vector_bits
    return replace(HOST, vector_bits=min(bits, HOST.vector_bits), tile_rows=schedule.tile_rows,
                   tile_vectors=schedule.tile_vectors, prefer_vector_bits=schedule.vector_bits)


def lower_module(module: L.LoopModule, *, fastmath: bool = False, flavor: Flavor = HOST) -> ir.Module:
    """All kernels of ``module`` as one llvmlite module. Symbols still hold ``SUFFIX_TOKEN``
    (the caller replaces it with a digest of the text). The code that calls them from Python is
    another module (:func:`lower_glue`)."""
    out = ir.Module(name=module.program.name)
    aliased = _kernels_called_with_aliases(module.program) | _kernels_writing_inputs(module)
    keep = []
    for kernel in module.kernels:
        noalias = kernel.name not in aliased
        # Hoisting a load past the loop's stores is sound only when no store can reach its buffer.
        keep += lower_kernel(out, hoist_invariant_loads(kernel) if noalias else kernel, fastmath=fastmath,
                             noalias=noalias, flavor=flavor)
    vecmath.keep_alive(out, keep)
    return out


def lower_glue(module: L.LoopModule, kernels: ir.Module, data_offset: int) -> ir.Module:
    """The glue that calls the kernels of ``kernels`` (``lower_module``'s) from Python, as a module
    of its own: a trampoline per kernel (:func:`lower_trampoline`), and the caller may add the
    native entry (``pyentry``). Its own module, because it is compiled apart from the kernels,
    without optimisation and at O0 (``engine.glue_object_code``): straight-line code run once per
    call, which the kernels' O3 code generator emitted at twice the cost (as much as a small
    kernel's code). The kernels are declared here and found by symbol when both objects are
    loaded."""
    glue = ir.Module(name=f"{module.program.name}_glue")
    for kernel in module.kernels:
        defined = kernels.globals[kernel_symbol(kernel)]
        declared = ir.Function(glue, defined.function_type, defined.name)
        declared.calling_convention = defined.calling_convention
        shelf.add_raw_attribute(declared.attributes, "nounwind")
        lower_trampoline(glue, kernel, data_offset)
    return glue


def trampoline_symbol(kernel: L.Kernel, suffix: str = SUFFIX_TOKEN) -> str:
    return kernel_symbol(kernel, suffix) + "_py"


def lower_trampoline(module: ir.Module, kernel: L.Kernel, data_offset: int) -> ir.Function:
    """``k.py(obj0, ..., objn, s0, ..., lo, hi)``: calls ``k`` (defined or declared in ``module``)
    with each ndarray object's data pointer, read at ``data_offset`` bytes into the object. Passing
    the array objects themselves costs ctypes far less than asking NumPy for ``arr.ctypes.data``
    (several microseconds each)."""
    target = module.globals[kernel_symbol(kernel)]
    byte_ptr = ir.IntType(8).as_pointer()
    n_buffers = len(kernel.params)
    n_index = len(kernel.shape_params) + 2
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [byte_ptr] * n_buffers + [shelf.I64] * n_index),
                     trampoline_symbol(kernel))
    shelf.mark_glue(fn)
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    pointers = []
    for obj, param_type in zip(fn.args[:n_buffers], target.function_type.args):
        field = b.bitcast(b.gep(obj, [shelf.I64(data_offset)], inbounds=True), param_type.as_pointer())
        pointers.append(b.load(field, align=8))
    b.call(target, pointers + list(fn.args[n_buffers:]))
    b.ret_void()
    return fn


def _kernels_called_with_aliases(program: L.Program) -> set[str]:
    return {call.kernel for call in program.calls if len(set(call.buffers)) < len(call.buffers)}


def _kernels_writing_inputs(module: L.LoopModule) -> set[str]:
    # A caller may pass one array as two arguments (f(x, x)) or views of one buffer: a kernel
    # that writes an input cannot promise that its pointers do not alias.
    written = module.written_inputs()
    return {call.kernel for call in module.program.calls if written & set(call.buffers)}


def lower_kernel(module: ir.Module, kernel: L.Kernel, *, fastmath: bool = False,
                 noalias: bool = True, flavor: Flavor = HOST) -> list[ir.Function]:
    """Add ``kernel`` to ``module``; return vector-math declarations to keep alive."""
    pointer_types = [MEMORY_TYPES[b.dtype].as_pointer() for b in kernel.params]
    index_types = [shelf.I64] * (len(kernel.shape_params) + len(flavor.extra_args))
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), pointer_types + index_types),
                     kernel_symbol(kernel))
    if flavor.calling_convention:
        fn.calling_convention = flavor.calling_convention
    shelf.add_raw_attribute(fn.attributes, "nounwind")
    if flavor.prefer_vector_bits:
        shelf.add_raw_attribute(fn.attributes, f'"prefer-vector-width"="{flavor.prefer_vector_bits}"')
    written = _written_buffers(kernel.body)
    args = iter(fn.args)
    entry_block = fn.append_basic_block("entry")
    body_block = fn.append_basic_block("body")
    scope = Scope(module, ir.IRBuilder(body_block), ir.IRBuilder(entry_block),
                   FASTMATH_ALL if fastmath else (), flavor)
    for buf in kernel.params:
        arg = next(args)
        arg.name = buf.name.hint
        if noalias:
            shelf.mark_pointer_argument(arg, align=ITEM_SIZES[buf.dtype], readonly=buf.name not in written,
                                        size=_constant_bytes(buf))
        scope.buffers[buf.name] = (arg, buf)
    for name in kernel.shape_params:
        arg = next(args)
        arg.name = name.hint
        scope.values[name] = arg
    extra = []
    for arg_name in flavor.extra_args:
        arg = next(args)
        arg.name = arg_name
        extra.append(arg)
    flavor.schedule(scope, kernel, extra)
    scope.builder.ret_void()
    scope.entry.branch(body_block)
    return scope.keep_alive


def _constant_bytes(buf: L.Buffer) -> int | None:
    """The bytes of a buffer whose shape is all constants, else None."""
    if not all(type(d) is int for d in buf.shape):
        return None
    count = 1
    for d in buf.shape:
        count *= d
    return count * ITEM_SIZES[buf.dtype]


def _written_buffers(body) -> set[Name]:
    written = set()
    for stmt in body:
        if isinstance(stmt, L.Store):
            written.add(stmt.buffer)
        for nested in L.nested_bodies(stmt):
            written |= _written_buffers(nested)
    return written


def _leaves_early(body) -> bool:
    """Whether ``body`` breaks out of, or continues, the loop it is the body of."""
    for stmt in body:
        if type(stmt) in (L.Break, L.Continue):
            return True
        if type(stmt) is L.If and (_leaves_early(stmt.then) or _leaves_early(stmt.orelse)):
            return True
    return False


# --- statements ------------------------------------------------------------------------------

def lower_block(scope: Scope, body) -> None:
    shadowed = []
    for stmt in body:
        if isinstance(stmt, L.Let):
            slot = scope.entry.alloca(VALUE_TYPES[stmt.dtype], name=stmt.var.hint)
            scope.builder.store(lower_expr(scope, stmt.value), slot)
            shadowed.append(stmt.var)
            scope.slots[stmt.var] = (slot, stmt.dtype)
        elif isinstance(stmt, L.Assign):
            slot, _ = scope.slots[stmt.var]
            scope.accumulating = stmt.var
            try:
                value = lower_expr(scope, stmt.value)
            finally:
                scope.accumulating = None
            scope.builder.store(value, slot)
        elif isinstance(stmt, L.Store):
            pointer, buf = scope.buffers[stmt.buffer]
            value = lower_expr(scope, stmt.value)
            if buf.dtype == "bool":
                value = scope.builder.zext(value, MEMORY_TYPES["bool"])
            scope.builder.store(value, _element_pointer(scope, pointer, buf, stmt.indices),
                                align=ITEM_SIZES[buf.dtype])
        elif isinstance(stmt, L.For):
            _lower_for(scope, stmt)
        elif type(stmt) in _CONTROL:
            _CONTROL[type(stmt)](scope, stmt)
        else:
            raise TypeError(f"unknown loop-IR statement {type(stmt).__name__}")
    for name in shadowed:
        del scope.slots[name]


def _lower_for(scope: Scope, loop: L.For, iterations=None) -> None:
    """Lower ``loop``; with ``iterations = (lo, hi)`` run only iterations ``lo <= t < hi``."""
    b = scope.builder
    start = lower_expr(scope, loop.start)
    stop = lower_expr(scope, loop.stop)
    step = shelf.I64(loop.step)
    if iterations is not None:
        lo, hi = iterations
        first = b.add(start, b.mul(lo, step))
        last = b.add(start, b.mul(hi, step))
        stop = b.select(b.icmp_signed("<", last, stop), last, stop)
        start = first
    if _leaves_early(loop.body):
        with shelf.for_range_with_exits(b, start, stop, step, name=loop.var.hint) as (var, latch, exit_):
            scope.exits.append((latch, exit_))
            lower_loop_body(scope, loop, var)
            scope.exits.pop()
        return
    nest = matmul.match(loop) if scope.flavor.vector_bits else None
    if nest is not None:
        lanes = scope.flavor.vector_bits // (8 * ITEM_SIZES[nest.dtype])
        rows = None
        if isinstance(loop.start, L.Const) and isinstance(loop.stop, L.Const) and iterations is None:
            rows = loop.stop.value - loop.start.value
        tile = (scope.flavor.tile_rows, scope.flavor.tile_vectors)
        if matmul.worthwhile(nest, rows, lanes, tile):
            matmul.lower_tiled(scope, nest, start, stop, lanes, lower_block, lower_expr, tile)
            return
    with shelf.for_range(b, start, stop, step, name=loop.var.hint) as var:
        lower_loop_body(scope, loop, var)


def _lower_if(scope: Scope, stmt: L.If) -> None:
    b = scope.builder
    cond = lower_expr(scope, stmt.cond)
    then_block = b.append_basic_block("if.then")
    else_block = b.append_basic_block("if.else")
    merge = b.append_basic_block("if.end")
    b.cbranch(cond, then_block, else_block)
    for block, body in ((then_block, stmt.then), (else_block, stmt.orelse)):
        b.position_at_end(block)
        lower_block(scope, body)
        if not b.block.is_terminated:
            b.branch(merge)
    b.position_at_end(merge)


def _lower_while(scope: Scope, stmt: L.While) -> None:
    b = scope.builder
    test = b.append_basic_block("while.cond")
    body = b.append_basic_block("while.body")
    exit_ = b.append_basic_block("while.end")
    b.branch(test)
    b.position_at_end(test)
    b.cbranch(lower_expr(scope, stmt.cond), body, exit_)
    b.position_at_end(body)
    scope.exits.append((test, exit_))
    lower_block(scope, stmt.body)
    scope.exits.pop()
    if not b.block.is_terminated:
        b.branch(test)
    b.position_at_end(exit_)


def _lower_jump(scope: Scope, stmt) -> None:
    """``break``/``continue``: branch out; what follows in the block is unreachable, so it goes
    in a fresh block of its own (LLVM deletes it)."""
    if not scope.exits:
        raise TypeError(f"{type(stmt).__name__.lower()} outside a loop")
    next_iteration, leave = scope.exits[-1]
    b = scope.builder
    b.branch(leave if type(stmt) is L.Break else next_iteration)
    b.position_at_end(b.append_basic_block("unreachable"))


_CONTROL = {L.If: _lower_if, L.While: _lower_while, L.Break: _lower_jump, L.Continue: _lower_jump}


def lower_loop_body(scope: Scope, loop: L.For, var: ir.Value) -> None:
    """Emit ``loop``'s body with its variable bound to ``var``."""
    scope.values[loop.var] = var
    lower_block(scope, loop.body)
    del scope.values[loop.var]


def _element_pointer(scope: Scope, pointer, buf: L.Buffer, indices) -> ir.Value:
    return shelf.element_pointer(scope.builder, pointer, buf, indices, lambda e: lower_expr(scope, e))


# --- expressions -----------------------------------------------------------------------------

def lower_expr(scope: Scope, expr) -> ir.Value:
    return _EXPRESSIONS[type(expr)](scope, expr)


def _const(scope: Scope, expr: L.Const) -> ir.Value:
    return shelf.const(VALUE_TYPES[expr.dtype], expr.value)


def _var(scope: Scope, expr: L.Var) -> ir.Value:
    if expr.name in scope.values:
        return scope.values[expr.name]
    slot, _ = scope.slots[expr.name]
    return scope.builder.load(slot)


def _load(scope: Scope, expr: L.Load) -> ir.Value:
    pointer, buf = scope.buffers[expr.buffer]
    value = scope.builder.load(_element_pointer(scope, pointer, buf, expr.indices),
                               align=ITEM_SIZES[buf.dtype])
    if buf.dtype == "bool":
        value = scope.builder.icmp_unsigned("!=", value, MEMORY_TYPES["bool"](0))
    return value


def _binary(scope: Scope, expr: L.Binary) -> ir.Value:
    b = scope.builder
    lhs, rhs = lower_expr(scope, expr.lhs), lower_expr(scope, expr.rhs)
    k = kind(expr.dtype)
    if expr.op in ("floordiv", "mod"):
        divmod_ = _uint_divmod if unsigned(expr.dtype) else _int_floor_divmod if k == "i" else _float_floor_divmod
        return divmod_(b, lhs, rhs)[expr.op == "mod"]
    if expr.op in ("lshift", "rshift"):
        return _shift(b, expr.op, lhs, rhs, unsigned(expr.dtype))
    method = _BINARY[(expr.op, k)]
    if k == "f":
        flags = scope.fastmath or (REDUCTION_FLAGS if _updates_accumulator(scope, expr) else ())
        return getattr(b, method)(lhs, rhs, flags=flags)
    return getattr(b, method)(lhs, rhs)


def _shift(b: ir.IRBuilder, op: str, a, count, is_unsigned: bool):
    """NumPy's shifts (``npy_lshift``/``npy_rshift``): a count outside [0, bits), negative ones
    included (compared unsigned), gives 0, or -1 shifting a negative signed value right; LLVM's
    shift by such a count is poison, so it is selected away."""
    bits = a.type.width
    inside = b.icmp_unsigned("<", count, ir.Constant(a.type, bits))
    safe = b.select(inside, count, ir.Constant(a.type, 0))
    if op == "lshift":
        return b.select(inside, b.shl(a, safe), ir.Constant(a.type, 0))
    if is_unsigned:
        return b.select(inside, b.lshr(a, safe), ir.Constant(a.type, 0))
    return b.select(inside, b.ashr(a, safe), b.ashr(a, ir.Constant(a.type, bits - 1)))


def _updates_accumulator(scope: Scope, expr: L.Binary) -> bool:
    """``acc = acc + x`` (or ``x * acc``): the reduction pattern that may be reassociated."""
    acc = scope.accumulating
    if acc is None or expr.op not in ("add", "mul"):
        return False
    return any(isinstance(side, L.Var) and side.name == acc for side in (expr.lhs, expr.rhs))


def _int_floor_divmod(b: ir.IRBuilder, a, d):
    """Python's ``a // d`` and ``a % d``; like NumPy, division by zero gives 0 (never traps)."""
    zero, one = ir.Constant(a.type, 0), ir.Constant(a.type, 1)
    is_zero = b.icmp_signed("==", d, zero)
    safe = b.select(is_zero, one, d)
    # INT_MIN // -1 overflows in C; NumPy wraps to INT_MIN. Divide by 1 and negate instead.
    minus_one = b.icmp_signed("==", safe, ir.Constant(a.type, -1))
    safe = b.select(minus_one, one, safe)
    q = b.sdiv(a, safe)
    q = b.select(minus_one, b.neg(q), q)
    r = b.srem(a, safe)
    adjust = b.and_(b.icmp_signed("!=", r, zero), b.icmp_signed("<", b.xor(r, safe), zero))
    q = b.select(adjust, b.sub(q, one), q)
    r = b.select(adjust, b.add(r, safe), r)
    return b.select(is_zero, zero, q), b.select(is_zero, zero, r)


def _uint_divmod(b: ir.IRBuilder, a, d):
    """Unsigned ``a // d`` and ``a % d``; division by zero gives 0, as NumPy's."""
    zero, one = ir.Constant(a.type, 0), ir.Constant(a.type, 1)
    is_zero = b.icmp_unsigned("==", d, zero)
    safe = b.select(is_zero, one, d)
    return b.select(is_zero, zero, b.udiv(a, safe)), b.select(is_zero, zero, b.urem(a, safe))


def _float_floor_divmod(b: ir.IRBuilder, a, d):
    """NumPy's float ``floor_divide``/``remainder`` (``npy_divmod``): the remainder takes the
    divisor's sign; the quotient is ``(a - mod) / d`` rounded to the nearest integer."""
    zero = ir.Constant(a.type, 0.0)
    mod = b.frem(a, d)
    div = b.fdiv(b.fsub(a, mod), d)
    fix = b.and_(b.fcmp_unordered("!=", mod, zero),
                 b.icmp_unsigned("!=", b.fcmp_ordered("<", d, zero), b.fcmp_ordered("<", mod, zero)))
    mod = b.select(fix, b.fadd(mod, d), mod)
    div = b.select(fix, b.fsub(div, ir.Constant(a.type, 1.0)), div)
    copysign = _declare_intrinsic(b.module, "llvm.copysign", a.type, 2)
    # Zero results carry NumPy's signs: the remainder the divisor's, the quotient that of a / d.
    mod = b.select(b.fcmp_ordered("==", mod, zero), b.call(copysign, [zero, d]), mod)
    floor_fn = _declare_intrinsic(b.module, "llvm.floor", a.type, 1)
    floordiv = b.call(floor_fn, [div])
    half = b.fcmp_ordered(">", b.fsub(div, floordiv), ir.Constant(a.type, 0.5))
    floordiv = b.select(half, b.fadd(floordiv, ir.Constant(a.type, 1.0)), floordiv)
    floordiv = b.select(b.fcmp_ordered("==", div, zero), b.call(copysign, [zero, b.fdiv(a, d)]), floordiv)
    # d == 0: NumPy gives a / 0 (inf or nan) for the quotient and nan for the remainder.
    d_zero = b.fcmp_ordered("==", d, zero)
    floordiv = b.select(d_zero, b.fdiv(a, d), floordiv)
    return floordiv, mod


def _declare_intrinsic(module: ir.Module, name: str, ty: ir.Type, nargs: int, extra=()):
    suffix = {"float": "f32", "double": "f64"}.get(str(ty), str(ty))
    full = f"{name}.{suffix}"
    existing = module.globals.get(full)
    if existing is not None:
        return existing
    return ir.Function(module, ir.FunctionType(ty, [ty] * nargs + list(extra)), full)


def _unary(scope: Scope, expr: L.Unary) -> ir.Value:
    b = scope.builder
    value = lower_expr(scope, expr.operand)
    if expr.op == "not":
        return b.not_(value)
    return b.fneg(value) if kind(expr.dtype) == "f" else b.neg(value)


def _compare(scope: Scope, expr: L.Compare) -> ir.Value:
    b = scope.builder
    lhs, rhs = lower_expr(scope, expr.lhs), lower_expr(scope, expr.rhs)
    if kind(expr.lhs.dtype) == "f":
        if expr.op == "ne":
            return b.fcmp_unordered("!=", lhs, rhs)
        return b.fcmp_ordered(_FCMP[expr.op], lhs, rhs)
    if expr.lhs.dtype == "bool" or unsigned(expr.lhs.dtype):
        return b.icmp_unsigned(_ICMP[expr.op], lhs, rhs)
    return b.icmp_signed(_ICMP[expr.op], lhs, rhs)


def _select(scope: Scope, expr: L.Select) -> ir.Value:
    cond = lower_expr(scope, expr.cond)
    return scope.builder.select(cond, lower_expr(scope, expr.if_true), lower_expr(scope, expr.if_false))


def _call(scope: Scope, expr: L.Call) -> ir.Value:
    b = scope.builder
    if expr.fn == "pow" and isinstance(expr.args[1], L.Const) and expr.args[1].value == 0.5:
        # NumPy computes a power with the scalar exponent 0.5 as sqrt (``fast_scalar_power``),
        # which differs from pow at -inf and -0.0; match it (and it is faster).
        expr = L.Call("sqrt", expr.args[:1])
    args = [lower_expr(scope, a) for a in expr.args]
    ty = VALUE_TYPES[expr.dtype]
    if expr.fn in _INTRINSICS:
        float_name, int_name = _INTRINSICS[expr.fn]
        if kind(expr.dtype) == "f":
            return b.call(_declare_intrinsic(scope.module, float_name, ty, len(args)), args)
        if unsigned(expr.dtype) and expr.fn in _UNSIGNED_INTRINSICS:
            name = _UNSIGNED_INTRINSICS[expr.fn]
            return args[0] if name is None else b.call(_declare_intrinsic(scope.module, name, ty, len(args)), args)
        if int_name == "llvm.abs":  # second operand: "INT_MIN is poison" = false (NumPy wraps)
            fn = _declare_intrinsic(scope.module, int_name, ty, 1, extra=[shelf.I1])
            return b.call(fn, args + [shelf.I1(0)])
        return b.call(_declare_intrinsic(scope.module, int_name, ty, len(args)), args)
    scalar, vectors = scope.flavor.declare_math(scope.module, expr.fn, ty)
    scope.keep_alive += vectors
    return b.call(scalar, args)


def _cast(scope: Scope, expr: L.Cast) -> ir.Value:
    b = scope.builder
    value = lower_expr(scope, expr.value)
    source, dest = expr.value.dtype, expr.dtype
    to = VALUE_TYPES[dest]
    if source == dest:
        return value
    if dest == "bool":
        if kind(source) == "f":  # bool(nan) is True
            return b.fcmp_unordered("!=", value, ir.Constant(value.type, 0.0))
        return b.icmp_signed("!=", value, ir.Constant(value.type, 0))
    if source == "bool":
        return b.uitofp(value, to) if kind(dest) == "f" else b.zext(value, to)
    if kind(source) == "f" and kind(dest) == "f":
        return b.fpext(value, to) if dest == "f64" else b.fptrunc(value, to)
    if kind(source) == "f":
        if not unsigned(dest):
            return b.fptosi(value, to)
        # As C's (and so NumPy's) conversion does on x86: through int64, so a negative value
        # wraps (-1.0 -> 255 as uint8) where LLVM's fptoui would be poison; uint64's upper
        # half converts unsigned.
        wide = b.fptosi(value, shelf.I64)
        if dest == "u64":
            high = b.fcmp_ordered(">=", value, ir.Constant(value.type, 2.0 ** 63))
            return b.select(high, b.fptoui(value, to), wide)
        return b.trunc(wide, to)
    if kind(dest) == "f":
        return b.uitofp(value, to) if unsigned(source) else b.sitofp(value, to)
    if to.width > value.type.width:
        return b.zext(value, to) if unsigned(source) else b.sext(value, to)
    return b.trunc(value, to) if to.width < value.type.width else value


_EXPRESSIONS = {
    L.Const: _const, L.Var: _var, L.Load: _load, L.Binary: _binary, L.Unary: _unary,
    L.Compare: _compare, L.Select: _select, L.Call: _call, L.Cast: _cast,
}
