"""Classes whose ``__init__`` is generated from their annotated fields: ``@dataclass`` (and
``dataclasses.dataclass(frozen=True)``, ``flax.struct.dataclass``, ``chex.dataclass``, attrs'
``define``/``frozen``/``attr.s``), ``typing.NamedTuple`` subclasses and linen Modules -- the configs models are built
from (nanoGPT's ``GPTConfig``, llama's ``ModelArgs``). A call binds its arguments to the fields, in
order, base classes' fields first, each missing one taking its default (``field(default=...)``,
``field(default_factory=list)`` called for each object, as Python calls it), then runs
``__post_init__``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable

from ..core.context import MORE_KEYWORDS, MORE_POSITIONAL
from ..core.node_answers import per_node
from ..core.values import UNKNOWN, Class, Instance, LibraryObject, Value

#: the name a class's namespace keeps its fields under: one no attribute has (Python's own
#: ``__dataclass_fields__`` is a class's to declare: pymc's DataClassState says
#: ``__dataclass_fields__: ClassVar[dict] = {}``, and its dict was read as the fields, SC003)
FIELDS = "<dataclass fields>"


@dataclass(frozen=True, slots=True)
class Factory:
    """A field's ``default_factory``: called at each construction, so that each object holds one of
    its own. Called once at the class's definition, every object shared one: scikit-learn's
    ``Tags.input_tags`` (``field(default_factory=InputTags)``) was one object of the kept
    ``utils/_tags.py`` that each ``tags.input_tags.sparse = True`` changed, spoiling its entry
    (shared_modules.py, K4) for every later file, and one estimator's tags were every estimator's."""

    make: Value

_DECORATORS = frozenset(("dataclass", "dataclasses.dataclass", "struct.dataclass", "flax.struct.dataclass",
                         "chex.dataclass", "attr.s", "attr.attrs", "attrs.define", "attr.define", "define",
                         "attrs.frozen", "attr.frozen", "frozen", "attrs.mutable", "mutable", "pydantic.dataclasses.dataclass"))
_FIELD_BASES = frozenset(("NamedTuple", "typing.NamedTuple", "BaseModel", "pydantic.BaseModel"))
_FIELD_CALLS = frozenset(("field", "dataclasses.field", "attr.ib", "attrs.field", "attr.field", "struct.field",
                          "flax.struct.field"))


@per_node
def decorator_aliases(module: ast.Module) -> frozenset[str]:
    """The names a module's top level binds to a dataclass decorator (pymc's ``dataclass_state =
    dataclass(kw_only=True)``)."""
    return frozenset(target.id for stmt in module.body if isinstance(stmt, ast.Assign)
                     and _dotted(stmt.value) in _DECORATORS for target in stmt.targets if isinstance(target, ast.Name))


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def generates_init(node: ast.ClassDef, bases: tuple[Value, ...], module: ast.Module | None = None) -> bool:
    """Whether Python (or the decorator) writes the class's ``__init__`` from its fields (the
    decorator by name, or by a name ``module`` binds to one: ``dataclass_state = dataclass(kw_only=True)``)."""
    aliases = decorator_aliases(module) if module is not None else frozenset()
    if any(_dotted(d) in _DECORATORS or _dotted(d) in aliases for d in node.decorator_list):
        return True
    if any(_dotted(b) in _FIELD_BASES for b in node.bases):   # typing is read by name, not imported
        return True
    # a linen Module is a dataclass too (``MLP(features=(32, 4))``; ``name``/``parent`` are Flax's own)
    return any((type(b) is LibraryObject and b.qualname in ("typing.NamedTuple", "pydantic.BaseModel",
                                                             "flax.linen.Module"))
               or (type(b) is Class and FIELDS in b.namespace) for b in bases)


def class_fields(node: ast.ClassDef, namespace: dict, bases: tuple[Value, ...],
                 evaluate: Callable[[ast.expr], Value]) -> tuple[tuple[str, Value | None, bool], ...]:
    """The fields ``__init__`` takes, as (name, default or None, taken by ``__init__``): the bases'
    first, then this class's annotated names in order (a ClassVar is no field). A ``field(...)``
    default is stored in ``namespace`` as the value it stands for."""
    fields: dict[str, tuple[Value | None, bool]] = {}
    for base in bases:
        if type(base) is Class:
            for name, default, init in base.namespace.get(FIELDS, ()):
                fields[name] = (default, init)
    for stmt in node.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        annotation = ast.unparse(stmt.annotation)
        if "ClassVar" in annotation or annotation.endswith("KW_ONLY"):
            continue
        name, value, init = stmt.target.id, stmt.value, True
        default: Value | None = None
        if isinstance(value, ast.Call) and _dotted(value) in _FIELD_CALLS:
            keywords = {k.arg: k.value for k in value.keywords if k.arg}
            init = not (isinstance(keywords.get("init"), ast.Constant) and keywords["init"].value is False)
            factory = keywords.get("default_factory") or keywords.get("factory")
            if "default" in keywords:
                default = namespace[name] = evaluate(keywords["default"])
            elif factory is not None:   # the class attribute: one made at the definition
                namespace[name] = evaluate(ast.copy_location(ast.Call(func=factory, args=[], keywords=[]), factory))
                default = Factory(evaluate(factory))
            else:
                namespace[name] = UNKNOWN
        elif value is not None:
            default = namespace.get(name, UNKNOWN)
        fields[name] = (default, init)
    return tuple((name, default, init) for name, (default, init) in fields.items())


def bind_fields(instance: Instance, fields: tuple, args: list[Value], kwargs: dict[str, Value],
                call: Callable[[Value], Value]) -> None:
    """``Config(64, n_head=4)``: each field its argument, else its default (a :class:`Factory`
    through ``call``, now), else unknown. A call that passes arguments of unknown number
    (``Stats(**data)``, ``Config(*values)``: MORE_KEYWORDS, MORE_POSITIONAL) may fill any field it
    does not name: those are unknown, not their defaults (tianshou's ``LoggedCollectStats(**out)``
    kept ``returns_stat=None``, so the list its loop filled was always empty: a false SC105)."""
    kwargs = dict(kwargs)
    more = kwargs.pop(MORE_POSITIONAL, None) is not None, kwargs.pop(MORE_KEYWORDS, None) is not None
    positional = iter(args)
    for name, default, init in fields:
        if not init:
            value = default
        elif name in kwargs:
            value = kwargs[name]
        else:
            value = next(positional, UNKNOWN if any(more) else default)
        if type(value) is Factory:
            value = call(value.make)
        instance.attrs[name] = value if value is not None else UNKNOWN
