"""A shelf of small llvmlite builder helpers, after Numba's ``cgutils``.

Each helper does one thing a lowering needs more than once: a counted loop, a raw attribute that
llvmlite's attribute lists predate, a constant of the right type, the address of an element. The
kernel lowering (``lower.py``) and the tiled matmul (``matmul.py``) both take them from here.
"""

from __future__ import annotations

import contextlib
from typing import Callable, Iterator, Sequence

from llvmlite import ir

from shapecheck.ir import loops as L

I64 = ir.IntType(64)
I32 = ir.IntType(32)
I1 = ir.IntType(1)

# NumPy dtype name -> LLVM scalar type.
SCALAR_TYPES = {
    "float64": ir.DoubleType(), "float32": ir.FloatType(),
    **{f"{sign}int{bits}": ir.IntType(bits) for sign in ("", "u") for bits in (8, 16, 32, 64)},
    "bool": ir.IntType(8),
}


# Loop-IR dtype -> LLVM type of a value, of an element in memory (NumPy stores bools as one
# byte), and an element's size in bytes (the alignment loads and stores may claim).
VALUE_TYPES = {
    "f32": ir.FloatType(), "f64": ir.DoubleType(),
    **{f"{sign}{bits}": ir.IntType(bits) for sign in ("i", "u") for bits in (8, 16, 32, 64)},
    "bool": ir.IntType(1),
}
MEMORY_TYPES = {**VALUE_TYPES, "bool": ir.IntType(8)}
ITEM_SIZES = {code: 1 if code == "bool" else ty.width // 8 if isinstance(ty, ir.IntType) else
              (4 if code == "f32" else 8) for code, ty in VALUE_TYPES.items()}


def const(ty: ir.Type, value) -> ir.Constant:
    """A constant of ``ty``; ints for int types, floats (inf and nan included) for float types."""
    if isinstance(ty, ir.IntType):
        return ir.Constant(ty, int(value))
    return ir.Constant(ty, float(value))


def add_raw_attribute(attributes, text: str) -> None:
    """Add an attribute spelled as LLVM 22 spells it (``captures(none)``, ``memory(none)``,
    a quoted string attribute); llvmlite's known-attribute lists predate these spellings."""
    set.add(attributes, text)


def mark_glue(fn: ir.Function) -> None:
    """Mark ``fn`` as glue code that LLVM should not optimise: straight-line guards and calls
    (the native entry, a ctypes trampoline) that run once per call. The glue is a module of its
    own, emitted at O0 (``lower.lower_glue``); ``optnone`` says so in its text too (and keeps
    any pipeline it meets off it): a third of a kernel's compile time went to optimising and
    emitting its entry, for no measurable gain per call (about 500 ns per call either way,
    BENCHMARKS.md). ``optnone`` requires ``noinline``. The glue must stay loop-free: an
    ``alloca`` outside the entry block is not hoisted at O0."""
    add_raw_attribute(fn.attributes, "nounwind")
    add_raw_attribute(fn.attributes, "optnone")
    add_raw_attribute(fn.attributes, "noinline")


def mark_pointer_argument(arg: ir.Argument, *, align: int, readonly: bool, size: int | None = None) -> None:
    """State what the optimizer needs to vectorize loads/stores through ``arg``: it aliases no
    other argument, it does not escape, and it is ``align``-byte aligned (NumPy allocations are
    16-byte aligned at least; we never claim more than we check). ``size``: the buffer's bytes
    when its shape is constant (the entry checks every argument's shape), so that LLVM may read
    an element on a path that did not ask for it (a load under a branch, vectorized unmasked)."""
    add_raw_attribute(arg.attributes, "noalias")
    add_raw_attribute(arg.attributes, "captures(none)")
    add_raw_attribute(arg.attributes, "nonnull")
    if readonly:
        add_raw_attribute(arg.attributes, "readonly")
    if size:
        add_raw_attribute(arg.attributes, f"dereferenceable({size})")
    arg.attributes.align = align


def _open_loop(builder: ir.IRBuilder, start: ir.Value, stop: ir.Value, name: str, *blocks: str):
    """The guard and head of a bottom-tested counted loop: ``(index phi, body block, the named
    extra blocks..., exit block)``, the builder left at the top of the body."""
    preheader = builder.block
    body = builder.append_basic_block(f"{name}.body")
    extra = [builder.append_basic_block(f"{name}.{b}") for b in blocks]
    exit_ = builder.append_basic_block(f"{name}.exit")
    builder.cbranch(builder.icmp_signed("<", start, stop), body, exit_)
    builder.position_at_end(body)
    index = builder.phi(start.type, name=name)
    index.add_incoming(start, preheader)
    return (index, body, *extra, exit_)


def _close_loop(builder: ir.IRBuilder, index, stop: ir.Value, step: ir.Value, body, exit_, name: str) -> None:
    latch = builder.block
    following = builder.add(index, step, name=f"{name}.next", flags=("nsw",))
    index.add_incoming(following, latch)
    builder.cbranch(builder.icmp_signed("<", following, stop), body, exit_)
    builder.position_at_end(exit_)


@contextlib.contextmanager
def for_range(builder: ir.IRBuilder, start: ir.Value, stop: ir.Value, step: ir.Value,
              name: str = "i") -> Iterator[ir.Value]:
    """``for i in range(start, stop, step)`` (``step > 0``, an i64 value); the body is emitted
    inside the ``with`` block and the builder is left after the loop. The loop is bottom-tested
    behind a guard so LLVM sees the canonical rotated form it vectorizes."""
    index, body, exit_ = _open_loop(builder, start, stop, name)
    yield index
    _close_loop(builder, index, stop, step, body, exit_, name)


@contextlib.contextmanager
def for_range_with_exits(builder: ir.IRBuilder, start: ir.Value, stop: ir.Value, step: ir.Value,
                         name: str = "i") -> Iterator[tuple[ir.Value, ir.Block, ir.Block]]:
    """:func:`for_range` for a body that may leave early: yields ``(index, latch, exit)``; a
    ``continue`` branches to ``latch`` (which steps the index), a ``break`` to ``exit``."""
    index, body, latch, exit_ = _open_loop(builder, start, stop, name, "latch")
    yield index, latch, exit_
    if not builder.block.is_terminated:
        builder.branch(latch)
    builder.position_at_end(latch)
    _close_loop(builder, index, stop, step, body, exit_, name)


def element_pointer(builder: ir.IRBuilder, pointer: ir.Value, buf: L.Buffer, indices: Sequence[L.Expr],
                    lower: Callable[[L.Expr], ir.Value]) -> ir.Value:
    """The address of ``buf[indices]`` (row-major, contiguous) from its base ``pointer``; ``lower``
    emits a loop-IR index expression. The flat offset is ``nsw``: offsets of in-bounds elements
    fit i64."""
    if not indices:
        return pointer
    offset = lower(indices[0])
    for dim, index in zip(buf.shape[1:], indices[1:]):
        size = lower(L.dim_to_expr(dim))
        offset = builder.add(builder.mul(offset, size, flags=("nsw",)), lower(index), flags=("nsw",))
    return builder.gep(pointer, [offset], inbounds=True)
