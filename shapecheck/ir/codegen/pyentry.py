"""The native Python entry of a loop program: guards, allocation and kernel calls in one
``METH_FASTCALL`` C function, so a call costs what a builtin call costs.

Signature (CPython's ``_PyCFunctionFast``)::

    PyObject* entry(PyObject* fallback, PyObject* const* args, Py_ssize_t nargs)

What it does, in order (the plan is ``ir.entryplan.EntryPlan``; sizes are index expressions
over the shape variables, constants for a fully specialised program):

1. Guards, read straight from each array object (offsets from ``pyabi.array_layout``): exactly
   ``nargs`` arguments; each one's type is exactly ``np.ndarray``, its rank is the program's,
   its dtype descriptor is NumPy's canonical one for the dtype, and its flags include
   C-contiguous and aligned (and writeable, for an argument the code writes into): one call per
   argument of a helper every entry shares (``entryhelpers``, compiled once per process). Then the
   shape variables are read from the dims that name them, and every dim is compared with its
   expression (``n``, ``n+1``, ``1024``), and every size guard is checked (``plan.sizes``: a
   symbolic program is exact only there). A call the Python path would run on threads (a split
   kernel moving ``threads_min`` elements or more) is passed on too. Any failure tail-calls
   ``fallback(*args)`` (the Python path), which raises the clear error, copies a strided
   argument or runs the threads: the native entry never decides anything the Python path
   would decide differently, it only decides faster.
2. Allocates the outputs with ``PyArray_Empty``, each its own array (it is returned), and one
   arena (a byte array) for every intermediate, at the offsets of the memory plan (a failure
   returns NULL with NumPy's ``MemoryError`` set, after releasing what was allocated).
3. Calls the kernels in order with data pointers and their index arguments; around them the
   GIL is released when the call moves ``gil_min`` elements or more.
4. Returns the single output (a new reference) or a tuple of them, and releases the arena; or,
   when a kernel recorded a fault, NULL with its exception set (by the shared helper).

References: CPython's ``METH_FASTCALL`` (``Include/methodobject.h``), NumPy's
``PyArrayObject_fields`` (``ndarraytypes.h``).
"""

from __future__ import annotations

from typing import Callable

from llvmlite import ir

from shapecheck.ir import loops as L
from shapecheck.ir.entryplan import EntryPlan

from . import entryhelpers, lower, pyabi, shelf

PTR = ir.IntType(8).as_pointer()
I32 = shelf.I32
I64 = shelf.I64

__all__ = ["EntryPlan", "lower_entry"]


def lower_entry(module: ir.Module, name: str, plan: EntryPlan, kernels: dict,
                layout: pyabi.ArrayLayout, threads_min: int, gil_min: int) -> ir.Function:
    """Add the entry function ``name`` to ``module``; ``kernels`` maps kernel names to their
    LLVM functions (``void k(T* ..., i64 ...)``)."""
    fn = ir.Function(module, ir.FunctionType(PTR, [PTR, PTR.as_pointer(), I64]), name)
    shelf.mark_glue(fn)
    fallback, args, nargs = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    api = _Api(module)
    slow = fn.append_basic_block("slow")

    def require(ok: ir.Value, what: str) -> None:
        passed = fn.append_basic_block(what)
        b.cbranch(ok, passed, slow)
        b.position_at_end(passed)

    require(b.icmp_signed("==", nargs, I64(len(plan.inputs))), "nargs.ok")
    check_array = entryhelpers.declare(module, entryhelpers.CHECK_ARRAY)
    objects, data, dims_of = {}, {}, []
    for k, (shape, dtype) in enumerate(plan.inputs):
        obj = objects[k] = b.load(b.gep(args, [I64(k)], inbounds=True), align=8)
        needed = pyabi.NPY_ARRAY_C_CONTIGUOUS | pyabi.NPY_ARRAY_ALIGNED | \
            (pyabi.NPY_ARRAY_WRITEABLE if k in plan.written else 0)
        form = plan.scalars[k] if k < len(plan.scalars) else None
        def is_array() -> ir.Value:   # made only where an array is accepted (a Python number's form takes none)
            return b.call(check_array, [obj, I32(len(shape)), api.object(f"sc_rt_descr_{dtype}"), I32(needed)])
        if form is None:
            require(is_array(), f"arg{k}.ok")
            dims_of.append(_field(b, obj, layout.dimensions, I64.as_pointer()))
            data[k] = _field(b, obj, layout.data, PTR)
        else:   # a 0-d input: a number, as the kind this version was made for (no dims to read)
            dims_of.append(None)
            data[k] = _number(b, fn, api, obj, form, dtype, is_array, layout, require, f"arg{k}")

    def dim(k: int, axis: int | None) -> ir.Value:
        if axis is not None:
            return b.load(b.gep(dims_of[k], [I64(axis)], inbounds=True), align=8)
        dtype = plan.inputs[k][1]   # a size that is the value of a 0-d integer argument
        value = b.load(b.bitcast(data[k], shelf.MEMORY_TYPES[dtype].as_pointer()))
        if value.type.width == 64:
            return value
        return b.zext(value, I64) if lower.unsigned(dtype) else b.sext(value, I64)

    sizes = lower.Scope(module, b, b, (), lower.HOST)   # shape variables, for index expressions
    for param, k, axis in plan.params:
        sizes.values[param] = dim(k, axis)
    ok = ir.Constant(ir.IntType(1), 1)
    for k, (shape, _) in enumerate(plan.inputs):
        for axis, size in enumerate(shape):
            ok = b.and_(ok, b.icmp_signed("==", dim(k, axis), lower.lower_expr(sizes, size)))
    for guard in plan.sizes:
        ok = b.and_(ok, b.icmp_signed(">=", lower.lower_expr(sizes, guard), I64(0)))
    for moved in plan.threaded:
        ok = b.and_(ok, b.icmp_signed("<", lower.lower_expr(sizes, moved), I64(threads_min)))
    require(ok, "shapes.ok")

    owned = []   # new references to release (or return)

    def new_array(shape: tuple, dtype: str) -> ir.Value:
        descr = api.object(f"sc_rt_descr_{dtype}")
        b.call(api.function("sc_rt_Py_IncRef", ir.VoidType(), [PTR]), [descr])  # PyArray_Empty steals it
        extents = b.alloca(I64, max(1, len(shape)))
        for axis, size in enumerate(shape):
            b.store(lower.lower_expr(sizes, size), b.gep(extents, [I64(axis)], inbounds=True))
        empty = api.function(pyabi.EMPTY_SYMBOL, PTR, [I32, I64.as_pointer(), PTR, I32])
        obj = b.call(empty, [I32(len(shape)), extents, descr, I32(0)])
        with b.if_then(b.icmp_unsigned("==", obj, PTR(None)), likely=False):
            _release(b, api, owned)
            b.ret(PTR(None))
        owned.append(obj)
        return obj

    arena = None
    if any(offset is not None for *_, offset in plan.temps):   # one allocation for the intermediates
        arena = new_array((plan.arena,), "u8")
        base = _field(b, arena, layout.data, PTR)
    for k, (shape, dtype, offset) in enumerate(plan.temps, start=len(plan.inputs)):
        if offset is None:
            objects[k] = new_array(shape, dtype)
            data[k] = _field(b, objects[k], layout.data, PTR)
        else:
            data[k] = b.gep(base, [lower.lower_expr(sizes, offset)], inbounds=True)

    def save() -> ir.Value:
        return b.call(api.function("sc_rt_PyEval_SaveThread", PTR, []), [])

    def restore(state: ir.Value) -> None:
        b.call(api.function("sc_rt_PyEval_RestoreThread", ir.VoidType(), [PTR]), [state])

    def call_kernels() -> None:
        for kernel_name, slots, index_args in plan.calls:
            kernel = kernels[kernel_name]
            pointer_types = kernel.function_type.args[:len(slots)]
            b.call(kernel, [b.bitcast(data[s], t) for s, t in zip(slots, pointer_types)]
                   + [lower.lower_expr(sizes, a) for a in index_args])

    if isinstance(plan.moved, L.Const):   # a fixed program: decided here, not by branches at O0
        state = save() if plan.moved.value >= gil_min else None
        call_kernels()
        if state is not None:
            restore(state)
    else:
        release = b.icmp_signed(">=", lower.lower_expr(sizes, plan.moved), I64(gil_min))
        state = b.alloca(PTR)
        b.store(PTR(None), state)
        with b.if_then(release):
            b.store(save(), state)
        call_kernels()
        with b.if_then(release):
            restore(b.load(state))
    if plan.fault is not None:   # a failed check: its exception (``ir.faults``), nothing returned
        record = b.bitcast(data[plan.fault], I64.as_pointer())
        kind = b.load(record)
        with b.if_then(b.icmp_signed("!=", kind, I64(0)), likely=False):
            b.call(entryhelpers.declare(module, entryhelpers.RAISE_FAULT), [record])
            _release(b, api, owned)
            b.ret(PTR(None))

    b.ret(_result(b, api, plan, objects, owned))

    b.position_at_end(slow)
    vectorcall = api.function("sc_rt_PyObject_Vectorcall", PTR, [PTR, PTR.as_pointer(), I64, PTR])
    b.ret(b.call(vectorcall, [fallback, args, nargs, PTR(None)], tail=True))
    return fn


def _result(b: ir.IRBuilder, api: "_Api", plan: EntryPlan, objects: dict, owned: list) -> ir.Value:
    """The return value (a new reference); releases every other array this call made. With
    ``numbers_out`` a 0-d output is its NumPy scalar (``PyArray_Return``, which takes the array's
    reference), as NumPy's full reductions return."""
    n_inputs = len(plan.inputs)
    numbers = {}
    if plan.numbers_out:
        to_scalar = api.function(pyabi.RETURN_SYMBOL, PTR, [PTR])
        for slot in dict.fromkeys(plan.outputs):
            if slot >= n_inputs and not plan.temps[slot - n_inputs][0]:
                numbers[slot] = b.call(to_scalar, [objects[slot]])
    taken = [objects[slot] for slot in numbers]
    if not plan.outputs:   # a function without a return statement (it writes its arguments): None
        none = api.object("sc_rt_Py_None")
        b.call(api.function("sc_rt_Py_IncRef", ir.VoidType(), [PTR]), [none])
        _release(b, api, owned)
        return none
    if len(plan.outputs) == 1:
        (slot,) = plan.outputs
        result = numbers.get(slot, objects[slot])
        if slot < n_inputs:
            b.call(api.function("sc_rt_Py_IncRef", ir.VoidType(), [PTR]), [result])
        _release(b, api, [obj for obj in owned if obj is not objects[slot] and not any(obj is t for t in taken)])
        return result
    pack = api.function("sc_rt_PyTuple_Pack", PTR, [I64], var_arg=True)
    result = b.call(pack, [I64(len(plan.outputs))] + [numbers.get(s, objects[s]) for s in plan.outputs])
    # the tuple holds its own references (NULL on failure, error set)
    _release(b, api, [obj for obj in owned if not any(obj is t for t in taken)] + list(numbers.values()))
    return result


def _release(b: ir.IRBuilder, api: "_Api", objects: list) -> None:
    decref = api.function("sc_rt_Py_DecRef", ir.VoidType(), [PTR])
    for obj in objects:
        b.call(decref, [obj])


class _Api:
    """Declarations of the ``sc_rt_*`` runtime symbols (``pyabi``) in one module, made on first use."""

    def __init__(self, module: ir.Module):
        self.module = module

    def function(self, symbol: str, ret: ir.Type, params: list, var_arg: bool = False) -> ir.Function:
        return entryhelpers.runtime_function(self.module, symbol, ret, params, var_arg)

    def object(self, symbol: str) -> ir.Value:
        return entryhelpers.runtime_object(self.module, symbol)


_field = entryhelpers.field


def _number(b: ir.IRBuilder, fn: ir.Function, api: _Api, obj: ir.Value, form: str, dtype: str,
            is_array: Callable[[], ir.Value], layout: pyabi.ArrayLayout, require, what: str) -> ir.Value:
    """The data pointer of a 0-d input passed as ``form`` (``EntryPlan.scalars``): a Python float
    or a NumPy scalar holds its value in the object (``pyabi.SCALAR_VALUE``); a Python int or bool
    is converted into a slot of the entry's frame (an int beyond int64 goes to the fallback, whose
    version computes with Python's ints). Anything else fails ``require``."""
    kind = _field(b, obj, layout.ob_type, PTR)
    if form == "float":
        require(b.icmp_unsigned("==", kind, api.object("sc_rt_PyFloat_Type")), f"{what}.float")
        return b.gep(obj, [I64(pyabi.SCALAR_VALUE)], inbounds=True)
    if form == "int":
        require(b.icmp_unsigned("==", kind, api.object("sc_rt_PyLong_Type")), f"{what}.int")
        overflow = b.alloca(I32)
        convert = api.function("sc_rt_PyLong_AsLongLongAndOverflow", I64, [PTR, I32.as_pointer()])
        value = b.call(convert, [obj, overflow])
        require(b.icmp_signed("==", b.load(overflow), I32(0)), f"{what}.int64")
        slot = b.alloca(I64)
        b.store(value, slot)
        return b.bitcast(slot, PTR)
    if form == "bool":
        require(b.icmp_unsigned("==", kind, api.object("sc_rt_PyBool_Type")), f"{what}.bool")
        slot = b.alloca(ir.IntType(8))
        b.store(b.zext(b.icmp_unsigned("==", obj, api.object("sc_rt_Py_True")), ir.IntType(8)), slot)
        return slot
    # "numpy": a NumPy scalar of the dtype, or a 0-d array of it
    is_scalar = b.icmp_unsigned("==", kind, api.object(f"sc_rt_scalar_{dtype}"))
    require(b.or_(is_scalar, is_array()), f"{what}.numpy")
    scalar_block, array_block, join = (fn.append_basic_block(f"{what}.{part}") for part in ("scalar", "array", "data"))
    b.cbranch(is_scalar, scalar_block, array_block)
    b.position_at_end(scalar_block)
    in_object = b.gep(obj, [I64(pyabi.SCALAR_VALUE)], inbounds=True)
    b.branch(join)
    b.position_at_end(array_block)
    in_array = _field(b, obj, layout.data, PTR)
    b.branch(join)
    b.position_at_end(join)
    pointer = b.phi(PTR)
    pointer.add_incoming(in_object, scalar_block)
    pointer.add_incoming(in_array, array_block)
    return pointer
