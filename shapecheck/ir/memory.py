"""Static memory planning of a loop program, after Relax's ``StaticPlanBlockMemory``: the
intermediates of one call share storage by liveness, over symbolic sizes.

A temp is *live* from the call that first writes it to the last call that reads it. Walking the
calls in order, each temp a call writes takes a free block whose size (bytes) is provably equal
to its own (normal forms first, then the constraint layer's solver, every shape variable >= 0),
or a new block; after a call, the temps it read for the last time free their blocks. A block
freed by a call is reused only from the next call on, so no call reads and writes one block
(kernels keep their ``noalias`` promise). Program outputs are not planned: they are returned to
the caller, so each gets its own allocation.

The blocks sit in one arena per call, each at an offset rounded up to ``ALIGN`` bytes.

Invariants (tested by a property test over random programs, ``tests/ir/test_memory_plan.py``):

  M1. two temps whose live ranges meet never share bytes of the arena;
  M2. a temp's block holds exactly its bytes (equal sizes, proved for every shape);
  M3. before and after are the peak bytes a call allocates: every temp at once (no plan), and
      the arena plus the outputs (the plan).

>>> from shapecheck.ir import trace
>>> from shapecheck.ir.pipeline import compile_to_loops
>>> src = "def f(x, w):\\n    return np.tanh(np.tanh(np.tanh(x @ w) @ w) @ w) @ w\\n"
>>> plan = plan_memory(compile_to_loops(trace(src, shapes={"x": (8, 8), "w": (8, 8)})))
>>> print(plan.report({}))
peak bytes: 1,024 before planning, 768 after (3 intermediates in 2 blocks, arena 512 bytes)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from shapecheck.constraints import dims
from shapecheck.constraints.predicates import eq
from shapecheck.subst.names import Name

from . import loops as L
from .dtypes import CODES
from .verifier import make_prover

__all__ = ["MemoryPlan", "MemoryReport", "plan_memory", "ITEM_BYTES", "ALIGN"]

ITEM_BYTES = {code: dtype.itemsize for code, dtype in CODES.items()}
ALIGN = 64   # a cache line: every block starts on its own line (and vector loads stay aligned)


@dataclass(frozen=True, slots=True)
class MemoryReport:
    """Peak bytes a call allocates, without and with the plan (ints for concrete shapes)."""

    before: int
    after: int
    arena: int
    temps: int          # intermediates planned
    blocks: int         # blocks they share

    def __str__(self) -> str:
        return (f"peak bytes: {self.before:,} before planning, {self.after:,} after "
                f"({self.temps} intermediates in {self.blocks} blocks, arena {self.arena:,} bytes)")


@dataclass(frozen=True, slots=True)
class MemoryPlan:
    block_of: tuple[tuple[Name, int], ...]     # planned temp -> its block
    block_sizes: tuple[dims.Dim, ...]          # bytes
    block_offsets: tuple[dims.Dim, ...]        # bytes into the arena
    arena_bytes: dims.Dim
    outputs: tuple[Name, ...]                  # temps allocated on their own (returned)
    live: tuple[tuple[Name, int, int], ...]    # planned temp -> (first call, last call)
    before_bytes: dims.Dim
    after_bytes: dims.Dim

    def offset(self, name: Name) -> dims.Dim | None:
        """The temp's byte offset in the arena, or None for a temp allocated on its own."""
        for temp, block in self.block_of:
            if temp == name:
                return self.block_offsets[block]
        return None

    def report(self, env: Mapping[str, int]) -> MemoryReport:
        """The plan's figures for shape-variable values ``env`` (by dim symbol)."""
        return MemoryReport(dims.evaluate(self.before_bytes, env), dims.evaluate(self.after_bytes, env),
                            dims.evaluate(self.arena_bytes, env), len(self.block_of), len(self.block_sizes))


def nbytes(buf: L.Buffer) -> dims.Dim:
    return dims.mul(dims.product(buf.shape), ITEM_BYTES[buf.dtype])


def _aligned(d: dims.Dim) -> dims.Dim:
    return dims.mul(dims.floordiv(dims.add(d, ALIGN - 1), ALIGN), ALIGN)


def plan_memory(module: L.LoopModule, prove: Callable | None = None) -> MemoryPlan:
    """The memory plan of ``module``'s program (see the module docstring). ``prove`` decides a
    dim predicate for every value of the shape variables (default: the verifier's solver)."""
    program = module.program
    # outputs, and temps sized by a count a call leaves (unknown when the arena is made): their own
    outputs = set(program.outputs) | {b.name for b in program.temps if not program.known_before_calls(b)}
    temps = {b.name: b for b in program.temps}
    first: dict[Name, int] = {}
    last: dict[Name, int] = {}
    for k, call in enumerate(program.calls):
        kernel = module.kernel(call.kernel)
        for param, name in zip(kernel.params, call.buffers):
            if name in temps:
                last[name] = k
                if param.output:
                    first.setdefault(name, k)
    if program.fault in last:   # read by the runtime after the calls: its block is never reused
        last[program.fault] = len(program.calls)
    sizes: list[dims.Dim] = []
    free: list[int] = []
    block_of: dict[Name, int] = {}
    equal = _equality(prove)
    for k, call in enumerate(program.calls):
        for name in dict.fromkeys(call.buffers):
            if name not in temps or name in outputs or name in block_of or first.get(name) != k:
                continue
            size = nbytes(temps[name])
            reuse = next((blk for blk in free if equal(sizes[blk], size)), None)
            if reuse is None:
                sizes.append(size)
                reuse = len(sizes) - 1
            else:
                free.remove(reuse)
            block_of[name] = reuse
        for name in dict.fromkeys(call.buffers):
            if name in block_of and last[name] == k:
                free.append(block_of[name])
    for name, buf in temps.items():   # written by no call (nothing reads it either): its own block
        if name not in outputs and name not in block_of:
            sizes.append(nbytes(buf))
            block_of[name] = len(sizes) - 1
    offsets, arena = [], 0
    for size in sizes:
        offsets.append(arena)
        arena = dims.add(arena, _aligned(size))
    before = sum_dims(nbytes(b) for b in program.temps)
    after = dims.add(arena, sum_dims(nbytes(temps[n]) for n in temps if n in outputs))
    live = tuple((n, first.get(n, 0), last.get(n, 0)) for n in block_of)
    return MemoryPlan(tuple(block_of.items()), tuple(sizes), tuple(offsets), arena,
                      tuple(n for n in temps if n in outputs), live, before, after)


def sum_dims(values) -> dims.Dim:
    total: dims.Dim = 0
    for v in values:
        total = dims.add(total, v)
    return total


def _equality(prove: Callable | None) -> Callable[[dims.Dim, dims.Dim], bool]:
    def equal(a: dims.Dim, b: dims.Dim) -> bool:
        if a == b:
            return True
        if type(a) is int and type(b) is int:
            return False
        nonlocal prove
        if prove is None:   # made on first need: a fully specialised program never asks Z3
            prove = make_prover()
        return prove(eq(a, b))
    return equal
