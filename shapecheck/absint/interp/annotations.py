"""Shape annotations as specifications: jaxtyping strings and numpy's shape typing, read from source.

``Float[np.ndarray, "batch 784"]`` evaluates (in the interpreter) to a :class:`ShapeSpec` value, so
an alias defined in a project module (``Activations = Float[torch.Tensor, "*b t d"]``) resolves like
any other name. jaxtyping is never imported. The dims of a spec string (jaxtyping's "Array
annotations" section):

====================  ===========================================================
``784``               exactly 784
``batch``             a named dim: the same value wherever the name appears in one function
``_``, ``_name``      any size, unchecked
``#name``             ``name`` or 1 (broadcastable)
``...``, ``*name``    any number of dims (variadic); ``*name`` is the same dims everywhere
``n+1``, ``rows=4``   an expression over names bound elsewhere; a documented constant
====================  ===========================================================

NumPy's own typing form (numpy.typing docs, "NDArray"; ``ndarray`` is generic in shape and dtype):

===================================================  ==========================================
``np.ndarray[tuple[int, int], np.dtype[np.float64]]``  rank 2, each ``int`` a fresh dim; float64
``np.ndarray[tuple[Literal[3], int], ...]``            (3, d): ``Literal[n]`` is exactly n
``np.ndarray[tuple[int, ...], ...]``, ``[Any, ...]``   any shape
``npt.NDArray[np.float64]``                            any shape, float64
===================================================  ==========================================

``typing.cast(T, value)`` with such a T is the user's word for the value's shape (:func:`check_cast`).

A function's annotations are checked three ways: the generic analysis starts its parameters from
them (:func:`instantiate`), a call's arguments must match them (:func:`check_call`, SC202 at the
call), and each ``return`` must match the return annotation (:func:`check_return`, SC202 there).
One *scope* (name -> dim) per function analysis ties the names of all its annotations together.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ...constraints import dims as D
from ...constraints.predicates import FALSE, TRUE, Pred, conj, disj, eq
from ...constraints.shapes import Shape
from ...constraints.solver import Fact, Verdict
from ..core.context import Arg, OpContext, ShapeError
from ..core.values import UNKNOWN, Array, Function, LibraryObject, Str, Unknown, Value
from ..rules.args import dtype_arg
from ..core.node_answers import walk

if TYPE_CHECKING:
    from ..core.session import Run as Analysis
    from .interpreter import Interpreter

#: jaxtyping dtype wrappers whose dtype is one NumPy dtype
_EXACT_DTYPES = {"Float16": "float16", "Float32": "float32", "Float64": "float64", "Int8": "int8",
                 "Int16": "int16", "Int32": "int32", "Int64": "int64", "UInt8": "uint8", "UInt16": "uint16",
                 "UInt32": "uint32", "UInt64": "uint64", "Bool": "bool", "Complex64": "complex64",
                 "Complex128": "complex128"}
_WRAPPERS = {"Float", "Int", "UInt", "Integer", "Shaped", "Num", "Real", "Inexact", "Complex", "Key",
             "BFloat16", *_EXACT_DTYPES}
_EXPR_CHARS = re.compile(r"[-+*/%()]")


@dataclass(frozen=True, slots=True)
class SpecDim:
    """One dim of a spec: kind is "const", "name", "expr" (``value`` is its text), "any" or "variadic"."""

    kind: str
    value: str | int = ""
    broadcast: bool = False     # "#name": name or 1


@dataclass(frozen=True, slots=True)
class ShapeSpec(Value):
    """A parsed shape annotation (a Value, so aliases flow through assignments and imports)."""

    dims: tuple[SpecDim, ...]
    dtype: str | None = None
    text: str = ""              # the annotation as written, for messages
    tensor: bool = False        # Float[torch.Tensor, ...]: the value is a torch tensor (torch's methods)

    @property
    def variadic_at(self) -> int | None:
        return next((i for i, d in enumerate(self.dims) if d.kind == "variadic"), None)


# == parsing =======================================================================================

def parse_spec(text: str) -> tuple[SpecDim, ...] | None:
    """jaxtyping's shape string; None when it has more than one variadic (jaxtyping rejects it too).

    >>> [d.kind for d in parse_spec("*batch n 3 _")]
    ['variadic', 'name', 'const', 'any']
    """
    out: list[SpecDim] = []
    for token in text.split():
        dim = _parse_token(token)
        if dim is None:
            return None
        out.append(dim)
    if sum(d.kind == "variadic" for d in out) > 1:
        return None
    return tuple(out)


def _parse_token(token: str) -> SpecDim | None:
    if token == "...":
        return SpecDim("variadic")
    broadcast = False
    variadic = False
    while token and token[0] in "*#?":
        variadic |= token[0] == "*"
        broadcast |= token[0] == "#"
        token = token[1:]
    if "=" in token:  # "rows=4": a named constant, the name is documentation
        token = token.split("=", 1)[1]
    if variadic:
        name = "" if token in ("", "_") or token.startswith("_") else token
        return SpecDim("variadic", name, broadcast)
    if not token or token.startswith("_"):
        return SpecDim("any")
    if token.isdigit():
        return SpecDim("const", int(token), broadcast)
    if _EXPR_CHARS.search(token):
        try:
            D.parse_dim(token)
        except D.DimParseError:
            return SpecDim("any")
        return SpecDim("expr", token, broadcast)
    if token.isidentifier():
        return SpecDim("name", token, broadcast)
    return SpecDim("any")


def subscript_annotation(base: Value, index: ast.AST, evaluate: Callable[[ast.AST], Value]) -> Value:
    """The value of ``base[index]`` when ``base`` is a jaxtyping wrapper, ``np.ndarray`` or
    ``numpy.typing.NDArray``; else unknown."""
    if type(base) is not LibraryObject:
        return UNKNOWN
    qual = base.qualname
    head, _, last = qual.rpartition(".")
    if head == "jaxtyping" and last in _WRAPPERS:
        return _jaxtyping_spec(last, index, evaluate)
    if qual == "numpy.ndarray":
        return _ndarray_spec(index, evaluate)
    if qual == "numpy.typing.NDArray":
        # NDArray[ScalarT] is ndarray[tuple[Any, ...], dtype[ScalarT]] (numpy.typing docs): any shape
        return ShapeSpec((SpecDim("variadic"),), _scalar_dtype(index, evaluate), f"NDArray[{ast.unparse(index)}]")
    return UNKNOWN


def _jaxtyping_spec(wrapper: str, index: ast.AST, evaluate: Callable[[ast.AST], Value]) -> Value:
    if not (isinstance(index, ast.Tuple) and len(index.elts) == 2):
        return UNKNOWN
    shape = evaluate(index.elts[1])
    if type(shape) is not Str or shape.value is None:
        return UNKNOWN
    dims = parse_spec(shape.value)
    if dims is None:
        return UNKNOWN
    array_type = evaluate(index.elts[0])
    tensor = type(array_type) is LibraryObject and array_type.qualname.startswith("torch.")
    return ShapeSpec(dims, _EXACT_DTYPES.get(wrapper), f'{wrapper}[..., "{shape.value}"]', tensor)


def _ndarray_spec(index: ast.AST, evaluate: Callable[[ast.AST], Value]) -> ShapeSpec:
    """``ndarray[ShapeT, DTypeT]`` (NumPy's generic form): the shape from a ``tuple[...]`` of ``int``
    and ``Literal[n]``, any other shape type (``Any``, ``tuple[int, ...]``, a TypeVar) is any shape;
    the dtype from ``np.dtype[np.float64]``."""
    elts = index.elts if isinstance(index, ast.Tuple) else [index]
    dims = _tuple_dims(_unquoted(elts[0]))
    dtype = None
    if len(elts) == 2:
        dtype_node = _unquoted(elts[1])
        if isinstance(dtype_node, ast.Subscript):
            dtype_class = evaluate(dtype_node.value)
            if type(dtype_class) is LibraryObject and dtype_class.qualname == "numpy.dtype":
                dtype = _scalar_dtype(dtype_node.slice, evaluate)
    text = f"ndarray[{', '.join(ast.unparse(e) for e in elts)}]"
    return ShapeSpec(dims if dims is not None else (SpecDim("variadic"),), dtype, text)


def _scalar_dtype(node: ast.AST, evaluate: Callable[[ast.AST], Value]) -> str | None:
    """The dtype a scalar type names (``np.float64`` -> "float64"); None for ``Any``, ``np.floating[Any]``."""
    return dtype_arg(Arg(evaluate(_unquoted(node))))


def _unquoted(node: ast.AST) -> ast.AST:
    """A forward reference written as a string (``"tuple[int, int]"``) as the expression it holds."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parse_forward(node.value, node) or node
    return node


def parse_forward(text: str, at: ast.AST) -> ast.expr | None:
    """The expression a quoted annotation holds, every node placed at ``at`` (the string's span)."""
    try:
        parsed = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError):   # (ValueError: a NUL byte in the string)
        return None
    for inner in walk(parsed):
        ast.copy_location(inner, at)
    return parsed


def _tuple_dims(node: ast.AST) -> tuple[SpecDim, ...] | None:
    """``tuple[int, int]`` -> two unchecked dims; ``tuple[Literal[3], int]`` -> (3, _); ``tuple[()]`` -> ();
    None (any shape) for ``tuple[int, ...]``, ``Any`` and every other shape type."""
    if not (isinstance(node, ast.Subscript) and _name_of(node.value).rpartition(".")[2] in ("tuple", "Tuple")):
        return None
    elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    out = []
    for e in elts:
        e = _unquoted(e)
        if isinstance(e, ast.Constant) and e.value is Ellipsis:
            return None
        if isinstance(e, ast.Tuple) and not e.elts:   # tuple[()]: a 0-d array
            continue
        literal = _literal_int(e)
        out.append(SpecDim("const", literal) if literal is not None else SpecDim("any"))
    return tuple(out)


def _literal_int(node: ast.AST) -> int | None:
    """n for ``Literal[n]`` (``typing.Literal``, ``typing_extensions.Literal``, any alias ending so)."""
    if not (isinstance(node, ast.Subscript) and _name_of(node.value).rpartition(".")[2] == "Literal"):
        return None
    value = node.slice
    if isinstance(value, ast.Constant) and type(value.value) is int and value.value >= 0:
        return value.value
    return None


def _name_of(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:  # pragma: no cover - unparse handles every expression
        return ""


# == a function's annotations ======================================================================

@dataclass
class AnnotationStore:
    """Per run: each function's shape annotations, read once, and the scopes binding their names."""

    specs: dict = field(default_factory=dict)    # Function -> FunctionSpecs
    scopes: dict = field(default_factory=dict)   # Function (its generic run) or id(Frame) (a call) -> Scope
    frames: list = field(default_factory=list)   # keeps each id(Frame) key from being reused


@dataclass(frozen=True, slots=True)
class FunctionSpecs:
    params: dict          # parameter name -> ShapeSpec
    returns: ShapeSpec | None
    tensors: frozenset = frozenset()   # parameters annotated as a torch tensor of no given shape


def function_specs(analysis: "Analysis", fn: Function) -> FunctionSpecs:
    """The shape annotations of ``fn``'s parameters and return (memoised per run)."""
    hit = analysis.annotations.specs.get(fn)
    if hit is None:
        hit = analysis.annotations.specs[fn] = _read_specs(analysis, fn)
    return hit


def _read_specs(analysis: "Analysis", fn: Function) -> FunctionSpecs:
    node = fn.node
    if isinstance(node, ast.Lambda):
        return FunctionSpecs({}, None)
    a = node.args
    params = {}
    tensors = set()
    for p in a.posonlyargs + a.args + a.kwonlyargs:
        spec = _annotation(analysis, fn, p.annotation)
        if spec is not None:
            params[p.arg] = spec
        elif _names_tensor(analysis, fn, p.annotation):
            tensors.add(p.arg)
    return FunctionSpecs(params, _annotation(analysis, fn, node.returns), frozenset(tensors))


def _names_tensor(analysis: "Analysis", fn: Function, node: ast.AST | None) -> bool:
    """Whether an annotation names a torch tensor class (``torch.Tensor``, ``Optional[Tensor]``,
    ``th.FloatTensor``): in a module that imports NumPy too, such a parameter's methods are torch's
    (``emb.flatten(1, 2)`` is not NumPy's ``flatten(order)``: diffusers' Chroma)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a quoted annotation
        node = parse_forward(node.value, node)
    if node is None:
        return False
    for part in _tensor_names(node):
        value = analysis.evaluate_in(fn, part)
        if type(value) is LibraryObject and value.qualname.startswith("torch."):
            return True
    return False


def _tensor_names(node: ast.AST) -> tuple:
    """The names and attributes in an annotation that end in ``Tensor``, kept on its node (a pure
    function of it, asked at every call of the function: trees are shared, parsing.py)."""
    try:
        return node._shapecheck_tensor_names
    except AttributeError:
        parts = node._shapecheck_tensor_names = tuple(
            part for part in walk(node)
            if (part.attr if isinstance(part, ast.Attribute) else part.id if isinstance(part, ast.Name) else "").endswith("Tensor"))
        return parts


def _annotation(analysis: "Analysis", fn: Function, node: ast.AST | None) -> ShapeSpec | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a quoted annotation
        node = parse_forward(node.value, node)
        if node is None:
            return None
    value = analysis.evaluate_in(fn, node)
    return value if type(value) is ShapeSpec else None


# == scopes: binding names to dims =================================================================

class Scope:
    """Names of one function analysis' annotations -> dims (``*name`` -> a tuple of dims)."""

    def __init__(self, fresh: Callable[[str], D.Dim]):
        self.fresh = fresh
        self.dims: dict[str, D.Dim] = {}
        self.variadics: dict[str, tuple] = {}

    def name(self, name: str) -> D.Dim:
        d = self.dims.get(name)
        if d is None:
            d = self.dims[name] = self.fresh(name)
        return d

    def branch(self) -> "Scope":
        """A copy whose new bindings stay its own: one ``return``'s (each ``return`` ends its own run of
        the function, so what the names bind to there binds nothing at another: physicsnemo's
        ``-> Int[Tensor, "n_triangles 3"]`` returns (0, 3) when empty and (n*2, 3) after, a false SC202)."""
        copy = Scope(self.fresh)
        copy.dims, copy.variadics = dict(self.dims), dict(self.variadics)
        return copy

    def expr(self, text: str) -> D.Dim | None:
        """An expression's dim, when every name in it is bound."""
        try:
            return D.parse_dim(text, lambda n: self.dims[n])
        except (KeyError, D.DimParseError):
            return None


def instantiate(spec: ShapeSpec, scope: Scope) -> tuple[Shape, list[Pred]]:
    """The shape a parameter starts with, and the facts its spec states (``#n`` is n or 1)."""
    facts: list[Pred] = []

    def one(sd: SpecDim) -> D.Dim:
        if sd.kind == "const":
            d: D.Dim = sd.value
        elif sd.kind == "name":
            d = scope.name(sd.value)
        elif sd.kind == "expr":
            found = scope.expr(sd.value)
            d = found if found is not None else scope.fresh("d")
            if found is not None and not sd.broadcast:
                return found
        else:
            return scope.fresh("d")
        if sd.broadcast:
            b = scope.fresh(str(sd.value))
            facts.append(disj((eq(b, d), eq(b, 1))))
            return b
        return d

    at = spec.variadic_at
    if at is None:
        return Shape(tuple(one(sd) for sd in spec.dims)), facts
    prefix = tuple(one(sd) for sd in spec.dims[:at])
    suffix = tuple(one(sd) for sd in spec.dims[at + 1:])
    middle = scope.variadics.get(spec.dims[at].value) if spec.dims[at].value else None
    if middle is not None and not spec.dims[at].broadcast:
        return Shape(prefix + middle + suffix), facts
    if not suffix:
        return Shape(prefix, True, ()), facts
    return Shape(prefix, True, suffix), facts


def match(spec: ShapeSpec, shape: Shape, scope: Scope) -> Pred:
    """What must hold for an array of ``shape`` to fit ``spec`` (binding unbound names in ``scope``)."""
    at = spec.variadic_at
    if shape.rank is None:
        # unknown rank: its known prefix can still be checked against a spec with no variadic
        return TRUE
    dims = shape.prefix
    if at is None:
        if len(dims) != len(spec.dims):
            return FALSE
        pairs = list(zip(spec.dims, dims))
    else:
        before, after = at, len(spec.dims) - at - 1
        if len(dims) < before + after:
            return FALSE
        pairs = list(zip(spec.dims[:at], dims[:before]))
        pairs += list(zip(spec.dims[at + 1:], dims[len(dims) - after:]))
        name = spec.dims[at].value
        middle = tuple(dims[before:len(dims) - after])
        if name and not spec.dims[at].broadcast:
            bound = scope.variadics.get(name)
            if bound is None:
                scope.variadics[name] = middle
            elif len(bound) != len(middle):
                return FALSE
            else:
                pairs += [(SpecDim("fixed", b), m) for b, m in zip(bound, middle)]
    preds: list[Pred] = []
    deferred = []
    for sd, d in pairs:   # names first, so expressions see every binding
        if sd.kind == "name" and not sd.broadcast and sd.value not in scope.dims:
            scope.dims[sd.value] = d
        else:
            deferred.append((sd, d))
    for sd, d in deferred:
        want = _expected(sd, scope)
        if want is None:
            continue
        preds.append(disj((eq(d, want), eq(d, 1))) if sd.broadcast else eq(d, want))
    return conj(preds)


def _expected(sd: SpecDim, scope: Scope) -> D.Dim | None:
    if sd.kind in ("const", "fixed"):
        return sd.value
    if sd.kind == "name":
        return scope.dims.get(sd.value) if sd.broadcast else scope.name(sd.value)
    if sd.kind == "expr":
        return scope.expr(sd.value)
    return None


# == the three checks ==============================================================================

def parameter_start(analysis: "Analysis", fn: Function, env: dict) -> list[Pred]:
    """Give annotated parameters of a generic analysis their annotated shapes; the facts that come with."""
    specs = function_specs(analysis, fn)
    if not specs.params and specs.returns is None:
        return []
    scope = Scope(analysis.fresh)
    facts: list[Pred] = []
    for name, spec in specs.params.items():
        if type(env.get(name)) is not Unknown:
            continue
        shape, more = instantiate(spec, scope)
        env[name] = Array(shape, spec.dtype, tensor=spec.tensor)
        facts += more
    analysis.annotations.scopes[fn] = scope
    return facts


#: check_call's answer for a call reported as not fitting (the call's result is then unknown)
MISMATCH = "mismatch"


def check_call(caller: "Interpreter", node: ast.AST, fn: Function, env: dict) -> Scope | str | None:
    """SC202 at a call whose arguments cannot fit the callee's annotations; the scope they bind
    (None: no annotations; :data:`MISMATCH`: reported)."""
    specs = function_specs(caller.analysis, fn)
    if not specs.params and specs.returns is None:
        return None
    scope = Scope(caller.analysis.fresh)
    short = fn.qualname.split(".<locals>.")[-1]
    ctx = OpContext(caller, node, f"call to {short}()")
    for name, spec in specs.params.items():
        value = env.get(name)
        if type(value) is not Array:
            continue
        pred = match(spec, value.shape, scope)
        try:
            ctx.require(pred, "SC202", lambda: f"{short}(): argument {name} of shape "
                                               f"{ctx.show_shape(value.shape)} does not match its annotation "
                                               f"{spec.text}{_spaced_hint(spec)}")
        except ShapeError as err:
            caller.shape_error(node, err)
            return MISMATCH
    return scope


def check_return(interp: "Interpreter", node: ast.AST, value: Value) -> Value:
    """SC202 at a ``return`` whose value cannot fit the return annotation; the value, narrowed by it."""
    fn = interp.function
    if fn is None:
        return value
    spec = function_specs(interp.analysis, fn).returns
    if spec is None:
        return value
    scope = _scope_of(interp).branch()
    if type(value) is Unknown or (type(value) is Array and value.shape.rank is None):
        shape, facts = instantiate(spec, scope)
        for p in facts:
            interp.add_fact(Fact(p))
        return Array(shape, spec.dtype or (value.dtype if type(value) is Array else None), tensor=spec.tensor)
    if type(value) is not Array:
        return value
    ctx = OpContext(interp, node, "return")
    pred = match(spec, value.shape, scope)
    try:
        ctx.require(pred, "SC202", lambda: f"return value of shape {ctx.show_shape(value.shape)} does not "
                                           f"match the return annotation {spec.text}{_spaced_hint(spec)}")
    except ShapeError as err:
        interp.shape_error(node, err)
    return value


_SPACED_OPERATOR = re.compile(r"\s[-+*/]\s")


def _spaced_hint(spec: "ShapeSpec") -> str:
    """Why ``"M + 1"`` has three dims: jaxtyping separates dims by spaces, so an expression is one
    dim only written without them (physicsnemo annotates a CSR row-split vector ``"M + 1"``)."""
    if not _SPACED_OPERATOR.search(spec.text):
        return ""
    return " (jaxtyping separates dims by spaces: an expression such as \"M+1\" is one dim only without them)"


def _scope_of(interp: "Interpreter") -> Scope:
    """The scope binding the names of the annotations of the function being analysed (a fresh one
    outside a function): the call's, or the generic analysis'."""
    fn = interp.function
    scope = interp.analysis.annotations.scopes.get(id(interp.frame)) if fn is not None else None
    if scope is None and fn is not None and interp.errors is None:
        scope = interp.analysis.annotations.scopes.get(fn)
    return scope if scope is not None else Scope(interp.analysis.fresh)


def check_cast(interp: "Interpreter", node: ast.Call, target: Value, value: Value) -> Value:
    """``typing.cast(T, value)``: the user's word that ``value`` has T's shape, so the result takes it.

    A value of known shape keeps its dims, with T's constants put in and T's requirements assumed;
    one that can never have T's shape is SC202 (and the result is still T's shape, as asserted). A
    quoted T (``cast("np.ndarray[...]", v)``) is read like a quoted annotation."""
    if type(target) is Str and target.value is not None and node.args:
        parsed = parse_forward(target.value, node.args[0])
        target = interp.eval(parsed) if parsed is not None else UNKNOWN
    if type(target) is not ShapeSpec:
        return value
    spec = target
    scope = _scope_of(interp)
    if type(value) is Array and value.shape.rank is not None:
        ctx = OpContext(interp, node, "cast")
        pred = match(spec, value.shape, scope)
        if ctx.decide(pred) is not Verdict.FAILS:
            if pred.kind != "true":
                ctx.assume(pred)
            return Array(_narrowed(spec, value.shape), spec.dtype or value.dtype, tensor=value.tensor)
        interp.shape_error(node, ShapeError("SC202", f"cast to {spec.text}: a value of shape "
                                                     f"{ctx.show_shape(value.shape)} never has this shape "
                                                     f"({_cast_mismatch(ctx, spec, value.shape)})"))
    elif type(value) not in (Array, Unknown):
        return value   # a cast of a list or a scalar changes nothing at run time
    shape, facts = instantiate(spec, scope)
    for p in facts:
        interp.add_fact(Fact(p))
    dtype = spec.dtype or (value.dtype if type(value) is Array else None)
    return Array(shape, dtype, tensor=spec.tensor or (type(value) is Array and value.tensor))


def _narrowed(spec: ShapeSpec, shape: Shape) -> Shape:
    """``shape`` (of a rank that fits ``spec``) with the spec's constant dims in place of its own."""
    dims = list(shape.prefix)
    at = spec.variadic_at
    for i, sd in enumerate(spec.dims):
        if sd.kind == "const" and not sd.broadcast:
            dims[i if at is None or i < at else len(dims) - (len(spec.dims) - i)] = sd.value
    return Shape(tuple(dims))


def _cast_mismatch(ctx: OpContext, spec: ShapeSpec, shape: Shape) -> str:
    """Why ``shape`` never fits ``spec``: the rank, or the first constant dim that differs."""
    n = len(shape.prefix)
    at = spec.variadic_at
    fixed = len(spec.dims) - (at is not None)
    if (at is None and n != fixed) or n < fixed:
        least = "at least " if at is not None else ""
        return f"it has {n} dimension{'s' if n != 1 else ''}, the annotation {least}{fixed}"
    for i, sd in enumerate(spec.dims):
        if sd.kind == "const" and not sd.broadcast:
            pos = i if at is None or i < at else n - (len(spec.dims) - i)
            if ctx.decide(eq(shape.prefix[pos], sd.value)) is Verdict.FAILS:
                return f"dimension {pos} is {ctx.show_dim(shape.prefix[pos])}, not {sd.value}"
    return "its dims cannot take the annotation's values"


def bind_call_scope(analysis: "Analysis", frame, scope: Scope | None) -> None:
    """Remember the scope a call bound, for the ``return`` checks of that call's analysis."""
    if scope is not None:
        analysis.annotations.scopes[id(frame)] = scope
        analysis.annotations.frames.append(frame)   # keeps id(frame) from being reused


__all__ = ["ShapeSpec", "SpecDim", "parse_spec", "subscript_annotation", "function_specs", "instantiate",
           "match", "AnnotationStore", "parameter_start", "check_call", "MISMATCH", "check_return", "check_cast",
           "parse_forward", "bind_call_scope", "Scope"]
