"""The numbers a class declares its objects' attributes to be, read as a type checker reads them.

A parameter annotated with a project class (``config: LlamaConfig``, ``args: ModelArgs``) is an
object the analysis knows by name only (an ``Opaque``): each attribute read off it is a value named
by the code. Known only by name, such a value may as well be an array (a distribution's ``mean``), so
where an array op meets it its shape is unknown (``x * config.scale``, ``hidden * torch.rsqrt(var +
self.eps)`` with ``eps`` from ``config.rms_norm_eps``). The class says more: a dataclass field
``norm_eps: float = 1e-5``, an annotation in the class body, or a constructor that stores a
parameter whose annotation or default says what it is (``def __init__(self, rope_theta=10000.0):
self.rope_theta = rope_theta``). Those are numbers, as pyright and mypy take them: a float broadcasts
as a scalar, an int is a size-like number (named by the code, ``config.hidden_size``).

Only ``int`` and ``float`` are read: a string default (``hidden_act="silu"``) may be passed a
function, and a bool decides nothing a shape needs. An attribute the class hierarchy stores in any
other way (another method, a value that is no parameter, an ``Optional`` annotation) is declared
nothing: a type checker would see a union there.
"""

from __future__ import annotations

import ast

from ..core.node_answers import per_node, walk
from ...constraints.dims import signed
from ..core.values import Class, LibraryObject, Opaque
from .attribute_stores import CONSTRUCTORS

INT, FLOAT = "int", "float"


def declared_number(cls: Class, attr: str) -> str | None:
    """:data:`INT` or :data:`FLOAT` where ``cls`` (its project bases too) declares ``attr`` a number
    of that kind; else None."""
    return declared_numbers(cls).get(attr)


def declared_numbers(cls: Class) -> dict[str, str]:
    """Every attribute ``cls`` (its project bases too) declares a number, with its kind: a class-body
    annotation decides (the first in the MRO), else every store in the hierarchy agreeing on one."""
    classes = _project_mro(cls)
    if any(_tree_node(c) for c in classes):
        return {}
    annotated: dict = {}
    stored: dict[str, set] = {}
    for c in reversed(classes):   # (the first in the MRO set last)
        own_annotated, own_stored = _own(c.node)
        annotated.update(own_annotated)
        for name, kinds in own_stored.items():
            stored.setdefault(name, set()).update(kinds)
    kinds = {name: next(iter(k)) for name, k in stored.items() if len(k) == 1 and name not in annotated}
    kinds.update(annotated)
    return {name: kind for name, kind in kinds.items() if kind is not None}


def declared_class(analysis, fn, annotation: ast.expr | None) -> Class | None:
    """The project class a parameter of ``fn`` is annotated with (:func:`annotation_class`), where it
    declares some of its objects' attributes numbers; else None."""
    target = annotation_class(annotation)
    if target is None:
        return None
    found = analysis.evaluate_in(fn, target)
    return found if type(found) is Class and declared_numbers(found) else None


def declared_object(name: str, cls: Class, fresh) -> Opaque:
    """The object known by name ``name`` that ``cls`` declares (a parameter annotated with it), its
    declared ints named now: a symbol first made inside a call (``Attention(model_args)`` reading
    ``model_args.dim``) would be that call's own, made afresh where its summary answers the next
    call (``model_args.dim'`` in the second layer of a loop), though it is the same attribute."""
    members = {attr: Opaque(f"{name}.{attr}", dim=signed(fresh(f"{name}.{attr}")))
               for attr, kind in declared_numbers(cls).items() if kind == INT}
    return Opaque(name, members, declared=cls)


#: Where a class's fields hold what JAX's transformations make of them: a pytree's ``int`` field is
#: an array once ``jax.vmap`` built the object (evosax's ``state.generation_counter``)
_TREE_LIBRARIES = ("jax", "flax", "equinox", "chex", "optax", "haiku", "penzai", "torch.utils._pytree")
_PLAIN_DECORATORS = frozenset({"dataclass", "dataclasses.dataclass"})


def _tree_node(cls: Class) -> bool:
    """Whether ``cls`` may be a pytree: a library base of a JAX library (``struct.PyTreeNode``,
    ``eqx.Module``), or a decorator other than the standard library's ``dataclass``
    (``@struct.dataclass``, ``@chex.dataclass``, ``@jax.tree_util.register_pytree_node_class``)."""
    for base in cls.bases:
        if type(base) is LibraryObject and base.qualname.startswith(_TREE_LIBRARIES):
            return True
    return _decorated(cls.node)


@per_node
def _decorated(node: ast.ClassDef) -> bool:
    return any(ast.unparse(deco.func if isinstance(deco, ast.Call) else deco) not in _PLAIN_DECORATORS
               for deco in node.decorator_list)


def _project_mro(cls: Class) -> list[Class]:
    order, pending = [], [cls]
    while pending:
        c = pending.pop(0)
        if not any(c is seen for seen in order):
            order.append(c)
            pending.extend(b for b in c.bases if type(b) is Class)
    return order


def annotation_class(annotation: ast.expr | None) -> ast.expr | None:
    """The expression naming the class of an annotation that names one class (``LlamaConfig``,
    ``"LlamaConfig"``, ``configs.Config``, ``Optional[Config]``, ``Config | None``): what a parameter
    holds wherever its attributes are read (None has none). None for anything else."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value.strip(), mode="eval").body
        except SyntaxError:
            return None
    if isinstance(annotation, ast.Subscript) and _name(annotation.value) == "Optional":
        return annotation_class(annotation.slice)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [annotation.left, annotation.right]
        others = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
        return annotation_class(others[0]) if len(others) == 1 else None
    if isinstance(annotation, ast.Name) or (isinstance(annotation, ast.Attribute) and dotted(annotation)):
        return None if _name(annotation) in _BUILTIN_NAMES else annotation
    return None


_BUILTIN_NAMES = frozenset({"int", "float", "bool", "str", "bytes", "list", "tuple", "dict", "set", "object",
                            "Any", "None", "Tensor", "ndarray", "Array"})


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def dotted(node: ast.expr) -> bool:
    """A name or a chain of attributes of one (``configs.Config``, ``self.c``)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def parameter_annotation(fn_node: ast.AST, name: str) -> ast.expr | None:
    """The annotation of ``fn_node``'s parameter ``name`` (None: no such parameter, or none)."""
    return _annotations(fn_node).get(name)


@per_node
def _annotations(fn_node: ast.AST) -> dict:
    args = getattr(fn_node, "args", None)
    if not isinstance(args, ast.arguments):
        return {}
    return {p.arg: p.annotation for p in args.posonlyargs + args.args + args.kwonlyargs if p.annotation is not None}


def _kind(annotation: ast.expr | None) -> str | None:
    """``int`` or ``float`` where the annotation is that name alone (or that string)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        name = annotation.value.strip()
    else:
        name = annotation.id if isinstance(annotation, ast.Name) else None
    return name if name in (INT, FLOAT) else None


def _literal_kind(node: ast.expr | None) -> str | None:
    """The kind of a literal number (``4096``, ``1e-5``, ``-1``); never a bool's."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return INT if type(node.value) is int else FLOAT
    return None


def _parameter_kinds(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str | None]:
    """A constructor's parameters, each with the kind its annotation names, else its default's (a
    parameter with neither, or a None default, is no declared number)."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = dict(zip((p.arg for p in positional[len(positional) - len(a.defaults):]), a.defaults))
    defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None)
    kinds = {}
    for p in positional + a.kwonlyargs:
        default = defaults.get(p.arg)
        if isinstance(default, ast.Constant) and default.value is None:
            kinds[p.arg] = None
        elif p.annotation is not None:
            kinds[p.arg] = _kind(p.annotation)
        else:
            kinds[p.arg] = _literal_kind(default)
    return kinds


def _stored_kind(value: ast.expr, parameters: dict) -> str | None:
    if isinstance(value, ast.Name):
        return parameters.get(value.id)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in (INT, FLOAT) \
            and len(value.args) == 1 and not value.keywords:
        return value.func.id
    return _literal_kind(value)


@per_node
def _own(node: ast.ClassDef) -> tuple[dict, dict]:
    """What a class's own body declares: its annotations (attribute -> kind, None for any other
    type), and per attribute the kinds its methods store in it (None: a store that says nothing)."""
    annotated: dict[str, str | None] = {}
    stored: dict[str, set] = {}
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            annotated[stmt.target.id] = _kind(stmt.annotation)
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        a = stmt.args
        receiver = (a.posonlyargs + a.args)[0].arg if a.posonlyargs + a.args else None
        parameters = _parameter_kinds(stmt) if stmt.name in CONSTRUCTORS else {}
        for n in walk(stmt):
            for target, value in _stores(n):
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id == receiver:
                    kind = _stored_kind(value, parameters) if value is not None else None
                    stored.setdefault(target.attr, set()).add(kind)
                elif isinstance(target, ast.Call) and isinstance(target.args[0], ast.Name) \
                        and target.args[0].id == receiver:   # setattr(self, "n", v)
                    stored.setdefault(target.args[1].value, set()).add(None)
    return annotated, stored


def _stores(n: ast.AST):
    """(target, value) for each attribute store of a statement; value None where the store is no
    plain assignment of one value (an unpacking, an augmented store)."""
    if isinstance(n, ast.Assign):
        for t in n.targets:
            if isinstance(t, (ast.Tuple, ast.List)):
                for item in walk(t):
                    yield item, None
            else:
                yield t, n.value
    elif isinstance(n, ast.AnnAssign) and n.value is not None:
        yield n.target, n.value
    elif isinstance(n, ast.AugAssign):
        yield n.target, None
    elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr" and len(n.args) == 3 \
            and isinstance(n.args[1], ast.Constant) and type(n.args[1].value) is str:
        yield n, None
