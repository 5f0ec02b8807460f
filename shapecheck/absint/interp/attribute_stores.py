"""Where code stores an object's attribute, in each of Python's spellings: ``obj.n = v``,
``obj.n += v``, ``obj.__dict__["n"] = v`` (a class whose ``__setattr__`` guards plain stores, as
scipy's ``netcdf_file`` does), ``setattr(obj, "n", v)``.

A class's template instance (driver/calls.py) stands for every object of the class, whatever
methods ran on it: what ``__init__`` stored is only the start for an attribute another method stores
again. ``stored_after_construction`` names those attributes, so that every method, whatever order the
analysis takes them in, sees such an attribute as one value among many, not as ``__init__``'s.
"""

from __future__ import annotations

import ast
import re
import weakref
from dataclasses import replace
from collections import deque
from typing import Iterator

from ..core.frame import CONTAINER_CHANGERS
from ..core.values import (UNKNOWN, Alternatives, Array, BoundMethod, Class, Dict, Function, Instance, LibraryObject, List,
                           NoneValue, Opaque, ProjectModule, TorchModule, Tuple, Unknown)
from ..core.node_answers import walk

#: Methods that build the object, before any other runs: what they store is what it starts with (and
#: their parameters are a module's hyperparameters: sizes, rates, flags, not its inputs).
CONSTRUCTORS = frozenset({"__init__", "setup", "__post_init__"})

#: How a method stores an attribute of its receiver: ``self.n += v``; ``self.n = self.n.to(device)``
#: (a method that returns a torch layer itself, or the same array moved or cast); ``self.n = value``
#: with ``value`` one of the method's parameters (a setter); any other store; and ``self.n.append(v)``
#: (a list's or dict's method that changes it in place: the list the constructor made, grown); and
#: ``self.n[k] = v`` / ``del self.n[k]`` (an entry of a dict set or deleted, an item of a list set)
AUGMENTED, MOVED, SET, STORED, CHANGED, ITEM = "augmented", "moved", "set", "stored", "changed", "item"
_KEEP_ARRAY = frozenset({AUGMENTED, MOVED})
_KEEP_LAYER = frozenset({MOVED, SET})

#: ``nn.Module`` methods that return the module itself (and, on a tensor, the same shape)
_MOVES = frozenset({"to", "cuda", "cpu", "half", "float", "double", "bfloat16", "type", "train", "eval",
                    "requires_grad_", "share_memory_", "to_empty", "xpu", "ipu", "mtia"})


def dict_store_name(target: ast.Subscript) -> str | None:
    """``n`` for the target ``obj.__dict__["n"]``; None for any other subscript."""
    holder, key = target.value, target.slice
    if isinstance(holder, ast.Attribute) and holder.attr == "__dict__" \
            and isinstance(key, ast.Constant) and type(key.value) is str:
        return key.value
    return None


def setattr_store(call: ast.Call) -> tuple[ast.expr, str] | None:
    """The object and attribute name of ``setattr(obj, "n", v)`` / ``object.__setattr__(obj, "n", v)``."""
    func = call.func
    named = (isinstance(func, ast.Name) and func.id == "setattr") or \
        (isinstance(func, ast.Attribute) and func.attr == "__setattr__" and isinstance(func.value, ast.Name)
         and func.value.id == "object")
    if not named or len(call.args) != 3 or call.keywords:
        return None
    obj, name = call.args[0], call.args[1]
    if isinstance(name, ast.Constant) and type(name.value) is str:
        return obj, name.value
    return None


def unsettle(instance: Instance) -> None:
    """Once the constructors have run on a class's template instance: each attribute a later method
    stores again, on the instance or on an object it holds (``self.attn.n = v``), is known by name
    only from here on (as a field is), not as the value the constructor gave it, unless every such
    store keeps what the constructor's value says: an in-place update of an array (``self.w -= lr *
    grad`` keeps ``self.w``'s shape), a move of the same array (``self.inv_freq =
    self.inv_freq.to(device)`` keeps its shape, not its dtype), and for a torch layer a move of it
    (``self.wte = self.wte.to(self.first_device)`` is the layer itself) or a setter's parameter
    (``set_input_embeddings(self, value)``: the layer the model is built with is the one its
    code is written for, as a type checker takes an attribute's declared type from its constructor).
    What says nothing stays: a None placeholder
    (``self._a_prev = None``, filled by ``forward``: no op finds None wrong, and the stores join their
    values with it) and an unknown (a constructor's parameter: any value already)."""
    for path, kinds in stored_after_construction(instance.cls).items():
        *through, name = path.split(".")
        holder = instance
        for step in through:   # ``self.attn.n = v``: the object the template holds in ``attn``
            holder = holder.attrs.get(step)
            if type(holder) is not Instance:
                break
        else:
            value = holder.attrs.get(name)
            if value is None or type(value) in (NoneValue, Unknown):
                continue
            if kinds & {CHANGED, ITEM} and type(value) in (List, Dict):
                # ``self.training = []`` grown by ``fit``: a list of any length in the other methods
                # (pysad's KNN-CAD inverted ``np.dot(np.array(self.training).T, self.training)``, taken
                # for the empty list's 0-d product: a false SC107); one stored anew is known by name.
                # A dict whose entries a method sets has any entries (proplot's ``_subplot_dict = {}``,
                # filled by ``add_subplot``, was iterated empty by a method before it: a false
                # SC105); a list whose items one sets keeps its length, not its items
                holder.attrs[name] = Opaque(f"self.{path}") if not kinds <= {CHANGED, ITEM} \
                    else Dict() if type(value) is Dict \
                    else List((UNKNOWN,) * len(value.items)) if kinds == {ITEM} and value.items is not None \
                    else List(None, UNKNOWN)
                continue
            kinds = kinds - {CHANGED, ITEM}   # (an array's or an object's own method, its items: not a store)
            if not kinds:
                continue
            if type(value) is Array and kinds <= _KEEP_ARRAY:
                if MOVED in kinds and value.dtype is not None:
                    holder.attrs[name] = replace(value, dtype=None)
            elif not (type(value) is TorchModule and kinds <= _KEEP_LAYER):
                holder.attrs[name] = Opaque(f"self.{path}")
    for path, methods in held_method_calls(instance.cls).items():
        *through, name = path.split(".")
        held = instance
        for step in through + [name]:
            held = held.attrs.get(step) if type(held) is Instance else None
        if type(held) is Instance and not held.template:
            for method in sorted(methods):
                _unsettle_through(held, held.cls.lookup(method))
    for name in stored_by_subclasses(instance.cls):
        if type(instance.attrs.get(name)) is Array:
            # the template stands for the subclasses' objects too, and one of them stores its own array
            # there (linearmodels' ``_HACMixin.__init__`` leaves ``self._moments = empty((0,))`` for
            # ``KernelCovariance``'s other base to fill: its ``bandwidth`` read the empty placeholder,
            # a false SC105)
            instance.attrs[name] = Opaque(f"self.{name}")


def unseen_base(cls: Class, depth: int = 0) -> bool:
    """Whether ``cls`` has a base the analysis does not see (an import cycle left it unknown, or a
    library's class no table holds): methods it defines may be called and change the object."""
    return any(type(b) in (Unknown, Opaque) or (type(b) is Class and depth < 20 and unseen_base(b, depth + 1))
               for b in cls.bases)


#: What an object holds that no method it may run changes in place (a method may rebind it: that is
#: a store, :func:`unsettle_held` turns the data it holds into names)
_NOT_DATA = (NoneValue, Unknown, Opaque, Function, BoundMethod, Class, TorchModule, LibraryObject, Alternatives,
             ProjectModule)


def unsettle_held(obj: Instance, depth: int = 2) -> None:
    """A method of ``obj`` the analysis does not see is called: what the object holds (and the objects it
    holds, ``depth`` deep) is known by name only from here on, as an object known by name forgets
    what was read of it when a method of it is called. gensim's ``FastText`` (whose base ``Word2Vec``
    an import cycle leaves unknown) kept the empty ``wv.vectors`` of its constructor through
    ``model.build_vocab(corpus)``: 17 false SC105 in its tests."""
    for name, value in list(obj.attrs.items()):
        if type(value) is Instance:
            if depth > 0 and not value.template:
                unsettle_held(value, depth - 1)
        elif type(value) not in _NOT_DATA:
            obj.attrs[name] = Opaque(f"{obj.cls.qualname}.{name}")


def held_method_calls(cls: Class) -> dict[str, frozenset[str]]:
    """The methods that some method of ``cls`` (its project bases' included) other than a constructor
    calls on an object its receiver holds (``self.history.update_observation(obs)``: ``history`` ->
    ``update_observation``), by the object's dotted path."""
    return _after_construction(cls, lambda fn, lines: _held_calls(fn))


#: Per method node, the (held object's path, method) of each call it makes on an object its receiver
#: holds (a class's template is built once per run, and an editor's runs keep untouched methods' nodes)
_HELD_CALLS: "weakref.WeakKeyDictionary[ast.AST, tuple]" = weakref.WeakKeyDictionary()


def _held_calls(fn: ast.FunctionDef) -> tuple[tuple[str, str], ...]:
    found = _HELD_CALLS.get(fn)
    if found is None:
        found = []
        for func, receiver in _method_calls(fn):
            if isinstance(func.value, ast.Attribute):
                path = _held_path(func.value, lambda n: isinstance(n, ast.Name) and n.id == receiver)
                if path is not None:
                    found.append((path, func.attr))
        found = _HELD_CALLS[fn] = tuple(found)
    return found


def _method_calls(fn: ast.FunctionDef) -> Iterator[tuple[ast.Attribute, str]]:
    """The function of each call ``x.m(...)`` in method ``fn``, with the name of ``fn``'s receiver."""
    params = fn.args.posonlyargs + fn.args.args
    if not params:
        return
    receiver = params[0].arg
    for call in walk(fn):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            yield call.func, receiver


def _unsettle_through(obj: Instance, method) -> None:
    """What ``method`` of ``obj``, called where the analysis does not follow, stores on ``obj`` (also
    through the methods it calls on it) is known by name only from then on: openbox's advisor holds
    the ``History`` its constructor made, whose ``observations = []`` ``self.history.update_observation``
    grows in another method; read empty, ``np.asarray(values)`` was 1-D and ``values.shape[1]`` a
    false SC110."""
    if type(method) is not Function:
        return
    attrs = obj.attrs
    for fn in _with_receiver_calls(obj.cls, method):
        for name, _ in receiver_stores(fn.node):
            held = attrs.get(name)
            if held is not None and type(held) not in (NoneValue, Unknown, Opaque):
                attrs[name] = Opaque(f"self.{name}")


def callbacks_unsettle(args: list, kwargs: dict) -> None:
    """A method of an object handed to code not followed (``layer.register_forward_hook(self._hook)``,
    ``button.on_click(self.update)``) may run whenever that code calls it back: what the method
    stores on its object is known by name only from here on, as a template's attributes that a
    method stores again are (:func:`unsettle`). torchgeo's BYOL returned the
    ``torch.empty(0)`` its constructor left in ``self._encoded``, which the hook fills (a false SC110)."""
    for arg in list(args) + list(kwargs.values()):
        callback_unsettles(arg.value)


def callback_unsettles(v) -> None:
    """What a method ``v`` handed to code not followed stores on its object (:func:`callbacks_unsettle`),
    also through the receiver's methods it calls, is known by name only from here on; an object
    handed so is called back through its ``__call__`` (landlab's ``network.for_each(collector)``
    fills the collector's list, which stayed empty: ``np.asarray(...)[:, 1]`` was a false SC105)."""
    if type(v) is Instance:
        call = v.cls.lookup("__call__")
        if type(call) is not Function:
            return
        receiver, function = v, call
    elif type(v) is BoundMethod and type(v.receiver) is Instance and type(v.function) is Function:
        receiver, function = v.receiver, v.function
    else:
        return
    _unsettle_through(receiver, function)


#: How many methods a callback reaches through its receiver are read for its stores
MAX_CALLBACK_METHODS = 32


def _with_receiver_calls(cls: Class, fn: Function) -> list[Function]:
    """``fn`` and the methods of ``cls`` it calls on its receiver (``self._run_v()``), and theirs:
    what a callback stores, it may store through them (phonopy's ``_end_element`` grows a list in
    ``_run_v``)."""
    found, pending = [fn], [fn]
    while pending and len(found) < MAX_CALLBACK_METHODS:
        for func, receiver in _method_calls(pending.pop().node):
            if isinstance(func.value, ast.Name) and func.value.id == receiver:
                method = cls.lookup(func.attr)
                if type(method) is Function and method.accessor is None and all(method is not f for f in found):
                    found.append(method)
                    pending.append(method)
    return found


def stored_after_construction(cls: Class) -> dict[str, frozenset[str]]:
    """The attributes some method of ``cls`` (its project bases' included) other than a constructor
    stores on its receiver, in any spelling, each with the kinds of those stores (:data:`AUGMENTED`
    ...); an attribute of an object the receiver holds is its dotted path (``attn.n`` for
    ``self.attn.n = v``)."""
    return _after_construction(cls, receiver_stores)


def _methods(cls: Class) -> Iterator[tuple[ast.FunctionDef, list[str]]]:
    """Each method of ``cls`` and of its project bases, with its module's lines."""
    for owner in _classes(cls, set()):
        for stmt in owner.node.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield stmt, owner.module.lines


def _after_construction(cls: Class, pairs) -> dict[str, frozenset[str]]:
    """``pairs(method, lines)`` over the methods of ``cls`` (its bases' included) other than the
    constructors, as each first element with the set of the second elements it comes with."""
    out: dict[str, frozenset[str]] = {}
    for fn, lines in _methods(cls):
        if fn.name not in CONSTRUCTORS:
            for key, value in pairs(fn, lines):
                out[key] = out.get(key, frozenset()) | {value}
    return out


#: Per method node, its stores on the receiver: a class's template is built once per run, and an
#: editor's runs keep the nodes of the methods an edit did not touch (parsing.parse); and per method
#: text, for the untouched methods of a class an edit parsed again
_STORES: "weakref.WeakKeyDictionary[ast.AST, tuple]" = weakref.WeakKeyDictionary()
_STORES_BY_TEXT: dict[str, tuple] = {}
MAX_TEXTS = 4096


def receiver_stores(fn: ast.FunctionDef | ast.Lambda, lines: list[str] | None = None) -> tuple[tuple[str, str], ...]:
    """(name, kind) for each store on the method's receiver; ``lines``, its module's, find a
    method of the same text already read."""
    stores = _STORES.get(fn)
    if stores is None:
        first = min([fn.lineno] + [d.lineno for d in getattr(fn, "decorator_list", ())])   # (a lambda has none)
        text = "\n".join(lines[first - 1:fn.end_lineno]) if lines is not None else None
        stores = _STORES_BY_TEXT.get(text) if text is not None else None
        if stores is None:
            stores = tuple(_receiver_stores(fn, text is None or "setattr" in text))
            if text is not None:
                if len(_STORES_BY_TEXT) >= MAX_TEXTS:
                    _STORES_BY_TEXT.clear()
                _STORES_BY_TEXT[text] = stores
        _STORES[fn] = stores
    return stores


#: per module tree: (each class name -> its class, each class name -> the classes naming it as a base)
_CLASS_TABLES: "weakref.WeakKeyDictionary[ast.AST, tuple[dict, dict]]" = weakref.WeakKeyDictionary()


def _base_name(base: ast.expr) -> str | None:
    return base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None


def stored_by_subclasses(cls: Class) -> frozenset[str]:
    """The attributes that the methods (constructors included) of ``cls``'s subclasses in its own
    module, and of their other bases there, store on their receiver: an object of a subclass runs
    ``cls``'s methods too. Read off the module's syntax, so whichever order its classes are built
    in, and whatever other files import it, the answer is the same."""
    tree = cls.module.tree
    tables = _CLASS_TABLES.get(tree)
    if tables is None:
        by_name: dict[str, ast.ClassDef] = {}
        subclasses: dict[str, list[ast.ClassDef]] = {}
        for node in _statements(tree, lazy=True):   # (a class is a statement)
            if isinstance(node, ast.ClassDef):
                by_name.setdefault(node.name, node)
                for base in node.bases:
                    named = _base_name(base)
                    if named is not None:
                        subclasses.setdefault(named, []).append(node)
        tables = _CLASS_TABLES[tree] = (by_name, subclasses)
    by_name, subclasses = tables
    subs: list[ast.ClassDef] = []
    todo, seen = [cls.node.name], set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            for sub in subclasses.get(name, ()):
                subs.append(sub)
                todo.append(sub.name)
    if not subs:
        return frozenset()
    own = {c.node.name for c in _classes(cls, set())}   # cls and its bases: their stores are cls's own
    writers: dict[str, ast.ClassDef] = {}
    todo = list(subs)
    while todo:   # the subclasses and every base they name in the module, but cls's own line
        node = todo.pop()
        if node.name in own or node.name in writers:
            continue
        writers[node.name] = node
        todo.extend(by_name[n] for n in map(_base_name, node.bases) if n in by_name)
    names: set[str] = set()
    for node in writers.values():
        for stmt in node.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.update(path for path, _ in receiver_stores(stmt, cls.module.lines) if "." not in path)
    return frozenset(names)


def _classes(cls: Class, seen: set) -> Iterator[Class]:
    if id(cls) in seen:
        return
    seen.add(id(cls))
    yield cls
    for base in cls.bases:
        if type(base) is Class:
            yield from _classes(base, seen)


def _receiver_stores(fn: ast.FunctionDef | ast.Lambda, calls: bool = True) -> Iterator[tuple[str, str]]:
    """(name, kind) for each store on the method's receiver (a class method's is the class), or on
    an object it holds (``attn.n`` for ``self.attn.n = v``); with ``calls`` False (its text names no
    ``setattr``), by assignments alone, found among its statements without walking an expression."""
    params = fn.args.posonlyargs + fn.args.args
    if not params or any(isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
                         for d in getattr(fn, "decorator_list", ())):
        return
    receiver = params[0].arg

    def is_receiver(node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id == receiver

    setters = {p.arg for p in params[1:] + fn.args.kwonlyargs}
    for node in walk(fn) if calls else _statements(fn):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in _leaves(target):
                    path = _held_path(leaf, is_receiver) if isinstance(leaf, ast.Attribute) else None
                    if path is not None:
                        yield path, _store_kind(node, leaf, path, targets, is_receiver, setters)
                    elif isinstance(leaf, ast.Subscript):
                        yield from _subscript_store(leaf, isinstance(node, ast.AugAssign), is_receiver)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if isinstance(target, ast.Subscript):
                    yield from _subscript_store(target, False, is_receiver)
        elif isinstance(node, ast.Call):
            stored = setattr_store(node)
            if stored is not None and is_receiver(stored[0]):
                yield stored[1], STORED
            changed = _changed_container(node, is_receiver)
            if changed is not None:
                yield changed, CHANGED
        if not calls and isinstance(node, (ast.Expr, ast.Assign)) and isinstance(node.value, ast.Call):
            changed = _changed_container(node.value, is_receiver)   # (the statements alone are walked)
            if changed is not None:
                yield changed, CHANGED


def _subscript_store(target: ast.Subscript, augmented: bool, is_receiver) -> Iterator[tuple[str, str]]:
    """The store a subscript target makes on the receiver: ``self.__dict__["n"] = v`` stores ``n``;
    ``self.n[k] = v`` (or ``del self.n[k]``) sets an item of ``n``."""
    name = dict_store_name(target)
    if name is not None and is_receiver(getattr(target.value, "value", None)):
        yield name, AUGMENTED if augmented else STORED
    elif isinstance(target.value, ast.Attribute):
        path = _held_path(target.value, is_receiver)
        if path is not None:
            yield path, ITEM


def _changed_container(call: ast.Call, is_receiver) -> str | None:
    """The receiver's attribute (its path) a call changes in place as a list or dict (``self.items.append(v)``)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in CONTAINER_CHANGERS and isinstance(func.value, ast.Attribute):
        return _held_path(func.value, is_receiver)
    return None


def _store_kind(node: ast.stmt, leaf: ast.Attribute, path: str, targets: list, is_receiver, setters: set) -> str:
    if isinstance(node, ast.AugAssign):
        return AUGMENTED
    value = node.value
    if value is None or len(targets) != 1 or targets[0] is not leaf:
        return STORED
    if isinstance(value, ast.Name) and value.id in setters:
        return SET
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _MOVES \
            and isinstance(value.func.value, ast.Attribute) and _held_path(value.func.value, is_receiver) == path:
        return MOVED
    return STORED


def used_as_array(cls: Class) -> frozenset[str]:
    """The receiver's attributes some method of ``cls`` (its project bases' included) uses as only an
    array is used: indexed with a slice in a tuple, a None or an ellipsis (``self.beta[:, None]``), or
    asked its ``shape``, ``ndim`` or ``T``. A constructor's parameter stored there is no number
    (GPy's ``VarGauss(alpha, beta)``: ``np.diag(self.beta ** -2)`` of a vector)."""
    return _over_methods(cls, _array_uses)


def _over_methods(cls: Class, per_method) -> frozenset[str]:
    """The union of ``per_method(method, lines)`` over the methods of ``cls`` and its project bases."""
    return frozenset(name for fn, lines in _methods(cls) for name in per_method(fn, lines))


#: Per method node, the receiver's attributes it uses as arrays (``used_as_array``)
_ARRAY_USES: "weakref.WeakKeyDictionary[ast.AST, frozenset[str]]" = weakref.WeakKeyDictionary()


def _array_uses(fn: ast.FunctionDef, lines: list[str]) -> frozenset[str]:
    """Read off the method's text, not its tree: a walk of every method's body parses the bodies
    no analysis asked for yet (a third of a second of timm's models)."""
    uses = _ARRAY_USES.get(fn)
    if uses is None:
        params = fn.args.posonlyargs + fn.args.args
        found = set()
        if params and fn.end_lineno is not None:
            text = "\n".join(lines[fn.lineno - 1:fn.end_lineno])
            receiver = re.escape(params[0].arg)
            for m in re.finditer(rf"\b{receiver}\.(\w+)(?:\[([^\]\n]*)\]|\.(?:shape|ndim|T)\b)", text):
                index = m.group(2)
                if index is None or _array_only_text(index):
                    found.add(m.group(1))
        uses = _ARRAY_USES[fn] = frozenset(found)
    return uses


def subscripted(cls: Class) -> frozenset[str]:
    """The receiver's attributes some method of ``cls`` (its project bases' included) indexes at all
    (``self.nvec[idx]``): no number is indexed. enterprise's ``ShermanMorrison(jvec, slices,
    nvec=0.0)`` takes arrays for ``nvec`` (its ``__add__`` builds one with ``self._nvec + other``);
    the template's float from the default made ``np.einsum("i->", np.log(self._nvec))`` a false SC107."""
    return _over_methods(cls, _indexed)


#: Per method node, the receiver's attributes it indexes (``subscripted``)
_INDEXED: "weakref.WeakKeyDictionary[ast.AST, frozenset[str]]" = weakref.WeakKeyDictionary()


def _indexed(fn: ast.FunctionDef, lines: list[str]) -> frozenset[str]:
    """Read off the method's text, as :func:`_array_uses` is."""
    found = _INDEXED.get(fn)
    if found is None:
        params = fn.args.posonlyargs + fn.args.args
        names: set[str] = set()
        if params and fn.end_lineno is not None:
            text = "\n".join(lines[fn.lineno - 1:fn.end_lineno])
            names.update(re.findall(rf"\b{re.escape(params[0].arg)}\.(\w+)\[", text))
        found = _INDEXED[fn] = frozenset(names)
    return found


def _array_only_text(index: str) -> bool:
    """Whether an index's text is one only an array takes: a None or an ellipsis in it, or a slice in a
    tuple (``[:, None]``, ``[..., 0]``, ``[0, 1:]``)."""
    return "None" in index or "..." in index or ("," in index and ":" in index)


#: What holds statements: a statement, an ``except`` clause, a ``case``.
_HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)


def _statements(fn: ast.AST, lazy: bool = False) -> Iterator[ast.AST]:
    """``fn`` and the statements within it, nested functions' and classes' included, in the order
    ``ast.walk`` meets them (breadth first, fields in order: an expression holds no statement), so
    that the stores come out as a walk of every node gives them (a class's text for a kept summary
    holds them in order, relocation.py). That walk was 1.8% of diffusers' calls. ``lazy``: a body
    not parsed yet (lazy_bodies.py) is read too, as ``ast.walk`` reads it (else it is skipped)."""
    queue = deque([fn])
    while queue:
        node = queue.popleft()
        yield node
        for name in node._fields:
            field = getattr(node, name, None)
            if type(field) is list or (lazy and isinstance(field, list)):
                queue.extend(x for x in field if isinstance(x, _HOLDERS))


def _held_path(target: ast.Attribute, is_receiver) -> str | None:
    """``n`` for ``self.n``, ``attn.n`` for ``self.attn.n``; None for a chain from anything else."""
    names = [target.attr]
    holder = target.value
    while isinstance(holder, ast.Attribute):
        names.append(holder.attr)
        holder = holder.value
    return ".".join(reversed(names)) if is_receiver(holder) else None


def _leaves(target: ast.AST) -> Iterator[ast.AST]:
    if isinstance(target, (ast.Tuple, ast.List)):
        for e in target.elts:
            yield from _leaves(e)
    elif isinstance(target, ast.Starred):
        yield from _leaves(target.value)
    else:
        yield target


def property_setter(member) -> bool:
    """Whether a class's ``member`` is a property's setter that takes the value (``@x.setter def
    x(self, value)``): a store of that attribute runs it."""
    return type(member) is Function and member.accessor == "set" and len(member.node.args.args) >= 2


#: How many values a store through an unknown object walks for the objects it may be
MAX_ALIASED_VALUES = 2000


def aliased_objects(roots) -> Iterator[Instance]:
    """The objects reachable from ``roots`` (a frame's values), each once, breadth first and at most
    :data:`MAX_ALIASED_VALUES` values walked: those an unknown value the frame holds may be."""
    seen: set[int] = set()
    queue = deque(roots)
    walked = 0
    while queue and walked < MAX_ALIASED_VALUES:
        v = queue.popleft()
        walked += 1
        t = type(v)
        if t is Instance:
            if id(v) in seen:
                continue
            seen.add(id(v))
            yield v
            queue.extend(v.attrs.values())
        elif t is List:
            queue.extend(v.items if v.items is not None else (v.element,))
        elif t is Tuple:
            queue.extend(v.items)
        elif t is Dict:
            queue.extend(value for _, value in v.items)
        elif t is Alternatives:
            queue.extend(v.options)
        elif t is BoundMethod:
            queue.append(v.receiver)
        elif t is TorchModule:   # (a container's layers: ``nn.Sequential(Conv2d(...), ...)``)
            queue.extend(value for _, value in v.params)
