"""Binding a function's parameters: to unknowns for its generic analysis, to a call's arguments
for a call's analysis, and the key under which a call's analysis is memoised."""

from __future__ import annotations

import ast
import weakref

from ..core.node_answers import per_node, walk
from ..core.session import Run
from ...constraints import dims as D
from ...constraints.shapes import Middle
from ..core.context import MORE_KEYWORDS, MORE_POSITIONAL
from ..core.values import UNKNOWN, Bool, Dict, Float, Function, Instance, Int, List, NoneValue, Tuple, Unknown, Value
from ..interp.annotations import function_specs, parameter_start, parse_forward
from ..interp.attribute_stores import CONSTRUCTORS
from ..interp.declared import declared_class, declared_object


def parameter_values(analysis: Run, fn: Function, receiver: Value | None) -> dict:
    """The environment a function's generic analysis starts from (annotated parameters as annotated)."""
    a = fn.node.args
    env: dict = {}
    torch_only = fn.module.torch_only
    if fn.binding == "static":   # no object to bind: its first parameter is an argument like the rest
        receiver = None
    elif fn.binding == "class" and type(receiver) is Instance:
        receiver = receiver.cls
    tensors = function_specs(analysis, fn).tensors   # annotated torch.Tensor: torch's methods
    positional = a.posonlyargs + a.args
    defaults = parameter_defaults(fn)
    for i, p in enumerate(positional):
        env[p.arg] = receiver if (i == 0 and receiver is not None) else \
            _parameter(fn, p, torch_only or p.arg in tensors, defaults.get(p.arg))
    for p in a.kwonlyargs:
        env[p.arg] = _parameter(fn, p, torch_only or p.arg in tensors, defaults.get(p.arg))
    if a.vararg is not None:
        env[a.vararg.arg] = UNKNOWN
    if a.kwarg is not None:
        env[a.kwarg.arg] = UNKNOWN
    if getattr(fn.node, "name", None) not in CONSTRUCTORS:
        for p in a.posonlyargs + a.args + a.kwonlyargs:
            ints = _int_tuple_length(p.annotation)
            if ints is not None and type(env[p.arg]) is Unknown:
                # ``shape: Tuple[int, int, int]``: that many sizes, each a symbol of its own
                env[p.arg] = Tuple(tuple(Int(analysis.fresh(f"{p.arg}{i}")) for i in range(ints)))
                continue
            scalar = _SCALARS.get(_scalar_name(p.annotation))
            if (scalar is not None and type(env[p.arg]) is Unknown and p.arg not in used_as_no_number(fn.node)
                    and p.arg not in taken_for_arrays(fn.node)):
                env[p.arg] = scalar(analysis, p.arg)
                if (_negative(defaults.get(p.arg)) or p.arg in tested_for_sign(fn.node)) and type(env[p.arg]) is Int:
                    # ``dim: int = -1``: a position counted from the end, not a size (numpyro's
                    # ``plate_stack(..., rightmost_dim: int = -1)`` asserts ``rightmost_dim < 0``);
                    # so is one the body tests for a sign (``axis: int`` with ``if axis < 0:``)
                    env[p.arg] = Int(D.signed(env[p.arg].dim))
    signed = None
    for p in a.posonlyargs + a.args + a.kwonlyargs:
        value = env[p.arg]
        if type(value) is Unknown and value.tagged:
            if signed is None:
                signed = tested_for_sign(fn.node)
            default = defaults.get(p.arg)
            if type(default) is NoneValue or _negative(default) or p.arg in signed:
                analysis.scalar_names.unsized(value)   # (None, or an axis: core/scalar_names.py)
    for p in a.posonlyargs + a.args + a.kwonlyargs:
        if type(env[p.arg]) is Unknown and p.annotation is not None:
            declared = declared_class(analysis, fn, p.annotation)
            if declared is not None:   # ``config: LlamaConfig``: an object known by name, of that class
                env[p.arg] = declared_object(p.arg, declared, analysis.fresh)
    parameter_start(analysis, fn, env)
    return env


#: A parameter annotated as a Python scalar alone is one (``n: int`` a size-like symbol of its own,
#: ``scale: float`` a float, ``causal: bool`` a bool): where an array op meets it, it broadcasts as
#: a scalar, where an unannotated parameter may as well be an array (``x + n`` unknown). Not where
#: the body takes it for an array (indexes it, reads an array's attribute, iterates it, asks its
#: ``len``): the annotation is wrong there (aeon's tree node annotates ``thresholds: int`` and walks
#: the 2-d array it is given with ``np.ndenumerate``).
_SCALARS = {
    "int": lambda analysis, name: Int(D.presumed(analysis.fresh(name))),
    "float": lambda analysis, name: Float(),
    "bool": lambda analysis, name: Bool(),
}


def _int_tuple_length(annotation: ast.expr | None) -> int | None:
    """n where an annotation is ``Tuple[int, ..., int]`` (n >= 2 ints; ``tuple[...]``, ``typing.Tuple`` too)."""
    if not isinstance(annotation, ast.Subscript):
        return None
    base = annotation.value
    name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
    if name not in ("Tuple", "tuple"):
        return None
    # ``tuple[int]`` alone is read as code means it, any number of ints (transformers annotates every
    # ``input_shape`` so, then unpacks two from it: a false SC107 when it was taken for one int)
    items = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else []
    if len(items) < 2 or not all(isinstance(item, ast.Name) and item.id == "int" for item in items):
        return None
    return len(items)


#: what a Python number has of its own (``x.real``, ``n.bit_length()``): any other attribute read of a
#: parameter annotated as a number says the annotation is wrong
_NUMBER_ATTRIBUTES = frozenset(("real", "imag", "conjugate", "is_integer", "as_integer_ratio", "hex", "bit_length",
                                "bit_count", "to_bytes", "numerator", "denominator", "__class__"))


@per_node
def used_as_no_number(node: ast.AST) -> frozenset[str]:
    """The names a function's body reads an attribute of that no number has, or indexes: a parameter
    annotated ``prob: float`` whose body asks ``prob.shape`` is an array, whatever its annotation
    says (nemo's ``gen_pred_from_speech_segments``: ``np.zeros(prob.shape)`` was 0-d, and the slice
    assignment into it a false SC105)."""
    names = set()
    for n in walk(node):
        if isinstance(n, ast.Attribute) and n.attr not in _NUMBER_ATTRIBUTES or isinstance(n, ast.Subscript):
            if isinstance(n.value, ast.Name):
                names.add(n.value.id)
    return frozenset(names)


#: Attributes only an array has (where a config object's would be a number: not ``size``, ``dim``)
_ARRAY_ONLY_ATTRIBUTES = frozenset(("shape", "ndim", "T", "dtype", "reshape", "astype", "transpose", "ravel",
                                    "flatten", "squeeze", "unsqueeze", "view", "numel"))


@per_node
def used_as_array(node: ast.AST) -> frozenset[str]:
    """The names a function's body reads an attribute of that only an array has (``V.shape[0]``)."""
    return frozenset(n.value.id for n in walk(node)
                     if isinstance(n, ast.Attribute) and n.attr in _ARRAY_ONLY_ATTRIBUTES and isinstance(n.value, ast.Name))


#: Functions that take a number or an array of any rank alike: code passing a parameter to one
#: expects either (``np.atleast_1d(np.asarray(values))``), as ``len`` of it expects no number.
_ANY_RANK = frozenset({"atleast_1d", "atleast_2d", "atleast_3d", "len", "ndenumerate", "nditer"})
#: Functions that make an array of what they are given as it is (one name for the parameter they take)
_AS_ARRAY = frozenset({"asarray", "array", "asanyarray", "as_tensor", "tensor", "asfarray"})


@per_node
def taken_for_arrays(node: ast.AST) -> frozenset[str]:
    """The names a function's body passes, as they are or made an array first (``avalues =
    np.asarray(values)``), to a function that takes arrays of any rank (``np.atleast_1d``) or to
    ``len``, or iterates: a parameter whose default is a float (fluids' ``Polyfun.__init__(self,
    values=0.)``) is then no float alone; taken for one, ``self._values`` was (1,) in every method
    (``np.zeros_like(ak[:-1])[1] = 0.5``: a false SC105)."""
    aliases: dict[str, str] = {}
    for n in walk(node):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            source = _array_of_name(n.value)
            if source is not None:
                aliases[n.targets[0].id] = source
    names = set()
    for n in walk(node):
        if isinstance(n, ast.Call) and _called_name(n.func) in _ANY_RANK and n.args:
            source = _array_of_name(n.args[0])
            if source is not None:
                names.add(aliases.get(source, source))
        elif isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.iter, ast.Name):
            names.add(aliases.get(n.iter.id, n.iter.id))
    return frozenset(names)


def _called_name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _array_of_name(node: ast.expr) -> str | None:
    """The name ``node`` is (``values``), or makes an array of (``np.asarray(values)``); else None."""
    if isinstance(node, ast.Call) and _called_name(node.func) in _AS_ARRAY and len(node.args) >= 1:
        node = node.args[0]
    return node.id if isinstance(node, ast.Name) else None


@per_node
def tested_for_sign(node: ast.AST) -> frozenset[str]:
    """The names a function's body compares with a negative number or tests against 0 for a sign
    (``axis < 0``, ``0 <= axis``, ``axis == -1``, ``assert shift >= 0``): a size needs no such test."""
    return frozenset(_tested_for_sign(node))


def _tested_for_sign(node: ast.AST):
    for n in walk(node):
        if not isinstance(n, ast.Compare):
            continue
        sides = [n.left, *n.comparators]
        for op, left, right in zip(n.ops, sides, sides[1:]):
            for name, number, flipped in ((left, right, False), (right, left, True)):
                if isinstance(name, ast.Name):
                    value = _number(number)
                    if value is not None and (value < 0 or (value == 0 and _sign_test(op, flipped))):
                        yield name.id


def _number(node: ast.expr) -> int | float | None:
    """The number a literal is (``-1``: a minus applied to 1); None for anything else."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    return None


def _sign_test(op: ast.cmpop, flipped: bool) -> bool:
    """Whether ``name <op> 0`` (``0 <op> name`` where ``flipped``) asks for the name's sign: ``< 0`` or
    ``>= 0`` (``> 0`` and ``== 0`` hold sizes too)."""
    if flipped:
        return isinstance(op, (ast.Gt, ast.LtE))
    return isinstance(op, (ast.Lt, ast.GtE))


def parameter_defaults(fn: Function) -> dict[str, Value]:
    """``fn``'s parameters that have a default, each with its default's value."""
    positional = fn.node.args.posonlyargs + fn.node.args.args
    defaults = dict(fn.kw_defaults)
    defaults.update(zip((p.arg for p in positional[len(positional) - len(fn.defaults):]), fn.defaults))
    return defaults


def _negative(default: Value | None) -> bool:
    """Whether a parameter's default is a negative int."""
    return type(default) is Int and type(default.dim) is int and default.dim < 0


def _scalar_name(annotation: ast.expr | None) -> str | None:
    """``int``, ``float`` or ``bool`` where the annotation is that name alone (or that string)."""
    if isinstance(annotation, ast.Name):
        return annotation.id
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.strip()
    return None


def _parameter(fn: Function, param: ast.arg, tensor: bool, default: Value | None) -> Value:
    """A parameter nothing fixes: unknown, but the same unknown wherever it flows (``(*x)``); a
    constructor's is a number where it meets an array (``dots * self.scale`` with
    ``self.scale = dim_head ** -0.5``), and a float when its default is one (``scale_init=1e-3``:
    ``torch.tensor(scale_init)`` is 0-d; a size's default is an int, which stays unknown) and its
    annotation, if any, names a number alone (dopamine 4.1.2's ``min_vals: Union[float,
    Sequence[float]] = 0.0`` is a sequence too: ``len(jnp.array(min_vals))`` is no error). One
    annotated as an array is the array it says (zuko 1.6.0's ``MonotonicRQSTransform.__init__(self,
    widths: Tensor, ...)`` pads ``F.softmax(widths, dim=-1)``: no number), and so is one whose
    array-only attributes the constructor reads (:func:`used_as_array`)."""
    if getattr(fn.node, "name", None) in CONSTRUCTORS and "." in fn.qualname and not _names_an_array(param.annotation) \
            and not _only_containers(param.annotation) and param.arg not in used_as_array(fn.node):
        # (one whose ``shape`` the constructor itself reads is an array: strawberryfields' ``Gaussian(V)``
        # reads ``V.shape[0]``; taken for a number, ``V / (hbar / 2)`` was a float, and
        # ``np.linalg.det(V)`` a false SC107)
        number = type(default) is Float and _names_a_number(param.annotation) and param.arg not in taken_for_arrays(fn.node)
        return Float() if number else Unknown(None, tensor, 0, True)
    if param.annotation is None and _literal_number(default) and param.arg not in taken_for_arrays(fn.node) \
            and param.arg not in used_as_no_number(fn.node):
        # ``temperature=10000``, ``eps=1e-6``: a number, as a constructor's is, where the body takes it
        # for nothing else (vit-pytorch's ``1. / (temperature ** omega)`` was of unknown rank, and so
        # was every sin-cos embedding built from it). A call passing an array runs with that array.
        return Float() if type(default) is Float else Unknown(None, tensor, 0, True)
    return Unknown(Middle(param.arg, fn.scope), tensor)


def _literal_number(default: Value | None) -> bool:
    """Whether a parameter's default is a known int or float (not a bool: a flag)."""
    t = type(default)
    return t is Int and type(default.dim) is int or t is Float and default.value is not None and not default.complex


#: the names of array types an annotation may give a parameter (``Tensor``, ``np.ndarray``,
#: ``jax.Array``, jaxtyping's ``Float[Tensor, "b n"]``)
_ARRAY_TYPES = frozenset({"Tensor", "ndarray", "Array", "ArrayLike", "NDArray"})


def _names_an_array(annotation: ast.expr | None) -> bool:
    """Whether ``annotation`` names an array type (anywhere in it: ``Optional[Tensor]``, and in a
    forward reference: ray's ``inputs: "torch.Tensor"``)."""
    return any(name in _ARRAY_TYPES for name in _annotation_names(annotation))


def _annotation_names(annotation: ast.expr | None):
    """The names an annotation is written with (``torch.Tensor``: ``torch``, ``Tensor``), the
    strings in it read as the annotations they stand for."""
    if annotation is None:
        return
    for n in walk(annotation):
        if isinstance(n, ast.Name):
            yield n.id
        elif isinstance(n, ast.Attribute):
            yield n.attr
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip():
            yield from _annotation_names(parse_forward(n.value, n))


#: Annotations of containers: a parameter so annotated is no number, whatever its items are
_CONTAINERS = frozenset({"List", "list", "Sequence", "MutableSequence", "Tuple", "tuple", "Dict", "dict",
                         "Mapping", "MutableMapping", "Iterable", "Iterator", "Set", "set", "FrozenSet", "frozenset"})


def _only_containers(annotation: ast.expr | None) -> bool:
    """Whether every type ``annotation`` allows, None aside, is a container (``List[TensorType]``,
    ``Optional[Sequence[int]]``); ``Union[int, Tuple[int, int]]`` allows a number."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant):
        if isinstance(annotation.value, str):
            return _only_containers(parse_forward(annotation.value, annotation))
        return False
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _only_containers(annotation.left) and _only_containers(annotation.right) or \
            _is_none(annotation.left) and _only_containers(annotation.right) or \
            _only_containers(annotation.left) and _is_none(annotation.right)
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = head.id if isinstance(head, ast.Name) else head.attr if isinstance(head, ast.Attribute) else None
    if name in ("Optional", "Union") and isinstance(annotation, ast.Subscript):
        inner = annotation.slice
        options = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        kept = [o for o in options if not _is_none(o)]
        return bool(kept) and all(_only_containers(o) for o in kept)
    return name in _CONTAINERS


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None or isinstance(node, ast.Name) and node.id == "None"


def _names_a_number(annotation: ast.expr | None) -> bool:
    """No annotation, or ``float`` / ``int`` (written as a name or a string)."""
    return annotation is None or _scalar_name(annotation) in ("float", "int")


def bind_call(fn: Function, args: list, kwargs: dict) -> dict | None:
    """The environment of a call ``fn(*args, **kwargs)``; None when the arguments do not fit.

    A call that passes arguments of unknown number (``MORE_POSITIONAL``, ``MORE_KEYWORDS`` in
    ``kwargs``) may fill any parameter it does not name: those are unknown, not their defaults."""
    kwargs = dict(kwargs)
    more_positional = kwargs.pop(MORE_POSITIONAL, None)
    more_keywords = kwargs.pop(MORE_KEYWORDS, None) is not None
    a = fn.node.args
    positional = [p.arg for p in a.posonlyargs + a.args]
    env: dict = {}
    for name, value in zip(positional, args):
        env[name] = value
    extra = args[len(positional):]
    if more_positional is not None:
        for name in positional[len(args):]:
            env[name] = UNKNOWN
        if a.vararg is not None:
            # what the rest holds beyond the parameters it fills: items like its known ones
            env[a.vararg.arg] = List(None, more_positional) if not extra else UNKNOWN
    elif extra:
        if a.vararg is None:
            return None
        env[a.vararg.arg] = Tuple(tuple(extra))
    elif a.vararg is not None:
        env[a.vararg.arg] = Tuple(())
    kw_names = positional + [p.arg for p in a.kwonlyargs]
    rest = {}
    for k, v in kwargs.items():
        if k in kw_names:
            env[k] = v
        else:
            rest[k] = v
    if rest and a.kwarg is None and not more_keywords:
        return None
    if more_keywords:
        for name in kw_names[len(a.posonlyargs):]:
            env.setdefault(name, UNKNOWN)
    if (more_positional is not None or more_keywords) and getattr(fn.node, "name", None) in CONSTRUCTORS \
            and "." in fn.qualname:
        _own_unknowns(fn, env)
    if a.kwarg is not None:
        env[a.kwarg.arg] = UNKNOWN if more_keywords else Dict(tuple(rest.items()), complete=True)
    # defaults
    defaults = fn.defaults
    for name, value in zip(positional[len(positional) - len(defaults):], defaults):
        env.setdefault(name, value)
    for name, value in fn.kw_defaults:
        env.setdefault(name, value)
    for name in kw_names:
        env.setdefault(name, UNKNOWN)
    for name in _array_parameters(fn):
        v = env.get(name)
        if type(v) is Float and v.value is None:
            # a float nothing fixes (``weights: float``, an annotation) handed where an array is
            # annotated: one of the two annotations is wrong, and working code says which (ott-jax's
            # ``_quantile_normalization(..., weights: float)`` passes its weights vector to
            # ``target_weights: Optional[jnp.ndarray]``, whose ``jnp.squeeze(...).shape[0]`` a 0-d
            # float fails: a false SC110)
            env[name] = UNKNOWN
    return env


def _own_unknowns(fn: Function, env: dict) -> None:
    """A constructor's parameters that arguments of unknown number may fill (``super().__init__(*args,
    **kwargs)``) are each an unknown of its own, as in its class's template (:func:`_parameter`):
    one a size names keeps that name wherever the value went (core/scalar_names.py). As the one
    shared UNKNOWN, timm's ``VisionTransformer.__init__`` named ``embed_dim`` where ``cls_token``
    takes it as a size but not ``self.embed_dim``, which held it already, and a subclass's
    ``dist_token`` of ``self.embed_dim`` was of another size."""
    a = fn.node.args
    for p in a.posonlyargs + a.args + a.kwonlyargs:
        if env.get(p.arg) is UNKNOWN:
            value = _parameter(fn, p, False, None)
            if type(value) is Unknown and value.scalar:   # (not one annotated as an array or containers)
                env[p.arg] = value


#: per function node, its parameters annotated as arrays
_ARRAY_PARAMETERS: "weakref.WeakKeyDictionary[ast.AST, frozenset[str]]" = weakref.WeakKeyDictionary()


def _array_parameters(fn: Function) -> frozenset[str]:
    node = fn.node
    found = _ARRAY_PARAMETERS.get(node)
    if found is None:
        a = node.args
        found = _ARRAY_PARAMETERS[node] = frozenset(
            p.arg for p in a.posonlyargs + a.args + a.kwonlyargs if _names_an_array(p.annotation))
    return found


def memo_key(fn: Function, args: list, kwargs: dict):
    """What identifies a call for the memo (None: not memoisable: it passes an object, or is unhashable)."""
    if any(isinstance(v, Instance) for v in args) or any(isinstance(v, Instance) for v in kwargs.values()):
        return None
    key = (fn, tuple(args), tuple(sorted(kwargs.items(), key=lambda kv: kv[0])))
    try:
        hash(key)
    except TypeError:
        return None
    return key
