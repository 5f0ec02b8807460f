"""The native Python entry of a fully specialised program: guards, allocation and kernel calls
in one ``METH_FASTCALL`` C function, so a call costs what a builtin call costs.

Signature (CPython's ``_PyCFunctionFast``)::

    PyObject* entry(PyObject* fallback, PyObject* const* args, Py_ssize_t nargs)

What it does, in order:

1. Guards, read straight from each array object (offsets from ``pyabi.array_layout``): exactly
   ``nargs`` arguments; each one's type is exactly ``np.ndarray``, its rank and every dim equal
   the specialised shape, its dtype descriptor is NumPy's canonical one for the dtype, and its
   flags include C-contiguous and aligned (and writeable, for an argument the code writes into). Any failure tail-calls ``fallback(*args)`` (the
   Python path), which raises the clear error or copies a strided argument: the native entry
   never decides anything the Python path would decide differently, it only decides faster.
2. Allocates each temporary with ``PyArray_Empty`` (a failure returns NULL with NumPy's
   ``MemoryError`` set, after releasing what was allocated).
3. Calls the kernels in order with data pointers and constant index arguments; around them the
   GIL is released when the work is large enough for another thread to use the time.
4. Returns the single output (a new reference) or a tuple of them, and releases the other
   temporaries.

References: CPython's ``METH_FASTCALL`` (``Include/methodobject.h``), NumPy's
``PyArrayObject_fields`` (``ndarraytypes.h``).
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from . import pyabi, shelf

PTR = ir.IntType(8).as_pointer()
I32 = shelf.I32
I64 = shelf.I64


@dataclass(frozen=True)
class EntryPlan:
    """A fully specialised program in slot terms; slots number the inputs, then the temps.

    ``calls`` holds ``(kernel name, buffer slots, i64 arguments)`` per kernel call, in order."""

    inputs: tuple        # per input: (shape, dtype code)
    temps: tuple         # per temp: (shape, dtype code)
    calls: tuple
    outputs: tuple       # output slots
    release_gil: bool
    written: frozenset = frozenset()   # input slots the kernels write: they must be writeable


def lower_entry(module: ir.Module, name: str, plan: EntryPlan, kernels: dict,
                layout: pyabi.ArrayLayout) -> ir.Function:
    """Add the entry function ``name`` to ``module``; ``kernels`` maps kernel names to their
    LLVM functions (``void k(T* ..., i64 ...)``)."""
    fn = ir.Function(module, ir.FunctionType(PTR, [PTR, PTR.as_pointer(), I64]), name)
    shelf.add_raw_attribute(fn.attributes, "nounwind")
    fallback, args, nargs = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    api = _Api(module)
    slow = fn.append_basic_block("slow")

    def require(ok: ir.Value, what: str) -> None:
        passed = fn.append_basic_block(what)
        b.cbranch(ok, passed, slow)
        b.position_at_end(passed)

    require(b.icmp_signed("==", nargs, I64(len(plan.inputs))), "nargs.ok")
    data, objects = [], []
    for k, (shape, dtype) in enumerate(plan.inputs):
        obj = b.load(b.gep(args, [I64(k)], inbounds=True), align=8)
        objects.append(obj)
        require(b.icmp_unsigned("==", _field(b, obj, layout.ob_type, PTR), api.object("sc_rt_PyArray_Type")),
                f"arg{k}.is_ndarray")
        require(b.icmp_signed("==", _field(b, obj, layout.nd, I32), I32(len(shape))), f"arg{k}.rank")
        ok = b.icmp_unsigned("==", _field(b, obj, layout.descr, PTR), api.object(f"sc_rt_descr_{dtype}"))
        needed = pyabi.NPY_ARRAY_C_CONTIGUOUS | pyabi.NPY_ARRAY_ALIGNED | \
            (pyabi.NPY_ARRAY_WRITEABLE if k in plan.written else 0)
        flags = b.and_(_field(b, obj, layout.flags, I32), I32(needed))
        ok = b.and_(ok, b.icmp_signed("==", flags, I32(needed)))
        dims = _field(b, obj, layout.dimensions, I64.as_pointer())
        for axis, size in enumerate(shape):
            actual = b.load(b.gep(dims, [I64(axis)], inbounds=True), align=8)
            ok = b.and_(ok, b.icmp_signed("==", actual, I64(size)))
        require(ok, f"arg{k}.ok")
        data.append(_field(b, obj, layout.data, PTR))

    temps = []
    for k, (shape, dtype) in enumerate(plan.temps):
        descr = api.object(f"sc_rt_descr_{dtype}")
        b.call(api.function("sc_rt_Py_IncRef", ir.VoidType(), [PTR]), [descr])  # PyArray_Empty steals it
        dims = _constant_dims(module, f"{name}.dims{k}", shape)
        empty = api.function(pyabi.EMPTY_SYMBOL, PTR, [I32, I64.as_pointer(), PTR, I32])
        obj = b.call(empty, [I32(len(shape)), dims, descr, I32(0)])
        with b.if_then(b.icmp_unsigned("==", obj, PTR(None)), likely=False):
            _release(b, api, temps)
            b.ret(PTR(None))
        temps.append(obj)
        data.append(_field(b, obj, layout.data, PTR))

    state = b.call(api.function("sc_rt_PyEval_SaveThread", PTR, []), []) if plan.release_gil else None
    for kernel_name, slots, index_args in plan.calls:
        kernel = kernels[kernel_name]
        pointer_types = kernel.function_type.args[:len(slots)]
        b.call(kernel, [b.bitcast(data[s], t) for s, t in zip(slots, pointer_types)]
               + [I64(v) for v in index_args])
    if state is not None:
        b.call(api.function("sc_rt_PyEval_RestoreThread", ir.VoidType(), [PTR]), [state])

    b.ret(_result(b, api, plan, objects + temps, temps))

    b.position_at_end(slow)
    vectorcall = api.function("sc_rt_PyObject_Vectorcall", PTR, [PTR, PTR.as_pointer(), I64, PTR])
    b.ret(b.call(vectorcall, [fallback, args, nargs, PTR(None)], tail=True))
    return fn


def _result(b: ir.IRBuilder, api: "_Api", plan: EntryPlan, objects: list, temps: list) -> ir.Value:
    """The return value (a new reference); releases every temporary's own reference."""
    n_inputs = len(plan.inputs)
    if len(plan.outputs) == 1:
        (slot,) = plan.outputs
        result = objects[slot]
        if slot < n_inputs:
            b.call(api.function("sc_rt_Py_IncRef", ir.VoidType(), [PTR]), [result])
        _release(b, api, [t for k, t in enumerate(temps) if k + n_inputs != slot])
        return result
    pack = api.function("sc_rt_PyTuple_Pack", PTR, [I64], var_arg=True)
    result = b.call(pack, [I64(len(plan.outputs))] + [objects[s] for s in plan.outputs])
    _release(b, api, temps)  # the tuple holds its own references (NULL on failure, error set)
    return result


def _release(b: ir.IRBuilder, api: "_Api", objects: list) -> None:
    decref = api.function("sc_rt_Py_DecRef", ir.VoidType(), [PTR])
    for obj in objects:
        b.call(decref, [obj])


def _field(b: ir.IRBuilder, obj: ir.Value, offset: int, ty: ir.Type) -> ir.Value:
    address = b.bitcast(b.gep(obj, [I64(offset)], inbounds=True), ty.as_pointer())
    return b.load(address, align=min(8, _size(ty)))


def _size(ty: ir.Type) -> int:
    return ty.width // 8 if isinstance(ty, ir.IntType) else 8


def _constant_dims(module: ir.Module, name: str, shape) -> ir.Value:
    array = ir.ArrayType(I64, max(1, len(shape)))
    glob = ir.GlobalVariable(module, array, name)
    glob.global_constant = True
    glob.linkage = "private"
    glob.initializer = ir.Constant(array, [I64(d) for d in shape] or [I64(0)])
    return glob.bitcast(I64.as_pointer())


class _Api:
    """Declarations of the ``sc_rt_*`` runtime symbols (``pyabi``), made on first use."""

    def __init__(self, module: ir.Module):
        self.module = module

    def function(self, symbol: str, ret: ir.Type, params: list, var_arg: bool = False) -> ir.Function:
        existing = self.module.globals.get(symbol)
        if existing is None:
            existing = ir.Function(self.module, ir.FunctionType(ret, params, var_arg=var_arg), symbol)
            shelf.add_raw_attribute(existing.attributes, "nounwind")
        return existing

    def object(self, symbol: str) -> ir.Value:
        """The address of the object bound to ``symbol``, as an ``i8*``."""
        existing = self.module.globals.get(symbol)
        if existing is None:
            existing = ir.GlobalVariable(self.module, ir.IntType(8), symbol)
            existing.linkage = "external"
        return existing
