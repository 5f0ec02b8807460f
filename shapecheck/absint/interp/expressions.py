"""Expressions, for :class:`~.interpreter.Interpreter`."""

from __future__ import annotations

import ast
import os
import re
import sys

from ...constraints import dims as D
from ...constraints.predicates import FALSE, TRUE, Pred, conj, disj, negate, pred_symbols
from ...constraints.solver import Fact
from ..core.context import MORE_KEYWORDS, MORE_POSITIONAL, Arg, Call, OpContext, ShapeError
from ..core.join import Joiner, element_of, made_by_join
from ..core.values import (COMPLEX, complex_number, ELLIPSIS, NONE, UNKNOWN, Alternatives, Array, Bool, BoundMethod, Class, Dict, EllipsisValue, Float,
                     Function, Hole, Instance, Int, LibraryObject, List, Method, NoneValue, ProjectModule,
                     ShapeTuple, Slice, Str, TorchModule, Tuple, Unknown, Value, int_view, present, tensor_like, Opaque,
                     LazyImport, Partial, STARS, method_of)
from ..core.shape_tuples import concatenated, shape_value, spread, subscript as shape_subscript
from .dataclass_fields import FIELDS
from ..core.frame import CONTAINER_CHANGERS, DICT_MUTATORS, LIST_CHANGERS, LIST_MUTATORS, MAX_REPEATED_ITEMS, Builtin, FieldsInit, Range, SuperRef
from .dict_subclasses import entries, keys_to_try, known_key
from ..rules.args import names_one_size
from .dtypes import dtype_attribute
from .semantics import (CMP_NAMES, OP_NAMES, SCALAR_TYPES, compare_values, type_union, int_constant, int_arith, reversed_range,
                        items_of, iteration_items, length_of, loose_join, source_text, trip_symbols, truth_pred,
                        is_single_symbol, known_number, single_name, DICT_READS, dict_item, dict_key)
from ...constraints.intervals import interval
from ..core.freshen import each_item, items_marked, map_dims, symbols_of
from ..core.holes import is_hole_value
from ..rules.index_tricks import INDEX_TRICKS
from ..rules.indexing import index_array
from ..rules.registry import (ARRAY_ATTRIBUTES, PARAMETER_HOLDERS, apply_operator, array_attribute, base_layer_member, builds_layer,
                              inherited_member, layer_base, RESHAPES_OF_UNKNOWN,
                              layer_attribute, library_value, tensor_method_of_parameter)
from ..rules.flax import MODULE_ENTRIES, MODULE_MEMBERS, is_linen_module
from ..rules.torch import layer_item
from ..rules.torch_args import takes_sizes
from ..rules.transforms import Transformed
from ..rules.spmd_torch import mesh_item
from ..core.spmd import MeshValue
from .aliases import shared_then_changed
from .attribute_stores import callbacks_unsettle, unseen_base, unsettle_held
from .out_arguments import out_targets, resizes_out
from .annotations import subscript_annotation
from .declared import FLOAT, INT, declared_class, declared_number, declared_object, parameter_annotation
from ..core.node_answers import walk
from .used_before import used_as_object_before

#: comparisons that are Python's own on any object, arrays too: never elementwise
IDENTITY_OR_MEMBERSHIP = (ast.Is, ast.IsNot, ast.In, ast.NotIn)

#: The values of int and str literals, one per literal (values are frozen: equal ones are
#: interchangeable), where each evaluation built its own (timm: 307,000 literals evaluated, one
#: frozen dataclass each). Bounded: starts over when full.
_CONSTANTS: dict[tuple[type, object], Value] = {}
_CONSTANTS_MAX = 1 << 14
_TRUE, _FALSE = Bool(True, TRUE), Bool(False, FALSE)


def _constant(t: type, v: int | str) -> Value:
    key = (t, v)
    found = _CONSTANTS.get(key)
    if found is None:
        if len(_CONSTANTS) >= _CONSTANTS_MAX:
            _CONSTANTS.clear()
        found = _CONSTANTS[key] = Int(v) if t is int else Str(v)
    return found
#: Callees a call with arguments of unknown number still reaches: the project's own functions,
#: classes and objects, whose parameters bind to unknowns (an op's rule needs its arguments).
OPEN_CALLEES = (Function, BoundMethod, Class, Instance)


def numbers_against_arrays(left: Value, right: Value) -> tuple[Value, Value]:
    """A constructor's parameter (or arithmetic on it) meeting an array is a number: ``dots *
    self.scale``, ``noise > self.prob``. Beside a 0-d array there is no shape to keep: the parameter's
    decides (``rules.kinds._operands``)."""
    if type(left) is Array and left.shape.rank != 0 and type(right) is Unknown and right.scalar:
        return left, Float()
    if type(right) is Array and right.shape.rank != 0 and type(left) is Unknown and left.scalar:
        return Float(), right
    return left, right


def open_callee(func: Value) -> bool:
    """Whether a call with arguments of unknown number reaches ``func``: one of OPEN_CALLEES, or
    one of a few of them (a wrapper's ``self.fn`` built around either of two blocks)."""
    if type(func) is Alternatives:
        return all(option is NONE or type(option) in OPEN_CALLEES for option in func.options)
    return type(func) in OPEN_CALLEES


def _spread_items(parts: list[tuple[bool, Value]]) -> tuple | None:
    """A display's items with each starred part's own spread in place; None when one has no known items."""
    out: list[Value] = []
    for starred, value in parts:
        if not starred:
            out.append(value)
            continue
        inner = items_of(value, None)
        if inner is None:
            return None
        out.extend(inner)
    return tuple(out)


#: A class's names, as Python gives them (``type(self).__name__`` in a message or a registry key).
_CLASS_NAMES = {"__name__": lambda cls: cls.qualname.rpartition(".")[2], "__qualname__": lambda cls: cls.qualname}


def _dunder(attr: str) -> bool:
    """Python's own attributes (``obj.__class__``), which no object stores as a field: an unknown
    one is never a member to remember on the object (scikit-learn's ``estimator.__class__.__name__``
    stored a stand-in into every estimator it read, a change that no call's summary could keep)."""
    return attr.startswith("__") and attr.endswith("__")


class Expressions:
    """The expression half of the interpreter (a mixin of :class:`~.interpreter.Interpreter`):
    literals, names, attributes, subscripts, operators, comparisons, calls' arguments and
    comprehensions."""

    def expr_Constant(self, node: ast.Constant) -> Value:
        v = node.value
        t = type(v)
        if t is int or t is str:
            return _constant(t, v)
        if v is None:
            return NONE
        if v is Ellipsis:
            return ELLIPSIS
        if t is bool:
            return _TRUE if v else _FALSE
        if t is float:
            return Float(v)
        if t is complex:   # 1j: a scalar like a float for shapes (x + 1j has x's shape), complex for dtypes
            return COMPLEX
        return UNKNOWN

    def expr_Name(self, node: ast.Name) -> Value:
        value = self.lookup(node.id)
        if value is None:
            return UNKNOWN
        if type(value) is Hole:
            return self.hole_value(node)
        if type(value) in (List, Dict) and id(node) in (
                shared_then_changed(self.function.node, self.function.module) if self.function is not None
                else shared_then_changed(self.module.tree, self.module)):
            # Python puts the object itself, which the name changes later (aliases.py)
            value = List(None) if type(value) is List else Dict()
        if self.noting:
            self.note(node, value, "expr")
        return value

    def expr_Tuple(self, node: ast.Tuple) -> Value:
        parts = self._sequence_parts(node.elts)
        items = _spread_items(parts)
        if items is None:   # (*input_shape, -1, head_dim) with input_shape of unknown rank
            return spread(parts, self.analysis.fresh) or UNKNOWN
        return Tuple(items)

    def expr_List(self, node: ast.List) -> Value:
        items = _spread_items(self._sequence_parts(node.elts))
        return List(items) if items is not None else List(None)

    def _sequence_parts(self, elts: list) -> list[tuple[bool, Value]]:
        """A display's items, each as (starred, value)."""
        return [(True, self.eval(e.value)) if isinstance(e, ast.Starred) else (False, self.eval(e)) for e in elts]

    def expr_Set(self, node: ast.Set) -> Value:
        for e in node.elts:
            self.eval(e)
        return UNKNOWN

    def expr_Dict(self, node: ast.Dict) -> Value:
        """A display's entries in Python's order: a later entry replaces an earlier one of its key.
        An entry the analysis cannot key (``{name: v}``, ``**options`` of entries it does not all
        know) may replace any earlier one, which are then no longer known: ``{"optimal_bw": True,
        **cov_config}`` knows nothing of ``bandwidth`` (linearmodels' kernel covariance read the
        default ``None`` from it, and took the path that estimates the bandwidth)."""
        items: dict = {}
        complete = True
        for k, v in zip(node.keys, node.values):
            key = None if k is None else dict_key(self.eval(k))
            value = self.eval(v)
            if k is None and type(value) is Dict and value.complete:
                items.update(value.items)
            elif k is None:
                items = dict(value.items) if type(value) is Dict else {}
                complete = False
            elif key is None:
                items, complete = {}, False
            else:
                items[key] = value
        return Dict(tuple(items.items()), complete=complete)

    def expr_JoinedStr(self, node: ast.JoinedStr) -> Value:
        """An f-string of known parts is known (``f"fc{i}"`` in an unrolled loop names an attribute)."""
        parts = []
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                if parts is not None:
                    parts.append(part.value)
                continue
            value = self.eval(part.value) if isinstance(part, ast.FormattedValue) else UNKNOWN
            known = _known_text(value)
            if known is None or part.format_spec is not None or part.conversion not in (-1, 115):
                parts = None
                continue
            if parts is not None:
                parts.append(known)
        return Str("".join(parts)) if parts is not None else Str(None)

    def expr_Yield(self, node: ast.Yield) -> Value:
        self.frame.yields.append(NONE if node.value is None else self.eval(node.value))
        return UNKNOWN   # what the consumer sends in

    def expr_YieldFrom(self, node: ast.YieldFrom) -> Value:
        self.frame.yields.append(self.iteration_value(self.eval(node.value), node))
        return UNKNOWN

    def expr_Lambda(self, node: ast.Lambda) -> Value:
        return self.make_function(node)

    def expr_IfExp(self, node: ast.IfExp) -> Value:
        pred = self._decided(truth_pred(self.eval(node.test)), node)
        if pred is TRUE:
            return self.eval(node.body)
        if pred is FALSE:
            return self.eval(node.orelse)
        saved = self.frame.facts
        unsure = pred is None
        self.unsure += unsure
        self.unknown_branches += 1
        try:
            if pred is not None:
                self.add_fact(Fact(pred))
            a = self.eval(node.body)
            self.frame.facts = saved
            if pred is not None:
                self.add_fact(Fact(negate(pred)))
            b = self.eval(node.orelse)
        finally:
            self.frame.facts = saved
            self.unsure -= unsure
            self.unknown_branches -= 1
        joined = self.join_all([a, b])
        if pred is not None and type(joined) is Alternatives and not joined.guards and len(joined.options) == 2 \
                and joined.options[0] is a and joined.options[1] is b:
            # one of two layers, chosen by a condition on sizes: each is called under its own
            return Alternatives(joined.options, (pred, negate(pred)))
        return joined

    def expr_NamedExpr(self, node: ast.NamedExpr) -> Value:
        value = self.eval(node.value)
        self.assign(node.target, value)
        return value

    def expr_Starred(self, node: ast.Starred) -> Value:
        return self.eval(node.value)

    def _comprehension(self, node, elt_nodes: list) -> Value:
        saved, saved_loops, saved_unsure = self.frame.env, self.frame.loops, self.unsure
        saved_facts = self.frame.facts
        self.frame.env = dict(saved)
        self.frame.loops = dict(saved_loops)
        filtered = any(gen.ifs for gen in node.generators)
        try:
            generators = node.generators
            first = self.eval(generators[0].iter)
            made_after = self.analysis.symbols   # what a pass makes is each item's own
            simple = len(generators) == 1 and not generators[0].ifs
            if simple:
                items = iteration_items(first)
                if items is not None and len(items) <= 16:
                    known_items = []
                    for item in items:
                        self.assign(generators[0].target, item)
                        known_items.append(self.eval(elt_nodes[0]))
                    return List(tuple(known_items))
            for index, gen in enumerate(generators):
                source = first if index == 0 else self.eval(gen.iter)
                self.analysis.note_decision(trip_symbols(source))   # how often it runs: not known
                self.assign(gen.target, self.iteration_value(source, gen))
                for cond in gen.ifs:
                    # the element is computed only where the filter holds: a fact there, if known
                    pred = truth_pred(self.eval(cond))
                    if pred is not None and pred is not TRUE and pred is not FALSE:
                        self.analysis.note_decision(pred_symbols(pred))
                    if pred is None:
                        self.unsure += 1
                    elif pred is not TRUE:
                        self.add_fact(Fact(pred))
            values = [self.eval(e) for e in elt_nodes]
            element = UNKNOWN if len(values) > 1 else items_marked(
                values[0], made_after, lambda: symbols_of(saved.values(), self.frame.middle_dims.values()))
            return List(None, element, length_of(first) if simple else None)
        finally:
            self.frame.env, self.frame.loops, self.unsure = saved, saved_loops, saved_unsure
            if filtered:   # a filter's facts hold inside the comprehension only
                self.frame.facts = saved_facts
            for name in _grown_outside(node):
                # [rows.append(f(x)) for x in xs]: the list grew once per element, so by a number
                # the analysis does not count (the dict took entries it does not know)
                current = saved.get(name)
                if type(current) is List:
                    saved[name] = List(None, UNKNOWN)
                elif type(current) is Dict:
                    saved[name] = UNKNOWN

    def expr_ListComp(self, node: ast.ListComp) -> Value:
        return self._comprehension(node, [node.elt])

    expr_GeneratorExp = expr_ListComp
    expr_SetComp = expr_ListComp

    def expr_DictComp(self, node: ast.DictComp) -> Value:
        self._comprehension(node, [node.key, node.value])
        return Dict()

    def expr_Await(self, node) -> Value:
        self.eval(node.value)
        return UNKNOWN

    def _object(self, node: ast.expr) -> Value:
        """Evaluate ``node`` as the object of an attribute read or a subscript: a value known only
        by name stays an object there (``encoder.pos_embedding.shape``), never a named int."""
        outer, self.object_use = self.object_use, node
        try:
            return present(self.eval(node))
        finally:
            self.object_use = outer

    def expr_Attribute(self, node: ast.Attribute) -> Value:
        obj = self._object(node.value)
        if type(obj) is Unknown and self._opaque_read(node):
            obj = self._opaque_root(node.value)
        if type(obj) is Opaque:
            return self._opaque_member(obj, node)
        value = self.attribute(obj, node.attr, node)
        if node.attr == "HOLE":
            if is_hole_value(value):
                return self.hole_value(node)
        if self.noting:
            self.note(node, value, "expr")
        return value

    # -- objects known only by name (config.n_embd) ----------------------------------------------
    def _opaque_read(self, node: ast.Attribute) -> bool:
        """Whether ``node`` reads a plain attribute of a parameter we know nothing of: not a
        method about to be called, not an attribute that arrays have (``x.shape`` of an array
        parameter refines the parameter instead), and rooted at a local name."""
        if node is self.callee or node.attr in ARRAY_ATTRIBUTES:
            return False
        root = node.value
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and root.id in self.frame.env

    def _opaque_root(self, node: ast.expr) -> Value:
        """The Opaque standing for the unknown object at ``node`` (a name, or an attribute of an
        object), stored back so every later read sees the same one."""
        if isinstance(node, ast.Name):
            fn = self.function
            declared = None if fn is None else declared_class(self.analysis, fn, parameter_annotation(fn.node, node.id))
            value = Opaque(node.id) if declared is None else declared_object(node.id, declared, self.analysis.fresh)
            self.frame.env[node.id] = value
            return value
        if isinstance(node, ast.Attribute):
            holder = self.eval(node.value)
            if type(holder) is Instance and not _dunder(node.attr):
                value = Opaque(f"{source_text(self, node)}")
                holder.attrs[node.attr] = value
                return value
            if type(holder) is Opaque:
                value = holder.members.get(node.attr)
                if type(value) is not Opaque:
                    value = holder.members[node.attr] = Opaque(f"{holder.name}.{node.attr}")
                return value
        return UNKNOWN

    def _opaque_member(self, obj: Opaque, node: ast.Attribute) -> Value:
        """``config.n_embd``: another object known by name, the same one at every read; it becomes
        a named int where the code needs one (``Opaque.as_int``)."""
        attr = node.attr
        if node is self.callee:
            obj.members.clear()   # a method may change the object: what was read of it is stale
            return UNKNOWN
        if attr in ARRAY_ATTRIBUTES:
            return UNKNOWN
        value = obj.members.get(attr)
        if value is None:
            value = obj.members[attr] = Opaque(f"{obj.name}.{attr}")
        if obj.declared is not None and type(value) is Opaque:
            kind = declared_number(obj.declared, attr)
            if kind == FLOAT:
                return Float()
            if kind == INT:   # the same named int at every read, as an undeclared one is where a size is needed
                return Int(value.as_int(self.analysis.fresh).dim)
        return value

    def _name_by_attribute(self, attr: str, value: Value) -> None:
        """``self.n_head`` read in a method: its dim is shown as ``n_head`` there, the name this code
        uses, not where ``__init__`` first read it (``config.n_head``). A local name given later
        (``h = self.n_head``) takes over (``_name_symbols``)."""
        if type(value) is Opaque:
            if value.dim is None:   # not an int yet: named when it becomes one
                value.hint = value.hint or attr
                return
            value = Int(value.dim)
        if type(value) is Int and is_single_symbol(value.dim):
            self.frame.names.setdefault(single_name(value.dim), attr)
            self.frame.attribute_names.add(single_name(value.dim))

    def _member(self, fn: Function, obj: Value, node: ast.AST) -> Value:
        """``obj.name`` where the class defines ``name`` as ``fn``: a method bound to ``obj``, or what
        a property's getter returns, as reading it runs the getter (scikit-learn's kernels branch on
        ``self.anisotropic``), the one a setter in its place keeps too (vispy's ``FrameBuffer.color_buffer``:
        read as unknown, the texture ``fb.resize(shape)`` resizes through it kept its old shape, and
        ``assert tex.shape == shape + (1,)`` was a false SC201)."""
        accessor = fn.accessor
        if accessor is None:
            return method_of(fn, obj)
        if accessor == "set":
            if fn.getter is None:
                return UNKNOWN
            fn = fn.getter
        return self.call_function(node, fn, [obj], {})

    def submodule(self, info, attr: str) -> Value:
        """``module.attr`` where the module's namespace has no ``attr``: a package's submodule,
        found from the package's own folder (``from . import attr`` in its ``__init__.py``), as
        Python finds it; a module file has none. Not from the name an import wrote for the
        package, which differs between importers of one file (shared_modules.py keeps one entry a
        file). Stand-ins and shapecheck's stubs, which have no folder of the project, resolve by name."""
        base = os.path.basename(info.path)
        if base == "__init__.py":
            return self.analysis.import_from(None, attr, 1, info)
        if base.endswith(".py"):
            return UNKNOWN
        return self.analysis.import_from(info.name, attr, 0, self.module)

    def attribute(self, obj: Value, attr: str, node: ast.AST) -> Value:
        t = type(obj)
        if t is Unknown and obj.tensor and obj.middle is not None and node is self.callee \
                and tensor_method_of_parameter(attr):
            # x.float(), x.chunk(2, dim=-1) on a parameter of torch code: x is a tensor, (*x)
            return Method(obj.as_array(), attr, source_text(self, node.value) if isinstance(node, ast.Attribute) else "")
        if t is Array:
            return array_attribute(OpContext(self, node, attr), obj, attr)
        if t is TorchModule or t in PARAMETER_HOLDERS:
            return layer_attribute(OpContext(self, node, attr), obj, attr)
        if t is LibraryObject:
            known = dtype_attribute(obj, attr)   # ``x.dtype.kind``
            return known if known is not None else library_value(f"{obj.qualname}.{attr}")
        if t is Instance:
            self.analysis.use(obj.cls)
            if attr == "__class__":   # an object's own class: the template stands for subclasses' too
                return UNKNOWN if obj.template else obj.cls
            if attr in obj.attrs:
                value = obj.attrs[attr]
                self._name_by_attribute(attr, value)
                return value
            found = obj.cls.lookup(attr)
            if type(found) is Function:
                return self._member(found, obj, node)
            if type(found) is Instance and type(getter := found.cls.lookup("__get__")) is Function:
                # a descriptor of the class: reading the attribute is its ``__get__``
                return self.call_function(node, getter, [found, obj, obj.cls], {})
            if type(found) is Transformed:
                # ``@partial(jax.vmap, in_axes=[None, 0, 0])`` on a method: the transform gives a
                # Python function, which binds as the method did (jaxmarl's ``self._decode(idx, a)``
                # ran unmapped: ``action[5:]`` cut the agents, a false SC106)
                return Partial(found, (obj,))
            if found is None:
                inherited = inherited_member(obj, attr)   # model.to(device) on an nn.Module subclass
                base = layer_base(obj.cls) if inherited is None else None
                if base is not None:
                    # self.weight of a torch layer's subclass: its base layer's (of that layer's
                    # methods, only its construction and forward are known)
                    member = base_layer_member(OpContext(self, node, attr), obj, attr, base)
                    if type(member) is not Method or member.name in ("forward", "__init__"):
                        inherited = member
                if inherited is not None:
                    return inherited
                if attr in MODULE_MEMBERS and is_linen_module(obj.cls):   # self.param(...) of a linen module
                    return library_value(f"flax.linen.Module.{attr}")
                if attr in MODULE_ENTRIES and is_linen_module(obj.cls):   # model.apply(variables, x)
                    return Method(obj, attr)
            if (obj.template or is_linen_module(obj.cls)) and node is not self.callee and _declares_field(obj.cls, attr):
                # a field (``features: int``) of the object every method is analysed with, or of a linen
                # module (whose dataclass fields are not bound where it is built): known by name, the
                # same object at every read (an int where one is needed), as a config's attribute is
                value = obj.attrs[attr] = Opaque(source_text(self, node) if isinstance(node, ast.Attribute) else attr)
                return value
            if found is None and node is self.callee and not obj.template and unseen_base(obj.cls) \
                    and not (isinstance(node, ast.Attribute) and self.rooted_in_template(node.value)):
                unsettle_held(obj)
            if found is None or obj.template or obj.cls.node.decorator_list or is_linen_module(obj.cls) \
                    or _runs_own_new(obj.cls):
                # a class-level value is only a default: dataclass fields and the attributes any
                # method may have set are per object, and a ``__new__`` of the project (not followed)
                # may set them on the class (deepchem's LinearOperator finds ``_is_rmv_implemented``
                # there; the False default sent every operator down its fallback: false SC110s)
                return UNKNOWN
            return found
        if t is Class:
            self.analysis.use(obj)
            if attr in _CLASS_NAMES:
                return Str(_CLASS_NAMES[attr](obj))
            found = obj.lookup(attr)
            if type(found) is Function:
                return method_of(found, obj)
            return found if found is not None else UNKNOWN
        if t is Dict and not hasattr(dict, attr):
            # an nn.ModuleDict (a Dict here) reads its layers as attributes: ``m.c_fc`` is ``m["c_fc"]``
            return next((v for k, v in obj.items if k == attr), UNKNOWN)
        if t is SuperRef:
            self.analysis.use(obj.cls)
            for base in obj.cls.bases:
                if type(base) is LibraryObject and attr == "__init__":
                    # a library base's constructor runs first where it comes first (``class
                    # LoRALinear(nn.Linear, LoRALayer)``): Python's order, not a later base's
                    break
                found = base.lookup(attr) if type(base) is Class else None
                if type(found) is Function:
                    return self._member(found, obj.receiver, node)
                if found is not None:
                    return found
                if attr == "__init__" and type(base) is Class and base.lookup(FIELDS) is not None:
                    # a dataclass base's generated constructor (transformer-lens' bridge config passes
                    # its fields up: unset, ``cfg.d_vocab`` was the class default -1, a false SC107)
                    return FieldsInit(base, obj.receiver)
            held = entries(obj.receiver)
            if held is not None and attr in DICT_READS:   # super().__getitem__(key) of a dict's subclass
                return Method(held, attr)
            base = layer_base(obj.receiver.cls) if type(obj.receiver) is Instance else None
            if base is not None:   # super().__init__(dim) / super().forward(x) of a torch layer's subclass
                found = base_layer_member(OpContext(self, node, attr), obj.receiver, attr, base)
                if found is not None:
                    return found
            receiver = obj.receiver
            if node is self.callee and type(receiver) is Instance and not receiver.template \
                    and unseen_base(obj.cls) and not (isinstance(node, ast.Attribute) and self.rooted_in_template(node.value)):
                unsettle_held(receiver)   # ``super().__init__(corpus)`` of a base not seen
            return UNKNOWN
        if t is ProjectModule:
            value = obj.info.env.get(attr)
            if type(value) is LazyImport:
                value = self.analysis.settle(obj.info.env, attr, value, obj.info.shared)
            if value is None and STARS in obj.info.env:   # a name a deferred star import binds
                value = self.analysis.star_lookup(obj.info, attr, obj.info.env)
            if self.global_reads is not None:
                self.read_global(obj.info, attr, value)
            if value is None:
                value = self.submodule(obj.info, attr)
            return value
        if t in (Int, Float, Bool):
            if obj.presumed:   # a number only by presumption (``input.tensor * 2``): it may be an array
                return UNKNOWN
            if attr in ("shape",):
                return Tuple(())
            if attr == "ndim":
                return Int(0)
            return Method(obj, attr)
        if t is Unknown and attr == "shape" and obj.middle is not None and node is not self.callee:
            return shape_value(obj.as_array().shape)   # a parameter's dims, (*x), as a value
        if t is Unknown and attr in RESHAPES_OF_UNKNOWN and node is self.callee:
            return Method(obj, attr)   # ``kernel_out.view(original_shape)``: rules/registry.py
        if t is Tuple and attr in obj.fields:
            return obj.items[obj.fields.index(attr)]
        if t in (Tuple, List, Dict, Str):
            return Method(obj, attr)
        return UNKNOWN

    def expr_Subscript(self, node: ast.Subscript) -> Value:
        container = self._object(node.value)
        if type(container) is Opaque:
            self.eval(node.slice)
            return UNKNOWN
        index = self.eval(node.slice)
        t = type(container)
        if t is Unknown and container.middle is not None and _array_only_index(index):
            container, t = container.as_array(), Array   # x[:, 0] of a parameter: x is an array, (*x)
        if t is Array:
            ctx = OpContext(self, node, "index")
            try:
                return tensor_like(index_array(ctx, container, index, node.slice), container)
            except ShapeError as err:
                self.shape_error(node, err)
                return UNKNOWN
        if t in (Tuple, List):
            return self._index_sequence(node, container, index)
        if t is ShapeTuple:
            return shape_subscript(container.shape, index, OpContext(self, node, "index").middle_dim)
        if t is TorchModule:   # nn.Sequential(...)[i]
            return layer_item(container, index)
        if t is MeshValue:     # device_mesh["tp"]
            return mesh_item(container, index)
        if t is Instance:   # ``dataset[i]``, ``table[key]``: the class's own ``__getitem__``
            getter = container.cls.lookup("__getitem__")
            held = entries(container)
            if type(getter) is Function:
                keys = keys_to_try(held, Alternatives.CHOICES) if held is not None and not known_key(index) else None
                if keys is not None:   # ``ACT2FN[config.hidden_act]``: each entry's
                    return self.item_each(node, getter, container, keys)
                return self.call(node, method_of(getter, container),
                                 [Arg(index, self.module.text_of(node.slice), node.slice, self.module)], {})
            return dict_item(held, index, self.analysis.fresh) if held is not None else UNKNOWN
        if t is Dict:
            return dict_item(container, index, self.analysis.fresh)
        if t is Range and type(index) is Slice and type(index.start) is NoneValue and type(index.stop) is NoneValue \
                and int_constant(index.step) == -1 and (backwards := reversed_range(container)) is not None:
            return backwards   # ``range(0, t)[::-1]`` (propainter's frames backwards)
        if t is LibraryObject and container.qualname in INDEX_TRICKS:   # np.r_[a, b], np.c_[x, ones]
            values = index.items if type(index) is Tuple else (index,)
            # a tuple held by a name is the items too (``abc = (0.2, 0.2, 0.6)``; ``np.r_[abc]`` is (3,))
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice] * len(values)
            args = [Arg(v, self.module.text_of(n), n, self.module) for v, n in zip(values, parts)]
            rule = INDEX_TRICKS[container.qualname]
            return self.apply(node, container.qualname.rsplit(".", 1)[-1], lambda ctx: rule(ctx, Call(
                container.qualname, args)))
        if t is LibraryObject or t is Class:  # a type annotation such as Float[np.ndarray, "n"]
            return subscript_annotation(container, node.slice, self.eval)
        return UNKNOWN

    def _index_sequence(self, node: ast.Subscript, seq: Value, index: Value) -> Value:
        items = seq.items
        if items is None:
            if type(index) in (Int, Bool) or (type(index) is Array and index.shape.rank == 0):
                # (an int NumPy scalar indexes a list as an int does)
                return self._one_item(each_item(seq.element, self.analysis.fresh))
            if type(index) is Slice:
                return List(None, seq.element)
            # an index of unknown kind is as likely an int as a slice (propainter's ``feats[k][mapping_idx[idx]]``
            # taken for a sub-list, concatenated as an array of one more dim: a false SC106)
            return UNKNOWN
        if type(index) is Int:
            if type(index.dim) is int:
                i = index.dim
                if -len(items) <= i < len(items):
                    return items[i]
                if type(seq) is Tuple and seq.is_shape:
                    # a shape tuple (`x.shape[2]` of a 2-d x); other tuples are not this tool's business
                    self.diagnose(node, "SC105", f"tuple index {i} is out of range for a tuple of length {len(items)}")
                return UNKNOWN
            if items and all(type(item) is Int for item in items):
                return Int(self.analysis.fresh("k"))   # one of the ints (``mapping_idx[idx]``): an int
            return element_of(seq)   # one of the items (``self.layers[i]``), whichever i is
        if type(index) is Slice:
            bounds = [int_constant(x) for x in (index.start, index.stop, index.step)]
            if bounds[2] == 0:
                return UNKNOWN   # Python's ValueError at run time, not a shape question
            if all(b is not None or type(x) is type(NONE) for b, x in zip(bounds, (index.start, index.stop, index.step))):
                picked = items[slice(*bounds)]
                return Tuple(picked, seq.is_shape) if type(seq) is Tuple else List(picked)
            return UNKNOWN
        return UNKNOWN

    def _one_item(self, element: Value) -> Value:
        """One item of a list of unknown length: its arrays' shapes are the element's (the items were
        made alike), but a number the element holds as one symbol is this item's own, not every
        item's (flair's ``assert one_hot[0][0] == 0`` then ``one_hot[0][1] == 1``, stanza's
        ``repairs[0][0] == 1`` then ``repairs[1][0] == 5``: one symbol for both made the second a false
        SC201)."""
        t = type(element)
        if t is Int and is_single_symbol(element.dim):
            d = self.analysis.fresh(single_name(element.dim).split("#")[0])
            return Int(D.signed(d) if interval(element.dim, {})[0] < 0 else d, element.presumed)
        if t is Tuple and any(type(i) in (Int, Tuple, Array) for i in element.items):
            return Tuple(tuple(self._one_item(i) for i in element.items), element.is_shape, element.fields)
        if t is Array:
            # a size the items' join made (``outs.append(x)`` of a backbone's stages) is each item's
            # own (mmsegmentation's ``outs[0].shape == (1, 32, ...)`` then ``outs[1].shape == (1, 64, ...)``)
            fresh: dict = {}

            def own(d):
                if is_single_symbol(d) and made_by_join(single_name(d)):
                    if d not in fresh:
                        fresh[d] = self.analysis.fresh("j")
                    return fresh[d]
                return d
            return map_dims(element, own)
        return element

    def expr_Slice(self, node: ast.Slice) -> Value:
        parts = [NONE if p is None else self.eval(p) for p in (node.lower, node.upper, node.step)]
        return Slice(*parts)

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Value:
        operand = self.eval(node.operand)
        op = node.op
        if not isinstance(op, ast.Not):
            operand = present(operand)
        t = type(operand)
        if isinstance(op, ast.Not):
            pred = truth_pred(operand)
            return Bool(None, negate(pred) if pred is not None else None)
        if t is Int:
            if isinstance(op, ast.USub):
                return Int(D.neg(operand.dim), operand.presumed)
            if isinstance(op, ast.UAdd):
                return operand
            return Int(~operand.dim) if type(operand.dim) is int else UNKNOWN
        if t is Float:
            if operand.complex:
                return operand
            return Float(-operand.value if operand.value is not None and isinstance(op, ast.USub) else None)
        if t is Array:
            return operand
        if t is Unknown and operand.tagged:
            return operand if isinstance(op, ast.UAdd) else operand.derive()
        return UNKNOWN

    def expr_BinOp(self, node: ast.BinOp) -> Value:
        left = present(self.eval(node.left))
        right = present(self.eval(node.right))
        if isinstance(node.left, ast.Name) and (type(left) is Unknown or (type(left) is Array and left.shape.rank is None)):
            # the right operand's call learnt the shape of this same object (``x + self.attn(self.ln_1(x))``)
            left = self.lookup(node.left.id) or left
        return self.binary(node, node.op, left, right, node.left, node.right)

    def _sizes(self, left: Value, lnode: ast.AST, right: Value, rnode: ast.AST,
               literals: bool) -> tuple[Value, Value] | None:
        """Both operands as ints, where each is a size or a constructor's parameter whose name says
        it holds one size (``dim_head * heads``, ``dim * 4``: rules.args.names_one_size), named as the
        dim it is wherever it is met (core/scalar_names.py); None where either is something else.
        Named at a use as a size, ``inner_dim`` was a size of its own, and ``rearrange(t, 'b n (h d)
        -> b h n d', h=heads)`` left ``d`` as ``inner_dim//heads``, not ``dim_head``. A literal is a
        size only where ``literals`` (a product, a test for equality) and positive: ``dim`` is also
        torch's name for an axis, which code adds 1 to or tests against -1 (pyro's ``HaarTransform``:
        ``if dim != -1``, then ``assert dim < 0`` in the constructor a copy calls)."""
        names = self.analysis.scalar_names
        for v in (left, right):
            if type(v) is Int:
                if type(v.dim) is int and (not literals or v.dim < 1):
                    return None
            elif type(v) is not Unknown or not v.scalar or not names.sizable(v):
                return None   # (a plain function's ``dim`` may as well be an axis: named where used as a size)
        texts = [None if type(v) is Int else self.module.text_of(n) for v, n in ((left, lnode), (right, rnode))]
        if not all(text is None or names_one_size(text) for text in texts):
            return None
        out = []
        for value, text in zip((left, right), texts):
            named = value if text is None else names.get(value)
            if named is None:
                named = Int(self.analysis.fresh(text.strip().rpartition(".")[2]))
                names.name(value, named)
            out.append(named)
        names.rebind(self.frame.env)
        return out[0], out[1]

    def binary(self, node: ast.AST, op: ast.operator, left: Value, right: Value, lnode: ast.AST,
               rnode: ast.AST) -> Value:
        tl, tr = type(left), type(right)
        if isinstance(op, ast.Mod) and tr is Int and right.dim == 1 and tl in (Opaque, Unknown):
            # ``phase.value % 1``: the fractional part of a float or of an array's entries (no int is
            # taken mod 1); taken for an int, pint's event phases were the int 0, and the phaseogram's
            # ``np.concatenate((phss, phss + 1.0))`` of two 0-d values a false SC110
            return left if tl is Unknown else UNKNOWN
        if Opaque in (tl, tr) and {tl, tr} <= {Opaque, Int}:
            left, right = int_view(left, self.analysis.fresh), int_view(right, self.analysis.fresh)
            tl = tr = Int
        if {tl, tr} == {Int, Bool} and (left if tl is Bool else right).value is not None:
            # a bool is an int in arithmetic (``dim + has_cls_token``: 0 or 1 more)
            left, right = _as_int(left), _as_int(right)
            tl = tr = Int
        if Unknown in (tl, tr) and type(op) in _SIZE_ARITHMETIC:
            sizes = self._sizes(left, lnode, right, rnode, literals=not isinstance(op, ast.Add))
            if sizes is not None:   # ``inner_dim = dim_head * heads``: sizes, named
                left, right = sizes
                tl = tr = Int
        if tl is Int and tr is Int:
            result = int_arith(op, left.dim, right.dim)
            if result is UNKNOWN and type(op) in _INT_RESULTS and not (type(left.dim) is int and type(right.dim) is int):
                result = Int(self.analysis.fresh("k"))   # ``2 ** (filt_size - 1)``: a number, its value not known
            return _presumed_as(result, left, right)
        if Unknown in (tl, tr) and not isinstance(op, ast.MatMult):
            kept = _same_kind(left, right)
            if kept is not None:
                return Float() if kept.scalar and _float_result(op, right) else kept
            left, right = numbers_against_arrays(left, right)
            tl, tr = type(left), type(right)
        if isinstance(op, ast.Mult) and {tl, tr} in ({List, Array}, {Tuple, Array}):
            repeated = _repeated_by_scalar(left, right, self.analysis.fresh)
            if repeated is not None:
                return repeated
        if tl is Array or tr is Array or (_tagged(left) and _tagged(right) and isinstance(op, ast.MatMult)):
            return self.apply(node, OP_NAMES[type(op)], lambda ctx: apply_operator(
                ctx, type(op), Arg(left, "", lnode, self.module), Arg(right, "", rnode, self.module)),
                operands=(left, right))
        if isinstance(op, ast.BitOr):
            union = type_union(left, right)
            if union is not None:
                return union
        if tl is Tuple and tr is Tuple and isinstance(op, ast.Add):
            return _concatenation(left, right, self.analysis.fresh)
        if ShapeTuple in (tl, tr) and isinstance(op, ast.Add):
            return concatenated(left, right, self.analysis.fresh)
        if tl is List and tr is List and isinstance(op, ast.Add):
            return _concatenation(left, right, self.analysis.fresh)
        if tl in (Tuple, List) and tr is Int and isinstance(op, ast.Mult) and type(right.dim) is int \
                and left.items is not None and _weight(left.items) * right.dim <= MAX_REPEATED_ITEMS:
            if right.dim > sys.maxsize:   # (only an empty one gets here) Python raises OverflowError: no value
                return UNKNOWN
            return tl(left.items * max(right.dim, 0))
        if tl in (Tuple, List) and tr is Int and isinstance(op, ast.Mult) and left.items:
            # ``[query] * batch``, ``(size,) * n_axes``: copies, as many as the code computes
            return List(None, element_of(left), D.mul(len(left.items), right.dim), is_tuple=tl is Tuple)
        if tl in (Int, Float, Bool) and tr in (Int, Float, Bool):
            if isinstance(op, ast.Div) or tl is Float or tr is Float:
                return _presumed_as(_float_arith(op, left, right), left, right)
            return _presumed_as(Int(self.analysis.fresh("k")), left, right) if tl is Int or tr is Int else UNKNOWN
        if tl is Str or tr is Str:
            return _string_arith(op, left, right)
        return UNKNOWN

    def expr_BoolOp(self, node: ast.BoolOp) -> Value:
        values = self._short_circuit(node)
        # an operand known false (``or``; true for ``and``) is never the result but where it is the
        # last: ``batch or n`` with batch None is n (scipy's jackknife batch), not a join with None
        passed = FALSE if isinstance(node.op, ast.Or) else TRUE
        values = [v for v in values[:-1] if truth_pred(v) is not passed] + values[-1:]
        preds = [truth_pred(v) for v in values]
        if all(type(v) is Bool for v in values):
            if any(p is None for p in preds):
                return Bool()
            return Bool(None, conj(preds) if isinstance(node.op, ast.And) else disj(preds))
        # `a or b` on non-bools evaluates to one of them
        if all(type(v) is type(values[0]) for v in values):
            joiner = Joiner(self.analysis.fresh, widen=True, dim_of=self.middle_dim)
            out = values[0]
            for v in values[1:]:
                out = joiner.value(out, v)
            return out
        return UNKNOWN

    def _short_circuit(self, node: ast.BoolOp) -> list:
        """Evaluate ``a or b`` as Python does: ``b`` only when ``a`` may be false, and assuming it is
        (so ``x.ndim == 0 or x[0] > 1`` never indexes a 0-d x)."""
        is_or = isinstance(node.op, ast.Or)
        values = []
        saved, unsure, branches = self.frame.facts, self.unsure, self.unknown_branches
        try:
            for operand in node.values:
                value = self.eval(operand)
                values.append(value)
                # decided by what is known (``num_it > 1 and k.shape[0] == ...`` in a loop's first pass,
                # where ``num_it == 1``: dipy's csdeconv read the shape of the 0-d k it starts from)
                pred = self._decided(truth_pred(value), operand)
                if pred is (TRUE if is_or else FALSE):
                    break  # decided: the rest is never evaluated
                if pred is not (FALSE if is_or else TRUE):
                    self.unknown_branches += 1   # the rest may not run (a decision _decided noted)
                if pred is not None:
                    self.add_fact(Fact(negate(pred) if is_or else pred))
                else:
                    self.unsure += 1   # whether the rest runs is not known
        finally:
            self.frame.facts, self.unsure, self.unknown_branches = saved, unsure, branches
        return values

    def expr_Compare(self, node: ast.Compare) -> Value:
        """A chain of comparisons. ``is``, ``is not``, ``in`` and ``not in`` are Python's own, a bool
        even for arrays (``mask is not None``); the others compare arrays elementwise."""
        left = self.eval(node.left)
        left_text = node.left
        seen = [left]
        preds: list[Pred | None] = []
        result: Value = UNKNOWN
        for op, comp in zip(node.ops, node.comparators):
            right = self.eval(comp)
            seen.append(right)
            right_text = comp
            # `if x.shape[0] != n` with `n` an unknown parameter: n is a dim from here on. Only an
            # (in)equality with a symbolic dim says so: `y <= 0` says nothing (y may be an array).
            if isinstance(op, (ast.Eq, ast.NotEq)) and Unknown in (type(left), type(right)):
                sizes = self._sizes(left, left_text, right, right_text, literals=True)
                if sizes is not None:   # ``heads == 1 and dim_head == dim``: sizes compared
                    left, right = sizes
            if isinstance(op, (ast.Eq, ast.NotEq)) and self.condition_depth:
                if type(left) is Unknown and type(right) is Int and type(right.dim) is not int:
                    left = self._unknown_as_dim(node.left if comp is node.comparators[0] else None, left, right)
                elif type(right) is Unknown and type(left) is Int and type(left.dim) is not int:
                    right = self._unknown_as_dim(comp, right, left)
            if (type(left) is Array or type(right) is Array) and not isinstance(op, IDENTITY_OR_MEMBERSHIP):
                left, right = numbers_against_arrays(left, right)
                result = self.apply(node, CMP_NAMES.get(type(op), "compare"),
                                    lambda ctx: apply_operator(ctx, type(op), Arg(left, "", left_text, self.module),
                                                               Arg(right, "", right_text, self.module)),
                                    operands=(left, right))
                preds.append(None)
            elif {type(left), type(right)} == {Opaque, Int} and not isinstance(op, (ast.Is, ast.IsNot)):
                fresh = self.analysis.fresh
                preds.append(compare_values(op, int_view(left, fresh), int_view(right, fresh)))
            else:
                known = self._none_test_decided(op, left, left_text, right, right_text)
                preds.append(known if known is not None else compare_values(op, left, right))
            left, left_text = right, right_text
        if type(result) is Array:
            return result
        if any(p is None for p in preds):
            python_own = all(isinstance(op, IDENTITY_OR_MEMBERSHIP) for op in node.ops)
            if python_own:
                return Bool()
            if all(type(v) in SCALAR_TYPES for v in seen) and all(map(_orderable, node.ops, seen, seen[1:])):
                return Bool()
            return UNKNOWN
        pred = conj(preds)
        return Bool(True if pred is TRUE else False if pred is FALSE else None, pred,
                    presumed=any(type(v) is Opaque or (type(v) in (Int, Float) and v.presumed) for v in seen))

    def _none_test_decided(self, op: ast.cmpop, left: Value, left_node: ast.expr, right: Value,
                           right_node: ast.expr) -> Pred | None:
        """``x is None`` / ``x is not None`` of an unknown ``x`` that a statement before this one surely
        used as an object (``used_before.py``): it is not None."""
        if not isinstance(op, (ast.Is, ast.IsNot)) or self.function is None:
            return None
        for value, name_node, other in ((left, left_node, right_node), (right, right_node, left_node)):
            if type(value) is Unknown and isinstance(name_node, ast.Name) and isinstance(other, ast.Constant) \
                    and other.value is None \
                    and used_as_object_before(self.function.node, self.statement, name_node.id):
                return FALSE if isinstance(op, ast.Is) else TRUE
        return None

    def expr_Call(self, node: ast.Call) -> Value:
        outer, self.callee = self.callee, node.func
        try:
            func = self.eval(node.func)
        finally:
            self.callee = outer
        args: list[Arg] = []
        # arguments of unknown number (``*rest``, ``**options``): the project's own code is still
        # analysed, each parameter they may fill unknown (binding.bind_call); an op's rule is not
        more: dict[str, Arg] = {}
        for n, a in enumerate(node.args):
            if isinstance(a, ast.Starred):
                rest = self.eval(a.value)
                if type(rest) is ShapeTuple and not more and takes_sizes(func):
                    # x.view(*input_shape, -1): its positional arguments are one size, every one
                    # (torch_args.SIZE_VARARGS), as one tuple they spread into
                    parts = [(False, arg.value) for arg in args] + [(True, rest)] + \
                        self._sequence_parts(node.args[n + 1:])
                    text = "(" + ", ".join(self.module.text_of(x) for x in node.args) + ")"
                    args = [Arg(spread(parts, self.analysis.fresh), text)]
                    break
                items = items_of(rest, None) if not more else None
                if items is None:
                    more[MORE_POSITIONAL] = Arg(element_of(rest) if not more else UNKNOWN)
                    continue
                args.extend(Arg(v, "") for v in items)
            elif more:
                more[MORE_POSITIONAL] = Arg(UNKNOWN)   # its place among the rest is unknown
                self.eval(a)
            else:
                args.append(Arg(self.eval(a), "", a, self.module))
        kwargs: dict[str, Arg] = {}
        for kw in node.keywords:
            value = self.eval(kw.value)
            if kw.arg is None:
                if type(value) is Dict:
                    kwargs.update({k: Arg(v, "") for k, v in value.items if isinstance(k, str)})
                    if not value.complete:   # its other entries may fill any parameter it does not name
                        more[MORE_KEYWORDS] = Arg(UNKNOWN)
                    continue
                more[MORE_KEYWORDS] = Arg(UNKNOWN)
                continue
            kwargs[kw.arg] = Arg(value, "", kw.value, self.module)
        if more and builds_layer(func):   # nn.LayerNorm(dim, **kwargs): the parameters they may fill unknown
            result = self.call(node, func, args, {**kwargs, **more})
        elif more:
            calls = self.analysis.calls
            if not open_callee(func) or not calls.opens_call():
                # unknown, but what it is handed may still be changed there (below): pyamg's
                # ``sa.solve(b, residuals=residuals, **opts)`` fills the list
                result = self._unknown_call(func)
            else:
                kwargs.update(more)
                with calls.open_call():
                    result = self.call(node, func, args, kwargs)
        else:
            result = self.call(node, func, args, kwargs)
        self._escape_lists(node, type(func) not in (LibraryObject, Builtin), type(func) in (Unknown, Opaque))
        if type(func) not in (Function, BoundMethod, Class):
            callbacks_unsettle(args, kwargs)
        if isinstance(node.func, ast.Attribute) and node.func.attr in CONTAINER_CHANGERS:
            self.rebind_taken(node, [a.value for a in args], {k: a.value for k, a in kwargs.items()})
        if "out" in kwargs and resizes_out(func):
            for target, held in out_targets(node, result):
                slot = self._container_slot(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
                if slot is not None and (slot[0] is None or type(slot[0]) in (Array, Unknown)):
                    slot[1](held)   # (whatever it held, the call succeeding makes it a tensor)
        return result

    def _escape_lists(self, node: ast.Call, unmodelled: bool, unknown: bool = False) -> None:
        """A list handed to code we do not model (``unmodelled``) may be mutated there: forget its
        length; an object known by name may be changed there: forget what was read of it; a dict handed
        to a callee nothing is known of (``unknown``: not a library's, not one the run follows) may have
        any entry set there: forget its entries (pandapower's ``_build_bus_ppc(net, ppc)``, unresolved,
        sets ``ppc["bus"] = np.zeros((n, cols))`` over the ``np.array([])`` its maker put: the empty
        placeholder, indexed ``ppc["bus"][:, BASE_KV]``, was a false SC110). A list whose
        changing method is handed to any call (``run(job, reduce_func=results.append)``, ``map(seen.append,
        ...)``) may be changed whenever the callee calls it back, a library's or a builtin's too (qutip's
        ``y2 = []`` filled by a callback was an empty list: a false SC101)."""
        env = self.frame.env
        for a in _handed(list(node.args) + [kw.value for kw in node.keywords]):
            whole = isinstance(a, ast.Name)
            if whole and unmodelled:
                name = a.id
            elif isinstance(a, ast.Attribute) and a.attr in LIST_CHANGERS and isinstance(a.value, ast.Name):
                name = a.value.id
            else:
                continue
            v = env.get(name)
            if type(v) is List and v.items is not None:
                # (its items may be set there too: pyvista's ``dims = [0, 0, 0]``, filled by VTK's
                # ``self.GetDimensions(dims)``, kept its zeros, and ``dims[0] - 1`` was a negative size)
                element = element_of(v)
                env[name] = List(None, element if type(element) is Array or not whole else UNKNOWN)
            elif type(v) is Opaque and whole:
                v.members.clear()
            elif type(v) is Dict and whole and unknown and v.items:
                env[name] = Dict()

    def _unknown_call(self, func: Value) -> Value:
        return UNKNOWN


def _handed(args: list) -> list:
    """The expressions a call hands over, with what a ``partial(...)`` among them binds: the callee
    may call it back with them (sfepy's ``problem.solve(step_hook=partial(store_ths, ths=ths))``
    fills ``ths``, which stayed an empty list: a false SC105)."""
    out = []
    for a in args:
        out.append(a)
        if isinstance(a, ast.Call) and (isinstance(a.func, ast.Name) and a.func.id == "partial" or
                                        isinstance(a.func, ast.Attribute) and a.func.attr == "partial"):
            out.extend(_handed(list(a.args[1:]) + [kw.value for kw in a.keywords]))
    return out


#: What Python orders against what (``<``, ``<=``, ...): numbers with numbers, a sequence with one of
#: its own kind; anything else raises TypeError, so the comparison makes no bool
_ORDERED_KINDS = {Int: "number", Float: "number", Bool: "number", Str: "str", Tuple: "tuple", List: "list"}


def _orderable(op: ast.cmpop, left: Value, right: Value) -> bool:
    """Whether ``left op right`` gives a bool Python makes: ``==`` and ``!=`` of anything, an ordering of
    two values of one kind (``(a, b) < n`` raises: jax-md compared a tuple of index arrays with an int,
    and the bool taken for its result was summed over axis 1, a false SC104)."""
    if isinstance(op, (ast.Eq, ast.NotEq)):
        return True
    kind = _ORDERED_KINDS.get(type(left))
    return kind is not None and kind == _ORDERED_KINDS.get(type(right))


def _declares_field(cls: Class, attr: str, depth: int = 0) -> bool:
    """Whether ``cls`` or a base it defines annotates ``attr`` at class level (a dataclass field)."""
    for stmt in cls.node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == attr:
            return True
    return depth < 20 and any(type(b) is Class and _declares_field(b, attr, depth + 1) for b in cls.bases)


#: the arithmetic that keeps sizes sizes (a product of sizes is one, as ``inner_dim = dim_head * heads``)
_SIZE_ARITHMETIC = frozenset({ast.Add, ast.Mult, ast.FloorDiv})


def _same_kind(left: Value, right: Value) -> Value | None:
    """``0.5 * x`` or ``x * x`` with ``x`` a parameter nothing fixed: whatever ``x`` is (array or
    number), the result is that kind with x's shape, so it stays x's tagged unknown. None when the
    other operand is not a plain number or the same parameter (an array meets it as an array).
    Two constructor numbers make a number (``self.rp / (1 - self.p)``)."""
    tagged, other = (left, right) if type(left) is Unknown else (right, left)
    if not tagged.tagged:
        return None
    if type(other) in (Int, Float, Bool) or other == tagged or \
            (tagged.scalar and type(other) is Unknown and other.scalar):
        return tagged.derive()
    return None


def _float_result(op: ast.operator, right: Value) -> bool:
    """Whether arithmetic on numbers gives a float whatever they are: ``a / b``, ``dim_head ** -0.5``
    (a negative or fractional power; Python's ``int.__pow__``)."""
    if isinstance(op, ast.Div):
        return True
    if not isinstance(op, ast.Pow):
        return False
    return type(right) is Float or (type(right) is Int and type(right.dim) is int and right.dim < 0)


def _array_only_index(index: Value) -> bool:
    """An index only an array takes (``x[:, 0]``, ``x[..., None]``, ``x[mask]``): a tuple holding a
    slice, an ellipsis or None, or a lone ellipsis, None or array of at least one dim (a sequence or
    mapping takes none of these; a list takes a 0-d integer tensor, as an int)."""
    parts = index.items if type(index) is Tuple else (index,)
    return any(type(p) in (EllipsisValue, NoneValue) or type(p) is Array and p.shape.min_rank >= 1
               for p in parts) or (type(index) is Tuple and any(type(p) is Slice for p in parts))


#: Operators of two ints whose result is a number even where the dims algebra cannot say which
#: (a symbolic power or shift); // and % by a symbol that may be 0 are not among them.
_INT_RESULTS = frozenset((ast.Pow, ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor))


def _concatenation(left: List | Tuple, right: List | Tuple, fresh) -> Value:
    """``a + b`` on two lists or two tuples: their items, up to MAX_REPEATED_ITEMS values (as
    :func:`_weight` counts them); past it, the join of the items and their count. A chain
    ``v + v + ... + v`` thousands deep copies quadratically many items, and each later reading
    (``np.array(chain)``) walks every copy."""
    is_tuple = type(left) is Tuple
    if left.items is not None and right.items is not None:
        items = left.items + right.items
        if _weight(items) <= MAX_REPEATED_ITEMS:
            return type(left)(items)
    lengths = [len(v.items) if v.items is not None else v.length for v in (left, right)]
    length = None if None in lengths else D.add(*lengths)
    elements = [element_of(v) for v in (left, right)]
    return List(None, loose_join(*elements, fresh), length, is_tuple=is_tuple)


def _weight(items: tuple) -> int:
    """The values a repetition of ``items`` copies, one level down: ``[[0] * 1000] * 1000`` is a
    million, though each list holds a thousand (a key walks every copy)."""
    return sum(len(x.items) if type(x) in (List, Tuple) and x.items is not None else 1 for x in items)


_FLOAT_OPS = {ast.Add: float.__add__, ast.Sub: float.__sub__, ast.Mult: float.__mul__, ast.Div: float.__truediv__,
              ast.FloorDiv: float.__floordiv__, ast.Mod: float.__mod__, ast.Pow: float.__pow__}


def _float_arith(op: ast.operator, left: Value, right: Value) -> Value:
    """Float arithmetic Python would do on two known numbers (``1 + (H - ph) / stride`` with the
    sizes known: ``int()`` of it is a size); unknown otherwise, or where Python raises."""
    if complex_number(left) or complex_number(right):
        return COMPLEX
    a, b = known_number(left), known_number(right)
    fn = _FLOAT_OPS.get(type(op))
    if a is None or b is None or fn is None or type(left) is Bool or type(right) is Bool:
        return Float()
    try:
        result = fn(float(a), float(b))
    except (ArithmeticError, ValueError):
        return Float()
    return Float(result) if isinstance(result, float) else Float()


def _string_arith(op: ast.operator, left: Value, right: Value) -> Str:
    """``"_" + kind``, ``"_%s_buffer" % kind``, ``"layer%d" % i`` of values Python's text is known of: the
    string, so that ``setattr(self, "_%s_buffer" % kind, buffer)`` names the attribute it sets (vispy's
    framebuffer; unknown, its buffers' later ``resize`` through it was unseen). Else a string not known."""
    if type(left) is not Str or left.value is None:
        return Str(None)
    if isinstance(op, ast.Add) and type(right) is Str and right.value is not None:
        return Str(left.value + right.value)
    if isinstance(op, ast.Mod) and not _WIDE_FIELD.search(left.value):
        items = right.items if type(right) is Tuple and right.items is not None else (right,)
        args = tuple(_formatted(v) for v in items)
        if all(a is not None for a in args):
            try:
                return Str(left.value % (args if type(right) is Tuple else args[0]))
            except (TypeError, ValueError, OverflowError):   # (Python raises: no string)
                return Str(None)
    return Str(None)


#: a ``%`` field wider or more precise than this is never a name: not made (``"%999999999d"``)
_WIDE_FIELD = re.compile(r"%[-+ #0]*(\d{4,}|\*)|\.(\d{4,}|\*)")


def _formatted(v: Value):
    """The Python value ``v`` is, where it is known: an int, a string, a bool (what ``%`` formats)."""
    t = type(v)
    if t is Int and type(v.dim) is int:
        return v.dim
    if (t is Str or t is Bool) and v.value is not None:
        return v.value
    return None


def _known_text(v: Value) -> str | None:
    """``str(v)`` where Python's is known: an int, a string, a bool."""
    known = _formatted(v)
    return None if known is None else str(known)


def _runs_own_new(cls: Class, depth: int = 0) -> bool:
    """Whether ``cls`` or a project base of it defines ``__new__``."""
    return type(cls.namespace.get("__new__")) is Function or depth < 20 and any(
        type(b) is Class and _runs_own_new(b, depth + 1) for b in cls.bases)


def _repeated_by_scalar(left: Value, right: Value, fresh) -> Value | None:
    """``[a] * r`` with ``r`` an integer item of an array (a NumPy scalar, as iterating or indexing gives):
    the list repeated, as with an int (pytorchcv's ``[a] * r for a, r in zip(channels, np.full(8, 1))``;
    multiplied as an array it was one item, and a model of empty stages); a count not known."""
    seq, count = (left, right) if type(left) in (List, Tuple) else (right, left)
    if count.shape.rank != 0 or count.tensor or (count.dtype is not None and not count.dtype.startswith(("int", "uint", "bool"))):
        return None   # (a 0-d tensor is multiplied as an array)
    if not seq.items and seq.items is not None:
        return seq
    length = fresh("n") if seq.items is None else D.mul(len(seq.items), fresh("n"))
    return List(None, element_of(seq), length, is_tuple=type(seq) is Tuple)



def _presumed_as(result: Value, *operands: Value) -> Value:
    """Arithmetic on an int taken for one only by presumption (``Int.presumed``) is presumed too, a
    float from one (``1 / q.covariance_rfft``) as well: it may be an array, and a 0-d float would
    make ``irfft`` of it an error; so is one with a float literal (``2.0 / gd.r_g**2``: gpaw's radial
    grid, whose ``np.diag`` of a 0-d float was a false SC107)."""
    if any((type(v) is Int or type(v) is Float) and v.presumed for v in operands):
        if type(result) is Int:
            return Int(result.dim, presumed=True)
        if type(result) is Float:
            return Float(result.value, presumed=True)
    return result


def _as_int(v: Value) -> Value:
    return Int(int(v.value)) if type(v) is Bool else v


def _tagged(v: Value) -> bool:
    return type(v) is Unknown and v.middle is not None


def _grown_outside(node: ast.AST) -> frozenset[str]:
    """The names of lists and dicts from outside a comprehension that its elements change in place
    (``[df_model.append(rank(a)) for a in blocks]``)."""
    # memo on the node itself, a pure function of it (scikit-learn walked comprehensions 7,953 times)
    grown = getattr(node, "_shapecheck_grown", None)
    if grown is None:
        grown = node._shapecheck_grown = _walk_grown_outside(node)
    return grown


def _walk_grown_outside(node: ast.AST) -> frozenset[str]:
    bound = {n.id for gen in node.generators for n in walk(gen.target) if isinstance(n, ast.Name)}
    return frozenset(n.func.value.id for n in walk(node)
                     if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                     and n.func.attr in LIST_MUTATORS + DICT_MUTATORS and n.func.value.id not in bound)
