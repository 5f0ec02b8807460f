"""Where the interpreter meets the rule tables: calls, operators and array attributes."""

from __future__ import annotations

from dataclasses import replace

import ast

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, matrix_transposed, transposed
from ..core.context import Arg, Call, OpContext, ShapeError
from ..core.join import element_of
from ..core.shape_tuples import rank_value, shape_value
from ..core.values import (LAYER_BASE, NONE, UNKNOWN, Array, Class, Dict, Instance, Int, LibraryObject, List, Method, ShapeTuple, Str,
                           TorchModule, Tuple, Unknown, Value, tensor_like, Float, Bool, NoneValue)
from .args import TABLE_LIBRARIES, is_none, names_one_size
from .kinds import Rule, real_part, ufunc
from .library_names import canonical_library
from .nn_modules import layer_attribute as module_layer_attribute
from .numpy import ARRAY_METHOD_RULES, ARRAY_METHODS, CONSTANTS, NUMPY, ufunc_method
from .pymath import MATH, MATH_CONSTANTS
from .strings import STR_METHODS, str_method
from .torch_distributions import is_distribution
from .torch_distributions import method as distribution_method
from .torch import LAYER_CALLS, SELF_METHODS, TORCH, TORCH_CONSTANTS, module_attribute, tensor_attribute, tensor_method
from .torch_nn import LAYERS
from . import nn_containers as NK
from . import einops
from .einx import EINX
from . import flax
from .jax import JAX
from .lax import LAX
from .flax_layers import module_entry
from .transforms import HIGHER_ORDER, MAKERS, Transformed, call_transformed
from ..core.spmd import ParallelLayer, PreparedModule, ShardedLayer, SpmdFunction
from .spmd_jax import JAX_SPMD, call_spmd
from .spmd_numpy import NUMPY_SPMD
from .spmd_ops import has_placement, transposed_placement, with_placements
from .spmd_torch import TORCH_SPMD, call_parallel, call_prepared, call_sharded, placed_layer_attribute

#: Every library's table, by qualified name. torch/jax tables join here.
TABLE: dict[str, Rule] = dict(NUMPY)
TABLE.update(TORCH)
TABLE.update(MATH)
TABLE.update(einops.EINOPS)
TABLE.update(EINX)
LAYERS.update(einops.LAYERS)  # einops' torch layers are nn.Modules: nn.Sequential runs them too
TORCH_LAYERS = frozenset(LAYER_CALLS)   # torch.nn's kinds alone (a project class may extend one)
LAYER_CALLS = {**LAYER_CALLS, **einops.LAYER_CALLS}
TABLE.update(flax.FLAX)
TABLE.update(JAX)
TABLE.update(LAX)
LAYER_CALLS = {**LAYER_CALLS, **flax.LAYER_CALLS}   # kinds are qualified (flax.linen.Dense): no torch kind is shadowed
TABLE.update(JAX_SPMD)
TABLE.update(TORCH_SPMD)
TABLE.update(NUMPY_SPMD)
TABLE.update(MAKERS)
TABLE.update(HIGHER_ORDER)

#: The values a call dispatches to a rule (the others are the interpreter's: functions, classes, built-ins).
RULE_CALLEES = (LibraryObject, Method, TorchModule, SpmdFunction, ParallelLayer, ShardedLayer, PreparedModule,
                Transformed)


def library_value(qualname: str) -> Value:
    """What ``np.<name>`` is: a constant (``np.newaxis``, ``np.pi``) or a library object, by the name
    its table knows it by (``jax.numpy.pi`` is ``numpy.pi``)."""
    qualname = canonical_library(qualname)
    constant = CONSTANTS.get(qualname) or MATH_CONSTANTS.get(qualname) or TORCH_CONSTANTS.get(qualname)
    return constant if constant is not None else LibraryObject(qualname)


def lookup_rule(func: Value, args: list[Arg]) -> tuple[str, Rule | None, list[Arg]]:
    """The rule for calling ``func`` and the arguments it takes (a method's receiver comes first);
    on placed arrays, the rule also places its result (spmd_ops.py)."""
    name, rule, call_args = _lookup_rule(func, args)
    if rule is not None and has_placement(call_args):
        rule = with_placements(name, rule)
    return name, rule, call_args


def _lookup_rule(func: Value, args: list[Arg]) -> tuple[str, Rule | None, list[Arg]]:
    if type(func) is LibraryObject:
        return func.qualname, TABLE.get(func.qualname) or ufunc_method(func.qualname), args
    if type(func) is TorchModule:  # a built nn layer: layer(x)
        return func.kind, LAYER_CALLS.get(func.kind), [Arg(func)] + args
    if type(func) is Transformed:  # jax.vmap(f)(x), jax.grad(f)(w)
        return func.kind, call_transformed(func), args
    if type(func) is SpmdFunction:  # shard_map(f, ...)(x)
        return "shard_map", call_spmd(func), args
    if type(func) is ParallelLayer:  # a layer after parallelize_module (its rank's product is logged apart)
        return f"tensor_parallel.{func.layer.kind}", call_parallel(func), args
    if type(func) is ShardedLayer:  # a layer after fully_shard
        return "fully_shard", call_sharded(func), args
    if type(func) is PreparedModule:  # SequenceParallel / PrepareModuleInput / PrepareModuleOutput
        return "parallelize_module", call_prepared(func), args
    if type(func) is Method:
        receiver = func.receiver
        if type(receiver) is Array and receiver.tensor:
            return f"Tensor.{func.name}", tensor_method(func.name), [Arg(receiver, func.text)] + args
        if type(receiver) is Array:
            rule = ARRAY_METHOD_RULES.get(func.name)
            target = ARRAY_METHODS.get(func.name)
            if rule is None and target is not None:
                rule = TABLE.get(target)
            if rule is None and target is None:
                # NumPy has no such method: a tensor whose tensor-ness was not tracked (x.dim(), x.view(...))
                rule = tensor_method(func.name)
            elif rule is not None and tensor_method(func.name) is not None:
                rule = _either_library(rule, tensor_method(func.name))
            shape = receiver.shape
            if rule is not None and shape.dims is None and not shape.prefix and not shape.suffix \
                    and func.name in _WHOLE_REDUCTIONS:
                rule = _of_any_array_like(rule)
            return f"ndarray.{func.name}", rule, [Arg(receiver, func.text)] + args
        if type(receiver) is LibraryObject:
            name = f"{receiver.qualname}.{func.name}"
            return name, TABLE.get(name), args
        if type(receiver) in (Instance, TorchModule) and func.name in CHILD_METHODS:
            return f"nn.Module.{func.name}", _children(receiver, CHILD_METHODS[func.name]), args
        if type(receiver) in (Instance, TorchModule) and func.name in DESCENDANT_METHODS:
            return f"nn.Module.{func.name}", _descendants(receiver, DESCENDANT_METHODS[func.name]), args
        if type(receiver) is TorchModule:
            if is_distribution(receiver):   # Categorical(logits=l).sample()
                return f"{receiver.kind}.{func.name}", distribution_method(receiver, func.name), args
            if func.name == "forward" or func.name == "__call__":   # (nnx's layers are called by __call__)
                return receiver.kind, LAYER_CALLS.get(receiver.kind), [Arg(receiver)] + args
            return f"{receiver.kind}.{func.name}", _itself(receiver) if func.name in SELF_METHODS else None, args
        if type(receiver) is Instance and func.name in flax.MODULE_ENTRIES and flax.is_linen_module(receiver.cls):
            return f"flax.linen.Module.{func.name}", module_entry(receiver, func.name), args
        if type(receiver) is Instance and func.name in SELF_METHODS:
            return f"{receiver.cls.qualname}.{func.name}", _itself(receiver), args
        if type(receiver) is Instance and func.name in REGISTRARS:
            return f"{receiver.cls.qualname}.{func.name}", _register(receiver), args
        if type(receiver) is Instance and func.name == "load_state_dict":
            return f"{receiver.cls.qualname}.{func.name}", _load_state_dict(receiver), args
        base = layer_base(receiver.cls) if type(receiver) is Instance and func.name == "__init__" else None
        if base is not None:
            return base.qualname, _build_base(receiver, base), args   # (its findings are the layer's)
        if type(receiver) is Unknown and func.name in RESHAPES_OF_UNKNOWN:
            return f"unknown.{func.name}", _reshaped_unknown(receiver.tensor or func.name == "view"), args
        if type(receiver) is Dict and func.name in DICT_VIEWS:
            return f"dict.{func.name}", dict_view(receiver, func.name), args
        if type(receiver) is List and func.name == "pop":
            return "list.pop", _popped(receiver), args
        if type(receiver) is Str and func.name in STR_METHODS:
            return f"str.{func.name}", str_method(receiver, func.name), args
        return f"{type(receiver).__name__.lower()}.{func.name}", None, args
    return "?", None, args


#: The methods that reduce an ndarray or a tensor whole (no ``axis``) to one 0-d value, and a
#: pandas DataFrame to a Series: one value per column.
_WHOLE_REDUCTIONS = frozenset(("sum", "prod", "max", "min", "mean", "std", "var", "all", "any"))


def _of_any_array_like(rule: Rule) -> Rule:
    """A whole reduction of an array nothing is known of but that it is one: it may stand for any
    array-like, as a NumPy ufunc gives a value of unknown kind back in its own type (``np.abs(df)``
    is a DataFrame), so its ``sum()`` is 0-d or one value per column: of unknown shape (causalml's
    ``(np.abs(diffs) > tol).sum()[0]``, a DataFrame's first column, was a false SC105) -- in a module
    that imports a library of such tables. An axis given reduces every kind alike; an array with a
    dim known (``Float[np.ndarray, "*b 5"]``) is one."""

    def rule_of_any(ctx: OpContext, call: Call) -> Value:
        result = rule(ctx, call)
        if not TABLE_LIBRARIES & ctx.interp.module.libraries:
            return result   # (no table in a module of arrays alone: flax's ``loss.mean()`` is 0-d)
        axis = call.args[1] if len(call.args) > 1 else call.kwargs.get("axis", call.kwargs.get("dim"))
        if type(result) is Array and result.shape.dims == () and (axis is None or is_none(axis)):
            return Array(UNKNOWN_SHAPE, result.dtype, None, result.tensor)
        return result

    return rule_of_any


def _either_library(numpy_rule: Rule, torch_rule: Rule) -> Rule:
    """A method both ndarray and Tensor have, on an array not known to be a tensor (``Array.tensor`` is
    False for NumPy arrays and for arrays whose library was lost, e.g. ``a, b = x.shape`` on an ``x``
    annotated only ``torch.Tensor``). The two may differ: ``x.transpose(1, 2)`` swaps two dims in torch
    but is NumPy's "axes don't match array" on a 4-d array. In a module that imports torch, or no array
    library at all (mmsegmentation's ``shape_convert.py`` imports nothing, and its arrays are its
    callers' tensors), a call that fails under NumPy's meaning and holds under torch's is torch's;
    NumPy's error stands when torch's meaning fails too, or when the module imports NumPy (or JAX) alone."""

    def rule(ctx: OpContext, call: Call) -> Value:
        if _torch_only(call):   # NumPy's method raises TypeError on these: the array is a tensor
            return torch_rule(ctx, call)
        if not _imports_torch(ctx) and {"numpy", "jax"} & ctx.interp.module.libraries:
            return numpy_rule(ctx, call)
        try:
            return numpy_rule(ctx, call)
        except ShapeError as numpy_error:
            try:
                return torch_rule(ctx, call)
            except ShapeError:
                raise numpy_error from None
    return rule


#: Keywords of Tensor methods that no ndarray method takes (NumPy's are ``axis``/``keepdims``):
#: ``x.mean(dim=2)`` there is a TypeError, so the call is torch's, not a mean over every axis.
TORCH_ONLY_KEYWORDS = frozenset({"dim", "keepdim"})


#: ndarray methods and the argument values NumPy never takes in their positions (a TypeError there), where
#: torch's same-named method takes them: ``ndarray.view`` takes a dtype or a type, not sizes;
#: ``ndarray.flatten`` takes only ``order``, a string, not ``start_dim``/``end_dim``.
TORCH_ONLY_ARGUMENTS = {"ndarray.view": (Int, Tuple, List), "ndarray.flatten": (Int,)}


def _torch_only(call: Call) -> bool:
    """Whether a call only torch's meaning takes: a torch-only keyword, or an argument NumPy's method
    does not take (``TORCH_ONLY_ARGUMENTS``). In a module importing numpy and torch, diffusers'
    HunyuanVideo15 downsample read ``x.view(B, C, g, T, H, W).mean(dim=2)`` as NumPy's and got a 0-d
    array; transformers' LLaVA-OneVision read ``image_feature.flatten(1, 2)`` as NumPy's ravel and
    its ``.transpose(0, 1)`` failed on a 1-d array."""
    if TORCH_ONLY_KEYWORDS & call.kwargs.keys():
        return True
    kinds = TORCH_ONLY_ARGUMENTS.get(call.name)
    return kinds is not None and any(type(a.value) in kinds and not _fields(a.value) for a in call.args[1:])


def _fields(v: Value) -> bool:
    """Whether ``v`` is a list of a structured dtype's fields, ``[("x", "f8"), ("y", "i4")]``, which
    ``ndarray.view`` takes (scikit-learn's ``X.view([("", X.dtype)] * X.shape[1])``, rows as records)."""
    return type(v) in (List, Tuple) and bool(v.items) and all(type(i) is Tuple for i in v.items)


def _imports_torch(ctx: OpContext) -> bool:
    """Whether the module may hold tensors: it imports torch anywhere (inside an ``if`` on a soft
    dependency, as sktime's ltsf layers do, or a function), imports it by name (sktime's
    ``torch = _safe_import("torch")``, ``importlib.import_module("torch.nn")``), or its names hold
    torch's objects."""
    module = ctx.interp.module
    return "torch" in module.libraries or "torch" in module.imported_by_name or \
        any(type(v) is LibraryObject and v.qualname.split(".", 1)[0] == "torch" for v in module.env.values())


def _itself(receiver: Value) -> Rule:
    return lambda ctx, call: receiver


def _popped(receiver: List) -> Rule:
    """``xs.pop()``, ``xs.pop(i)``: an item of the list (the one at ``i`` where both are known)."""
    def rule(ctx: OpContext, call: Call) -> Value:
        items, at = receiver.items, call.args[0].value if call.args else Int(-1)
        if items is not None and type(at) is Int and type(at.dim) is int and -len(items) <= at.dim < len(items):
            return items[at.dim]
        return element_of(receiver)
    return rule


#: The views of a dict: what iterating each gives, from a key and its value.
DICT_VIEWS = {"items": lambda k, v: Tuple((_key(k), v)), "values": lambda k, v: v, "keys": lambda k, v: _key(k)}


def _key(k: str | int) -> Value:
    return Str(k) if type(k) is str else Int(k)


#: the methods that give an unknown value (a custom kernel's output) the shape they are given whole
RESHAPES_OF_UNKNOWN = frozenset({"view", "reshape"})


def _reshaped_unknown(tensor: bool) -> Rule:
    """``out.view(original_shape)`` of a value the analysis does not know (what an unmodelled op
    returned: transformers' xIELU CUDA kernel): an array of that shape, as a reshape of a known array
    would be (``out.view(size[0], size[1], -1)``: the ``-1`` a size of its own). A tensor where the
    value was taken for one or the method is torch's alone (NumPy's ``view`` takes a dtype); else
    NumPy's array, whose methods (``.dot`` of 2-d operands) are the laxer."""
    def rule(ctx: OpContext, call: Call) -> Value:
        if len(call.args) == 1 and not call.kwargs and type(call.args[0].value) is ShapeTuple:
            # ``q.reshape((*input_shape, -1, head_dim))``: the -1 is a size of its own here too (kept
            # as -1, the next reshape of ``q.shape[:-1]`` with a -1 of its own held two: a false SC110)
            shape = call.args[0].value.shape
            sizes = shape.prefix + shape.suffix
            if sum(d == -1 for d in sizes) > 1 or any(type(d) is int and d < -1 for d in sizes):
                return UNKNOWN
            fresh = lambda dims: tuple(ctx.fresh("d") if d == -1 else d for d in dims)
            return Array(replace(shape, prefix=fresh(shape.prefix), suffix=fresh(shape.suffix)), None, None, tensor)
        if call.kwargs or not call.args:
            return UNKNOWN
        arg = call.args[0] if len(call.args) == 1 else Arg(Tuple(tuple(a.value for a in call.args)), "")
        items = arg.value.items if type(arg.value) in (Tuple, List) else (arg.value,)
        if items is None or any(type(v) is not Int or (type(v.dim) is int and v.dim < -1) for v in items) \
                or sum(v.dim == -1 for v in items) > 1:
            return UNKNOWN   # (a non-int is no shape: ``view(dtype)``)
        # the size a ``-1`` takes is the input's, which is not known: a size of its own
        return Array(Shape(tuple(ctx.fresh("d") if v.dim == -1 else v.dim for v in items)), None, None, tensor)
    return rule


def dict_view(receiver: Dict, name: str) -> Rule:
    """``d.items()``, ``d.values()``, ``d.keys()`` of a dict whose every entry is known
    (``Dict.complete``): its entries in order, so ``for k, v in d.items()`` runs once per entry; of
    any other dict, unknown (an entry the analysis dropped would be missed)."""
    entry = DICT_VIEWS[name]
    return lambda ctx, call: List(tuple(entry(k, v) for k, v in receiver.items)) if receiver.complete else UNKNOWN


#: ``nn.Module`` methods that attach a value to the module under a name (``self.register_buffer(
#: "mask", torch.ones(n, n))`` makes ``self.mask`` that tensor).
REGISTRARS = {"register_buffer": ("name", "tensor"), "register_parameter": ("name", "param"),
              "add_module": ("name", "module"), "register_module": ("name", "module")}


def _register(receiver: Instance) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(REGISTRARS[call.name.rsplit(".", 1)[-1]])
        name = bound.get("name")
        if name is not None and type(name.value) is Str and name.value.value is not None:
            value = next((a.value for key, a in bound.items() if key != "name"), UNKNOWN)
            receiver.attrs[name.value.value] = value
        return NONE
    return rule


def _load_state_dict(receiver: Instance) -> Rule:
    """``m.load_state_dict(sd, assign=True)``: the module's parameters become the dict's tensors (its
    entries known by name replace them; torchao's resharding test loads weights of another layout so).
    Without ``assign`` the values are copied into the parameters, whose shapes stay."""
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(("state_dict", "strict", "assign"))
        assign, entries = bound.get("assign"), bound.get("state_dict")
        if assign is None or type(assign.value) is not Bool or assign.value.value is not True or entries is None:
            return UNKNOWN
        if type(entries.value) is Dict:
            for key, value in entries.value.items:
                if type(key) is str and type(receiver.attrs.get(key)) is Array:
                    receiver.attrs[key] = value if type(value) is Array else Array(UNKNOWN_SHAPE)
        return UNKNOWN
    return rule


def inherited_member(obj: Instance, attr: str) -> Value | None:
    """A library base class's method on a user object: ``model.to(device)`` and ``model.eval()`` on an
    ``nn.Module`` subclass return the model; ``register_buffer`` and its kin attach a value."""
    if (attr in SELF_METHODS or attr in REGISTRARS or attr in CHILD_METHODS or attr in DESCENDANT_METHODS
            or attr == "load_state_dict") and _derives_from(obj.cls, "torch.nn.Module"):
        return Method(obj, attr)
    return None


def layer_base(cls: Class, depth: int = 0) -> LibraryObject | None:
    """The torch.nn layer class a project class extends, through its project bases (``nn.LayerNorm``
    for ``class LayerNorm2d(nn.LayerNorm)``); None where it extends none the tables model."""
    for base in cls.bases:
        if _is_torch_layer(base):
            return base
        if type(base) is Class and depth < 20:
            found = layer_base(base, depth + 1)
            if found is not None:
                return found
    return None


_NN = "torch.nn."
#: Flax NNX's layers, which a project class extends as it does torch's (``class ScaledEmbed(nnx.Embed)``,
#: whose ``super().__call__(x)`` is the layer's call); their kinds are their qualified names.
_NNX_LAYERS = frozenset(kind for kind in flax.LAYERS if kind.startswith("flax.nnx."))


def _is_torch_layer(value: Value) -> bool:
    """Whether ``value`` is a layer class the tables model that a project class may extend
    (``nn.LayerNorm``, ``nnx.Embed``)."""
    return type(value) is LibraryObject and (value.qualname.startswith(_NN) and value.qualname[len(_NN):] in TORCH_LAYERS
                                             or value.qualname in _NNX_LAYERS)


def _layer_kind(base: LibraryObject) -> str:
    """The kind of the layer a base class builds (torch's by its name under torch.nn)."""
    return base.qualname[len(_NN):] if base.qualname.startswith(_NN) else base.qualname


def base_layer_member(ctx: OpContext, obj: Instance, attr: str, base: LibraryObject) -> Value | None:
    """``self.weight``, ``self.normalized_shape``, ``super().forward`` of a torch layer's subclass
    (``base``, its :func:`layer_base`): the built base layer's (None where its base built none).
    ``__init__`` builds it: ``super().__init__(dim, eps=eps)`` is the base's constructor call."""
    if attr == "__init__":
        return Method(obj, attr)
    layer = obj.attrs.get(LAYER_BASE)
    if type(layer) is not TorchModule and LAYER_BASE not in obj.attrs:
        # an object no constructor built (the stand-in for any of a class without one): a layer of
        # the base's kind whose arguments are not known
        layer = TorchModule(_layer_kind(base))
    return layer_attribute(ctx, layer, attr) if type(layer) is TorchModule else None


def builds_layer(func: Value) -> bool:
    """Whether calling ``func`` builds a torch layer (``nn.LayerNorm``, or ``super().__init__`` of a
    layer's subclass): a call with arguments of unknown number still builds it, each parameter they
    may fill unknown (nn_modules.construct)."""
    if type(func) is LibraryObject:
        return _is_torch_layer(func)
    return (type(func) is Method and func.name == "__init__" and type(func.receiver) is Instance
            and layer_base(func.receiver.cls) is not None)


def unbuilt_layer(cls: Class, fresh) -> TorchModule | None:
    """The base layer of the object a class's methods are analysed with where the class has no
    constructor of its own (timm's ``class Linear(nn.Linear)`` with a forward alone): its size
    arguments (``in_features``, ``num_channels``) are dims named so, its others not known."""
    base = layer_base(cls)
    if base is None:
        return None
    kind = _layer_kind(base)
    layer = LAYERS.get(kind) or flax.LAYERS.get(kind)
    names = [name for name in (layer.params if layer is not None else ()) if names_one_size(name)]
    return TorchModule(kind, tuple((name, Int(fresh(name))) for name in names))


def build_base_layer(ctx: OpContext, obj: Instance, call: Call, base: LibraryObject) -> None:
    """Build ``base``, the torch layer ``obj``'s class extends, with a call's arguments (its
    ``super().__init__``, or the class's construction where it defines no ``__init__``), kept as its
    :data:`LAYER_BASE`."""
    rule = TABLE.get(base.qualname)
    layer = rule(ctx, call) if rule is not None else UNKNOWN
    obj.attrs[LAYER_BASE] = layer if type(layer) is TorchModule else UNKNOWN


def _build_base(receiver: Instance, base: LibraryObject) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        build_base_layer(ctx, receiver, call, base)
        return NONE
    return rule


#: ``m.children()`` and ``m.named_children()``: whether each gives names
CHILD_METHODS = {"children": False, "named_children": True}
#: ``m.modules()`` / ``m.named_modules()``: the module itself, then every module below it
DESCENDANT_METHODS = {"modules": False, "named_modules": True}


def _children(receiver: Value, named: bool) -> Rule:
    return lambda ctx, call: NK.children(NK.registered(receiver, _is_module), named)


def _descendants(receiver: Value, named: bool) -> Rule:
    """``m.modules()`` / ``m.named_modules()``: ``m`` and the modules below it in torch's order (each
    once, named by its dotted path), so a loop over them reaches the objects themselves: torchao's
    ``setattr(module, "w1", quantized)`` over ``model.named_modules()`` replaced the weight the
    forward then reads (taken for unknown modules, the old transposed weight stayed: a false SC110).
    Unknown where some attribute may or may not be a module."""
    def rule(ctx: OpContext, call: Call) -> Value:
        if call.args or call.kwargs:   # (a prefix, a memo: their names are not modelled)
            return List(None)
        found: list = []
        seen: set[int] = set()

        def walk(module: Value, path: str, depth: int) -> bool:
            if id(module) in seen:
                return True
            seen.add(id(module))
            found.append((path, module))
            layers = NK.registered(module, _is_module) if type(module) is Instance or (
                type(module) is TorchModule and _holds_modules(module)) else Tuple(())
            if layers is None or depth > 32:
                return False
            return all(walk(child, f"{path}.{name}" if path else name, depth + 1) for name, child in layers.items)

        if not walk(receiver, "", 0):
            return List(None)
        return List(tuple(Tuple((Str(p), m)) for p, m in found) if named else tuple(m for _, m in found))
    return rule


def _holds_modules(layer: TorchModule) -> bool:
    """Whether a torch layer has modules of its own (a container, attention's projection, the
    transformer blocks): a Linear, a Conv2d, a norm or an activation has none."""
    return layer.kind in ("Sequential", "ModuleList", "ModuleDict", "MultiheadAttention") \
        or layer.kind.startswith("Transformer")


def _is_module(v: Value) -> bool | None:
    """Whether an attribute's value is a registered submodule; None where it may or may not be one (an
    object of unknown kind, a list or dict of layers: an nn.ModuleList or a plain list)."""
    t = type(v)
    if t is TorchModule:
        return not is_distribution(v) and v.kind != "PackedSequence"
    if t is Instance:
        return _derives_from(v.cls, "torch.nn.Module")
    if t in (Array, Int, Float, Bool, Str, NoneValue, Tuple):
        return False
    if t is List and v.items is not None and not any(type(i) in (TorchModule, Instance) for i in v.items):
        return False
    if t is Dict and not any(type(i) in (TorchModule, Instance) for _, i in v.items):
        return False
    return None


def _derives_from(cls: Class, qualname: str, depth: int = 0) -> bool:
    for base in cls.bases:
        if type(base) is LibraryObject and (base.qualname == qualname or qualname == "torch.nn.Module" and _is_torch_layer(base)):
            return True
        if type(base) is Class and depth < 20 and _derives_from(base, qualname, depth + 1):
            return True
    return False


_OPERATOR_RULES: dict[type, Rule] = {
    ast.MatMult: NUMPY["numpy.matmul"],
    ast.Div: ufunc(2, "float"),
    ast.Eq: ufunc(2, "bool"), ast.NotEq: ufunc(2, "bool"), ast.Lt: ufunc(2, "bool"),
    ast.LtE: ufunc(2, "bool"), ast.Gt: ufunc(2, "bool"), ast.GtE: ufunc(2, "bool"),
}
_ELEMENTWISE = ufunc(2)
#: Operators by the op name placement propagation knows them by (spmd_ops.PROPAGATION).
_OPERATOR_NAMES = {ast.MatMult: "matmul", ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply",
                   ast.Div: "divide", ast.Pow: "power", ast.FloorDiv: "floor_divide"}


def apply_operator(ctx: OpContext, op: type, left: Arg, right: Arg) -> Value:
    rule = _OPERATOR_RULES.get(op, _ELEMENTWISE)
    if has_placement([left, right]):
        rule = with_placements(_OPERATOR_NAMES.get(op, "multiply"), rule)
    result = rule(ctx, Call(ctx.op, [left, right]))
    return tensor_like(result, left.value, right.value)


#: Attributes that NumPy arrays and torch tensors have (not methods): reading one off a value of
#: unknown kind says it may be an array, so the value is not taken for a config object.
ARRAY_ATTRIBUTES = frozenset((
    "shape", "ndim", "size", "T", "mT", "H", "mH", "real", "imag", "dtype", "flat", "flags", "strides",
    "ctypes", "data", "base", "itemsize", "nbytes", "device", "grad", "grad_fn", "is_cuda", "is_leaf",
    "requires_grad", "layout", "names",
))


#: Method names Python's own objects have (``list.sort``, ``str.split``, ``dict.copy``) and those an
#: ``nn.Module`` has beside a tensor's (``.to``, ``.float``, ``.cuda`` stay: modules are rarely a
#: method's argument, tensors nearly always): calling one says nothing of whether the receiver is a tensor.
NOT_ONLY_TENSORS = frozenset().union(*(dir(t) for t in (list, dict, str, tuple, set, bytes, int, float)),
                                     {"parameters", "named_parameters", "modules", "children", "state_dict",
                                      "eval", "train", "apply", "forward", "zero_grad", "register_buffer"})


def tensor_method_of_parameter(name: str) -> bool:
    """Whether calling ``x.<name>(...)`` on a parameter nothing else fixes makes it a tensor: a torch
    tensor method that no Python object shares (``x.chunk(2, dim=-1)``, ``x.float()``)."""
    return name not in NOT_ONLY_TENSORS and tensor_method(name) is not None


def array_attribute(ctx: OpContext, a: Array, attr: str) -> Value:
    result = _array_attribute(ctx, a, attr)
    return transposed_placement(a, attr, result) if a.layout is not None else result


def _array_attribute(ctx: OpContext, a: Array, attr: str) -> Value:
    if a.tensor:
        text = ctx.interp.module.text_of(ctx.node.value) if hasattr(ctx.node, "value") else ""
        return ctx.interp.apply(ctx.node, attr, lambda ctx: tensor_attribute(ctx, a, attr, text))
    if attr in flax.VARIABLE_READS:   # nnx.Param(a).value is a
        return a
    dims = a.shape.dims
    if attr == "shape":
        if dims is None:
            return shape_value(a.shape)
        return Tuple(tuple(Int(d) for d in dims), is_shape=True)
    if attr == "ndim":
        return rank_value(a.shape, ctx.fresh)
    if attr == "size":
        return Int(D.product(dims)) if dims is not None else Int(ctx.fresh("size"))
    if attr == "T":
        return Array(transposed(a.shape), a.dtype)
    if attr == "mT":
        return Array(matrix_transposed(a.shape), a.dtype)
    if attr in ("real", "imag"):
        return Array(a.shape, real_part(a.dtype))
    if attr == "dtype":
        return LibraryObject(f"numpy.{a.dtype}") if a.dtype else UNKNOWN
    if attr in ("flat", "flags", "strides", "ctypes", "data", "base"):
        return UNKNOWN
    if attr in ("itemsize", "nbytes"):
        return Int(ctx.fresh(attr))
    return Method(a, attr, ctx.interp.module.text_of(ctx.node.value) if hasattr(ctx.node, "value") else "")


#: Values that are layers with sharded parameters (their attributes read through :func:`layer_attribute`).
PARAMETER_HOLDERS = (ParallelLayer, ShardedLayer)


def layer_attribute(ctx: OpContext, layer: Value, attr: str) -> Value:
    """``self.fc.weight``, ``self.fc.in_features``, ``self.fc.to(device)`` on a built nn layer (a
    parallelized or fully sharded one's parameters are DTensors: spmd_torch.py)."""
    text = ctx.interp.module.text_of(ctx.node.value) if hasattr(ctx.node, "value") else ""
    if type(layer) in (ParallelLayer, ShardedLayer):
        return placed_layer_attribute(ctx, layer, attr, text)
    flax_layer = flax.LAYERS.get(layer.kind) if type(layer) is TorchModule else None
    if flax_layer is not None:   # (its parameters are JAX arrays)
        return module_layer_attribute(ctx, layer, attr, flax_layer.weights, text, flax_layer.attributes, tensor=False)
    return module_attribute(ctx, layer, attr, text)
