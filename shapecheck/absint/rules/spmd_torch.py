"""PyTorch's sharding API: ``init_device_mesh``, DTensor (``distribute_tensor``, ``Shard``/
``Replicate``/``Partial``, ``to_local``/``full_tensor``/``redistribute``/``from_local``), tensor
parallelism (``parallelize_module`` with ``ColwiseParallel``/``RowwiseParallel``), and the
``torch.distributed`` collectives on plain tensors.

Sources: the DTensor docs ("torch.distributed.tensor"), the tensor-parallel docs
("torch.distributed.tensor.parallel": Colwise splits a Linear's weight on its out_features (dim 0)
and returns outputs sharded on the last dim; Rowwise splits it on in_features (dim 1), takes inputs
sharded on the last dim and returns them summed, Replicate()), and ``torch.distributed``'s
``all_gather_into_tensor`` ("output_tensor ... world_size times the input size on dim 0"),
``reduce_scatter_tensor`` and ``all_to_all_single``.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import Shape
from ...constraints.solver import Verdict
from ...sharding.layout import Layout, LayoutError, Mesh, divisibility, replicated
from ..core.context import Arg, Call, OpContext, ShapeError
from ..core.spmd import MeshValue, ParallelLayer, PlacementValue, PreparedModule, ShardedLayer, StyleValue
from ..core.values import NONE, UNKNOWN, Array, Bool, Dict, Instance, Int, LibraryObject, List, TorchModule, Tuple, Value
from .args import as_array, const_int
from .costs import ITEMSIZE
from .kinds import Rule
from .nn_args import dim_of, layer_input
from .placements import (global_of, local_of, log_traffic, mesh_of, mesh_sizes, names_of, placed, placements_layout,
                         redistribution)
from .torch_nn import LAYER_CALLS, module_attribute


def init_device_mesh(ctx: OpContext, call: Call) -> Value:
    """``init_device_mesh(device_type, mesh_shape, *, mesh_dim_names=None)``."""
    b = call.bind(("device_type", "mesh_shape", "mesh_dim_names"))
    shape = b["mesh_shape"].value if "mesh_shape" in b else None
    if type(shape) not in (Tuple, List) or shape.items is None:
        return UNKNOWN
    names = names_of(b["mesh_dim_names"].value) if "mesh_dim_names" in b else None
    names = names or tuple(f"dim{i}" for i in range(len(shape.items)))
    if len(names) != len(shape.items):
        ctx.fail("SC131", f"{ctx.op}: {len(names)} mesh_dim_names for a mesh of {len(shape.items)} dims")
    return MeshValue(mesh_sizes(ctx, names, shape, b["mesh_shape"].text))


def mesh_item(mesh: MeshValue, index: Value) -> Value:
    """``device_mesh["tp"]`` / ``device_mesh["dp", "tp"]``: the sub-mesh of those dims."""
    names = names_of(index)
    if names is None or not all(n in mesh.mesh.names for n in names):
        return UNKNOWN
    return MeshValue(mesh.mesh.sub(names))


def placement(kind: str) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        dim = const_int(call.bind(("dim",)).get("dim")) if kind == "shard" else None
        return PlacementValue(kind, 0 if kind == "shard" and dim is None else dim)
    return rule


def distribute_tensor(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("tensor", "device_mesh", "placements"))
    a = as_array(b["tensor"].value) if "tensor" in b else None
    m = mesh_of(b["device_mesh"].value) if "device_mesh" in b else None
    if a is None or m is None:
        return UNKNOWN
    placements = b["placements"].value if "placements" in b else Tuple((PlacementValue("replicate"),) * len(m.axes))
    return placed(Array(a.shape, a.dtype, None, True), placements_layout(ctx, m, placements, a, b["tensor"].text))


def from_local(ctx: OpContext, call: Call) -> Value:
    """``DTensor.from_local(local_tensor, device_mesh, placements)``: the global tensor of those pieces."""
    b = call.bind(("local_tensor", "device_mesh", "placements"))
    a = as_array(b["local_tensor"].value) if "local_tensor" in b else None
    m = mesh_of(b["device_mesh"].value) if "device_mesh" in b else None
    if a is None or m is None or "placements" not in b or a.shape.dims is None:
        return UNKNOWN
    layout = placements_layout(ctx, m, b["placements"].value, a, b["local_tensor"].text, even=False)
    return global_of(Array(a.shape, a.dtype, None, True), layout) if layout is not None else UNKNOWN


def to_local(ctx: OpContext, call: Call) -> Value:
    a = call.args[0].value
    return local_of(a) if type(a) is Array and a.layout is not None else UNKNOWN


def full_tensor(ctx: OpContext, call: Call) -> Value:
    a = call.args[0].value
    if type(a) is not Array or a.layout is None:
        return UNKNOWN
    redistribution(ctx, a, Layout(a.layout.mesh, ((),) * len(a.layout.dims)))
    return Array(a.shape, a.dtype, None, True)


def redistribute(ctx: OpContext, call: Call) -> Value:
    """``dt.redistribute(device_mesh=None, placements=None)``: the same global tensor, placed anew."""
    b = call.bind(("self", "device_mesh", "placements"))
    a = call.args[0].value
    if type(a) is not Array or a.layout is None:
        return UNKNOWN
    m = mesh_of(b["device_mesh"].value) if "device_mesh" in b and b["device_mesh"].value is not NONE else a.layout.mesh
    if m is None or "placements" not in b:
        return UNKNOWN
    layout = placements_layout(ctx, m, b["placements"].value, a, call.args[0].text)
    if layout is not None:
        redistribution(ctx, a, layout)
    return placed(Array(a.shape, a.dtype, None, True), layout)


#: DTensor's own methods, joined to the Tensor method table.
DTENSOR_METHODS: dict[str, Rule] = {"to_local": to_local, "full_tensor": full_tensor, "redistribute": redistribute}


# == tensor parallelism ==============================================================================


def style(kind: str) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        return StyleValue(kind, tuple((k, a.value) for k, a in call.kwargs.items()))
    return rule


def parallelize_module(ctx: OpContext, call: Call) -> Value:
    """``parallelize_module(module, device_mesh, parallelize_plan)``: each planned ``nn.Linear`` or
    ``nn.Embedding`` becomes a :class:`ParallelLayer`; ``SequenceParallel``, ``PrepareModuleInput`` and
    ``PrepareModuleOutput`` make a :class:`PreparedModule`; a plan entry whose effect is not modelled (a
    layer of another kind under Colwise/Rowwise) leaves that submodule unknown, so nothing downstream of
    it is checked against a guess."""
    b = call.bind(("module", "device_mesh", "parallelize_plan"))
    module = b["module"].value if "module" in b else UNKNOWN
    m = mesh_of(b["device_mesh"].value) if "device_mesh" in b else None
    plan = b["parallelize_plan"].value if "parallelize_plan" in b else None
    if m is None or plan is None:
        return module
    if type(plan) is StyleValue:
        return _parallel(module, plan, m)
    if type(plan) is Dict and type(module) is Instance:
        for path, st in plan.items:
            if isinstance(path, str):
                _apply(module, path.split("."), st, m)
    return module


def _parallel(layer: Value, st: Value, m: Mesh) -> Value:
    if type(st) is not StyleValue or len(m.axes) != 1:
        return UNKNOWN
    if type(layer) is TorchModule and (layer.kind, st.kind) in _PARALLEL_RULES:
        return ParallelLayer(layer, st, m)
    if type(layer) in (TorchModule, Instance) and st.kind in ("sequence", "prepare_input", "prepare_output"):
        return PreparedModule(layer, st, m)
    return UNKNOWN


def _apply(module: Instance, path: list[str], st: Value, m: Mesh) -> None:
    owner: Value = module
    for part in path[:-1]:
        owner = owner.attrs.get(part) if type(owner) is Instance else None
        if type(owner) is PreparedModule:
            # ``"attention": PrepareModuleInput(...)`` then ``"attention.wo": RowwiseParallel(...)``:
            # the plan goes on into the module the style wraps (pytorch-examples' fsdp_tp_example)
            owner = owner.module
    if type(owner) is Instance and path[-1] in owner.attrs:
        owner.attrs[path[-1]] = _parallel(owner.attrs[path[-1]], st, m)


def _placement_param(st: StyleValue, name: str, default: PlacementValue) -> PlacementValue | None:
    v = st.param(name)
    if v is None:
        return default
    if type(v) in (Tuple, List) and v.items is not None and len(v.items) == 1:
        v = v.items[0]
    return v if type(v) is PlacementValue else None


def _with_params(layer: TorchModule, **changed: D.Dim) -> TorchModule:
    params = tuple((k, Int(changed[k]) if k in changed else v) for k, v in layer.params)
    return TorchModule(layer.kind, params)


def _split_param(ctx: OpContext, layer: ParallelLayer, name: str) -> D.Dim | None:
    """``name``'s size over the mesh's devices (SC130 unless it divides evenly)."""
    size = dim_of(layer.layer.param(name))
    if size is None:
        return None
    (axis, n), = layer.mesh.axes
    ctx.require(eq(D.mod(size, n), 0), "SC130", lambda: (
        f"{ctx.op}: {layer.style.kind.capitalize()}Parallel splits {name}={ctx.show_dim(size)} over mesh axis "
        f"{axis!r} of {ctx.show_dim(n)} devices, but {ctx.show_dim(size)} is not divisible by {ctx.show_dim(n)}"))
    return D.floordiv(size, n)


def _sharded_input(x: Array, p: PlacementValue | None, m: Mesh) -> Array:
    """A plain (local) input that the style's input_layouts says is Shard(d): its global tensor."""
    dims = x.shape.dims
    if x.layout is not None or p is None or p.kind != "shard" or dims is None or p.dim is None:
        return Array(x.shape, x.dtype, None, True) if x.layout is None else x
    d = p.dim + len(dims) if p.dim < 0 else p.dim
    if not 0 <= d < len(dims):
        return Array(x.shape, x.dtype, None, True)
    split = tuple((m.names[0],) if i == d else () for i in range(len(dims)))
    return global_of(Array(x.shape, x.dtype, None, True), Layout(m, split))


def _output(ctx: OpContext, layer: ParallelLayer, out: Value, sharded_last: bool) -> Value:
    """The layer's output (``out`` is the global result), laid out by output_layouts and handed back
    as a local tensor (``use_local_output=True``, the default) or a DTensor."""
    if type(out) is not Array or out.shape.dims is None:
        return out
    dims, m = out.shape.dims, layer.mesh
    default = PlacementValue("shard", -1) if sharded_last else PlacementValue("replicate")
    p = _placement_param(layer.style, "output_layouts", default)
    if p is None:
        return UNKNOWN
    layout = placements_layout(ctx, m, Tuple((p,)), out, "the layer's output") if dims else replicated(m, 0)
    if layout is not None and dims:
        # the local product is split on its last dim (column-wise) or a partial sum (row-wise): moving it
        # to output_layouts is communication (a measured run logs it: shard-cost)
        (axis, _), = m.axes
        natural = Layout(m, ((),) * (len(dims) - 1) + ((axis,),)) if sharded_last else \
            Layout(m, ((),) * len(dims), (axis,))
        redistribution(ctx, placed(Array(out.shape, out.dtype, None, True), natural), layout)
    result = placed(Array(out.shape, out.dtype, None, True), layout)
    local = layer.style.param("use_local_output")
    return result if type(local) is Bool and local.value is False else local_of(result)


def call_parallel(layer: ParallelLayer) -> Rule:
    """A parallelized layer's call: its layer rule on the global input with the full weights (the
    result is the global output), after checking that the split dim divides evenly."""
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call, 0)
        if x is None:
            return UNKNOWN
        kind, st = layer.layer.kind, layer.style.kind
        whole = layer.layer
        split_name = _PARALLEL_RULES[(kind, st)]
        per_device = _split_param(ctx, layer, split_name)
        default_in = PlacementValue("shard", -1) if (kind, st) == ("Linear", "rowwise") else PlacementValue("replicate")
        p_in = _placement_param(layer.style, "input_layouts", default_in)
        if (kind, st) == ("Linear", "rowwise") and x.layout is None and (p_in is not None and p_in.kind == "shard"
                                                                       and p_in.dim in (-1, None)):
            # a local input holds in_features / n of the features: check it against that, then the sum
            if per_device is None:
                return UNKNOWN
            try:
                out = LAYER_CALLS[kind](ctx, Call(call.name, [Arg(_with_params(whole, in_features=per_device)), arg]))
            except ShapeError as err:
                (axis, n), = layer.mesh.axes
                raise ShapeError(err.code, f"{err.message} (RowwiseParallel over {axis!r}: each rank's input holds "
                                           f"in_features / {ctx.show_dim(n)} of the features)", err.related) from None
            computed = x
        else:
            g = _sharded_input(x, p_in, layer.mesh)
            computed = g
            if g.shape.dims:   # the input the style computes on: whole (Colwise) or split on its last dim (Rowwise)
                (axis, _), = layer.mesh.axes
                last = ((axis,),) if (kind, st) == ("Linear", "rowwise") else ((),)
                wanted = Layout(layer.mesh, ((),) * (len(g.shape.dims) - 1) + last)
                if g.layout is not None:
                    redistribution(ctx, g, wanted)
                computed = local_of(placed(g, wanted))
            out = LAYER_CALLS[kind](ctx, Call(call.name, [Arg(whole), Arg(g, arg.text)]))
        if kind == "Linear" and per_device is not None and type(out) is Array and out.shape.dims:
            # what one rank computes (its weight shard on the input it holds), for a measured run's cost
            piece = out.shape.dims[:-1] + ((per_device,) if st == "colwise" else out.shape.dims[-1:])
            ctx.record("Linear", (_with_params(whole, **{split_name: per_device}), computed),
                       Array(Shape(piece), out.dtype, None, True))
        return _output(ctx, layer, out, st == "colwise")
    return rule


#: Which parameter each (layer kind, style) splits over the mesh (the tensor-parallel docs' tables).
_PARALLEL_RULES: dict[tuple[str, str], str] = {
    ("Linear", "colwise"): "out_features", ("Linear", "rowwise"): "in_features",
    ("Embedding", "colwise"): "embedding_dim", ("Embedding", "rowwise"): "num_embeddings",
}


# == FSDP2 and module-level tensor-parallel styles ===================================================


def fully_shard(ctx: OpContext, call: Call) -> Value:
    """``fully_shard(module, *, mesh=None, ...)`` (FSDP2, ``torch.distributed.fsdp``): every parameter
    becomes a DTensor split on dim 0 over the mesh (default: one axis of all ranks; an HSDP mesh of two
    axes splits over the second), all-gathered before forward. The module is changed in place and
    returned: its layers become :class:`ShardedLayer` (calling one is calling the layer, on the
    gathered parameters; its ``weight`` reads as the sharded DTensor). Uneven dim 0 is padded by FSDP,
    not an error."""
    b = call.bind(("module",))
    module = b["module"].value if "module" in b else UNKNOWN
    mesh_arg = call.kwargs.get("mesh")
    m = mesh_of(mesh_arg.value) if mesh_arg is not None else Mesh((("dim0", WORLD_SIZE),))
    if m is None:
        return module
    return _fsdp(module, m, 0)


def _fsdp(value: Value, m: Mesh, depth: int) -> Value:
    if type(value) in (TorchModule, ParallelLayer):
        return ShardedLayer(value, m)
    if type(value) is Instance and depth < _FSDP_DEPTH and not value.template:   # (the template stands for any)
        for name, v in list(value.attrs.items()):
            if type(v) in (TorchModule, ParallelLayer) and _holds_parameters(v):
                value.attrs[name] = ShardedLayer(v, m)
            elif type(v) is Instance:
                _fsdp(v, m, depth + 1)
            elif type(v) in (List, Tuple) and v.items is not None:
                for item in v.items:   # an nn.ModuleList of blocks
                    if type(item) is Instance:
                        _fsdp(item, m, depth + 1)
    return value


_FSDP_DEPTH = 8


def _holds_parameters(layer: Value) -> bool:
    inner = layer.layer if type(layer) is ParallelLayer else layer
    return type(inner) is TorchModule and inner.kind in _PARAMETER_LAYERS


#: Layers whose parameters FSDP splits (those whose ``weight`` shape the layer table knows).
_PARAMETER_LAYERS = frozenset("Linear Embedding LayerNorm RMSNorm Conv1d Conv2d Conv3d BatchNorm1d BatchNorm2d".split())

#: Which dim of each parameter a tensor-parallel style splits (the tensor-parallel docs: Colwise
#: shards a Linear's weight and bias on dim 0, an Embedding's weight on dim 1; Rowwise a Linear's
#: weight on dim 1 with its bias replicated, an Embedding's weight on dim 0).
_TP_PARAMETER_DIMS: dict[tuple[str, str], dict[str, int | None]] = {
    ("Linear", "colwise"): {"weight": 0, "bias": 0}, ("Linear", "rowwise"): {"weight": 1, "bias": None},
    ("Embedding", "colwise"): {"weight": 1}, ("Embedding", "rowwise"): {"weight": 0},
}


def placed_layer_attribute(ctx: OpContext, layer: Value, attr: str, text: str) -> Value:
    """``layer.weight`` of a parallelized or fully sharded layer: the parameter as the DTensor it is
    (tensor-parallel split, then FSDP's dim-0 split over its own mesh, major); other attributes are
    the layer's own."""
    inner = layer
    fsdp = None
    if type(inner) is ShardedLayer:
        fsdp, inner = inner.mesh, inner.layer
    tp = inner if type(inner) is ParallelLayer else None
    base = tp.layer if tp is not None else inner
    if type(base) is not TorchModule:
        return UNKNOWN
    flag = base.param("bias")
    if attr == "bias" and type(flag) is Bool and flag.value is False:
        return NONE   # nn.Linear(..., bias=False).bias is None
    value = module_attribute(ctx, base, attr, text)
    if type(value) is not Array or value.shape.dims is None or not value.shape.dims:
        return value
    dtype = base.param("dtype")   # nn.Linear(..., dtype=torch.bfloat16)
    if type(dtype) is LibraryObject and dtype.qualname.rsplit(".", 1)[-1] in ITEMSIZE:
        value = Array(value.shape, dtype.qualname.rsplit(".", 1)[-1], None, True)
    dims: list[tuple[str, ...]] = [() for _ in value.shape.dims]
    axes: tuple = ()
    if tp is not None:
        split = _TP_PARAMETER_DIMS.get((base.kind, tp.style.kind), {}).get(attr)
        if split is not None:
            dims[split] = tp.mesh.names
        axes = tp.mesh.axes
    if fsdp is not None:
        shard_axis = fsdp.names[-1:]   # FSDP's axis (HSDP: the mesh's second; the first replicates)
        dims[0] = shard_axis + dims[0]
        axes = tuple(a for a in fsdp.axes if a[0] not in dict(axes)) + axes
    try:
        layout = Layout(Mesh(axes), tuple(dims))
    except LayoutError:
        return value
    even = all(ctx.decide(split.pred) is Verdict.HOLDS for split in divisibility(layout, value.shape.dims))
    return placed(Array(value.shape, value.dtype, None, True), layout) if even else value


def call_sharded(layer: ShardedLayer) -> Rule:
    """Calling a fully sharded layer: FSDP all-gathers its parameters first, so it is the layer's call
    (each forward gathers them: the all-gather's bytes are logged for a measured run)."""
    def rule(ctx: OpContext, call: Call) -> Value:
        for name in ("weight", "bias"):
            param = placed_layer_attribute(ctx, layer, name, "")
            if type(param) is Array and param.layout is not None:
                log_traffic(ctx, "all_gather", local_of(param), layer.mesh.devices(), parameter=True)
        return ctx.interp.call(ctx.node, layer.layer, call.args, call.kwargs)
    return rule


def _placements(v: Value | None) -> list[Value] | None:
    """A style's ``input_layouts``: one placement, or a tuple (None for a non-tensor input)."""
    if v is None:
        return None
    if type(v) is PlacementValue or v is NONE:
        return [v]
    if type(v) in (Tuple, List) and v.items is not None:
        return list(v.items)
    return None


def _laid_out(ctx: OpContext, arg: Arg, given: Value, desired: Value, m: Mesh, local: bool) -> Arg:
    """One input (or output) of a prepared module: a plain tensor taken as the local piece of
    ``given`` (``DTensor.from_local``), a DTensor as it is; then redistributed to ``desired``."""
    x = arg.value
    if type(x) is not Array or type(given) is not PlacementValue or x.shape.dims is None:
        return arg
    if x.layout is None:
        layout = placements_layout(ctx, m, Tuple((given,)), x, arg.text, even=False)
        if layout is None:
            return arg
        x = global_of(Array(x.shape, x.dtype, None, True), layout)
    if type(desired) is PlacementValue and x.layout is not None and x.layout.mesh == m:
        target = placements_layout(ctx, m, Tuple((desired,)), x, arg.text)
        if target is not None:
            redistribution(ctx, x, target)
            x = placed(x, target)
    return Arg(local_of(x) if local and x.layout is not None else x, arg.text)


def call_prepared(prepared: PreparedModule) -> Rule:
    """A submodule under ``SequenceParallel``, ``PrepareModuleInput`` or ``PrepareModuleOutput``
    (the tensor-parallel docs): its inputs laid out as the style says, the module run on them, its
    output laid out likewise."""
    def rule(ctx: OpContext, call: Call) -> Value:
        st, m = prepared.style, prepared.mesh
        args = list(call.args)
        if st.kind == "sequence":
            seq = const_int(Arg(st.param("sequence_dim"))) if st.param("sequence_dim") is not None else 1
            shard = PlacementValue("shard", seq if seq is not None else 1)
            args = [_laid_out(ctx, a, shard, shard, m, False) for a in args[:1]] + args[1:]
        elif st.kind == "prepare_input":
            given = _placements(st.param("input_layouts")) or []
            desired = _placements(st.param("desired_input_layouts")) or []
            local = _flag(st, "use_local_output", False)
            args = [_laid_out(ctx, a, g, d, m, local) for a, g, d in zip(args, given, desired)] + args[len(given):]
            given_kw, desired_kw = _by_name(st.param("input_kwarg_layouts")), _by_name(st.param("desired_input_kwarg_layouts"))
            kwargs = {k: _laid_out(ctx, a, given_kw.get(k), desired_kw.get(k), m, local) if k in given_kw else a
                      for k, a in call.kwargs.items()}
        out = ctx.interp.call(ctx.node, prepared.module, args, kwargs if st.kind == "prepare_input" else call.kwargs)
        if st.kind == "sequence" and type(out) is Array and out.shape.dims:
            # the norm runs on each rank's slice of the sequence: its output is sharded as its input
            layout = placements_layout(ctx, m, Tuple((shard,)), out, "the output", even=False)
            out = placed(Array(out.shape, out.dtype, None, True), layout) if layout is not None else out
            return local_of(out) if _flag(st, "use_local_output", False) else out
        if st.kind == "prepare_output":
            given = _placements(st.param("output_layouts")) or []
            desired = _placements(st.param("desired_output_layouts")) or []
            if len(given) == 1 and len(desired) == 1:
                return _laid_out(ctx, Arg(out, "the output"), given[0], desired[0], m,
                                 _flag(st, "use_local_output", True)).value
        return out
    return rule


def _by_name(v: Value | None) -> dict[str, Value]:
    """``input_kwarg_layouts={"mask": Replicate()}`` as a dict (empty when absent or not literal)."""
    return {k: p for k, p in v.items if isinstance(k, str)} if type(v) is Dict else {}


def _flag(st: StyleValue, name: str, default: bool) -> bool:
    v = st.param(name)
    return v.value if type(v) is Bool and v.value is not None else default


# == torch.distributed collectives on plain tensors ===================================================


#: ``dist.get_world_size()``: one size for the whole run (every default-group collective spans it).
WORLD_SIZE = D.sym("world_size")


def _world(ctx: OpContext, call: Call) -> D.Dim:
    group = call.kwargs.get("group")
    m = mesh_of(group.value) if group is not None else None
    return m.devices() if m is not None else WORLD_SIZE


def _dim0_scaled(output: str, inp: str, gather: bool) -> Rule:
    """``all_gather_into_tensor(out, in)``: out is in with dim 0 world_size times longer, or the
    stack of world_size ins (torch takes either: vllm's batch-invariant all-reduce gathers into a
    ``(world_size, numel)`` buffer); ``reduce_scatter_tensor(out, in)``: the reverse. Other dims equal."""
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind((output, inp))
        o, i = (as_array(b[k].value) if k in b else None for k in (output, inp))
        if o is None or i is None or o.shape.dims is None or i.shape.dims is None:
            return NONE
        od, id_ = o.shape.dims, i.shape.dims
        n = _world(ctx, call)
        big, small = (od, id_) if gather else (id_, od)
        if len(big) == len(small) + 1:   # the stack form: world_size on a dim of its own
            small = (1,) + small
        elif len(od) != len(id_) or not od:
            ctx.fail("SC132", f"{ctx.op}: {ctx.describe(b[output])} and {ctx.describe(b[inp])} differ in rank")
        ctx.require(eq(big[0], D.mul(small[0], n)), "SC132", lambda: (
            f"{ctx.op}: dim 0 of {ctx.describe(b[output if gather else inp])} must be {ctx.show_dim(n)} times "
            f"dim 0 of {ctx.describe(b[inp if gather else output])}"))
        for k, (p, q) in enumerate(zip(big[1:], small[1:]), 1):
            ctx.require(eq(p, q), "SC132", lambda k=k, p=p, q=q: (
                f"{ctx.op}: dim {k} of {ctx.describe(b[output if gather else inp])} and "
                f"{ctx.describe(b[inp if gather else output])} differ: {ctx.show_dim(p)} != {ctx.show_dim(q)}"))
        log_traffic(ctx, "all_gather" if gather else "reduce_scatter", i, n)
        return NONE
    return rule


def all_to_all_single(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("output", "input", "output_split_sizes", "input_split_sizes"))
    o, i = (as_array(b[k].value) if k in b else None for k in ("output", "input"))
    if o is None or i is None or "input_split_sizes" in b or "output_split_sizes" in b:
        return NONE
    # equal splits: each tensor's dim 0 divides across the group (c10d's checkSplitSizes); the two are
    # buffers of their own shapes (vllm's expert resharding sends (world, experts, r, h) into (E, r, h))
    n = _world(ctx, call)
    for key, t in (("input", i), ("output", o)):
        if t.shape.dims is None:
            continue
        if not t.shape.dims:
            ctx.fail("SC132", f"{ctx.op}: {ctx.describe(b[key])} has no dim 0 to split across the group")
        ctx.require(eq(D.mod(t.shape.dims[0], n), 0), "SC132", lambda key=key: (
            f"{ctx.op}: dim 0 of {ctx.describe(b[key])} must divide into {ctx.show_dim(n)} equal chunks"))
    if i.shape.dims is not None:
        log_traffic(ctx, "all_to_all", i, n)
    return NONE


def world_size(ctx: OpContext, call: Call) -> Value:
    return Int(_world(ctx, call))


def in_place(ctx: OpContext, call: Call) -> Value:
    return NONE


def all_reduce(ctx: OpContext, call: Call) -> Value:
    """``dist.all_reduce(tensor)``: in place, shape unchanged; its traffic is a ring all-reduce."""
    b = call.bind(("tensor",))
    a = as_array(b["tensor"].value) if "tensor" in b else None
    if a is not None:
        log_traffic(ctx, "all_reduce", a, _world(ctx, call))
    return NONE


_MESH = ("torch.distributed.device_mesh", "torch.distributed._tensor.device_mesh", "torch.distributed.tensor",
         "torch.distributed._tensor", "torch.distributed.tensor.device_mesh")
_DTENSOR = ("torch.distributed.tensor", "torch.distributed._tensor", "torch.distributed.tensor.placement_types",
            "torch.distributed._tensor.placement_types")
_FSDP = ("torch.distributed.fsdp", "torch.distributed._composable.fsdp", "torch.distributed._composable.fsdp.fully_shard",
         "torch.distributed.fsdp.fully_shard")
_TP = ("torch.distributed.tensor.parallel", "torch.distributed.tensor.parallel.style",
       "torch.distributed.tensor.parallel.api")

TORCH_SPMD: dict[str, Rule] = {
    **{f"{m}.init_device_mesh": init_device_mesh for m in _MESH},
    **{f"{m}.{name}": rule for m in _DTENSOR for name, rule in (
        ("Shard", placement("shard")), ("Replicate", placement("replicate")), ("Partial", placement("partial")),
        ("distribute_tensor", distribute_tensor), ("DTensor.from_local", from_local))},
    **{f"{m}.{name}": rule for m in _TP for name, rule in (
        ("parallelize_module", parallelize_module), ("ColwiseParallel", style("colwise")),
        ("RowwiseParallel", style("rowwise")), ("SequenceParallel", style("sequence")),
        ("PrepareModuleInput", style("prepare_input")), ("PrepareModuleOutput", style("prepare_output")))},
    **{f"{m}.fully_shard": fully_shard for m in _FSDP},
    "torch.distributed.all_gather_into_tensor": _dim0_scaled("output_tensor", "input_tensor", gather=True),
    "torch.distributed.reduce_scatter_tensor": _dim0_scaled("output", "input", gather=False),
    "torch.distributed.all_to_all_single": all_to_all_single,
    "torch.distributed.all_reduce": all_reduce, "torch.distributed.broadcast": in_place,
    "torch.distributed.get_world_size": world_size,
}
