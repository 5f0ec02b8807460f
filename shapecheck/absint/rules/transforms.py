"""Function transforms and higher-order functions: ``jax.vmap``, ``jax.grad``, ``jax.lax.scan``,
``jax.tree.map``, ``torch.func.vmap``, ``torch.utils.checkpoint.checkpoint`` and kin.

A transform (``jax.vmap(f, in_axes=(0, None))``) makes a :class:`Transformed` value; calling it runs
``f`` as the transform would trace it: ``vmap`` on each argument with its mapped axis taken out,
its result given the batch axis back; ``grad`` on the arguments as they are, its result the
arguments' own shapes. Higher-order functions (``lax.scan``, ``lax.cond``, ``tree.map``) run their
function at once, on the pieces they hand it. Either way the function's body is analysed with the
shapes it really sees, so an op that works per example is not taken for one that fails on the batch.

Transforms that leave a function's shapes alone (``jax.jit``, ``jax.checkpoint``, ``torch.compile``)
return the function itself. Sources: the JAX reference (jax.vmap, jax.grad, jax.lax control flow,
jax.tree), torch.func's and torch.utils.checkpoint's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext, ShapeError
from ..core.values import (NONE, UNKNOWN, Array, Bool, Dict, Float, Function, Instance, Int, LibraryObject, List, NoneValue, Opaque,
                           Partial, Tuple,
                           Unknown, Value, known_items, tensor_like)
from .args import as_array, normalize_axis, promote
from .kinds import Rule


@dataclass(frozen=True, slots=True)
class Transformed(Value):
    """``kind`` (``vmap``, ``grad``, ``value_and_grad``, ``grad_and_value``) applied to ``func``, with
    the transform's ``options`` by name (``in_axes``, ``argnums``, ``has_aux``); keyword arguments of
    a call are mapped too where ``kwargs_mapped`` (JAX maps them over axis 0; torch passes them as they are)."""

    kind: str
    func: Value
    options: tuple = ()
    kwargs_mapped: bool = True

    def option(self, name: str, default: Value) -> Value:
        return next((v for k, v in self.options if k == name), default)


@dataclass(frozen=True)
class Maker:
    """How a transform's own call reads its arguments: ``params`` in order (the function first),
    the ones kept as options renamed to the transform's kind's names (``in_dims`` is ``in_axes``)."""

    kind: str
    params: tuple[str, ...]
    renamed: tuple[tuple[str, str], ...] = ()
    kwargs_mapped: bool = True

    def __call__(self, ctx: OpContext, call: Call) -> Value:
        b = call.bind(self.params)
        func = b.get(self.params[0])
        if func is None:   # ``@nnx.vmap(in_axes=0)``: the transform with its options, waiting for the function
            return Partial(LibraryObject(call.name), (), tuple((k, a.value) for k, a in call.kwargs.items()))
        names = dict(self.renamed)
        options = tuple((names.get(k, k), a.value) for k, a in b.items() if k != self.params[0])
        return Transformed(self.kind, func.value, options, self.kwargs_mapped)


def itself(param: str) -> Rule:
    """A transform that changes no shape (``jax.jit(f)``, ``torch.compile(model)``): ``f`` itself."""
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind((param,))
        return b[param].value if param in b else UNKNOWN
    return rule


_JAX_VMAP = Maker("vmap", ("fun", "in_axes", "out_axes", "axis_name", "axis_size", "spmd_axis_name"))
_TORCH_VMAP = Maker("vmap", ("func", "in_dims", "out_dims", "randomness", "chunk_size"),
                    (("in_dims", "in_axes"), ("out_dims", "out_axes")), kwargs_mapped=False)
_JAX_GRAD = ("fun", "argnums", "has_aux", "holomorphic", "allow_int", "reduce_axes")
_TORCH_GRAD = ("func", "argnums", "has_aux")

#: The transforms, by qualified name: calling one makes a function (see :class:`Transformed`).
MAKERS: dict[str, Rule] = {
    "jax.vmap": _JAX_VMAP, "jax.pmap": Maker("vmap", ("fun", "axis_name", "in_axes", "out_axes", "static_broadcasted_argnums")),
    "torch.vmap": _TORCH_VMAP, "torch.func.vmap": _TORCH_VMAP, "functorch.vmap": _TORCH_VMAP,
    "jax.grad": Maker("grad", _JAX_GRAD), "jax.value_and_grad": Maker("value_and_grad", _JAX_GRAD),
    "torch.func.grad": Maker("grad", _TORCH_GRAD), "functorch.grad": Maker("grad", _TORCH_GRAD),
    "torch.func.grad_and_value": Maker("grad_and_value", _TORCH_GRAD),
    **{f"jax.{name}": Maker("jacobian", _JAX_GRAD) for name in ("jacfwd", "jacrev")},
    **{f"torch.func.{name}": Maker("jacobian", _TORCH_GRAD) for name in ("jacfwd", "jacrev")},
    "jax.hessian": Maker("hessian", _JAX_GRAD), "torch.func.hessian": Maker("hessian", _TORCH_GRAD),
    "jax.jit": itself("fun"), "jax.checkpoint": itself("fun"), "jax.remat": itself("fun"),
    "jax.named_call": itself("fun"), "jax.ad_checkpoint.checkpoint": itself("fun"),
    "jax.device_get": itself("x"), "jax.block_until_ready": itself("x"),
    "torch.compile": itself("model"), "torch.jit.script": itself("obj"), "torch.jit.ignore": itself("drop"),
    # what dynamo traces or leaves alone runs the function as it is (transformers' xIELU activation)
    "torch._dynamo.allow_in_graph": itself("fn"), "torch.compiler.allow_in_graph": itself("fn"),
    "torch._dynamo.disable": itself("fn"), "torch.compiler.disable": itself("fn"),
    # Flax NNX's lifted transforms take and give functions as JAX's do (modules in arguments pass through)
    "flax.nnx.vmap": _JAX_VMAP, "flax.nnx.grad": Maker("grad", _JAX_GRAD),
    "flax.nnx.value_and_grad": Maker("value_and_grad", _JAX_GRAD), "flax.nnx.jit": itself("fun"),
    "flax.nnx.remat": itself("f"), "flax.linen.jit": itself("target"), "flax.linen.remat": itself("target"),
    "flax.linen.checkpoint": itself("target"),
    "flax.linen.vmap": Maker("lifted_vmap", ("target", "variable_axes", "split_rngs", "in_axes", "out_axes",
                                            "axis_size", "axis_name")),
    "flax.linen.scan": Maker("lifted_scan", ("target", "variable_axes", "variable_broadcast", "variable_carry",
                                            "split_rngs", "in_axes", "out_axes", "length")),
    "numpy.vectorize": Maker("vectorize", ("pyfunc", "otypes", "doc", "excluded", "cache", "signature")),
}


def _compiled_ufunc(kind: str | None) -> Rule:
    """numba's ``@vectorize`` / ``@guvectorize(sigs, "(m,n),(n,p)->(m,p)")`` / ``@stencil``: given the
    function, what it compiles (``vectorize``: a ufunc, called elementwise as ``np.vectorize(f)`` is;
    a gufunc or a stencil is called by a layout or neighbourhood not read here: unknown, as its body
    is not what a call of it does: ``matmulcore(A, B)`` of 3-d A and B loops the 2-d body over
    the first axis); given signatures or options first, the decorator, waiting for the function."""
    def rule(ctx: OpContext, call: Call) -> Value:
        func = call.args[0].value if call.args else None
        if type(func) is Function:
            return Transformed(kind, func) if kind is not None else UNKNOWN
        return LibraryObject(call.name)
    return rule


MAKERS.update({"numba.vectorize": _compiled_ufunc("vectorize"), "numba.guvectorize": _compiled_ufunc(None),
               "numba.stencil": _compiled_ufunc(None)})


#: What a decorator must be applied for (``@jax.vmap``, ``@partial(shard_map, mesh=...)``): the
#: others are taken to keep the function's shapes (``@torch.no_grad()``, ``@jax.jit``, a project's own).
DECORATING = frozenset(name for name, rule in MAKERS.items() if type(rule) is Maker) | {
    "jax.experimental.shard_map.shard_map", "jax.shard_map", "numba.vectorize", "numba.guvectorize", "numba.stencil"}


def transform_decorator(deco: Value) -> bool:
    """Whether a function decorated with ``deco`` is a transformed one."""
    if type(deco) is Partial:
        deco = deco.func
    return type(deco) is LibraryObject and deco.qualname in DECORATING


# == calling a transformed function ==================================================================


def call_transformed(t: Transformed) -> Rule:
    """The rule for calling ``t``: its kind's."""
    run = _KINDS.get(t.kind) or _grad_rule(t.kind)
    return lambda ctx, call: run(ctx, call, t)


def _vmap(ctx: OpContext, call: Call, t: Transformed) -> Value:
    specs = _per_argument(t.option("in_axes", Int(0)), len(call.args))
    if specs is None:
        return UNKNOWN
    static = _static_positions(t.option("static_broadcasted_argnums", Tuple(())), len(call.args))
    if static is None:
        return UNKNOWN
    specs = [NONE if i in static else spec for i, spec in enumerate(specs)]   # pmap's static arguments
    sizes: list = []
    args = []
    for arg, spec in zip(call.args, specs):
        inner = _unbatched(arg.value, spec, sizes)
        if inner is None:
            return UNKNOWN
        args.append(Arg(inner, arg.text))
    kwargs = {}
    for name, arg in call.kwargs.items():
        inner = _unbatched(arg.value, Int(0), sizes) if t.kwargs_mapped else arg.value
        if inner is None:
            return UNKNOWN
        kwargs[name] = Arg(inner, arg.text)
    size = t.option("axis_size", NONE)
    if type(size) is NoneValue and all(_is_unmapped(spec) for spec in specs) and not (call.kwargs and t.kwargs_mapped):
        ctx.fail("SC107", f"{ctx.op}: in_axes maps no argument (every one is None), and no axis_size is given")
    # an axis_size given but not known (qdax's ``axis_size=self._config.pg_population_size_per_device``):
    # a size of its own, where no mapped argument tells it
    batch = size.dim if type(size) is Int else sizes[0] if sizes else \
        ctx.fresh("axis_size") if type(size) is not NoneValue else None
    if batch is None:
        return UNKNOWN   # nothing mapped: JAX's "vmap must have at least one non-None value in in_axes"
    for d in sizes:
        ctx.require(eq(d, batch), "SC106", lambda: f"{ctx.op}: the mapped axes differ in size: "
                                                   f"{ctx.show_dim(batch)} and {ctx.show_dim(d)}")
    result = ctx.interp.call(ctx.node, t.func, args, kwargs)
    return _batched(result, t.option("out_axes", Int(0)), batch)


def _static_positions(argnums: Value, count: int) -> set | None:
    """The positions ``static_broadcasted_argnums`` names (an int or a tuple of them); None where unread."""
    items = (argnums,) if type(argnums) is Int else known_items(argnums)
    if items is None or any(_axis(i) is None for i in items):
        return None
    return {_axis(i) % count if count else 0 for i in items}


def _per_argument(in_axes: Value, count: int) -> list | None:
    """``in_axes`` as one spec per positional argument: an int or None is every argument's."""
    if type(in_axes) is Int or _is_unmapped(in_axes):
        return [in_axes] * count
    if type(in_axes) in (Tuple, List) and in_axes.items is not None and len(in_axes.items) == count:
        return list(in_axes.items)
    return None


def _is_unmapped(spec: Value) -> bool:
    """None, or flax's ``nn.broadcast``: the argument goes in whole."""
    return type(spec) is NoneValue or type(spec) is LibraryObject and spec.qualname == "flax.linen.broadcast"


def _axis(spec: Value) -> int | None:
    return spec.dim if type(spec) is Int and type(spec.dim) is int else None


def _by_spec(value: Value, spec: Value, leaf: Callable[[Value, int], Value]) -> Value | None:
    """``value`` with ``leaf(v, axis)`` applied to each leaf ``spec`` gives an axis (a spec is an
    axis, None, or a tree of them shaped like ``value``); None where the spec cannot be read."""
    if _is_unmapped(spec):
        return value
    axis = _axis(spec)
    if axis is not None:
        return _map_leaves(value, lambda v: leaf(v, axis))
    items, values = known_items(spec), known_items(value)
    if items is not None and values is not None and len(items) == len(values):
        inner = [_by_spec(v, s, leaf) for v, s in zip(values, items)]
        return None if any(x is None for x in inner) else _rebuilt(value, inner)
    if type(spec) is Dict and type(value) is Dict:
        given = dict(spec.items)
        pairs = [(k, _by_spec(v, given.get(k, NONE), leaf)) for k, v in value.items]
        return None if any(x is None for _, x in pairs) else Dict(tuple(pairs))
    return None


def _unbatched(value: Value, spec: Value, sizes: list) -> Value | None:
    """What the function sees of ``value`` mapped by ``spec``: each array with its axis taken out,
    the axis's size added to ``sizes``."""
    return _by_spec(value, spec, lambda a, axis: _drop_axis(a, axis, sizes))


def _out_of_range(axis: int, shape: str, rank: int, what: str = "mapped along") -> ShapeError:
    return ShapeError("SC104", f"vmap: an argument of shape {shape} is {what} axis {axis}, but it has "
                               f"{rank} dimension{'s' if rank != 1 else ''}")


def _drop_axis(a: Value, axis: int, sizes: list) -> Value:
    if type(a) in (Int, Float, Bool):   # a number has no axis to map along (JAX's ValueError)
        if a.presumed:
            # a number only by presumption (``state.generation_counter + 1``, a pytree field
            # annotated ``int`` that a vmapped init made an array of): as unknown as the object
            return a
        raise _out_of_range(axis, "()", 0)
    if type(a) in (Instance, Opaque):
        # an object that is a pytree (a distrax distribution, a flax struct): each of its leaves is
        # mapped, not followed here (distrax's ``vmap(log_prob_sum, in_axes=1)(dist, x)``)
        return UNKNOWN
    if type(a) is not Array:
        return a
    shape = a.shape
    if shape.dims is not None:
        n = len(shape.dims)
        k = axis + n if axis < 0 else axis
        if not 0 <= k < n:
            raise _out_of_range(axis, shape.show(), n)
        sizes.append(shape.dims[k])
        return Array(Shape(shape.dims[:k] + shape.dims[k + 1:]), a.dtype, tensor=a.tensor)
    if 0 <= axis < len(shape.prefix):
        sizes.append(shape.prefix[axis])
        return Array(Shape(shape.prefix[:axis] + shape.prefix[axis + 1:], True, shape.suffix, shape.middle),
                     a.dtype, tensor=a.tensor)
    if axis < 0 and -axis <= len(shape.suffix):
        k = len(shape.suffix) + axis
        sizes.append(shape.suffix[k])
        return Array(Shape(shape.prefix, True, shape.suffix[:k] + shape.suffix[k + 1:], shape.middle),
                     a.dtype, tensor=a.tensor)
    return Array(Shape((), True), a.dtype, tensor=a.tensor)


def _batched(result: Value, spec: Value, batch) -> Value:
    """The function's ``result`` with the batch axis put back where ``spec`` (``out_axes``) says."""
    out = _by_spec(result, spec, lambda v, axis: _add_axis(v, axis, batch))
    return UNKNOWN if out is None else out


def _add_axis(v: Value, axis: int, batch) -> Value:
    t = type(v)
    if t in (Int, Float, Bool):   # a Python number per example: an array of them
        return Array(Shape((batch,)), {Int: "int64", Float: "float32", Bool: "bool"}[t])
    if t is not Array:
        return UNKNOWN
    shape = v.shape
    if shape.dims is not None:
        n = len(shape.dims)
        k = axis + n + 1 if axis < 0 else axis
        if not 0 <= k <= n:   # out_axes past the result's rank, the batch axis counted
            raise _out_of_range(axis, shape.show(), n, "given its batch axis at")
        return tensor_like(Array(Shape(shape.dims[:k] + (batch,) + shape.dims[k:]), v.dtype), v)
    if axis >= 0 and axis <= len(shape.prefix):
        return tensor_like(Array(Shape(shape.prefix[:axis] + (batch,) + shape.prefix[axis:], True, shape.suffix,
                                       shape.middle), v.dtype), v)
    return tensor_like(Array(Shape((), True), v.dtype), v)


def _vectorized(ctx: OpContext, call: Call, t: Transformed) -> Value:
    """``np.vectorize(f)(*arrays)``: ``f`` on one element of each (a 0-d array), its scalar result
    (or tuple of them) an array of the arguments' broadcast shape. A ``signature`` is a gufunc's:
    not read here (unknown)."""
    if type(t.option("signature", NONE)) is not NoneValue or t.option("excluded", NONE) is not NONE:
        return UNKNOWN
    arrays = [(a, as_array(a.value)) for a in list(call.args) + list(call.kwargs.values())]
    if any(array is None for _, array in arrays):
        return UNKNOWN
    shape = ctx.broadcast([(array.shape, a.text) for a, array in arrays], unknown_rank=True)
    element = [Arg(Array(Shape(()), as_array(a.value).dtype), a.text) for a in call.args]
    kwargs = {k: Arg(Array(Shape(()), as_array(a.value).dtype), a.text) for k, a in call.kwargs.items()}
    result = ctx.interp.call(ctx.node, t.func, element, kwargs)
    if shape is None:
        return UNKNOWN

    def spread(v: Value) -> Value:
        one = as_array(v)
        return Array(shape, one.dtype) if one is not None and one.shape.rank == 0 else UNKNOWN
    parts = known_items(result)
    return Tuple(tuple(spread(p) for p in parts)) if type(result) is Tuple and parts else spread(result)


def _grad_rule(kind: str) -> Rule:
    def rule(ctx: OpContext, call: Call, t: Transformed) -> Value:
        result = ctx.interp.call(ctx.node, t.func, list(call.args), dict(call.kwargs))
        value, extra = _split_aux(result, t)
        if type(value) is Array and value.shape.rank is not None and value.shape.rank > 0:
            ctx.fail("SC107", f"{ctx.op}: the function must return a scalar, but it returns shape "
                              f"{ctx.show_shape(value.shape)}")
        grads = _gradients(call.args, t.option("argnums", Int(0)))
        if kind == "grad":
            return grads if extra is None else Tuple((grads, extra))
        return Tuple((result, grads)) if kind == "value_and_grad" else Tuple((grads, result))
    return rule


def _split_aux(result: Value, t: Transformed) -> tuple[Value, Value | None]:
    """The function's value and, with ``has_aux``, its auxiliary data (None without)."""
    has_aux = t.option("has_aux", Bool(False))
    if not (type(has_aux) is Bool and has_aux.value is True):
        return result, None
    parts = known_items(result)
    return (parts[0], parts[1]) if parts is not None and len(parts) == 2 else (UNKNOWN, UNKNOWN)


def _jacobian(ctx: OpContext, call: Call, t: Transformed) -> Value:
    """``jacfwd``/``jacrev(f)(*args)``: for each output leaf and differentiated argument leaf, the
    output's dims then the argument's (``hessian``: the argument's twice); ``has_aux`` adds the aux."""
    value, aux = _split_aux(ctx.interp.call(ctx.node, t.func, list(call.args), dict(call.kwargs)), t)
    times = 2 if t.kind == "hessian" else 1
    wrt = _gradients(call.args, t.option("argnums", Int(0)))

    def per_output(out: Value) -> Value:
        out = as_array(out)
        if out is None or out.shape.dims is None:
            return UNKNOWN
        return _map_leaves(wrt, lambda g: Array(Shape(out.shape.dims + g.shape.dims * times), out.dtype)
                           if type(g) is Array and g.shape.dims is not None else UNKNOWN)
    jac = _map_leaves(value, per_output)
    return jac if aux is None else Tuple((jac, aux))


def _pullback(ctx: OpContext, call: Call, t: Transformed) -> Value:
    """The function ``vjp`` returns: a cotangent of the output in, one per primal out (a tuple)."""
    primals = t.option("primals", Tuple(()))
    return Tuple(tuple(_map_leaves(p, _cotangent) for p in known_items(primals) or ()))



def _cotangent(v: Value) -> Value:
    if type(v) is Array:
        return tensor_like(Array(v.shape, v.dtype), v)
    return Float() if type(v) in (Int, Float) else UNKNOWN


def _gradients(args: list, argnums: Value) -> Value:
    cotangent = _cotangent
    if type(argnums) is Int and type(argnums.dim) is int:
        k = argnums.dim
        return _map_leaves(args[k].value, cotangent) if -len(args) <= k < len(args) else UNKNOWN
    items = known_items(argnums)
    if items is None or not all(_axis(i) is not None and -len(args) <= _axis(i) < len(args) for i in items):
        return UNKNOWN
    return Tuple(tuple(_map_leaves(args[_axis(i)].value, cotangent) for i in items))


# == higher-order functions that call at once ========================================================


def scan(ctx: OpContext, call: Call) -> Value:
    """``lax.scan(f, init, xs, length=None)``: ``f(carry, x) -> (carry, y)`` on one slice of ``xs``;
    the final carry, and every ``y`` stacked along a new leading axis of the scan's length."""
    b = call.bind(("f", "init", "xs", "length", "reverse", "unroll"))
    if "f" not in b or "init" not in b:
        return UNKNOWN
    return _scan_steps(ctx, b["f"].value, b["init"], [b.get("xs") or Arg(NONE)], [Int(0)],
                       b["length"].value if "length" in b else NONE)


def _scan_steps(ctx: OpContext, f: Value, init: Arg, xs: list, specs: list, length: Value) -> Value:
    """One step of a scan: ``f(carry, *slices)``, each of ``xs`` sliced where its spec says; the
    carry joined with what the step made, the step's other output stacked over the scan's length."""
    sizes: list = []
    slices = []
    for arg, spec in zip(xs, specs):
        x = _unbatched(arg.value, spec, sizes)
        if x is None:
            return UNKNOWN
        slices.append(Arg(x, arg.text))
    steps = length.dim if type(length) is Int else sizes[0] if sizes else None
    if steps is None:
        return UNKNOWN
    parts = known_items(ctx.interp.call(ctx.node, f, [init] + slices, {}))
    if parts is None or len(parts) != 2:
        return UNKNOWN
    _same_carry(ctx, init.value, parts[0])
    return Tuple((ctx.interp.join_all([init.value, parts[0]]), _batched(parts[1], Int(0), steps)))


def _same_carry(ctx: OpContext, before: Value, after: Value) -> None:
    """A scan's carry keeps its shapes from step to step (JAX's TypeError otherwise): SC106."""
    pairs = [(before, after)]
    while pairs:
        a, b = pairs.pop()
        ia, ib = known_items(a), known_items(b)
        if ia is not None and ib is not None and len(ia) == len(ib):
            pairs.extend(zip(ia, ib))
            continue
        if type(a) is not Array or type(b) is not Array or a.shape.dims is None or b.shape.dims is None:
            continue
        if len(a.shape.dims) != len(b.shape.dims):
            ctx.fail("SC106", f"{ctx.op}: the carry must keep its shape, but it goes in as "
                              f"{ctx.show_shape(a.shape)} and comes out as {ctx.show_shape(b.shape)}")
        for x, y in zip(a.shape.dims, b.shape.dims):
            ctx.require(eq(x, y), "SC106", lambda: f"{ctx.op}: the carry must keep its shape, but it goes in "
                                                   f"as {ctx.show_shape(a.shape)} and comes out as "
                                                   f"{ctx.show_shape(b.shape)}")


def _scanned(ctx: OpContext, call: Call, t: Transformed) -> Value:
    """A module lifted by ``flax.linen.scan``: called with the carry and the scanned inputs, its
    ``__call__`` runs on one slice of each (``in_axes``; ``nn.broadcast``: not sliced)."""
    if not call.args:
        return UNKNOWN
    specs = _per_argument(t.option("in_axes", Int(0)), len(call.args) - 1)
    if specs is None:
        return UNKNOWN
    return _scan_steps(ctx, t.func, call.args[0], list(call.args[1:]), specs, t.option("length", NONE))


def _lifted(kind: str):
    """A module class lifted by ``flax.linen.vmap``/``scan``: building one builds the module, whose
    calls the transform then takes (``nn.scan(Block, length=4)(features=8)(carry, xs)``)."""
    def run(ctx: OpContext, call: Call, t: Transformed) -> Value:
        module = ctx.interp.call(ctx.node, t.func, list(call.args), dict(call.kwargs))
        return Transformed(kind, module, t.options, t.kwargs_mapped)
    return run


def lax_map(ctx: OpContext, call: Call) -> Value:
    """``lax.map(f, xs)``: ``f`` on one slice of ``xs``, its results stacked."""
    b = call.bind(("f", "xs", "batch_size"))
    if "f" not in b or "xs" not in b:
        return UNKNOWN
    sizes: list = []
    x = _unbatched(b["xs"].value, Int(0), sizes)
    if x is None or not sizes:
        return UNKNOWN
    y = ctx.interp.call(ctx.node, b["f"].value, [Arg(x, b["xs"].text)], {})
    return _batched(y, Int(0), sizes[0])


def cond(ctx: OpContext, call: Call) -> Value:
    """``lax.cond(pred, true_fun, false_fun, *operands)``: both branches run; their results joined."""
    if len(call.args) < 3:
        return UNKNOWN
    operands = call.args[3:]
    return ctx.interp.join_all([ctx.interp.call(ctx.node, f.value, list(operands), {}) for f in call.args[1:3]])


def switch(ctx: OpContext, call: Call) -> Value:
    """``lax.switch(index, branches, *operands)``: every branch runs; their results joined."""
    branches = known_items(call.args[1].value) if len(call.args) >= 2 else None
    if not branches:
        return UNKNOWN
    operands = call.args[2:]
    return ctx.interp.join_all([ctx.interp.call(ctx.node, f, list(operands), {}) for f in branches])


def fori_loop(ctx: OpContext, call: Call) -> Value:
    """``lax.fori_loop(lower, upper, body_fun, init_val)``: ``body_fun(i, val)`` once; the carry,
    whose shapes JAX requires to stay, joined with what one step made."""
    b = call.bind(("lower", "upper", "body_fun", "init_val"))
    if "body_fun" not in b or "init_val" not in b:
        return UNKNOWN
    init = b["init_val"]
    step = ctx.interp.call(ctx.node, b["body_fun"].value, [b["lower"], init], {})
    return ctx.interp.join_all([init.value, step])


def while_loop(ctx: OpContext, call: Call) -> Value:
    """``lax.while_loop(cond_fun, body_fun, init_val)``: the test and one step; the carry joined."""
    b = call.bind(("cond_fun", "body_fun", "init_val"))
    if len(b) < 3:
        return UNKNOWN
    init = b["init_val"]
    ctx.interp.call(ctx.node, b["cond_fun"].value, [init], {})
    step = ctx.interp.call(ctx.node, b["body_fun"].value, [init], {})
    return ctx.interp.join_all([init.value, step])


def tree_map(ctx: OpContext, call: Call) -> Value:
    """``jax.tree.map(f, tree, *rest)``: ``f`` on each leaf of ``tree`` (with the leaves of ``rest``
    at the same place), in a tree of the same structure. None is an empty subtree."""
    if len(call.args) < 2 or "is_leaf" in call.kwargs:
        return UNKNOWN
    f, tree, rest = call.args[0].value, call.args[1], call.args[2:]

    def walk(v: Value, others: list) -> Value:
        items = known_items(v)
        if items is not None:
            parts = [known_items(o) for o in others]
            if any(p is None or len(p) != len(items) for p in parts):
                return UNKNOWN
            return _rebuilt(v, [walk(x, [p[i] for p in parts]) for i, x in enumerate(items)])
        if type(v) is Dict:
            tables = [dict(o.items) if type(o) is Dict else None for o in others]
            if any(t is None for t in tables):
                return UNKNOWN
            return Dict(tuple((k, walk(x, [t.get(k, UNKNOWN) for t in tables])) for k, x in v.items), v.complete)
        if type(v) is NoneValue:
            return v
        if type(v) is Unknown or type(v) is List:
            return UNKNOWN   # a tree of unknown structure
        return ctx.interp.call(ctx.node, f, [Arg(v, tree.text)] + [Arg(o) for o in others], {})
    return walk(tree.value, [a.value for a in rest])


def tree_leaves(ctx: OpContext, call: Call) -> Value:
    """``jax.tree.leaves(tree)``: the leaves in order, None subtrees dropped (a list)."""
    if not call.args or "is_leaf" in call.kwargs:
        return UNKNOWN
    leaves = _leaves(call.args[0].value)
    return List(tuple(leaves)) if leaves is not None else List(None)


def _leaves(tree: Value) -> list | None:
    """A tree's leaves in JAX's order (None subtrees dropped); None where some node is not known."""
    leaves: list = []

    def walk(v: Value) -> bool:
        items = known_items(v)
        if items is not None:
            return all(walk(x) for x in items)
        if type(v) is Dict:   # JAX orders a dict's leaves by sorted key
            return all(walk(x) for _, x in sorted(v.items, key=lambda kv: str(kv[0])))
        if type(v) is NoneValue:
            return True
        if type(v) is Unknown or type(v) is List:
            return False
        leaves.append(v)
        return True
    return leaves if walk(tree) else None


def ravel_pytree(ctx: OpContext, call: Call) -> Value:
    """``jax.flatten_util.ravel_pytree(tree)``: every leaf raveled into one 1-D array (of the leaves'
    promoted dtype), and the function that unravels it (not modelled: its calls are unknown)."""
    if not call.args:
        return UNKNOWN
    leaves = _leaves(call.args[0].value)
    arrays = [as_array(v) for v in leaves] if leaves is not None else None
    if arrays is None or any(a is None or a.shape.dims is None for a in arrays):
        return Tuple((Array(Shape((ctx.fresh("size"),))), UNKNOWN))
    total = functools.reduce(D.add, (D.product(a.shape.dims) for a in arrays), 0)
    dtype = functools.reduce(promote, (a.dtype for a in arrays), None) if all(a.dtype for a in arrays) else None
    return Tuple((Array(Shape((total,)), dtype), UNKNOWN))


def functional_call(ctx: OpContext, call: Call) -> Value:
    """``torch.func.functional_call(module, parameters, args, kwargs=None)``: ``module(*args, **kwargs)``
    (the parameters replace the module's own, of the same shapes)."""
    b = call.bind(("module", "parameter_and_buffer_dicts", "args", "kwargs"))
    if "module" not in b:
        return UNKNOWN
    given = b["args"].value if "args" in b else Tuple(())
    args = [Arg(v) for v in known_items(given)] if type(given) is Tuple else [b["args"]]
    extra = b["kwargs"].value if "kwargs" in b else None
    kwargs = {k: Arg(v) for k, v in extra.items if type(k) is str} if type(extra) is Dict else {}
    return ctx.interp.call(ctx.node, b["module"].value, args, kwargs)


def checkpoint(ctx: OpContext, call: Call) -> Value:
    """``torch.utils.checkpoint.checkpoint(function, *args, use_reentrant=..., **kwargs)``: ``function(*args, **kwargs)``."""
    if not call.args:
        return UNKNOWN
    own = ("use_reentrant", "preserve_rng_state", "context_fn", "determinism_check", "debug")
    kwargs = {k: a for k, a in call.kwargs.items() if k not in own}
    return ctx.interp.call(ctx.node, call.args[0].value, list(call.args[1:]), kwargs)


def apply_along_axis(ctx: OpContext, call: Call) -> Value:
    """``np.apply_along_axis(func1d, axis, arr, *args, **kwargs)``: ``func1d`` on one 1-D slice; its
    result's dims take the axis's place."""
    if len(call.args) < 3:
        return UNKNOWN
    axis, arr = _axis(call.args[1].value), as_array(call.args[2].value)
    if axis is None or arr is None or arr.shape.dims is None:
        return UNKNOWN
    dims = arr.shape.dims
    k = normalize_axis(ctx, axis, len(dims))
    line = Arg(Array(Shape((dims[k],)), arr.dtype), call.args[2].text)
    out = as_array(ctx.interp.call(ctx.node, call.args[0].value, [line] + list(call.args[3:]), dict(call.kwargs)))
    if out is None or out.shape.dims is None:
        return UNKNOWN
    return Array(Shape(dims[:k] + out.shape.dims + dims[k + 1:]), out.dtype)


def jvp(ctx: OpContext, call: Call) -> Value:
    """``jvp(fun, primals, tangents)``: the output and its tangent, of the output's shapes."""
    b = call.bind(("fun", "primals", "tangents"))
    primals = known_items(b["primals"].value) if "primals" in b else None
    if "fun" not in b or primals is None:
        return UNKNOWN
    out = ctx.interp.call(ctx.node, b["fun"].value, [Arg(p) for p in primals], {})
    return Tuple((out, _map_leaves(out, _cotangent)))


def vjp(ctx: OpContext, call: Call) -> Value:
    """``vjp(fun, *primals, has_aux=False)``: the output and its pullback (with ``has_aux``, the aux last)."""
    if not call.args:
        return UNKNOWN
    primals = call.args[1:]
    out = ctx.interp.call(ctx.node, call.args[0].value, list(primals), {})
    pullback = Transformed("pullback", call.args[0].value, (("primals", Tuple(tuple(p.value for p in primals))),))
    aux = call.kwargs.get("has_aux")
    if aux is not None and type(aux.value) is Bool and aux.value.value is True:
        parts = known_items(out)
        if parts is None or len(parts) != 2:
            return UNKNOWN
        return Tuple((parts[0], pullback, parts[1]))
    return Tuple((out, pullback))


def autograd_grad(ctx: OpContext, call: Call) -> Value:
    """``torch.autograd.grad(outputs, inputs, ...)``: one gradient per input, each its shape, as a tuple."""
    b = call.bind(("outputs", "inputs"))
    if "inputs" not in b:
        return UNKNOWN
    inputs = b["inputs"].value
    items = known_items(inputs) if type(inputs) is not Array else (inputs,)
    return UNKNOWN if items is None else Tuple(tuple(_cotangent(v) for v in items))


HIGHER_ORDER: dict[str, Rule] = {
    "jax.jvp": jvp, "torch.func.jvp": jvp, "jax.vjp": vjp, "torch.func.vjp": vjp,
    "torch.autograd.grad": autograd_grad,
    "numpy.apply_along_axis": apply_along_axis,
    "jax.lax.scan": scan, "jax.lax.map": lax_map, "jax.lax.cond": cond, "jax.lax.switch": switch,
    "jax.lax.fori_loop": fori_loop, "jax.lax.while_loop": while_loop,
    "jax.tree.map": tree_map, "jax.tree_util.tree_map": tree_map, "jax.tree_map": tree_map,
    "jax.tree.leaves": tree_leaves, "jax.tree_util.tree_leaves": tree_leaves, "jax.tree_leaves": tree_leaves,
    "torch.utils.checkpoint.checkpoint": checkpoint, "torch.func.functional_call": functional_call,
    # the shapes ``fun(*args)`` gives, as ShapeDtypeStructs: they read like the arrays (.shape, .dtype)
    "jax.eval_shape": checkpoint,
    "jax.flatten_util.ravel_pytree": ravel_pytree,
}


_KINDS = {"vmap": _vmap, "vectorize": _vectorized, "jacobian": _jacobian, "hessian": _jacobian, "pullback": _pullback,
          "scan": _scanned, "lifted_vmap": _lifted("vmap"), "lifted_scan": _lifted("scan")}


# == trees ===========================================================================================


def _rebuilt(like: Value, items: list) -> Value:
    if type(like) is Tuple:
        return Tuple(tuple(items), fields=like.fields)
    return List(tuple(items), is_tuple=like.is_tuple)


def _map_leaves(v: Value, f: Callable[[Value], Value]) -> Value:
    items = known_items(v)
    if items is not None:
        return _rebuilt(v, [_map_leaves(x, f) for x in items])
    if type(v) is Dict:
        return Dict(tuple((k, _map_leaves(x, f)) for k, x in v.items), v.complete)
    if type(v) is NoneValue:
        return v
    return f(v)
