"""Abstract values: what the interpreter knows about a Python value at a program point.

Values are frozen (a transformation returns a new value), except :class:`Instance`, whose attribute
table is the one piece of heap state (``self.w = ...`` in ``__init__`` must be seen by ``forward``).
Anything the interpreter cannot model is :data:`UNKNOWN`, and an unknown never produces an error.
"""

from __future__ import annotations

import ast
import itertools
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from ...constraints.dims import Dim, signed
from ...constraints.predicates import FALSE, Pred
from ...constraints.shapes import UNKNOWN_SHAPE, Middle, Shape
from ...sharding.layout import Layout
from . import shared_tables


class Value:
    __slots__ = ()


class HeapClock:
    """How many times any object (:class:`Instance`, :class:`Opaque`) was changed in place, in this
    process: nothing that was read from an object can have changed while the count stays the same
    (driver/summaries.py keys calls by the content of the objects they reach)."""

    writes = 0
    made = 0     # objects made so far: each is numbered in the order it was made (``Mutable.made``)
    # the owners (driver/shared_modules.py) of shared objects changed since: a module's namespace
    # that every file of the process shares must not carry one file's changes into the next
    spoiled: set = set()


class _Views(threading.local):
    current: dict | None = None   # shared Opaque -> its state in the run this thread interprets


_VIEWS = _Views()


@contextmanager
def viewing(views: dict, changes: shared_tables.TableChanges | None = None) -> Iterator[None]:
    """Interpret a run whose copies of the shared objects (:class:`Opaque`) ``views`` holds: what it
    reads of one and changes in one is its own, so that no run changes what every file of the
    process shares (a kept module's namespace, driver/shared_modules.py, K4); the changes it made to
    shared :class:`Instance` objects (``changes``) are in them while it runs, and only then
    (shared_tables.py). Runs nest (a kept module is made while a file's run imports it), each in a
    thread of its own (an editor's hover)."""
    outer, _VIEWS.current = _VIEWS.current, views
    outer_changes = shared_tables.enter(changes)
    try:
        yield
    finally:
        shared_tables.leave(changes, outer_changes)
        _VIEWS.current = outer


class Fields(dict):
    """An object's attribute table: every store, update or removal counts, in the table's
    ``version`` and on the :class:`HeapClock`. (Reads are plain dict reads, the common case.)"""

    __slots__ = ("version", "owner")

    def __init__(self, *args, **kwargs):
        dict.__init__(self, *args, **kwargs)
        self.version = 0
        self.owner = None   # a shared module's entry, once frozen (``freeze``): a change spoils it

    def __reduce__(self):   # a copy (pickle, copy) is a new table with the same items
        return Fields, (dict(self),)

    def __setitem__(self, key, value):
        self.version += 1
        HeapClock.writes += 1
        if self.owner is not None:
            self._shared_change()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self.version += 1
        HeapClock.writes += 1
        if self.owner is not None:
            self._shared_change()
        dict.__delitem__(self, key)

    def _shared_change(self) -> None:
        """A kept module's object changes: the run holds the change (shared_tables.py), or, where it
        cannot, the kept module is spoiled (K4)."""
        changes = shared_tables.current()
        if changes is None or not changes.hold(self):
            HeapClock.spoiled.add(self.owner)

    def refill(self, contents: dict) -> None:
        """Hold ``contents`` (a run's changes put in or taken out, shared_tables.py): a change of
        what it holds, but of no run's, so it spoils nothing."""
        self.version += 1
        HeapClock.writes += 1
        dict.clear(self)
        dict.update(self, contents)

    def _counted(method):
        def counted(self, *args, **kwargs):
            self.version += 1
            HeapClock.writes += 1
            if self.owner is not None:
                self._shared_change()
            return method(self, *args, **kwargs)
        return counted

    update = _counted(dict.update)
    setdefault = _counted(dict.setdefault)
    pop = _counted(dict.pop)
    popitem = _counted(dict.popitem)
    clear = _counted(dict.clear)
    __ior__ = _counted(dict.__ior__)
    del _counted


class Mutable:
    """An object value that changes in place. Its table is a :class:`Fields`; a store to a field it
    already has (``template``, ``dim``) counts too. ``revision()`` changes whenever it does."""

    def __setattr__(self, name, value):
        state = self.__dict__
        if name in state:
            HeapClock.writes += 1
            state["_revision"] = state.get("_revision", 0) + 1
            table = state.get(self._table)
            if table is not None and table.owner is not None:
                HeapClock.spoiled.add(table.owner)
        elif name == self._table:   # set once, as the object is made
            state["_made"] = HeapClock.made
            HeapClock.made += 1
        object.__setattr__(self, name, value if type(value) is not dict else Fields(value))

    _table = "attrs"   # the name of its Fields

    def revision(self) -> int:
        state = self.__dict__
        return state.get("_revision", 0) + state[self._table].version

    def made(self) -> int:
        """When it was made: its number in the order of the process's objects (``HeapClock.made``)."""
        return self.__dict__.get("_made", -1)


@dataclass(frozen=True, slots=True)
class Unknown(Value):
    """Nothing is known of the value. A parameter of a function's generic analysis carries its
    ``middle``: were it an array (it is where an array op takes it), its shape would be ``(*x)``,
    the same dims wherever it or a shape-keeping function of it meets another."""

    middle: Middle | None = None
    tensor: bool = False   # in torch code: taken as a torch.Tensor
    derived: int = 0       # ``2 * x``: x's kind and shape, but another value (its own token)
    scalar: bool = False   # a constructor's parameter (``dim_head``): a size or a rate, not an array

    def __repr__(self) -> str:
        return "UNKNOWN" if self.middle is None else f"UNKNOWN({self.middle.name})"

    @property
    def tagged(self) -> bool:
        """A parameter (or what keeps its kind): its shape or its kind is known relative to it."""
        return self.middle is not None or self.scalar

    def derive(self) -> "Unknown":
        """``2 * x``, ``x * x``: were x an array, the result has its shape; were it a number, the
        result is another number, so it is a value of its own (it must not memoise as ``x``)."""
        return Unknown(self.middle, self.tensor, next(_DERIVED), self.scalar)

    def as_array(self) -> Array | None:
        """The array this parameter stands for where an array op takes it (None when untagged)."""
        if self.middle is None:
            return None
        return Array(Shape((), True, (), self.middle), None, None, self.tensor)


UNKNOWN = Unknown()
_DERIVED = itertools.count(1)


def derived_mark() -> int:
    """A token that no value derived so far holds and that every one derived from now on exceeds
    (``Unknown.derive``): what a run made since can be told from what existed before."""
    return next(_DERIVED)


@dataclass(frozen=True, slots=True)
class Array(Value):
    shape: Shape
    dtype: str | None = None   # NumPy dtype name ("float64") when known
    values: tuple | None = None  # the ints of a small literal index array (np.array([0, 2])), for bounds
    tensor: bool = False  # a torch.Tensor: its methods follow torch's signatures (x.view, x.size(), x.max(dim))
    layout: Layout | None = None  # how it is split over a device mesh (a DTensor, a NamedSharding); the
    #                               shape stays the global one. None: not sharded (unsharded code pays nothing)

    @property
    def dims(self) -> tuple[Dim, ...] | None:
        return self.shape.dims


UNKNOWN_ARRAY = Array(UNKNOWN_SHAPE)


@dataclass(frozen=True, slots=True)
class Int(Value):
    """A Python int (possibly symbolic: a dim, a length, arithmetic on them)."""

    dim: Dim
    # taken for an int only because arithmetic met an object known by name (``q.mean - p.mean``,
    # ``config.n_embd * 3``): an int where a size is needed, but where an array op takes it, it may
    # as well be an array (a distribution's mean), so it is no 0-d array there. Not part of equality:
    # the same number either way.
    presumed: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Float(Value):
    value: float | None = None
    # made from an int taken for one only by presumption (``hidden / config.n_head``): a number where
    # Python needs one, but as unknown as that object where an array op takes it (``Int.presumed``)
    presumed: bool = field(default=False, compare=False)
    # a complex number (``1j``, ``2 * 1j``): a scalar like a float for shapes, but it makes an array
    # it meets complex (``np.exp(1j * theta)``), which a dtype test tells
    complex: bool = False


@dataclass(frozen=True, slots=True)
class Bool(Value):
    """A Python bool; ``pred`` is the shape fact it stands for when it came from a comparison."""

    value: bool | None = None
    pred: Pred | None = None
    # a comparison of an object known by name taken for an int (``probe.idx < n``): a bool where a
    # branch tests it, but where an array op takes it, the object may be an array (``Int.presumed``)
    presumed: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Str(Value):
    value: str | None = None


@dataclass(frozen=True, slots=True)
class NoneValue(Value):
    pass


NONE = NoneValue()
#: A complex Python number of unknown value.
COMPLEX = Float(complex=True)


def complex_number(v: Value) -> bool:
    """Whether ``v`` is a complex Python number (``1j``), which makes an array it meets complex."""
    return type(v) is Float and v.complex
#: ``typing.TYPE_CHECKING``: False when the code runs, one object, which an ``if`` tells from a plain
#: ``False`` (the names its block imports are the annotations', ``ModuleInfo.type_names``)
TYPE_CHECKING_FLAG = Bool(False, FALSE)


@dataclass(frozen=True, slots=True)
class EllipsisValue(Value):
    pass


ELLIPSIS = EllipsisValue()


@dataclass(frozen=True, slots=True)
class Slice(Value):
    start: Value
    stop: Value
    step: Value


@dataclass(frozen=True, slots=True)
class Tuple(Value):
    items: tuple[Value, ...]
    is_shape: bool = False   # came from `.shape`: indexing past its end is a shape error (SC105)
    fields: tuple[str, ...] = ()   # a named tuple's field names (torch's ``x.max(dim).values``)


@dataclass(frozen=True, slots=True)
class ShapeTuple(Value):
    """A tuple of ints whose length is known only relative to a parameter's rank: the dims of a
    shape of unknown rank as code reads them (``x.shape``, ``x.shape[:-1]``, ``(*x.shape[:-1], -1,
    d)``), written as that ``shape`` (its prefix and suffix the known items, its middle the
    parameter's dims between). transformers reshapes every attention by one
    (``q.view(*hidden_states.shape[:-1], -1, head_dim)``). At a known rank the value is a plain
    :class:`Tuple`; the items are Python ints, not sizes (a reshape's ``-1`` is one)."""

    shape: Shape


@dataclass(frozen=True, slots=True)
class List(Value):
    """A list; ``items`` is None when its length is unknown (then ``element`` joins every item)."""

    items: tuple[Value, ...] | None
    element: Value = UNKNOWN
    length: Any = None   # with items None: the length when known as a dim (`[f(i) for i in range(k)]`)
    is_tuple: bool = False   # a tuple of unknown length (``tuple(map(f, layers))``): Tuple holds its items


@dataclass(frozen=True, slots=True)
class Dict(Value):
    items: tuple[tuple[Any, Value], ...] = ()
    # every entry is in ``items`` (a display of literal keys, changed only by literal keys since):
    # an entry whose key the analysis does not know is dropped, and iterating the dict
    # (``.items()``, ``.values()``) would then miss it, so only a complete dict is iterated
    complete: bool = False


@dataclass(frozen=True, slots=True)
class Hole(Value):
    """``shapecheck.HOLE``: a dim to be solved for (see holes.py)."""


@dataclass(frozen=True, slots=True)
class LibraryObject(Value):
    """A module, function or type of a modelled library: ``numpy``, ``numpy.linalg.inv``, ``numpy.float32``."""

    qualname: str


@dataclass(frozen=True, slots=True)
class TorchModule(Value):
    """A ``torch.nn`` layer built in the analysed code (``nn.Linear(784, 10)``): its kind and the
    constructor arguments by parameter name. Calling it applies the layer's shape rule (rules/torch.py)."""

    kind: str
    params: tuple[tuple[str, Value], ...] = ()

    def param(self, name: str) -> Value | None:
        for key, value in self.params:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Method(Value):
    """A bound method of a modelled object: ``x.reshape`` is ``Method(x, "reshape")``."""

    receiver: Value
    name: str
    text: str = ""      # the receiver's source text, for messages


#: decorators that make a method a property's getter
_GETTERS = frozenset(("property", "cached_property", "abstractproperty"))


@dataclass(frozen=True, slots=True, eq=False)
class Function(Value):
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    module: Any          # the ModuleInfo it was defined in
    closure: Any         # the enclosing Frame's environment at definition (a dict snapshot), or None
    qualname: str
    defaults: tuple[Value, ...] = ()
    kw_defaults: tuple[tuple[str, Value], ...] = ()
    #: a decorator of the project put another function in its place (interp/decorators.py): a call
    #: runs the body the wrapper may call, with what the wrapper makes of the call's arguments
    wrapped: bool = False
    #: the decorator is an object of the project's (a class, or an instance whose ``__call__`` takes
    #: the function): it answers each call itself, and what it gives back is not known
    replaced: bool = False
    #: a property's setter or deleter took its getter's name in the class body: the getter, which
    #: reading the attribute still calls
    getter: "Function | None" = None

    @property
    def binding(self) -> str | None:
        """How reading it off an object or class binds its first parameter: ``"static"`` (it has none
        to bind: ``@staticmethod``), ``"class"`` (the class: ``@classmethod``), or None (the object)."""
        if isinstance(self.node, ast.Lambda):
            return None
        for deco in self.node.decorator_list:
            name = deco.id if isinstance(deco, ast.Name) else deco.attr if isinstance(deco, ast.Attribute) else None
            if name == "staticmethod":
                return "static"
            if name == "classmethod":
                return "class"
        return None

    @property
    def accessor(self) -> str | None:
        """``"get"`` for a property's getter (``@property``, ``@functools.cached_property``), which
        reading the attribute calls; ``"set"`` for its setter or deleter (``@x.setter``), which took
        the getter's name in the class body; None for a plain method."""
        if isinstance(self.node, ast.Lambda):
            return None
        for deco in self.node.decorator_list:
            if isinstance(deco, ast.Attribute) and deco.attr in ("setter", "deleter"):
                return "set"
            name = deco.id if isinstance(deco, ast.Name) else deco.attr if isinstance(deco, ast.Attribute) else None
            if name in _GETTERS:
                return "get"
        return None

    @property
    def scope(self) -> str:
        """What its parameters' middles and learned ranks are keyed by (``Middle.scope``): its
        qualname within its module's file, as two modules may define one qualname (each module's
        ``f``); a lambda's with its position, as every lambda of a scope is ``<lambda>``."""
        if isinstance(self.node, ast.Lambda):
            return f"{self.module.path}:{self.qualname}@{self.node.lineno}:{self.node.col_offset}"
        return f"{self.module.path}:{self.qualname}"


@dataclass(frozen=True, slots=True, eq=False)
class Class(Value):
    node: ast.ClassDef
    module: Any
    qualname: str
    namespace: dict = field(default_factory=dict)   # methods and class attributes
    bases: tuple[Value, ...] = ()

    def lookup(self, name: str) -> Value | None:
        if name in self.namespace:
            return self.namespace[name]
        for base in self.bases:
            if isinstance(base, Class):
                found = base.lookup(name)
                if found is not None:
                    return found
        return None


@dataclass(eq=False)
class LazyImport(Value):
    """A name a project import binds, loaded the first time the code uses it: most imported names
    (type hints, helpers of other code paths, a package's re-exports) are never needed, and
    interpreting every module a package reaches costs more than the file being checked.
    ``name`` None: ``import module`` (the module itself)."""

    module: str | None
    name: str | None
    level: int
    importer: Any          # the ModuleInfo whose import statement bound it
    # bound by ``from module import *`` (driver/analysis.py, ``star_names``): an import of it from
    # the importer gives what it stands for, as the star import copied the module's values
    star: bool = False

    __hash__ = object.__hash__


#: The key under which a namespace holds its :class:`StarImports` ("*" is no Python name).
STARS = "*"


@dataclass(frozen=True)
class StarImports(Value):
    """The ``from module import *`` of a module's top level that bound no names when they ran (the
    module star-imports others: ``Modules.star_lookup`` looks a name up in them later), as (module,
    level), in statement order. Held in the namespace under :data:`STARS`, so that a branch keeps
    or drops them as it keeps or drops the names it binds."""

    sources: tuple = ()


def star_sources(env: dict) -> tuple:
    """The deferred star imports of namespace ``env``, in statement order."""
    held = env.get(STARS)
    return held.sources if type(held) is StarImports else ()


class Opaque(Mutable, Value):
    """An object passed in that the analysis knows only by how the code reaches it (a config
    object, an ``argparse`` namespace): each attribute read off it is a value named by the code
    (``config.n_embd``), the same one at every read in the run, so layers built from
    ``config.n_embd`` in ``__init__`` and the shapes ``forward`` computes agree.

    Its ``members``, ``dim`` and ``hint`` are what it holds in the run this thread interprets: an
    Opaque a kept module's namespace holds (its table frozen, driver/shared_modules.py) is never
    changed by a run (K4), each run reads and changes a copy of its own (:func:`viewing`), made at
    the run's first look. transformers' ``utils/logging.py`` binds ``logging`` (the module itself,
    unknown) to an Opaque, whose members every file's ``logging.get_logger(__name__)`` cleared
    (a method call may change the object): the kept module was spoiled and made again for each."""

    __hash__ = object.__hash__
    _table = "members"

    def __init__(self, name: str, members: dict | None = None, dim: Dim | None = None, hint: str | None = None,
                 declared: "Class | None" = None):
        # (the name of the code that reaches it; ``hint`` the name a method reads it by, for
        # ``self.n_head = config.n_head``: the dim is shown as ``n_head`` where it is used;
        # ``declared`` the project class an annotation says it is, whose declarations say which of
        # its attributes are numbers: interp/declared.py)
        state = self.__dict__
        state["name"] = name
        state["declared"] = declared
        state["members"] = Fields({} if members is None else members)
        state["dim"] = dim    # its value where an int is needed (``3 * config.n_embd``), once named
        state["hint"] = hint
        state["_made"] = HeapClock.made
        HeapClock.made += 1

    def _state(self) -> dict:
        """What it holds in the running analysis: its own state, or the run's copy where it is shared."""
        state = self.__dict__
        views = _VIEWS.current
        if views is None or state["members"].owner is None:
            return state
        view = views.get(self)
        if view is None:
            table = Fields(state["members"])
            table.version = state["members"].version
            view = views[self] = dict(state, members=table)
        return view

    members = property(lambda self: self._state()["members"])
    dim = property(lambda self: self._state()["dim"])
    hint = property(lambda self: self._state()["hint"])

    def __setattr__(self, name, value):
        if name == "members" and type(value) is not Fields:
            value = Fields(value)   # a table set whole (relocation.py's thaw) counts its changes too
        state = self._state()
        HeapClock.writes += 1
        state["_revision"] = state.get("_revision", 0) + 1
        if state is self.__dict__ and state["members"].owner is not None:   # shared, and no run to copy it for
            HeapClock.spoiled.add(state["members"].owner)
        state[name] = value

    def revision(self) -> int:
        state = self._state()
        return state.get("_revision", 0) + state["members"].version

    def __repr__(self) -> str:
        declared = "" if self.declared is None else f", declared={self.declared.qualname}"
        return f"Opaque(name={self.name!r}, members={dict(self.members)!r}, dim={self.dim!r}, hint={self.hint!r}{declared})"

    def as_int(self, fresh) -> "Int":
        """This object where the code needs an int: a dim named ``config.n_embd``, the same each time.
        Only int-demanding places ask (arithmetic, comparisons, sizes): a value known only by name
        may as well be an array or a string, so a plain read never decides that it is an int."""
        if self.dim is None:
            self.dim = signed(fresh(self.hint or self.name))   # nothing says it is a size: it may be negative
        return Int(self.dim, presumed=True)


def flag(value: Value, default):
    """A flag argument's truth where it is a literal (``full_matrices=0``, ``keepdims=True``, None), as
    Python's ``if`` reads it; ``default`` where it is not known."""
    t = type(value)
    if t is Bool and value.value is not None:
        return value.value
    if t is Int and type(value.dim) is int:
        return value.dim != 0
    if t is NoneValue:
        return False
    return default


def int_view(value: Value, fresh) -> Value:
    """``value``, or the named int of an :class:`Opaque`."""
    return value.as_int(fresh) if type(value) is Opaque else value


#: Where an object of a project subclass of a torch layer (``class LayerNorm2d(nn.LayerNorm)``) keeps
#: the layer its base's constructor built (an attribute no code can name): its weights and arguments
#: are the object's attributes, and it is what calling the object runs where the class has no
#: ``forward`` of its own, or what ``super().forward(x)`` runs (rules/registry.py).
LAYER_BASE = "<layer>"
#: Where an object of a project subclass of ``dict`` built from a dict (``ClassInstantier(ACT2CLS)``)
#: keeps its entries, a ``Dict`` (interp/dict_subclasses.py).
DICT_ENTRIES = "<dict>"


@dataclass(eq=False)
class Instance(Mutable, Value):
    cls: Class
    attrs: dict = field(default_factory=dict)
    template: bool = False   # the generic instance methods are analysed with (stands for any object)

    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Alternatives(Value):
    """One of a few layers, which one decided at run time (``nn.Sequential(...) if project_out else
    nn.Identity()``): a call calls each (errors in one are not errors of the program) and joins
    their results."""

    options: tuple[Value, ...]
    # the condition each option is taken under (a ``Pred`` each), where a branch of known condition
    # chose it (``nn.Linear(inner_dim, dim) if project_out else nn.Identity()``); () where not known
    guards: tuple = ()

    #: the most layers one value stands for
    LIMIT = 4
    #: the most callables a dict's value looked up by a key known only at run time stands for
    #: (transformers' ``ROPE_INIT_FUNCTIONS[rope_type]``: 6 functions; ``ACT2CLS``: 22 classes)
    CHOICES = 32


def optional_array(v: Value) -> Array | None:
    """The array of an optional array (``nn.Parameter(...) if learned else None``, ``mask = None``
    then set in a branch): an :class:`Alternatives` of one array and None; else None."""
    if type(v) is not Alternatives or len(v.options) != 2:
        return None
    a, b = v.options
    if b is NONE and type(a) is Array:
        return a
    return b if a is NONE and type(b) is Array else None


def present(v: Value) -> Value:
    """``v`` where an op takes it as an array (an operand, the object of ``.shape`` or ``[i]``, the
    input of a layer): an optional array is its array there, as None would have raised (exact, so
    what fails there fails in every run that gets that far)."""
    a = optional_array(v)
    return v if a is None else a


@dataclass(frozen=True, slots=True)
class BoundMethod(Value):
    function: Function
    receiver: Value


def method_of(fn: Function, holder: Value) -> Value:
    """``holder.name`` where the class defines ``name`` as ``fn``: bound to the object, to the class
    for a classmethod, to nothing for a staticmethod (read off a class, only a classmethod binds)."""
    kind = fn.binding
    if type(holder) is Class:
        return BoundMethod(fn, holder) if kind == "class" else fn
    if kind == "static":
        return fn
    if kind == "class" and type(holder) is Instance:
        return BoundMethod(fn, holder.cls)
    return BoundMethod(fn, holder)


@dataclass(frozen=True, slots=True)
class Partial(Value):
    """``functools.partial(func, *args, **keywords)``: a call runs ``func`` with ``args`` before its
    own and ``keywords`` under its own (``norm_layer=partial(nn.LayerNorm, eps=1e-6)``)."""

    func: Value
    args: tuple = ()
    keywords: tuple = ()   # (name, value) pairs


@dataclass(frozen=True, slots=True)
class ProjectModule(Value):
    """One of the analysed project's own modules (resolved from source, never imported)."""

    info: Any


def is_numeric_scalar(v: Value) -> bool:
    return type(v) in (Int, Float, Bool)


def known_items(v: Value | None) -> tuple | None:
    """A tuple's or a list's items when known (a tree node's children, a literal shape's sizes)."""
    if type(v) is Tuple or type(v) is List and v.items is not None:
        return v.items
    return None


def tensor_like(result: Value, *sources: Value) -> Value:
    """``result`` as a torch tensor when a source array is one (indexing, joins and widening rebuild
    arrays from their shape and dtype; a tensor stays a tensor through them)."""
    if not any(type(s) is Array and s.tensor for s in sources):
        return result
    return as_tensor(result)


def with_shape(a: Array, shape: Shape) -> Array:
    """``a`` with another shape, its other fields kept: the constructor, where ``dataclasses.replace``
    costs three times as much, in the freshening and renaming of every reused summary's arrays."""
    return Array(shape, a.dtype, a.values, a.tensor, a.layout)


def as_tensor(v: Value) -> Value:
    """Mark the arrays of a rule's result (an array, or a tuple/list of them) as torch tensors."""
    t = type(v)
    if t is Array:   # (the constructor: dataclasses.replace costs three times as much, on every rule's result)
        return v if v.tensor else Array(v.shape, v.dtype, v.values, True, v.layout)
    if t is Tuple:
        return replace(v, items=tuple(as_tensor(i) for i in v.items))
    if t is List:
        return replace(v, items=tuple(as_tensor(i) for i in v.items) if v.items is not None else None,
                       element=as_tensor(v.element))
    return v
