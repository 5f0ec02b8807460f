"""The graph level of the IR: modules of functions in A-normal form, after Relay/Relax.

A :class:`Module` holds graph-level :class:`Function` s and loop-level kernels
(:class:`shapecheck.ir.loops.Kernel`), so one module can mix both (as Relax mixes Relax functions
and TIR PrimFuncs).

* ``Function(name, shape_params, params, ret, body, primitive=False)``: ``shape_params`` are Names
  of shape variables, *bound* by the signature (Relax style); every one occurs as a whole dim of
  some parameter's type, so a call determines them by matching argument types. ``params`` are
  :class:`Param` s (a Name and a :class:`TensorType`). ``primitive`` marks a function made by
  fusion: lowering turns its whole body into one loop kernel.
* ``Block(bindings, result)``: ``let`` bindings in order, then the result variable. Each
  :class:`Binding` binds ``var`` (annotated with its type) for the bindings after it; a
  ``match_shape`` binding also binds new shape variables (``binds``) that its type mentions.
* Right-hand sides: :class:`OpCall` (a graph op from ``ops.OPS`` on variables, with attributes),
  :class:`MakeTuple`, :class:`GetItem`, :class:`CallFunc` (another function of the module),
  :class:`CallKernel` (a loop kernel, destination-passing: the kernel's last buffer is the result),
  :class:`ExternCall` (an escape hatch to a named external routine, as Relax's
  ``call_dps_packed``; its result type is trusted) and :class:`MatchShape` (assert that a value
  has the binding's type, binding any new shape variables in it).

All names are :class:`shapecheck.subst.Name` s and every node implements the traversal protocol of
``shapecheck.subst.syntax``, so ``substitute``, ``free_vars`` and ``alpha_equivalent`` work on
whole modules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Union

from shapecheck.constraints import dims
from shapecheck.subst.dimterms import DIMS
from shapecheck.subst.names import Name
from shapecheck.subst.syntax import Bind, Leaf, PartsReader, Use

from .loops import Kernel

__all__ = [
    "TensorType", "TupleType", "Type", "OpCall", "MakeTuple", "GetItem", "CallFunc", "CallKernel",
    "ExternCall", "MatchShape", "Value", "Binding", "Block", "Param", "Function", "Module",
]


# --- types -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TensorType:
    dtype: str
    shape: tuple[dims.Dim, ...]

    def scoped_parts(self) -> tuple:
        return (self.dtype, Leaf(DIMS, self.shape))

    def with_parts(self, parts: tuple) -> "TensorType":
        return TensorType(parts[0], parts[1].value)

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclass(frozen=True, slots=True)
class TupleType:
    items: tuple["Type", ...]

    def scoped_parts(self) -> tuple:
        return self.items

    def with_parts(self, parts: tuple) -> "TupleType":
        return TupleType(tuple(parts))


Type = Union[TensorType, TupleType]


# --- right-hand sides ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class OpCall:
    """``op(args..., key=value...)``; attribute values may hold dims (reshape targets, slices)."""

    op: str
    args: tuple[Name, ...]
    attrs: tuple[tuple[str, Any], ...] = ()

    def scoped_parts(self) -> tuple:
        return (self.op, *map(Use, self.args), Leaf(DIMS, self.attrs))

    def with_parts(self, parts: tuple) -> "OpCall":
        return OpCall(parts[0], tuple(p.name for p in parts[1:-1]), parts[-1].value)

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class MakeTuple:
    items: tuple[Name, ...]

    def scoped_parts(self) -> tuple:
        return tuple(map(Use, self.items))

    def with_parts(self, parts: tuple) -> "MakeTuple":
        return MakeTuple(tuple(p.name for p in parts))


@dataclass(frozen=True, slots=True)
class GetItem:
    value: Name
    index: int

    def scoped_parts(self) -> tuple:
        return (Use(self.value), self.index)

    def with_parts(self, parts: tuple) -> "GetItem":
        return GetItem(parts[0].name, parts[1])


@dataclass(frozen=True, slots=True)
class CallFunc:
    func: str
    args: tuple[Name, ...]

    def scoped_parts(self) -> tuple:
        return (self.func, *map(Use, self.args))

    def with_parts(self, parts: tuple) -> "CallFunc":
        return CallFunc(parts[0], tuple(p.name for p in parts[1:]))


@dataclass(frozen=True, slots=True)
class CallKernel:
    kernel: str
    args: tuple[Name, ...]

    def scoped_parts(self) -> tuple:
        return (self.kernel, *map(Use, self.args))

    def with_parts(self, parts: tuple) -> "CallKernel":
        return CallKernel(parts[0], tuple(p.name for p in parts[1:]))


@dataclass(frozen=True, slots=True)
class ExternCall:
    symbol: str
    args: tuple[Name, ...]

    def scoped_parts(self) -> tuple:
        return (self.symbol, *map(Use, self.args))

    def with_parts(self, parts: tuple) -> "ExternCall":
        return ExternCall(parts[0], tuple(p.name for p in parts[1:]))


@dataclass(frozen=True, slots=True)
class MatchShape:
    value: Name

    def scoped_parts(self) -> tuple:
        return (Use(self.value),)

    def with_parts(self, parts: tuple) -> "MatchShape":
        return MatchShape(parts[0].name)


Value = Union[OpCall, MakeTuple, GetItem, CallFunc, CallKernel, ExternCall, MatchShape]


# --- bindings, blocks, functions -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Binding:
    var: Name
    type: Type
    value: Value
    binds: tuple[Name, ...] = ()   # shape variables a match_shape introduces

    def parts(self) -> tuple:
        # The value cannot see the new shape variables or the var; the type sees the shape vars.
        return (self.value, *map(Bind, self.binds), self.type, Bind(self.var))

    def read(self, r: PartsReader) -> "Binding":
        value = r.next()
        binds = r.names(len(self.binds))
        type_ = r.next()
        return Binding(r.name(), type_, value, binds)


@dataclass(frozen=True, slots=True)
class Block:
    bindings: tuple[Binding, ...]
    result: Name

    def scoped_parts(self) -> tuple:
        out: list = []
        for b in self.bindings:
            out.extend(b.parts())
        out.append(Use(self.result))
        return tuple(out)

    def with_parts(self, parts: tuple) -> "Block":
        r = PartsReader(parts)
        bindings = tuple(b.read(r) for b in self.bindings)
        return Block(bindings, r.name())


@dataclass(frozen=True, slots=True)
class Param:
    name: Name
    type: TensorType


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    shape_params: tuple[Name, ...]
    params: tuple[Param, ...]
    ret: Type
    body: Block
    primitive: bool = False

    def scoped_parts(self) -> tuple:
        out: list = [self.name, self.primitive, *map(Bind, self.shape_params)]
        for p in self.params:
            out.append(p.type)
            out.append(Bind(p.name))
        out.append(self.ret)
        out.append(self.body)
        return tuple(out)

    def with_parts(self, parts: tuple) -> "Function":
        r = PartsReader(parts)
        name, primitive = r.next(), r.next()
        shape_params = r.names(len(self.shape_params))
        params = []
        for _ in self.params:
            type_ = r.next()
            params.append(Param(r.name(), type_))
        ret = r.next()
        return Function(name, shape_params, tuple(params), ret, r.next(), primitive)


@dataclass(frozen=True, slots=True)
class Module:
    functions: tuple[Function, ...]
    kernels: tuple[Kernel, ...] = ()

    def scoped_parts(self) -> tuple:
        return (*self.functions, *self.kernels)

    def with_parts(self, parts: tuple) -> "Module":
        n = len(self.functions)
        return Module(tuple(parts[:n]), tuple(parts[n:]))

    def function(self, name: str) -> Function:
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(f"no function @{name} in the module")

    def kernel(self, name: str) -> Kernel:
        for k in self.kernels:
            if k.name == name:
                return k
        raise KeyError(f"no kernel @{name} in the module")

    def with_function(self, fn: Function) -> "Module":
        """The module with ``fn`` replacing the function of the same name (or appended)."""
        names = [f.name for f in self.functions]
        if fn.name in names:
            return replace(self, functions=tuple(fn if f.name == fn.name else f for f in self.functions))
        return replace(self, functions=self.functions + (fn,))
