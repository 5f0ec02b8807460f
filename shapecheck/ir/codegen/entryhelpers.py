"""What every native entry (``pyentry``) does alike, as functions of their own: compiled once per
process (``engine.load_glue``) and called by each entry, instead of emitted into every one.

- :data:`CHECK_ARRAY` ``i1 (i8* obj, i32 rank, i8* descr, i32 flags)``: ``obj`` is exactly an
  ``np.ndarray`` of that rank, whose dtype descriptor is ``descr`` and whose flags include
  ``flags``. The type is read first: the other fields exist only on an array.
- :data:`RAISE_FAULT` ``void (i64* record)``: sets the exception a fault record stands for
  (``ir.faults``: ``PyErr_Format`` of the kind's format over the record's values).

Why: a compile's glue is code generated at O0 for each program, and its size is what it costs
(LLVM's code generator and llvmlite's builder, per instruction). Each argument's checks were
three blocks of ~25 instructions, and a program that records faults carried the whole table of
faults (a branch and a ``PyErr_Format`` call per kind, half of ``histogram``'s entry); in a
helper they are one call each. A call more per argument costs a few nanoseconds against the
~500 ns of a call through the entry.
"""

from __future__ import annotations

import functools

from llvmlite import ir

from shapecheck.ir.faults import FAULTS

from . import pyabi, shelf

PTR = ir.IntType(8).as_pointer()
I32, I64, I1 = shelf.I32, shelf.I64, shelf.I1

CHECK_ARRAY = "sc_entry_check_array"
RAISE_FAULT = "sc_entry_raise_fault"
SIGNATURES = {
    CHECK_ARRAY: ir.FunctionType(I1, [PTR, I32, PTR, I32]),
    RAISE_FAULT: ir.FunctionType(ir.VoidType(), [I64.as_pointer()]),
}

__all__ = ["CHECK_ARRAY", "RAISE_FAULT", "declare", "helpers_ir", "field", "runtime_function", "runtime_object"]


def declare(module: ir.Module, symbol: str) -> ir.Function:
    """The helper ``symbol`` declared in ``module`` (a program's glue), once."""
    existing = module.globals.get(symbol)
    if existing is None:
        existing = ir.Function(module, SIGNATURES[symbol], symbol)
        shelf.add_raw_attribute(existing.attributes, "nounwind")
    return existing


@functools.cache
def helpers_ir(layout: pyabi.ArrayLayout) -> str:
    """The helpers' module, as LLVM IR text, for NumPy's object ``layout``."""
    module = ir.Module(name="sc_entry_helpers")
    _lower_check_array(module, layout)
    _lower_raise_fault(module)
    return str(module)


def _lower_check_array(module: ir.Module, layout: pyabi.ArrayLayout) -> None:
    fn = ir.Function(module, SIGNATURES[CHECK_ARRAY], CHECK_ARRAY)
    shelf.mark_glue(fn)
    obj, rank, descr, flags = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    no = fn.append_basic_block("no")
    is_array = fn.append_basic_block("is_array")
    b.cbranch(b.icmp_unsigned("==", field(b, obj, layout.ob_type, PTR), runtime_object(module, "sc_rt_PyArray_Type")),
              is_array, no)
    b.position_at_end(is_array)
    same = b.and_(b.icmp_signed("==", field(b, obj, layout.nd, I32), rank),
                  b.icmp_unsigned("==", field(b, obj, layout.descr, PTR), descr))
    b.ret(b.and_(same, b.icmp_signed("==", b.and_(field(b, obj, layout.flags, I32), flags), flags)))
    b.position_at_end(no)
    b.ret(I1(0))


def _lower_raise_fault(module: ir.Module) -> None:
    fn = ir.Function(module, SIGNATURES[RAISE_FAULT], RAISE_FAULT)
    shelf.mark_glue(fn)
    (record,) = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    kind = b.load(record)
    raise_ = runtime_function(module, "sc_rt_PyErr_Format", PTR, [PTR, PTR], var_arg=True)
    done = fn.append_basic_block("done")
    switch = b.switch(kind, done)
    for k, fault in enumerate(FAULTS, start=1):
        case = fn.append_basic_block(f"fault{k}")
        switch.add_case(I64(k), case)
        b.position_at_end(case)
        b.call(raise_, [runtime_object(module, f"sc_rt_PyExc_{fault.exception.__name__}"),
                        _cstring(module, b, fault.format)]
               + [b.load(b.gep(record, [I64(v)], inbounds=True)) for v in range(1, 1 + fault.arity)])
        b.branch(done)
    b.position_at_end(done)
    b.ret_void()


def field(b: ir.IRBuilder, obj: ir.Value, offset: int, ty: ir.Type) -> ir.Value:
    """The ``ty`` at ``offset`` bytes into the object ``obj``."""
    address = b.bitcast(b.gep(obj, [I64(offset)], inbounds=True), ty.as_pointer())
    return b.load(address, align=min(8, ty.width // 8 if isinstance(ty, ir.IntType) else 8))


def runtime_function(module: ir.Module, symbol: str, ret: ir.Type, params: list, var_arg: bool = False) -> ir.Function:
    """The ``sc_rt_*`` C-API function ``symbol`` (``pyabi``) declared in ``module``, once."""
    existing = module.globals.get(symbol)
    if existing is None:
        existing = ir.Function(module, ir.FunctionType(ret, params, var_arg=var_arg), symbol)
        shelf.add_raw_attribute(existing.attributes, "nounwind")
    return existing


def runtime_object(module: ir.Module, symbol: str) -> ir.Value:
    """The address of the object bound to the ``sc_rt_*`` ``symbol``, as an ``i8*``."""
    existing = module.globals.get(symbol)
    if existing is None:
        existing = ir.GlobalVariable(module, ir.IntType(8), symbol)
        existing.linkage = "external"
    return existing


def _cstring(module: ir.Module, b: ir.IRBuilder, text: str) -> ir.Value:
    """A pointer to a NUL-terminated constant string in ``module``."""
    data = bytearray(text.encode() + b"\0")
    string = ir.GlobalVariable(module, ir.ArrayType(ir.IntType(8), len(data)), f"sc_str_{len(module.globals)}")
    string.global_constant, string.linkage = True, "private"
    string.initializer = ir.Constant(ir.ArrayType(ir.IntType(8), len(data)), data)
    return b.bitcast(string, PTR)
