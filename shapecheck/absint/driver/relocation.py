"""Values of one run carried into a later run of the same project (an editor's re-checks).

A generic analysis kept by the incremental cache (incremental.py) holds values of the run that made
it. Plain values (arrays, ints, tuples of them...) mean the same in any run, but a model's class
holds objects: its layers (``self.attn = Attention(dim)``: an :class:`Instance` of a class of that
run), classes and functions passed around (``act_layer=nn.Hardswish``, ``block=Bottleneck``), the
template instance its methods ran on. Those are stored by *name* -- the module's path and the
definition's qualname -- and rebuilt from the later run's own definitions of that name, each object
afresh, so that no object of one run is ever shared with, or changed by, another.

Why a name is enough: the cache key of the entry (incremental.ModuleKeys) covers the text of every
module-level definition the entry's text names and the module's other statements, and the entry
holds the sources of the other modules its run loaded; a class or function the stored values reach
was reached through those (one of a module the later run has not loaded yet is loaded to find it),
so the later run's definition of that name has the same text -- which :func:`thaw` checks anyway
(a name rebound to another definition of the same qualname, ``if ...: class A`` twice, would differ).
What has no name a later run can find (a closure, a lambda, a class made inside a function)
makes the value not relocatable: the definition is then analysed again, as before. An object known
only by how the code reaches it (an :class:`Opaque`: ``self.head`` once a method other than the
constructor stores it) is named by that code and is kept like an object, with its members and its
dim -- but not one bound at a module's top level (``resolver``'s ``module_opaques``): a later run
makes its own, which every other reader of that global sees, so a copy would split it in two.

>>> freeze(Tuple((Str("a"),)), {}) == Tuple((Str("a"),))   # plain values are kept as they are
True
"""

from __future__ import annotations

import ast
import dataclasses
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from ..interp.attribute_stores import receiver_stores
from ..core.values import (Array, Bool, Class, EllipsisValue, Float, Function, Instance, Int, NoneValue,
                           Opaque, ProjectModule, Str, Tuple, Unknown, Value)

#: Values that hold nothing of a run.
_PLAIN = (Array, Int, Float, Bool, Str, NoneValue, Unknown, EllipsisValue)
_ATOMS = (str, int, float, bool, type(None))


class NotRelocatable(Exception):
    """The value holds something a later run cannot find by name."""


@dataclass(frozen=True)
class DefinitionRef:
    """A module-level class or function, or a method: by module path, qualname and text, and the
    name its module was imported as (to load it where a later run has not yet: ``resolver``)."""

    path: str
    qualname: str
    text: str
    is_class: bool
    module: str = ""


@dataclass(frozen=True)
class ModuleRef:
    path: str
    module: str = ""


@dataclass(eq=False)
class InstanceRef:
    """An object: its class by name, and its attributes, frozen (filled after it is made, so an
    object that reaches itself is stored once)."""

    cls: DefinitionRef
    template: bool
    attrs: dict = dataclasses.field(default_factory=dict)


@dataclass(eq=False)
class OpaqueRef:
    """An object known by name (:class:`Opaque`): its name, dim and hint, and its members, frozen
    (filled after it is made, as an InstanceRef's attributes)."""

    name: str
    dim: Any
    hint: str | None
    declared: Any = None   # the class it is declared of (a DefinitionRef), or None
    members: dict = dataclasses.field(default_factory=dict)


#: What :func:`freeze`'s memo holds for a value that must not be kept (a module-level Opaque).
REFUSED = (None, None)


def refusing(values) -> dict:
    """A memo for :func:`freeze` that refuses ``values`` (the Opaques a module's top level bound)."""
    return {id(v): REFUSED for v in values}


def definition_text(module, node: ast.AST) -> str:
    """The source of a definition (from its ``def``/``class`` line, decorators aside); a class's
    shell (:func:`class_shell`): what its objects and the class itself are, its methods' bodies
    being theirs (an editor's incremental entry keeps each method's analysis apart)."""
    if isinstance(node, ast.ClassDef):
        shell = _SHELLS.get(node)
        if shell is None:
            shell = _SHELLS[node] = class_shell(node, module.lines, node.lineno)
        return shell
    return "\n".join(module.lines[node.lineno - 1:node.end_lineno])


#: a class node's shell: its text is fixed (an edit in it makes a new node: parsing.parse)
_SHELLS: "weakref.WeakKeyDictionary[ast.AST, str]" = weakref.WeakKeyDictionary()


def class_shell(node: ast.ClassDef, lines: list[str], start: int) -> str:
    """A class's text from line ``start``, but each method stands as its name and its stores on the
    receiver (which the building of its template reads: ``attribute_stores.unsettle``)."""
    pieces, cursor = [], start
    for member in node.body:
        if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([member.lineno] + [d.lineno for d in member.decorator_list])
            pieces.append("\n".join(lines[cursor - 1:first - 1]))
            pieces.append(f"def {member.name} {receiver_stores(member, lines)}")
            cursor = member.end_lineno + 1
    pieces.append("\n".join(lines[cursor - 1:node.end_lineno]))
    return "\n".join(pieces)


def _reference(value: Function | Class) -> DefinitionRef:
    if "<" in value.qualname or isinstance(value.node, ast.Lambda):
        raise NotRelocatable(value.qualname)   # a closure, a lambda, a class made in a function body
    return DefinitionRef(value.module.path, value.qualname, definition_text(value.module, value.node),
                         type(value) is Class, value.module.name)


def freeze(value: Any, memo: dict) -> Any:
    """``value`` with every object, class, function and project module replaced by its name
    (``memo``: id -> what it became, shared by the values of one entry so that what they share
    stays shared); NotRelocatable when something has no name."""
    t = type(value)
    if t in _PLAIN or t in _ATOMS:
        return value
    known = memo.get(id(value))
    if known is not None:
        if known is REFUSED:
            raise NotRelocatable(t.__name__)
        return known[1]
    if t is Instance:
        ref = InstanceRef(_named(value.cls, memo), value.template)
        memo[id(value)] = (value, ref)   # (value kept: its id stays unique while the memo lives)
        ref.attrs = {name: freeze(v, memo) for name, v in value.attrs.items()}
        return ref
    if t is Opaque:
        declared = None if value.declared is None else _named(value.declared, memo)
        ref = OpaqueRef(value.name, value.dim, value.hint, declared)
        memo[id(value)] = (value, ref)
        ref.members = {name: freeze(v, memo) for name, v in value.members.items()}
        return ref
    if t is Function or t is Class:
        return _named(value, memo)
    if t is ProjectModule:
        return ModuleRef(value.info.path, value.info.name)
    if t is tuple:
        frozen = tuple(freeze(v, memo) for v in value)
        return value if all(a is b for a, b in zip(value, frozen)) else frozen
    if _frozen_value(t):
        fields = field_names(t)
        items = [getattr(value, f) for f in fields]
        frozen = [freeze(v, memo) for v in items]
        if all(a is b for a, b in zip(items, frozen)):
            return value
        return Rebuild(t, tuple(frozen))
    if frozen_data(t):
        return value   # a dim, a shape, a fact: data of no run
    raise NotRelocatable(t.__name__)   # an Opaque, a LazyImport, a dict...


def _named(value: Function | Class, memo: dict) -> DefinitionRef:
    known = memo.get(id(value))
    if known is None:
        known = memo[id(value)] = (value, _reference(value))
    return known[1]


@dataclass(frozen=True)
class Rebuild:
    """A frozen value some of whose fields had to be frozen: made again by :func:`thaw`."""

    type: type
    fields: tuple


Resolver = Callable[[DefinitionRef], "Function | Class | None"]


def thaw(value: Any, resolve: Resolver, memo: dict) -> Any:
    """The value :func:`freeze` stored, in the run ``resolve`` finds definitions in (each object
    made afresh; ``memo`` shared by the values of one entry); NotRelocatable where a name is not
    found there."""
    t = type(value)
    if t in _PLAIN or t in _ATOMS:
        return value
    if t is InstanceRef:
        made = memo.get(id(value))
        if made is None:
            made = memo[id(value)] = Instance(_definition(value.cls, resolve), template=value.template)
            made.attrs = {name: thaw(v, resolve, memo) for name, v in value.attrs.items()}
        return made
    if t is OpaqueRef:
        made = memo.get(id(value))
        if made is None:
            declared = None if value.declared is None else _definition(value.declared, resolve)
            made = memo[id(value)] = Opaque(value.name, {}, value.dim, value.hint, declared)
            made.members = {name: thaw(v, resolve, memo) for name, v in value.members.items()}
        return made
    if t is DefinitionRef:
        return _definition(value, resolve)
    if t is ModuleRef:
        found = resolve(value)
        if found is None:
            raise NotRelocatable(value.path)
        return ProjectModule(found)
    if t is tuple:
        return tuple(thaw(v, resolve, memo) for v in value)
    if t is Rebuild:
        return value.type(*(thaw(v, resolve, memo) for v in value.fields))
    return value   # a frozen value holding nothing of a run


def _definition(ref: DefinitionRef, resolve: Resolver) -> Function | Class:
    found = resolve(ref)
    if found is None:
        raise NotRelocatable(ref.qualname)
    return found


def resolver(modules: dict, load: Callable[[str, str], Any] | None = None) -> Resolver:
    """Definitions (and, for a ModuleRef, modules) of the run whose modules are ``modules``
    (real path -> ModuleInfo), by name, where the text is still the stored one. A module the run
    has not loaded is loaded now by ``load(path, name)`` where given: a run that reuses what an
    earlier one kept loads the project's modules imported lazily (a kept module's names, K4) only
    when it reads them, so that a layer class of another module (timm's ``DropPath``) a kept
    template holds may not be loaded yet when the template is thawed."""
    by_path = {info.path: info for info in modules.values() if info is not None}

    def resolve(ref):
        info = by_path.get(ref.path)
        if info is None and load is not None and ref.module:
            info = load(ref.path, ref.module)
            if info is not None:
                by_path[info.path] = info
        if info is None or type(ref) is ModuleRef:
            return info
        parts = ref.qualname.split(".")
        found = info.env.get(parts[0])
        for part in parts[1:]:
            found = found.namespace.get(part) if type(found) is Class else None
        wanted = Class if ref.is_class else Function
        if (type(found) is not wanted or found.qualname != ref.qualname or found.module is not info
                or definition_text(info, found.node) != ref.text):
            return None
        return found

    return resolve


@lru_cache(maxsize=None)
def frozen_data(t: type) -> bool:
    params = getattr(t, "__dataclass_params__", None)
    return params is not None and params.frozen


@lru_cache(maxsize=None)
def _frozen_value(t: type) -> bool:
    return frozen_data(t) and issubclass(t, Value)


@lru_cache(maxsize=None)
def field_names(t: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(t))
