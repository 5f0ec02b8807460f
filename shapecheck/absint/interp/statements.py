"""Statements, for :class:`~.interpreter.Interpreter`."""

from __future__ import annotations

import ast
import builtins
import operator
from dataclasses import replace
from typing import Callable

from ...constraints import dims as D
from ...constraints import intervals
from ...constraints.intervals import interval
from ...constraints.dims import DistinctNames
from ...constraints.predicates import FALSE, TRUE, Pred, conj, eq, negate, pred_symbols, substitute_pred
from ...constraints.shapes import MAX_RANK, UNKNOWN_SHAPE, Middle, Shape, rank_known
from ...constraints.solver import Fact, Verdict
from ..core.context import MORE_KEYWORDS, MORE_POSITIONAL, Arg, Call, OpContext, ShapeError
from ..core.join import Joiner, element_of, equal_pairs
from .dataclass_fields import FIELDS, class_fields, generates_init
from ..core.values import (NONE, TYPE_CHECKING_FLAG, UNKNOWN, Alternatives, Array, Bool, BoundMethod, Class, Dict, Float, Function, Instance, Int, LazyImport, LibraryObject, List, NoneValue, Opaque, Partial, TorchModule,
                     ProjectModule, STARS, StarImports, Tuple, Unknown, Value, method_of, star_sources, tensor_like)
from ..core.node_answers import per_node
from ..core.frame import (Builtin, CONTAINER_CHANGERS, DICT_MUTATORS, LIST_CHANGERS, LOOP_ITERATIONS, UNROLL_LIMIT, UNROLL_NODE_BUDGET, LIST_MUTATORS, Range,
                          Terminated)
from .patterns import match
from .semantics import (AUG_NAMES, SHAPE_ERRORS, caught_expressions, iteration_probe, surely_iterable, is_top_level, bound_before_read, from_imports, holds_parameter_at, appends_per_pass, compares_target, loop_leaves_early, trip_count, trip_symbols, about_shapes, as_array_value, catches_shape_errors, only_import_errors, guards_an_import, top_level_imports, passed_to_raises, lists_a_closure_changes, items_a_closure_stores, items_changed_through_target, METACLASS, stored_by_metaclass,
                        common_facts, env_equal, expects_exception,
                        forget_changed, items_of, iteration_items, load_target, loose_join,
                        mutate_dict, mutate_list, without_items, node_count, reads_object_state, with_item, single_name, is_single_symbol, rank_test, rank_options, rank_of, int_test_names,
                        source_text, truth_pred)
from ..core.freshen import each_item, items_marked, placeholder_names, symbols_of, value_symbols
from ..core.holes import mentions_hole
from ..rules.args import check_broadcast_into, dtype_arg
from ..rules.indexing import index_array
from ..rules.nn_containers import with_layer
from ..rules.torch import SHAPE_IN_PLACE
from ..rules.ndarray_methods import RESIZES_RECEIVER, viewed_as
from ..rules.manipulation import reshape_shape
from ..rules.transforms import transform_decorator
from .decorators import replaces_its_function
from .annotations import check_return
from .branch_objects import BranchObjects, LoopObjects
from .attribute_stores import aliased_objects, callback_unsettles, dict_store_name, property_setter, subscripted, used_as_array


def _with_refined(env: dict, refined: dict) -> dict:
    """``env`` with each parameter a loop body's top level gave a rank (``logits, _ = self(idx_cond)``
    in minGPT's ``generate``) refined where it still holds the parameter as it was: the argument's
    rank is the same at every pass, so the state the next pass starts from has it too."""
    if not any(env.get(name) is before for name, (before, _) in refined.items()):
        return env
    env = dict(env)
    for name, (before, value) in refined.items():
        if env.get(name) is before:
            env[name] = value
    return env


def _held_by_object(holder: ast.expr) -> bool:
    """Whether ``holder`` is reached through an object's attribute (``self.layers``, ``self.rows[0]``)."""
    while isinstance(holder, ast.Subscript):
        holder = holder.value
    return isinstance(holder, ast.Attribute)


@per_node   # (asked at every run of every ``if``: the test's walk once per node)
def _type_tested(test: ast.expr) -> frozenset:
    """The names an ``if`` test asks the type of (``isinstance(bins, int)``, and within ``not``/``and``/``or``)."""
    return frozenset(n.args[0].id for n in ast.walk(test)
                     if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "isinstance"
                     and n.args and isinstance(n.args[0], ast.Name))


def _unknown_rank(value: Value | None) -> bool:
    return type(value) is Unknown or (type(value) is Array and value.shape.rank is None)


#: the expressions that can read a rank (``x.ndim``, ``x.dim()``, ``len(x.shape)``: semantics.rank_of)
_RANK_READS = (ast.Attribute, ast.Call)


def _parameter_of_unknown_rank(value: Value | None) -> bool:
    """A parameter's value of unknown rank, or one of a rank relative to it (``(*x, 128)``)."""
    return (type(value) is Unknown and value.middle is not None) or \
        (type(value) is Array and value.shape.rank is None and value.shape.middle is not None)


#: The names Python's builtins module binds (``KeyError``): no name of the project's
PYTHON_BUILTINS = frozenset(dir(builtins))


#: what a right-hand side that names a place already holding a value is (``d = c``, ``x = self.items``)
_HOLDERS = (ast.Name, ast.Attribute)


def _getter_kept(fn: Function, before) -> Function | None:
    """The getter a property's setter or deleter ``fn`` keeps, where it takes the name of ``before``
    (``@x.setter`` after ``@property def x``): reading the attribute still calls the getter."""
    if fn.accessor != "set" or type(before) is not Function or before.accessor is None:
        return None
    return before if before.accessor == "get" else before.getter


class Statements:
    """The statement half of the interpreter (a mixin of :class:`~.interpreter.Interpreter`):
    assignment and unpacking, branches and their merge, loops to a fixpoint, ``with``/``try``/
    ``match``, definitions and imports, and assertions as facts."""

    def stmt_Expr(self, node: ast.Expr) -> None:
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            if self._mutate_in_place(value):
                return
        self.eval(value)

    def _mutate_in_place(self, call: ast.Call) -> bool:
        """``xs.append(v)``, ``self.layers.append(v)``: rebind the list with its new length;
        ``kw.update(freq=0)``: rebind the dict with its new entries; ``x.unsqueeze_(2)``: rebind the
        tensor with its new shape; ``d["k"].append(v)``: rebind the dict's entry.

        Other methods of a list (sort, remove, ...) make its length unknown."""
        func = call.func
        holder = func.value
        slot = self._container_slot(holder)
        if slot is None:
            return False
        current, store = slot
        if type(current) is Array and func.attr in SHAPE_IN_PLACE:
            # ``x.unsqueeze_(2)``: the tensor's shape changes, so the name holds the call's result
            result = self.eval(call)
            store(result if type(result) is Array else UNKNOWN)
            return True
        if type(current) is Array and func.attr in RESIZES_RECEIVER:
            # ``a.resize((2, 3), refcheck=False)``, ``t.resize_(2, 3)``: the array itself takes the sizes given
            if any(isinstance(a, ast.Starred) for a in call.args):
                store(UNKNOWN)
                return True
            sizes = [Arg(self.eval(a), source_text(self, a)) for a in call.args]
            rule = RESIZES_RECEIVER[func.attr]
            store(self.apply(call, func.attr, lambda ctx: rule(ctx, Call(f"ndarray.{func.attr}", [Arg(current)] + sizes))))
            return True
        if type(current) is Dict and func.attr in DICT_MUTATORS:
            args = [self.eval(a) for a in call.args]
            kwargs = {k.arg: self.eval(k.value) for k in call.keywords if k.arg is not None}
            more = len(kwargs) < len(call.keywords) or any(isinstance(a, ast.Starred) for a in call.args)
            store(UNKNOWN if more else mutate_dict(current, func.attr, args, kwargs))
            return True
        if type(current) is not List or func.attr not in LIST_CHANGERS:
            if isinstance(holder, ast.Subscript) and func.attr in CONTAINER_CHANGERS and type(current) not in (List, Dict):
                # an entry not known (``lists[obj.kind].append(obj)`` under a key of an object known by name)
                # changes one of its holder's entries, which ones not known (pennylane's process_queue
                # returned the empty lists it started with)
                store(UNKNOWN)
            return False
        args = [self.eval(a) for a in call.args]
        if isinstance(holder, ast.Name) and self.frame.env.get(holder.id) is not current:
            # the list as the arguments left it: ``axis.append(axis.pop(0))`` appends to the popped
            # list (numpy's test_shape_base rotates its axes so: the stale list was 4 long, and the
            # concatenations after it false SC106s)
            current = self.frame.env.get(holder.id)
            if type(current) is not List:
                store(UNKNOWN)
                return True
        self._rebind_list(holder, current, store, func.attr, args)
        return True

    def _rebind_list(self, holder: ast.expr, current: List, store, method: str, args: list) -> None:
        """Bind the list ``holder`` holds (``current``) to its value after ``holder.method(*args)``."""
        if method in LIST_MUTATORS and _held_by_object(holder) and self.looping:
            # an object's list grown in a loop that is not unrolled: the fixpoint widens the frame's
            # names, not objects' attributes, so its length is unknown from here (its elements are
            # what the loop adds: ``self.layers.append(nn.ModuleList([...]))`` for each layer)
            added = UNKNOWN if len(args) != 1 else {"append": args[0], "extend": element_of(args[0])}.get(method, UNKNOWN)
            element = added if current.items == () else loose_join(element_of(current), added, self.analysis.fresh)
            store(List(None, element))
        elif method in LIST_MUTATORS:
            store(mutate_list(current, method, args, self.analysis.fresh))
        else:
            store(List(None, element_of(current)))

    def rebind_taken(self, call: ast.Call, args: list, kwargs: dict) -> None:
        """``a = h.pop()``, ``torch.cat((x, h.pop()))``, ``v = kw.pop("k", None)``: a list's or dict's
        method called for its value changes its holder as the statement ``h.pop()`` does
        (``_mutate_in_place``): a U-Net's skips popped in its up path are each popped once."""
        holder = call.func.value
        slot = self._container_slot(holder)
        if slot is None:
            return
        current, store = slot
        method = call.func.attr
        more = MORE_POSITIONAL in kwargs or MORE_KEYWORDS in kwargs
        if type(current) is List and method in LIST_CHANGERS:
            self._rebind_list(holder, current, store, method, [UNKNOWN] * len(args) if more or kwargs else args)
        elif type(current) is Dict and method in DICT_MUTATORS:
            store(UNKNOWN if more else mutate_dict(current, method, args, kwargs))

    def _container_slot(self, holder: ast.expr) -> tuple[Value | None, object] | None:
        """What ``holder`` (a name, or an object's attribute) holds and how to rebind it, or None."""
        if isinstance(holder, ast.Name):
            current = self.frame.env.get(holder.id)
            return current, self._through_aliases(current, lambda v: self.frame.env.__setitem__(holder.id, v))
        if isinstance(holder, ast.Attribute):
            owner = self.eval(holder.value)
            if isinstance(owner, Instance):
                current = owner.attrs.get(holder.attr)
                return current, self._through_aliases(current, lambda v: owner.attrs.__setitem__(holder.attr, v))
        if isinstance(holder, ast.Subscript):
            # ``locs["times"].append(t)``, ``rows[0][i].append(v)``: a list a dict or a list holds
            # changes, so the entry of its holder does
            outer = self._container_slot(holder.value)
            if outer is None or type(outer[0]) not in (Dict, List, Tuple):
                return None
            owner, store = outer
            key = self.eval(holder.slice)
            return self.eval(holder), lambda v: store(self._with_entry(owner, key, v))
        return None

    def _with_entry(self, owner: Dict | List | Tuple, key: Value, value: Value) -> Value:
        """``owner`` with its entry at ``key`` now ``value``: exact where the key is known, else a list of
        unknown length holding any of its items or the new value."""
        if type(owner) is Dict:
            return with_item(owner, key, value)
        at = key.dim if type(key) is Int and type(key.dim) is int else None
        if owner.items is not None and at is not None and -len(owner.items) <= at < len(owner.items):
            items = list(owner.items)
            items[at] = value
            return replace(owner, items=tuple(items))
        if type(owner) is Tuple:
            return UNKNOWN
        return List(None, loose_join(element_of(owner), value, self.analysis.fresh))

    def rebind_passed(self, holder: ast.expr, value: Value) -> None:
        """A call changed the list or dict ``holder`` passed it (driver/passed_containers.py): bind
        it to its value after the call. An object's list changed in a loop that is not unrolled
        has an unknown length from here, as ``_mutate_in_place`` keeps it."""
        slot = self._container_slot(holder)
        if slot is None or type(slot[0]) not in (List, Dict):
            return
        current, store = slot
        store(self._held_by_object(current, value) if isinstance(holder, ast.Attribute) else value)

    def _held_by_object(self, current: Value, value: Value) -> Value:
        """What an object's attribute holding the list ``current`` holds once it is ``value``: in a loop
        that is not unrolled, a list of unknown length (the fixpoint widens the frame's names, not
        objects' attributes)."""
        if self.looping and type(value) is List and type(current) is List:
            return List(None, element_of(value) if current.items == ()
                        else loose_join(element_of(current), element_of(value), self.analysis.fresh))
        return value

    def stmt_Assign(self, node: ast.Assign) -> None:
        if self._refine_shape_unpack(node) or self._refine_starred_shape(node):
            return
        value = self.eval(node.value)
        target = node.targets[0] if len(node.targets) == 1 else None
        owner = rank_of(node.value) if type(target) is ast.Name and type(node.value) in _RANK_READS else None
        if owner is not None and _parameter_of_unknown_rank(self.frame.env.get(owner)):
            # ``input_ndim = x.ndim``: a later ``if input_ndim == 4:`` tests x's rank (_rank_branch)
            # while x holds this value; the name holds a value of its own, so that it is told from
            # any other unknown (a value that is no parameter's may be a shared one: UNKNOWN)
            value = value.derive() if value is UNKNOWN else value
            self.frame.rank_aliases[target.id] = (owner, self.frame.env[owner], value)
        for target in node.targets:
            self.assign(target, value)
        if (type(value) is List or type(value) is Dict) and (len(node.targets) > 1 or type(node.value) in _HOLDERS):
            self._alias_container(value, node.targets + ([node.value] if type(node.value) in _HOLDERS else []))

    def _alias_container(self, value: List | Dict, places: list) -> None:
        """``res = self.states = []``, ``d = c``: the places (names, an object's attributes) now hold
        one list or dict, which a change through any of them changes for all (Python's lists are
        objects; here they are values, each place rebound on a change)."""
        holders = [h for h in map(self._holder, places) if h is not None]
        known = self.frame.container_aliases.get(id(value))
        if known is not None and known[0] is value:
            holders = list(known[1]) + holders
        if len(holders) > 1:
            self.frame.container_aliases[id(value)] = (value, tuple(holders))

    def _holder(self, place: ast.expr) -> tuple | None:
        if type(place) is ast.Name:
            return ("name", place.id)
        if type(place) is ast.Attribute and type(place.value) is ast.Name:
            owner = self.frame.env.get(place.value.id)
            if isinstance(owner, Instance):
                return ("attr", owner, place.attr)
        return None

    def _through_aliases(self, current: Value, store):
        """``store`` (a rebinding of the place holding ``current``), rebinding too every other place
        that one statement bound to the same list or dict and that still holds it."""
        known = self.frame.container_aliases.get(id(current))
        if known is None or known[0] is not current:
            return store
        holders = known[1]

        def store_all(value: Value) -> None:
            store(value)
            for holder in holders:
                if holder[0] == "name":
                    if self.frame.env.get(holder[1]) is current:
                        self.frame.env[holder[1]] = value
                elif holder[1].attrs.get(holder[2]) is current:
                    holder[1].attrs[holder[2]] = self._held_by_object(current, value)
            if type(value) is List or type(value) is Dict:
                self.frame.container_aliases[id(value)] = (value, holders)

        return store_all

    def _rank_alias(self, name: str) -> str | None:
        """The name whose rank ``name`` holds, while both hold the values they had then."""
        owner, owned, held = self.frame.rank_aliases.get(name, (None, None, None))
        if owner is None or self.frame.env.get(name) is not held or self.frame.env.get(owner) is not owned:
            return None
        return owner

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assign(node.target, self.eval(node.value))

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        current = self.eval(load_target(node.target))
        right = self.eval(node.value)
        result = self.binary(node, node.op, current, right, node.target, node.value)
        if type(current) is Array and type(result) is Array and current.shape.rank \
                and result.shape.rank is not None and not self.module.jax_only:
            # (a 0-d left side may be a NumPy scalar, which `+=` rebinds rather than updates)
            # In-place: the result must fit the left operand's shape (NumPy: "non-broadcastable output").
            ctx = OpContext(self, node, AUG_NAMES.get(type(node.op), "augmented assignment"))
            try:
                ctx.require(conj([eq(a, b) for a, b in zip(current.shape.prefix, result.shape.prefix)])
                            if current.shape.rank == result.shape.rank else FALSE, "SC101",
                            lambda: f"{ctx.op}: the result {ctx.show_shape(result.shape)} does not fit "
                                    f"{source_text(self, node.target)} of shape {ctx.show_shape(current.shape)}")
            except ShapeError as err:
                self.shape_error(node, err)
            result = tensor_like(Array(current.shape, current.dtype), current)
        elif type(current) is Array and (current.tensor or self.module.torch_only) and current.shape.rank != 0 \
                and rank_known(current.shape) and not (type(result) is Array and rank_known(result.shape)):
            # a torch tensor's `+=` is in place whatever the right side: it keeps the tensor's shape
            # (or raises), so an unknown right side (an optional embedding) leaves it as it was
            result = current
        elif type(current) is Unknown and current.middle is not None and (current.tensor or self.module.torch_only) \
                and not (type(result) is Array and rank_known(result.shape)):
            # the same for a tensor parameter (``text *= mask``): still shaped ``(*text)``, another value
            result = current.derive()
        self.assign(node.target, result)

    def stmt_Return(self, node: ast.Return) -> None:
        # a return whose value surely fails raises instead: it returns nothing to join with the
        # other returns (``if mode == "s": return conv(x)`` failing on a sequence's 5-d ``x``)
        outer = self.branch_nesting, self.branch_raised
        self.branch_nesting, self.branch_raised = self.nesting(), None
        try:
            value = NONE if node.value is None else self.eval(node.value)
            if self.function is not None and self.function.node.returns is not None:
                value = check_return(self, node, value)
        finally:
            raised = self.branch_raised
            self.branch_nesting, self.branch_raised = outer
        if raised is not None:
            self.raised_in_branch(raised)
            raise Terminated("raise")
        self.frame.returns.append(value)
        raise Terminated

    def stmt_Raise(self, node: ast.Raise) -> None:
        if node.exc is not None:
            self.eval(node.exc)
        self.analysis.raised += 1
        raise Terminated("raise")

    def stmt_Break(self, node: ast.Break) -> None:
        self.frame.loop_exits.append((dict(self.frame.env), self.frame.facts))
        raise Terminated("break")

    def stmt_Continue(self, node: ast.Continue) -> None:
        self.frame.loop_continues.append((dict(self.frame.env), self.frame.facts))
        raise Terminated("continue")

    def _run_pass(self, body: list) -> str | None:
        """Run one pass of a loop's body; the state the next pass starts from is the join of where it fell
        through and where it continued (``if status == 1: section = val.lower(); continue``: the
        next line sees that section). How it ends, as ``run_body`` says, "continue" counting as falling
        through."""
        saved, facts = self.frame.loop_continues, self.frame.facts
        self.frame.loop_continues = []
        try:
            kind = self.run_body(body)
            continues = self.frame.loop_continues
        finally:
            self.frame.loop_continues = saved
        if not continues:
            return kind
        ends = [(self.frame.env, self.frame.facts)] if kind is None else []
        self._merge(ends + continues, facts, widen=False)
        return None

    def stmt_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.frame.env.pop(target.id, None)
            elif isinstance(target, ast.Subscript) and isinstance(target.value, (ast.Name, ast.Attribute)):
                container = self.eval(target.value)
                if type(container) is Dict:   # del kw["freq"]: as kw.pop("freq")
                    self.assign(target.value, mutate_dict(container, "pop", [self.eval(target.slice)], {}))
                elif type(container) is List:   # del swap[i]: as swap.pop(i); a slice's items go too
                    self.assign(target.value, without_items(container, self.eval(target.slice)))

    def stmt_Assert(self, node: ast.Assert) -> None:
        if self._refine_from_assert(node.test):
            return
        for owner, ranks in rank_options(node.test).items():
            current = self.frame.env.get(owner)
            if _unknown_rank(current):
                if len(ranks) == 1:
                    self.refine_name(owner, self._of_rank(owner, current, next(iter(ranks))), self.statement)
                else:
                    self.frame.rank_options[owner] = (self.frame.env[owner], ranks)
        self.condition_depth += 1
        try:
            cond = self.eval(node.test)
        finally:
            self.condition_depth -= 1
        self._assume_condition(node, cond, node.test, assertion=True)
        if truth_pred(cond) is None:
            self._defer_int_assertion(node)

    def _defer_int_assertion(self, node: ast.Assert) -> None:
        """``assert dim % 8 == 0`` before ``np.zeros((2, dim))`` (dim a parameter known only by name)
        decides nothing yet: it is kept for when ``dim`` becomes a named int (``rules.args.name_as_dim``),
        if it is a statement of the function's own body (then it held for everything after it)."""
        function = self.function
        if function is None or isinstance(function.node, ast.Lambda) or not any(s is node for s in function.node.body):
            return
        env, kept = self.frame.env, self.frame.int_assertions
        for name in int_test_names(node.test):
            value = env.get(name)
            if type(value) is Unknown:
                held, tests = kept.get(name, (value, ()))
                kept[name] = (value, (tests if held is value else ()) + (node,))

    def recall_int_assertions(self, name: str, value: Unknown) -> None:
        """``name``, which held ``value``, is a named int now: assume the assertions kept for it."""
        held, tests = self.frame.int_assertions.pop(name, (None, ()))
        if held is not value:
            return
        for node in tests:
            self._assume_condition(node, self.eval(node.test), node.test, assertion=False)

    def stmt_If(self, node: ast.If) -> None:
        self.condition_depth += 1
        try:
            cond = self.eval(node.test)
        finally:
            self.condition_depth -= 1
        if cond is TYPE_CHECKING_FLAG and self.function is None:
            self._type_checking_imports(node.body)
        pred = self._decided(truth_pred(cond), node)
        before_env, before_facts = self.frame.env, self.frame.facts
        if pred is TRUE or pred is FALSE:
            kind = self.run_body(node.body if pred is TRUE else node.orelse)
            if kind:
                raise Terminated(kind)
            return
        unsure = pred is None   # which branch runs is not known: neither is sure to run
        self.unsure += unsure
        self.unknown_branches += 1   # undecided, whether its condition is known or not
        objects = BranchObjects(before_env)
        made: list = []   # what x is taken for in a branch that tests its rank
        outer = self.branch_nesting, self.branch_raised
        self.branch_nesting = self.nesting()
        try:
            # then-branch
            self.branch_raised = None
            self.frame.env = dict(before_env)
            if pred is not None:
                self._assume_branch(pred, node.test, True)
            self._rank_branch(node.test, True, made)
            self._container_branch(node.test, True)
            then_done = self.run_body(node.body)
            then_raised = self.branch_raised
            then_state = (self.frame.env, self.frame.facts)
            # else-branch
            self.branch_raised = None
            objects.second_branch()
            self.frame.env, self.frame.facts = dict(before_env), before_facts
            if pred is not None:
                self._assume_branch(negate(pred), node.test, False)
            self._rank_branch(node.test, False, made)
            self._container_branch(node.test, False)
            else_done = self.run_body(node.orelse)
            else_raised = self.branch_raised
        finally:
            self.unsure -= unsure
            self.unknown_branches -= 1
            self.branch_nesting, self.branch_raised = outer
        else_state = (self.frame.env, self.frame.facts)
        joiner = Joiner(self.analysis.fresh, widen=False, dim_of=self.middle_dim)
        objects.join(joiner)
        if then_raised is not None and else_raised is not None:
            # an error surely raises whichever branch runs: so does the ``if``, as if it raised there
            # (a call's run keeps only the errors outside undecided branches: one failing in both
            # branches, ``if mode == "a": x @ w1 else: x @ w2``, is the call's own)
            if self.errors is not None:
                self.report_or_hold(then_raised, self.unknown_branches)
            self.raised_in_branch(then_raised)
            raise Terminated("raise")
        # a branch where an error surely raised leaves no state, as one that ends in ``raise``: what
        # its failed op gave (unknown) does not blur the other's (in a loop, the state every later
        # pass starts from)
        then_left = then_done or (then_raised and not (else_done or else_raised))
        else_left = else_done or (else_raised and not (then_done or then_raised))
        self._merge([s for s, left in ((then_state, then_left), (else_state, else_left)) if not left],
                    before_facts, widen=False, ended=then_done or else_done, made=tuple(made),
                    apart=_type_tested(node.test))
        self.frame.facts += tuple(Fact(p) for p in joiner.facts)
        self.note_join_ranks(joiner)
        returned_raised = then_raised if then_done == "return" else else_raised
        if {then_done, else_done} == {"return", None} and returned_raised is None:
            # ``if working_axes == (): return ...``: the rest of the block is the other branch, run
            # only where the call did not return early (run_body ends it with the block); where the
            # early return surely raised instead, the rest is the only way the call gets through
            self.unknown_branches += 1

    def _decided(self, pred: Pred | None, node: ast.AST) -> Pred | None:
        """TRUE or FALSE when what is known decides the condition (``x.ndim == 4`` of a 2-d ``x``,
        ``d == 4`` after ``assert d == 3``): the branch that cannot run is not analysed, so its
        values do not blur the merge and its errors, being unreachable, are never reported."""
        if pred is None or pred is TRUE or pred is FALSE:
            return pred
        if self.frame.facts:
            verdict = OpContext(self, node, "if").decide(pred)
            if verdict is Verdict.HOLDS:
                return TRUE
            if verdict is Verdict.FAILS:
                return FALSE
        elif pred.kind in ("eq", "ne", "le", "lt"):
            # with no facts, bounds alone still decide some (``ndim + 2 == 1``: sizes are not negative)
            if intervals.holds(pred, ()):
                return TRUE
            if intervals.holds(negate(pred), ()):
                return FALSE
        self.analysis.note_decision(pred_symbols(pred))   # both ways: a decision over its symbols
        return pred

    def _rank_branch(self, test: ast.expr, taken: bool, made: list) -> None:
        """``if x.ndim == 4:`` with x of unknown rank: x is 4-D in that branch (its dims fresh), so
        the branch is analysed at the one rank it runs at (an image model's ``rearrange(x, 'b c h w
        -> ...')`` there neither stays unknown nor fixes x's rank for the whole function). Also
        ``x.dim() == 4``, ``len(x.shape) == 4``, ``!=`` in the else branch, each ``and``-ed test, and
        each ``or``-ed test in the else branch (``if x.dim() != 5 or ...: raise``: x is 5-D after it)."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self._rank_branch(test.operand, not taken, made)
            return
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And if taken else ast.Or):
            for part in test.values:
                self._rank_branch(part, taken, made)
            return
        tested = rank_test(test, self._rank_alias)
        if tested is None:
            return
        owner, rank, equal = tested
        current = self.frame.env.get(owner)
        if not _unknown_rank(current):
            return
        if equal is not taken:
            # not that rank: the one rank an assertion left (``assert x.ndim in (5, 6)``, then
            # ``if x.ndim == 5: ... else:`` is 6-D), if any
            held, ranks = self.frame.rank_options.get(owner, (None, frozenset()))
            rest = ranks - {rank} if held is current else ()
            if len(rest) != 1:
                return
            rank = next(iter(rest))
        self.frame.env[owner] = self._of_rank(owner, current, rank)
        made.append(self.frame.env[owner])

    def _container_branch(self, test: ast.expr, taken: bool) -> None:
        """``if not axs: return []`` with ``axs`` a list or dict, whose truth is not taken from its
        items (a list may have been filled where the analysis does not see it, as by ``heappush``):
        in the branch where it is true it is not empty, in the other it is. proplot's ``axs =
        self._subplot_dict.values()`` was empty when a constructor's call reached it, and
        ``np.array([... for ax in axs])[:, 0]`` after the early return indexed the empty list's 1-D
        array (two false SC105)."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self._container_branch(test.operand, not taken)
            return
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And if taken else ast.Or):
            for part in test.values:
                self._container_branch(part, taken)
            return
        if isinstance(test, ast.Name):
            holder, name = self.frame.env, test.id
        elif isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) \
                and type(self.frame.env.get(test.value.id)) is Instance:
            holder, name = self.frame.env[test.value.id].attrs, test.attr   # ``if not self.items:``
        else:
            return
        v = holder.get(name)
        t = type(v)
        if t is List and not v.is_tuple:
            if taken and v.items == ():
                holder[name] = List(None, v.element)
            elif not taken and v.items != ():
                holder[name] = List((), v.element)
        elif t is Dict:
            if taken and v.complete and not v.items:
                holder[name] = Dict()
            elif not taken and (v.items or not v.complete):
                holder[name] = Dict((), complete=True)

    def _rank_case(self, subject: ast.expr, pattern: ast.pattern) -> bool:
        """``match x.shape: case (n, 3):`` with x of unknown rank: x is 2-D in that case, as in
        ``if x.ndim == 2`` (a pattern with a star fixes no rank). Whether it made x so."""
        if not (type(pattern) is ast.MatchSequence and isinstance(subject, ast.Attribute) and subject.attr == "shape"
                and isinstance(subject.value, ast.Name)) or any(type(p) is ast.MatchStar for p in pattern.patterns):
            return False
        owner = subject.value.id
        current = self.frame.env.get(owner)
        if not _unknown_rank(current):
            return False
        self.frame.env[owner] = self._of_rank(owner, current, len(pattern.patterns))
        return True

    def _of_rank(self, owner: str, current: Value, rank: int) -> Array:
        """``owner`` (now ``current``, of unknown rank) as an array of ``rank`` fresh dims."""
        dims = tuple(self.analysis.fresh(f"{owner}.shape[{i}]") for i in range(rank))
        array = tensor_like(Array(Shape(dims), getattr(current, "dtype", None)), current)
        # a torch parameter stays a tensor (x.flatten(2) is torch's, not NumPy's flatten(order))
        tensor = getattr(current, "tensor", False) or self.module.torch_only
        return Array(array.shape, array.dtype, array.values, True, array.layout) if tensor else array

    def _assume_branch(self, pred: Pred, test: ast.AST, taken: bool) -> None:
        self.add_fact(Fact(pred, self.module.origin(test, "branch condition")))

    def _merge(self, states: list, base_facts: tuple, widen: bool, ended: str | None = None, made: tuple = (),
               apart: frozenset = frozenset()) -> None:
        if not states:
            raise Terminated(ended or "return")
        if len(states) == 1:
            self.frame.env, self.frame.facts = states[0]
            return
        joiner = Joiner(self.analysis.fresh, widen=widen, dim_of=self.middle_dim)
        names = self.analysis.scalar_names
        for state, _ in states:   # (a parameter one branch named as a dim is that dim in the other too,
            # unless the test told the branches apart by its type: ``isinstance(bins, int)`` names
            # ``bins`` a size where it is an int, and the other branch holds a list or an array, xgi's
            # ``hist``, whose ``np.diff(bins)`` was a false SC107; the objects are joined apart)
            names.rebind(state, objects=False, apart=apart)
        env = states[0][0]
        for other, _ in states[1:]:
            env = joiner.env(env, other)
        common = common_facts([f for _, f in states], base_facts)
        self.frame.env = env
        self.frame.facts = common + tuple(Fact(p) for p in joiner.facts)
        if not widen:
            self.note_join_ranks(joiner, made)

    def stmt_For(self, node: ast.For) -> None:
        outer_loops = self.frame.loops
        self.frame.loops = dict(outer_loops)
        try:
            iterable = self.eval(node.iter)
            for name in items_changed_through_target(node):   # (before the loop: every pass reads them)
                if name in self.frame.env:
                    self.frame.env[name] = items_forgotten(self.frame.env[name])
                    if isinstance(node.iter, ast.Name) and node.iter.id == name:
                        iterable = self.frame.env[name]
            items = iteration_items(iterable)
            if items is not None and self._unroll_budget(node, len(items)) and self._unroll(node, items):
                return
            if items is None:   # how often it runs is not known: a decision over what it iterates
                self.analysis.note_decision(trip_symbols(iterable))
            made_after = self.analysis.symbols   # (the index is each pass's own)
            element = self.iteration_value(iterable, node)
            if loop_leaves_early(node):   # an iteration may stop before the use: no certain errors
                self.frame.loops = {name: loop if name in outer_loops else replace(loop, certain=False)
                                    for name, loop in self.frame.loops.items()}
            first = None
            if type(iterable) is Range and type(element) is Int and type(iterable.start) is Int \
                    and compares_target(node):
                first = Fact(eq(element.dim, iterable.start.dim))
            self._loop(node, lambda: self.assign(node.target, element), node.body, node.orelse,
                       trip_count(iterable), first, made_after)
        finally:
            self.frame.loops = outer_loops   # its index is no loop's index after the loop

    def _unroll_budget(self, node: ast.For, count: int) -> bool:
        """Unroll only short loops with small bodies. A loop inside unrolled loops runs once per
        iteration of each, so the budget bounds the product of their trip counts (``for freq in
        bands: for fn in (sin, cos): outs.append(fn(x * freq))`` runs 2 x len(bands) bodies)."""
        if count > UNROLL_LIMIT or not self.analysis.options.unroll:
            return False
        return node_count(node) * count * self.unrolled <= UNROLL_NODE_BUDGET

    def _unroll(self, node: ast.For, items: tuple) -> bool:
        outer = self.unrolled
        self.unrolled = outer * max(len(items), 1)
        try:
            return self._unroll_body(node, items)
        finally:
            self.unrolled = outer

    def _unroll_body(self, node: ast.For, items: tuple) -> bool:
        """Run a loop over a short known sequence once per item: exact shapes for ``range(3)`` loops.

        Gives up (restoring the state) when the body can leave early, where the fixpoint is needed."""
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        objects = LoopObjects(entry_env)
        saved_exits, saved_returns = self.frame.loop_exits, len(self.frame.returns)
        self.frame.loop_exits = []
        for item in items:
            self.assign(node.target, item)
            kind = self._run_pass(node.body)
            if kind is not None or self.frame.loop_exits or len(self.frame.returns) != saved_returns:
                self.frame.env, self.frame.facts = entry_env, entry_facts
                objects.restore_entry()
                self.frame.loop_exits = saved_exits
                del self.frame.returns[saved_returns:]
                return False
        self.frame.loop_exits = saved_exits
        kind = self.run_body(node.orelse)
        if kind:
            raise Terminated(kind)
        return True

    def stmt_While(self, node: ast.While) -> None:
        if self._unroll_while(node) or self._never_enters(node):
            return

        def head() -> None:
            self.eval(node.test)
        self.unsure += 1   # the body may not run at all
        try:
            self._loop(node, head, node.body, node.orelse)
        finally:
            self.unsure -= 1

    def _never_enters(self, node: ast.While) -> bool:
        """A ``while`` too long to unroll whose test is false on entry runs its ``else`` alone: kwant's
        LLL reduction ``while i < m - 1:`` of a one-vector basis (m = 1) ran its body, which reads
        ``vecsstar[i + 1]``, on the state no pass ever has (a false SC110)."""
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        pred = self._while_test(node)
        if pred is not FALSE:   # (the loop's passes ask it again, from the state before it)
            self.frame.env, self.frame.facts = entry_env, entry_facts
            return False
        kind = self.run_body(node.orelse)
        if kind:
            raise Terminated(kind)
        return True

    def _while_test(self, node: ast.While):
        """The ``while`` test's truth where this state decides it (TRUE, FALSE), else None or a predicate."""
        self.condition_depth += 1
        try:
            return self._decided(truth_pred(self.eval(node.test)), node)
        finally:
            self.condition_depth -= 1

    def _unroll_while(self, node: ast.While) -> bool:
        """A ``while`` whose test is decided before every pass (``while len(e.shape) < len(h.shape):
        e = e[..., None]`` with known ranks) runs as Python runs it, for at most UNROLL_LIMIT passes of
        a small body. Gives up, restoring the state, where a test is not decided, the body can leave
        early or the passes run out: the fixpoint takes the loop then."""
        if not self.analysis.options.unroll or node_count(node) * UNROLL_LIMIT * self.unrolled > UNROLL_NODE_BUDGET:
            return False
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        objects = LoopObjects(entry_env)
        saved_exits, saved_returns = self.frame.loop_exits, len(self.frame.returns)
        self.frame.loop_exits = []
        outer = self.unrolled
        self.unrolled = outer * UNROLL_LIMIT
        try:
            for _ in range(UNROLL_LIMIT + 1):
                pred = self._while_test(node)
                if pred is FALSE:
                    self.frame.loop_exits = saved_exits
                    kind = self.run_body(node.orelse)
                    if kind:
                        raise Terminated(kind)
                    return True
                if pred is not TRUE:
                    break
                kind = self._run_pass(node.body)
                if kind is not None or self.frame.loop_exits or len(self.frame.returns) != saved_returns:
                    break
        finally:
            self.unrolled = outer
        self.frame.env, self.frame.facts = entry_env, entry_facts
        objects.restore_entry()
        self.frame.loop_exits = saved_exits
        del self.frame.returns[saved_returns:]
        return False

    def _loop(self, node: ast.AST, head, body: list, orelse: list, trips: D.Dim | None = None,
              first: Fact | None = None, made_after: int | None = None) -> None:
        """Run a loop to a fixpoint. The first pass runs on the state the loop is entered with, which
        is the first iteration's alone: ``first`` says so of the index (``i == 0``), so a branch
        only a later iteration takes (``if i == 10: np.mean(g_list)``, g_list filled by the first
        ten) is not analysed on the empty state; the passes after it stand for any iteration."""
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        if made_after is None:   # (what a pass makes is each item's own, in the lists it grew)
            made_after = self.analysis.symbols
        objects = LoopObjects(entry_env)   # the attributes of the objects in scope: joined as names are
        saved_exits = self.frame.loop_exits
        self.frame.loop_exits = []
        state_env = entry_env
        exits: list = []
        log = self.analysis.oplog
        mark = log.mark() if log is not None else 0
        widened: set = set()
        refined: dict = {}
        branches = self.unknown_branches   # (the branches of undecided outcome around the loop)
        self.loop_refinements.append((body, refined))
        for iteration in range(LOOP_ITERATIONS + 1):
            if log is not None:
                log.rollback(mark)   # an op log keeps one pass, the last (see driver/oplog.py)
            self.frame.env, self.frame.facts = dict(state_env), entry_facts
            objects.start_pass()
            pinned = first is not None and iteration == 0
            if pinned:
                self.add_fact(first)
            self.looping += 1
            # A pass after the first starts from a join of the states some iterations begin with,
            # not every one: an op that fails there but not from the fixpoint's state, which stands
            # for every iteration, fails only on some of them (the one after the first, on data the
            # loop's own input rules out: obspy's model reader indexes ``data[ii - 1, 0]`` under a
            # branch the second line of a file never takes, where data is still one row). Each
            # pass's findings wait for the next; the last pass's are the loop's. The first pass's
            # are the first iteration's: what fails there whatever the loop's branches do fails
            # then (and what may fail, may); what surely fails under a branch the first iteration
            # may not take is held as a later pass's are (auto-round's ``blocks0 =
            # torch.zeros(1)``, set by the iteration that reads the blocks before the one that
            # reads their scales uses it: a false SC110)
            self.held_diagnostics.append([])
            ran = False
            try:
                head()
                self._run_pass(body)
                ran = True
            finally:
                self.looping -= 1
                held = self.held_diagnostics.pop()
                if not ran:   # (a pass that ends the function ends the loop: it is the last)
                    self._report_held(held)
            if iteration == 0:   # (a warning says what may fail: on the first iteration, it may)
                now, held = _first_iteration_only(held, branches)
                self._report_held(now)
            end_env = self.frame.env
            exits.extend(self.frame.loop_exits)
            self.frame.loop_exits = []
            state_env, entry_env = _with_refined(state_env, refined), _with_refined(entry_env, refined)
            for env in (state_env, entry_env, end_env):   # (a parameter a pass named is that dim in every pass)
                self.analysis.scalar_names.rebind(env, objects=False)
            # (what the pass required holds wherever a next pass starts: a dim it made equal to one
            # it started with is that one, ``x = block(x) + x`` over a block whose norm required it)
            joiner = Joiner(self.analysis.fresh, widen=True, widened=widened, same=equal_pairs(self.frame.facts),
                            dim_of=self.middle_dim)
            joined = joiner.env(state_env, end_env)
            settled = objects.end_pass(joiner, last=iteration >= LOOP_ITERATIONS - 1)
            # (a name every pass binds before it reads it is never seen at a pass's start)
            if settled and not pinned and env_equal(joined, state_env, bound_before_read(node)):
                state_env = joined   # (which binds what the pass bound: the target after the loop)
                break
            if iteration == LOOP_ITERATIONS - 1:
                joined = forget_changed(entry_env, joined)
            state_env = joined
        self.loop_refinements.pop()
        self._report_held(held)
        objects.leave()
        if log is not None:   # a loop of unknown length runs a named number of times
            log.repeat(mark, trips if trips is not None else self.analysis.fresh(f"trips{node.lineno}"))
        self.frame.loop_exits = saved_exits
        if trips is not None and isinstance(node, ast.For):
            state_env = _counted_lists(node, entry_env, state_env, trips)
        shared = _shared_symbols(entry_env, self.frame)
        state_env = _items_marked(state_env, made_after, shared)
        exits = [(_items_marked(env, made_after, shared), facts) for env, facts in exits]
        # Leaving the loop: zero or more iterations ran, or a break left it.
        self.frame.env, self.frame.facts = state_env, entry_facts
        if orelse and not self.run_body(orelse):
            pass
        states = [(self.frame.env, self.frame.facts)] + [(e, entry_facts) for e, _ in exits]
        self._merge(states, entry_facts, widen=True)

    def _report_held(self, held: list | None) -> None:
        for diag, unknown_branches in held or ():
            self.report_or_hold(diag, unknown_branches)

    def stmt_With(self, node: ast.With) -> None:
        expected = any(expects_exception(item.context_expr) for item in node.items)
        for item in node.items:
            value = self.eval(item.context_expr)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, UNKNOWN if not isinstance(value, Array) else value)
        before = (dict(self.frame.env), self.frame.facts) if expected else None
        objects = BranchObjects(before[0]) if expected else None
        self.try_depth += expected
        try:
            kind = self.run_body(node.body)
        finally:
            self.try_depth -= expected
        if kind and not expected:
            raise Terminated(kind)
        if expected:
            # ``with pytest.raises(E):`` stops at the statement that raises: what follows it in the
            # block never ran (astropy's ``t.shape = (10, 5)`` there leaves t's shape as it was), so
            # after the block the names hold what they held before it or what the block gave them,
            # and so do the attributes of the objects they name (nengo's ``inst.dp = np.ones((10, 4))``
            # there, which its descriptor refuses, leaves ``inst.dp`` (4, 10))
            objects.second_branch()
            joiner = Joiner(self.analysis.fresh, widen=False, dim_of=self.middle_dim)
            objects.join(joiner)
            self._merge([before, (self.frame.env, self.frame.facts)], before[1], widen=False)
            self.frame.facts += tuple(Fact(p) for p in joiner.facts)

    stmt_AsyncWith = stmt_With

    def stmt_Try(self, node: ast.Try) -> None:
        if self._iteration_probe(node):
            return
        original = self.frame.env
        before_env, before_facts = dict(original), self.frame.facts
        # (a handler starts from the objects as the body found them, not as it left them: ``try:
        # self.c = list(c)`` / ``except TypeError: self.c = [c]`` keeps the join of both stores)
        objects = BranchObjects(before_env) if node.handlers else None
        catches = any(catches_shape_errors(h) or self._catches_by_value(h) for h in node.handlers)
        raised = self.analysis.raised
        self.try_depth += catches
        if catches:
            self.catching.append((self.try_depth, self.unsure, self.unknown_branches))
        try:
            body_done = self.run_body(node.body)
        finally:
            self.try_depth -= catches
            if catches:
                self.catching.pop()
                self.raised_in_try = False
        states = []
        if not body_done:
            if self.run_body(node.orelse):
                pass
            else:
                states.append((self.frame.env, self.frame.facts))
        imported = states[0][0] if states and only_import_errors(node.handlers) else None
        unread = states[0][0] if states and guards_an_import(node) else None
        returned = False
        joiner = Joiner(self.analysis.fresh, widen=False, dim_of=self.middle_dim)
        # a handler runs only where the body raised what it catches: unless the body surely raised
        # and one handler takes it, a branch the analysis does not decide (pyemma's
        # ``try: data = ensure_ndarray(data) / except: ...`` fuses an object array of arrays, a
        # way a float array never takes: what fails there is no definite error of the call)
        undecided = body_done != "raise" or len(node.handlers) > 1
        for i, handler in enumerate(node.handlers):
            if i:
                objects.join(joiner)
            objects.second_branch()
            self.frame.env, self.frame.facts = dict(before_env), before_facts
            if handler.name:
                self.frame.env[handler.name] = UNKNOWN
            self.unsure += undecided
            self.unknown_branches += undecided
            try:
                kind = self.run_body(handler.body)
            finally:
                self.unsure -= undecided
                self.unknown_branches -= undecided
            if not kind:
                states.append((self.frame.env, self.frame.facts))
            returned = returned or kind == "return"
        if objects is not None:
            objects.join(joiner)
        absent = self._without_optional_library(node, states)
        if absent:
            self.frame.env, self.frame.facts = states[1]   # the handler's way alone
        elif states:
            self._merge(states, before_facts, widen=False)
            self.frame.facts += tuple(Fact(p) for p in joiner.facts)
        if catches and returned and not body_done and self.analysis.raised != raised:
            # ``try: mimic = self._get_multi_index(arr, index) / except Exception: ...; return``, whose
            # body may raise on a way not decided (numpy's own ``_check_multi_index``, whose failing
            # index the body rejects): the rest of the block runs only where it raised nothing, the
            # other branch of an early return, as after ``if ...: return`` (stmt_If). A body with no
            # way to raise (no ``raise`` run, no error met, its callees' included), or handlers that
            # catch no error of the kinds shape code raises, decide nothing.
            self.unknown_branches += 1
        if imported is not None and len(states) > 1:
            self._keep_imported(imported, states[1:])
        if unread is not None and len(states) > 1 and not absent:   # (the handler's way keeps its stand-ins)
            self._keep_fallback(unread, states[1:])
        if imported is not None and self.frame.env is not original:
            # an import and its fallback, in the namespace the statement started in: a module's
            # definitions after it are its importers' too (analysis.py's _run_top_level), as after
            # a plain import (after timm's ``try: from torch.nn.functional import rms_norm`` /
            # ``except ImportError: from .fast_norm import rms_norm``, none of its norm layers were)
            original.clear()
            original.update(self.frame.env)
            self.frame.env = original
        kind = self.run_body(node.finalbody)
        if kind or not states:
            raise Terminated(kind or "raise")

    stmt_TryStar = stmt_Try

    def _catches_by_value(self, handler: ast.ExceptHandler) -> bool:
        """Whether a handler names a shape error by another name, as what the name holds says, or
        names what the analysis cannot tell, which may be one: ndindex's tests import ``AxisError as
        np_AxisError`` from ``numpy`` or, failing that, ``numpy.exceptions`` (either, by the version
        installed) and check ``np.sum(np.arange(10), axis=2)`` raises it."""
        for expr in caught_expressions(handler):
            if isinstance(expr, ast.Name) and expr.id in PYTHON_BUILTINS:
                continue   # (``except KeyError``: Python's own, which the names above tell)
            value = self.eval(expr)
            if type(value) is Unknown or \
                    type(value) is LibraryObject and value.qualname.rpartition(".")[2] in SHAPE_ERRORS:
                return True
        return False

    def _iteration_probe(self, node: ast.Try) -> bool:
        """``try: self.c = list(c)`` / ``except TypeError: self.c = [c]`` where what ``c`` is decides
        it: only the way Python takes runs (the other's state joined in made ldpc's ``Ring(())``
        hold ``[()]``, a 2-d array, and its ``assert len(self.c.shape) == 1`` a false SC110).
        False, having run nothing, where the value leaves it open."""
        probe = iteration_probe(node)
        if probe is None or self.lookup(probe[0]) != Builtin(probe[0]):   # (a name of the project's own)
            return False
        iterable = surely_iterable(self.eval(probe[1]))
        if iterable is None:
            return False
        if iterable:
            kind = self.run_body(node.body) or self.run_body(node.orelse)
        else:
            handler = probe[2]
            if handler.name:
                self.frame.env[handler.name] = UNKNOWN
            kind = self.run_body(handler.body)
        kind = self.run_body(node.finalbody) or kind
        if kind:
            raise Terminated(kind)
        return True

    def _keep_imported(self, imported: dict, fallbacks: list) -> None:
        """``try: from numba import vectorize`` / ``except ImportError: def vectorize(...)``: the code
        runs where its libraries are (a shape is a question about the code with them), so a name the
        ``try`` imported holds the library's object, not the fallback a handler defines in its place
        (a function of the project, or None). arviz's ``@vectorize`` ufunc was taken for its fallback's
        identity decorator, its scalar body run on arrays: a false SC110. A handler that imports
        another library's object instead (``from scipy.misc import factorial``) leaves the join: which
        one the code meets depends on the versions installed."""
        for name, value in imported.items():
            if type(value) not in (LibraryObject, ProjectModule):
                continue
            others = [env.get(name) for env, _ in fallbacks]
            if all(o is value or o is None or type(o) in (Function, NoneValue) for o in others):
                self.frame.env[name] = value

    def _keep_fallback(self, unread: dict, fallbacks: list) -> None:
        """``try: from apex.normalization import FusedRMSNorm; T5LayerNorm = FusedRMSNorm`` / ``except
        ImportError: pass``: a name the ``try`` took from a module the analysis does not read (an
        optional library, unknown here) keeps the project's class or function that every handler
        leaves it (its stand-in where the library is absent, meant to do the same). Joined, every
        T5 layer norm, and every shape after one, was unknown."""
        for name, value in unread.items():
            if type(value) not in (Unknown, LazyImport):
                continue
            others = [env.get(name) for env, _ in fallbacks]
            first = others[0]
            if type(first) not in (Class, Function) or any(o is not first for o in others):
                continue
            if self._unread_import(value):
                self.frame.env[name] = first

    def _without_optional_library(self, node: ast.Try, states: list) -> bool:
        """Whether a ``try`` that imports from a module the analysis does not read (an optional
        library, unknown here) runs as where the library is absent: its one handler, which catches
        the import's failure alone, takes over (``try: from apex.normalization.fused_layer_norm
        import fused_layer_norm_affine; has_apex = True`` / ``except ImportError: has_apex =
        False``). What the code does with the library is unknown anyway, and what it does without
        it can be checked (as :meth:`_keep_fallback` keeps the project's stand-in). Joined, timm's
        ``fast_layer_norm`` joined apex's unknown result with ``F.layer_norm``'s, and the module's
        functions after the statement were no importer's: every ``LayerNorm`` of timm's models was
        of no shape. The names only the ``try`` imports stay bound as it bound them."""
        if len(states) != 2 or len(node.handlers) != 1 or not only_import_errors(node.handlers) or node.orelse:
            return False
        tried, handled = states[0][0], states[1][0]
        imported = top_level_imports(node.body)
        if not any(self._unread_import(tried.get(name)) for name in imported):
            return False
        for name in imported:
            if name not in handled and name in tried:
                handled[name] = tried[name]   # (the imports before the one that fails still bind)
        return True

    def _unread_import(self, value: Value | None) -> bool:
        """Whether an imported name holds what a module the analysis does not read gives (unknown).
        A project module's name is never that (and is not loaded to tell)."""
        if type(value) is LazyImport:
            if self.analysis.imports_project_code(value.module, value.level, self.module):
                return False
            return type(self.analysis.resolve_lazy(value)) is Unknown
        return type(value) is Unknown and value.middle is None

    def stmt_Match(self, node) -> None:
        """The cases whose patterns may match the subject (patterns.py), each with the names it binds
        and the condition it holds under; a case that surely matches ends the statement, and one
        that did not match is assumed not to in the cases after it."""
        subject = self.eval(node.subject)
        before_env, before_facts = dict(self.frame.env), self.frame.facts
        states = []
        facts = before_facts   # what the cases after hold under: none of the unguarded ones before matched
        for case in node.cases:
            self.frame.env, self.frame.facts = dict(before_env), facts
            ranked = self._rank_case(node.subject, case.pattern)
            pred, binds = match(case.pattern, self.eval(node.subject) if ranked else subject, self.eval)
            pred = self._decided(pred, case.pattern)
            if pred is FALSE:
                continue
            self.frame.env.update(binds)
            if pred is not None and pred is not TRUE:
                self._assume_branch(pred, case.pattern, True)
            sure = pred is TRUE
            if case.guard is not None:
                guard = self._decided(truth_pred(self.eval(case.guard)), case.guard)
                if guard is FALSE:
                    continue
                sure = sure and guard is TRUE
                if guard is not None and guard is not TRUE:
                    self._assume_branch(guard, case.guard, True)
            unsure = pred is None   # (as an if's: whether the body runs is not known at all)
            self.unsure += unsure
            self.unknown_branches += not sure
            try:
                if not self.run_body(case.body):
                    states.append((self.frame.env, self.frame.facts))
            finally:
                self.unsure -= unsure
                self.unknown_branches -= not sure
            if sure:
                break
            if pred is not None and case.guard is None:
                facts = facts + (Fact(negate(pred), self.module.origin(case.pattern, "case not matched")),)
        else:
            states.append((dict(before_env), facts))   # no case matched
        self.frame.env = before_env
        self._merge(states, before_facts, widen=False)

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        decorators = [self.eval(deco) for deco in node.decorator_list]
        fn = self.make_function(node)
        wrapper = self._wrapper_of(node, fn, decorators)
        if wrapper is None and self._rewrapped(node, decorators):
            fn = replace(fn, wrapped=True, replaced=_replaced_by_object(decorators))
        if fn.accessor == "set":
            fn = replace(fn, getter=_getter_kept(fn, self.frame.env.get(node.name)))
        self.frame.env[node.name] = self._transformed(node, fn if wrapper is None else wrapper, decorators)
        if self.function is not None:
            self._forget_closure_lists(node)
            for name in items_a_closure_stores(node):
                held = self.frame.env.get(name)
                if type(held) is List:
                    self.frame.env[name] = List(None, UNKNOWN, held.length if held.items is None else len(held.items))
                elif type(held) is Dict:
                    self.frame.env[name] = Dict()
        if self.report and self.errors is None and (
                self.function is None or node.name not in passed_to_raises(self.function.node)):
            self.analysis.schedule_generic(fn)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    def _transformed(self, node: ast.FunctionDef | ast.AsyncFunctionDef, value: Value, decorators: list) -> Value:
        """``value`` (the function ``node`` defines) through the decorators that transform it, innermost
        first (``@jax.vmap``: the name is the transformed function)."""
        for deco_node, deco in reversed(list(zip(node.decorator_list, decorators))):
            if transform_decorator(deco):
                value = self.call(deco_node, deco, [Arg(value, node.name)], {})
        return value

    def _wrapper_of(self, node: ast.FunctionDef | ast.AsyncFunctionDef, fn: Function, decorators: list) -> Function | None:
        """The wrapper a decorator of the project's own returns in place of ``fn`` (a function
        defined in it, closing over ``fn``), where it is the one decorator that replaces the function
        (:func:`replaces_its_function`) and the rest keep the call: the name is that wrapper, and a
        call runs it, as Python does. neurodsp's ``@multidim(select=[1])`` runs the body on each row
        of a 2-d signal and stacks the results; the body run on the 2-d signal itself gave a 0-d
        mean where the wrapper gives one per row (``len(lc)``: a false SC107). None otherwise: the
        function stays the name's value, ``wrapped`` (:meth:`_rewrapped`)."""
        replacing = [(n, d) for n, d in zip(node.decorator_list, decorators) if replaces_its_function(d)]
        if len(replacing) != 1 or type(replacing[0][1]) is not Function or fn.accessor is not None or any(
                map(self._unresolved_project_decorator, node.decorator_list, decorators)):
            return None
        deco_node, deco = replacing[0]
        value = self.call(deco_node, deco, [Arg(fn, node.name)], {})
        if type(value) is not Function or value.closure is None or isinstance(value.node, ast.Lambda):
            return None
        return value

    def _rewrapped(self, node: ast.FunctionDef | ast.AsyncFunctionDef, decorators: list) -> bool:
        """Whether ``decorators`` (``node``'s, evaluated) may call its body with other arguments than
        its callers pass (:attr:`Function.wrapped`)."""
        return any(map(replaces_its_function, decorators)) or any(
            map(self._unresolved_project_decorator, node.decorator_list, decorators))

    def _unresolved_project_decorator(self, node: ast.expr, deco: Value) -> bool:
        """A decorator of the project's own code the run could not tell (an import cycle left it
        unknown): it may hand the body anything, as any project decorator that is a class may
        (pennylane's ``@qp.templates.Subroutine`` and ``@partial(Subroutine, ...)`` turn the wires
        ``0`` into an array of shape (1,): a false SC110). A library's decorator nothing is known
        of (``numba.njit``) keeps the call."""
        if type(deco) is Partial and isinstance(node, ast.Call) and node.args:
            deco, node = deco.func, node.args[0]
        if type(deco) is not Unknown:
            return False
        while isinstance(node, (ast.Call, ast.Attribute)):
            node = node.func if isinstance(node, ast.Call) else node.value
        if not isinstance(node, ast.Name):
            return False
        root = self.frame.env.get(node.id, self.module.env.get(node.id))
        if type(root) is ProjectModule:   # (a library's stand-in module, or a stub, is none of the project's)
            return self.analysis.imports_project_code(root.info.name, 0, self.module)
        source = from_imports(self.module.tree).get(node.id)
        return source is not None and self.analysis.imports_project_code(source[0], source[1], self.module)

    def make_function(self, node) -> Function:
        args = node.args
        defaults = tuple(self.eval(d) for d in args.defaults)
        kw_defaults = tuple((a.arg, self.eval(d)) for a, d in zip(args.kwonlyargs, args.kw_defaults)
                            if d is not None)
        closure = None if self.function is None else self.frame.env
        qual = getattr(node, "name", "<lambda>")
        if self.function is not None:
            qual = f"{self.function.qualname}.<locals>.{qual}"
        return Function(node, self.module, closure, qual, defaults, kw_defaults)

    def _forget_closure_lists(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """A nested function (or a nested class's method) that changes a list of this frame may be
        called by whoever is handed it: the list's length is unknown once it is defined (prophet's
        test patches the library's executor with a class whose ``__init__`` appends to ``created``)."""
        for name in lists_a_closure_changes(fn):
            held = self.frame.env.get(name)
            if type(held) is List and held.items is not None:
                self.frame.env[name] = List(None, element_of(held))

    def stmt_ClassDef(self, node: ast.ClassDef) -> None:
        if self.function is not None:
            for stmt in node.body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self._forget_closure_lists(stmt)
        bases = tuple(self.eval(b) for b in node.bases)
        namespace: dict = {}
        cls = Class(node, self.module, node.name, namespace, bases)
        saved = self.frame.env
        self.frame.env = dict(saved)
        outer_function = self.function
        for stmt in node.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn = self.make_function(stmt)
                decorators = [self.eval(deco) for deco in stmt.decorator_list]
                # a method's decorator of the project's own may hand the body other arguments (dipy's
                # ``@multi_voxel_fit`` calls ``fit`` once per voxel of the 4-D data it is given)
                wrapped = bool(decorators) and self._rewrapped(stmt, decorators)
                fn = Function(fn.node, fn.module, fn.closure, f"{node.name}.{stmt.name}", fn.defaults,
                              fn.kw_defaults, wrapped=wrapped, replaced=wrapped and _replaced_by_object(decorators),
                              getter=_getter_kept(fn, namespace.get(stmt.name)))
                # (``@partial(jax.vmap, in_axes=[None, 0])`` on a method: a mapped method)
                namespace[stmt.name] = self._transformed(stmt, fn, decorators)
            else:
                try:
                    self.stmt(stmt)
                except Terminated:
                    break
                for target_name, value in self.frame.env.items():
                    if saved.get(target_name) is not value and target_name not in namespace:
                        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                            namespace[target_name] = value
        if generates_init(node, bases, self.module.tree):
            namespace[FIELDS] = class_fields(node, namespace, bases, self.eval)
        meta = self._metaclass(node, bases)
        if meta is not None:
            # what the metaclass stores on the class is its code's, unknown here (semantics.py)
            namespace[METACLASS] = meta
            for klass in (meta, *(b for b in meta.bases if type(b) is Class and b.node is not None)):
                for name in stored_by_metaclass(klass.node):
                    namespace[name] = UNKNOWN
        self.function = outer_function
        self.frame.env = saved
        self.frame.env[node.name] = cls
        if self.report and self.errors is None:
            self.analysis.schedule_class(cls)

    def _metaclass(self, node: ast.ClassDef, bases: tuple) -> Class | None:
        """The project class that makes this one (``metaclass=`` given, or a base's), if any."""
        for keyword in node.keywords:
            if keyword.arg == "metaclass":
                meta = self.eval(keyword.value)
                return meta if type(meta) is Class and meta.node is not None else None
        for base in bases:
            if type(base) is Class:
                meta = base.namespace.get(METACLASS)
                if meta is not None:
                    return meta
        return None

    def stmt_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            name = alias.name if alias.asname else alias.name.split(".")[0]
            self.frame.env[alias.asname or name] = self.analysis.lazy_import(name, None, 0, self.module)

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                names = self.analysis.star_names(node.module, node.level, self.module)
                if names is not None:   # each name imported as ``from module import name`` is: lazily
                    for name in sorted(names):
                        self.frame.env[name] = self.analysis.lazy_import(node.module, name, node.level, self.module,
                                                                         star=True)
                    continue
                if self.analysis.star_later(node.module, node.level, self.module):
                    # binds nothing now: a name the namespace lacks is looked up in it later, by name
                    # (a name bound before keeps its binding: Modules.star_lookup's approximations)
                    self._defer_star(node)
                    continue
                module = self.analysis.import_from(node.module, None, node.level, self.module)
                if type(module) is ProjectModule:
                    self.frame.env.update({k: v for k, v in module.info.env.items()
                                           if not k.startswith("_") and k != STARS})
                    if star_sources(module.info.env):   # and what its own deferred star imports bind
                        self._defer_star(node)
                continue
            value = self.analysis.lazy_import(node.module, alias.name, node.level, self.module)
            self.frame.env[alias.asname or alias.name] = value

    def _type_checking_imports(self, body: list) -> None:
        """The names an ``if TYPE_CHECKING:`` block at a module's top level imports: the block never
        runs, but a type checker reads them, and so do the module's annotations (``x: Tensor``
        marks a torch tensor; ``cfg: ModelArgs`` a config's declared ints), each imported lazily,
        as a name that is never used costs nothing."""
        saved, self.frame.env = self.frame.env, {}
        try:
            for stmt in body:
                if isinstance(stmt, ast.ImportFrom) and all(alias.name != "*" for alias in stmt.names) \
                        or isinstance(stmt, ast.Import):
                    self.stmt(stmt)
            self.module.type_names.update(self.frame.env)
        finally:
            self.frame.env = saved

    def _defer_star(self, node: ast.ImportFrom) -> None:
        self.frame.env[STARS] = StarImports(star_sources(self.frame.env) + ((node.module, node.level),))

    # == assignment ================================================================================
    def assign(self, target: ast.AST, value: Value) -> None:
        if isinstance(target, ast.Name):
            self.frame.env[target.id] = value
            self._name_symbols(target.id, value)
            if self.noting:
                self.note(target, value, "assign")
        elif isinstance(target, (ast.Tuple, ast.List)):
            self._unpack(target, value)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            if type(obj) is Array and target.attr == "shape" and isinstance(target.value, (ast.Name, ast.Attribute)):
                self._reshape_in_place(target, obj, value)
                return
            if type(obj) is Array and target.attr == "dtype" and isinstance(target.value, (ast.Name, ast.Attribute)):
                # ``y.dtype = np.float32``: y's bytes read as floats, its last axis rescaled (a view)
                self.assign(target.value, viewed_as(obj, dtype_arg(Arg(value, ""))))
                return
            self.store_attribute(obj, target.attr, value, target, self._part_of_template(target.value))
        elif isinstance(target, ast.Subscript):
            name = dict_store_name(target)
            if name is not None:   # obj.__dict__["n"] = v stores obj.n
                self.store_attribute(self.eval(target.value.value), name, value, target)
                return
            self._store_subscript(target, value)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, value)

    def store_attribute(self, obj: Value, attr: str, value: Value, node: ast.AST, in_template: bool = False) -> None:
        """``obj.attr = value`` (also written ``obj.__dict__["attr"] = value``, ``setattr(obj, "attr", value)``);
        ``in_template``: ``obj`` was reached through a template instance's attributes (``self.attn.n = v``)."""
        if type(value) is BoundMethod and type(obj) is not Instance:
            # a method handed to code not followed, as an argument is (``parser.EndElementHandler =
            # self._end_element``: phonopy's vasprun reader grows its lists when expat calls it back)
            callback_unsettles(value)
        if type(obj) is Opaque:   # known by name: it has this value from here on
            obj.members[attr] = value
            return
        if type(obj) in (Unknown, Alternatives):
            self._store_through_unknown(obj, attr, value, node)
            return
        if isinstance(obj, Instance):
            member = obj.cls.lookup(attr) if attr not in obj.attrs else None
            if property_setter(member):
                # a property with a setter (which took the getter's name in the class body): the store
                # runs it (scikit-rf's ``Network.z0 = 50`` makes the (nfreq, nports) array its getter
                # returns; stored as the number, the splitter's einsum of it was a false SC110)
                self.call_function(node, member, [obj, value], {})
                return
            if type(member) is Instance and type(setter := member.cls.lookup("__set__")) is Function:
                # a data descriptor of the class (nengo's ``output = OutputParam(...)``): the store is
                # its ``__set__``, which may coerce the value or keep it elsewhere; the object keeps
                # nothing (stored as given, ``Node(2).output`` was the int, not the (1,) array)
                self.call_function(node, setter, [member, obj, value], {})
                return
            if (obj.template or in_template) and not self._in_init(obj):
                # The template instance stands for every object of its class, and so do the objects it
                # holds: a method other than __init__ may or may not have run, so what it stores is only
                # one possibility (transformers' prune_heads: ``self.self.num_attention_heads -= len(heads)``
                # is not what forward sees on every object).
                old = obj.attrs.get(attr)
                if type(old) is TorchModule and type(value) is Unknown:
                    value = old   # a setter's layer is taken for the one built (attribute_stores.unsettle)
                else:
                    value = UNKNOWN if old is None else loose_join(old, value)
            elif obj.template and type(value) is Unknown and value.scalar and attr in used_as_array(obj.cls):
                value = Unknown(None, value.tensor)   # a constructor's parameter the class uses as an array
            elif obj.template and type(value) is Float and value.value is None and attr in subscripted(obj.cls):
                value = UNKNOWN   # a constructor's float default, where the class indexes what it stores
            obj.attrs[attr] = placeholder_widened(value)
            if self.noting:
                self.note(node, value, "assign")

    def _store_through_unknown(self, obj: Value, attr: str, value: Value, node: ast.AST) -> None:
        """``obj.attr = value`` where ``obj`` is not one known object: one of a few layers
        (:class:`Alternatives`), or an unknown that may be any object this frame reaches (a child of
        ``m.children()``, an item of a list whose join lost which object each is). Each object it
        may be that holds ``attr`` (or whose class has a setter of that name) holds either value from
        here on: a weak update, what the store or the setter changed joined with what was there.
        spikingjelly's ``set_step_mode(net, "m")`` pops each module off a work list and sets
        ``m.step_mode`` (a property): lost, every layer kept its single-step mode and failed on the
        multi-step input (a false SC110)."""
        candidates = [o for o in obj.options if type(o) is Instance] if type(obj) is Alternatives \
            else list(aliased_objects(self.frame.env.values()))
        for held in candidates:
            old = held.attrs.get(attr)
            if old is not None:
                if old != value:
                    held.attrs[attr] = placeholder_widened(loose_join(old, value))
                continue
            setter = held.cls.lookup(attr)
            if property_setter(setter):
                before = dict(held.attrs)
                self.call_function(node, setter, [held, value], {})
                for name, now in list(held.attrs.items()):
                    was = before.get(name)
                    if was is not None and was != now:
                        held.attrs[name] = placeholder_widened(loose_join(was, now))

    def _reshape_in_place(self, target: ast.Attribute, array: Array, value: Value) -> None:
        """``x.shape = (3, 4)`` (or ``self.x.shape = ...``: statsmodels' smoothers make a column so)
        reshapes ``x`` in place (with reshape's size rule)."""
        ctx = OpContext(self, target, "reshape")
        try:
            shape = reshape_shape(ctx, array, Arg(value, ""))
        except ShapeError as err:
            self.shape_error(target, err)
            shape = UNKNOWN_SHAPE
        self.assign(target.value, tensor_like(Array(shape, array.dtype), array))

    def _part_of_template(self, holder: ast.expr) -> bool:
        """Whether ``holder`` (``self.attn`` in ``self.attn.n = v``) is an attribute chain from a name bound to
        a template instance."""
        return isinstance(holder, ast.Attribute) and self.rooted_in_template(holder)

    def rooted_in_template(self, expr: ast.expr) -> bool:
        """Whether ``expr`` (a name, or an attribute chain from one: ``model.wv``) reads a class's template
        instance or what it holds, which every method's analysis shares (a change there would depend on
        the order they run in)."""
        while isinstance(expr, ast.Attribute):
            expr = expr.value
        root = self.frame.env.get(expr.id) if isinstance(expr, ast.Name) else None
        return type(root) is Instance and root.template

    def _in_init(self, obj: Instance) -> bool:
        return self.function is not None and self.function.qualname.endswith(".__init__")

    def _name_symbols(self, name: str, value: Value) -> None:
        """``n = x.shape[0]``: show that dim as ``n`` from now on (the user's own name)."""
        if type(value) is Opaque and value.dim is not None:   # hd = self.head_dim, already an int
            value = Int(value.dim)
        if type(value) is Int and is_single_symbol(value.dim):
            symbol = single_name(value.dim)
            if symbol not in self.frame.names or symbol in self.frame.attribute_names:
                self.frame.names[symbol] = name
                self.frame.attribute_names.discard(symbol)

    def _unpack(self, target: ast.Tuple | ast.List, value: Value) -> None:
        elts = target.elts
        items = items_of(value, len(elts))
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        if items is None and star is None and type(value) is List and value.element is not UNKNOWN:
            # a list of unknown length: when it unpacks, each is one (its own, where a pass made it)
            items = tuple(each_item(value.element, self.analysis.fresh) for _ in elts)
        if items is None:
            for e in elts:
                self.assign(e, List(None) if isinstance(e, ast.Starred) else UNKNOWN)
            return
        if star is None:
            if len(items) != len(elts):
                if type(value) is Array or (type(value) is Tuple and all(type(i) is Int for i in items)):
                    # an array, or a shape tuple: `n, m = x.shape` with x of another rank
                    self.diagnose(target, "SC107", f"cannot unpack {len(items)} values into {len(elts)} names")
                for e in elts:
                    self.assign(e, UNKNOWN)
                return
            for e, v in zip(elts, items):
                self.assign(e, v)
            return
        after = len(elts) - star - 1
        if len(items) < len(elts) - 1:
            for e in elts:
                self.assign(e, UNKNOWN)
            return
        for e, v in zip(elts[:star], items[:star]):
            self.assign(e, v)
        rest = items[star:len(items) - after]
        self.assign(elts[star], Tuple(tuple(rest)) if type(value) is Tuple else List(tuple(rest)))
        for e, v in zip(elts[star + 1:], items[len(items) - after:]):
            self.assign(e, v)

    def _refine_starred_shape(self, node: ast.Assign) -> bool:
        """``b, n, _, h = *x.shape, self.heads``: the targets left for ``*x.shape`` are x's dims, as in
        ``b, n, _ = x.shape`` (x's rank is the count of them)."""
        if not (len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List))
                and isinstance(node.value, ast.Tuple)):
            return False
        targets, parts = node.targets[0].elts, node.value.elts
        starred = [i for i, e in enumerate(parts) if isinstance(e, ast.Starred)]
        if len(starred) != 1 or any(isinstance(t, ast.Starred) for t in targets):
            return False
        at = starred[0]
        count = len(targets) - (len(parts) - 1)
        if count < 0 or not self._own_or_anonymous(parts[at].value):
            return False
        inner = ast.copy_location(ast.Assign(targets=[ast.Tuple(elts=targets[at:at + count], ctx=ast.Store())],
                                             value=parts[at].value), node)
        if not self._refine_shape_unpack(inner):
            return False
        for target, part in zip(targets[:at] + targets[at + count:], parts[:at] + parts[at + 1:]):
            self.assign(target, self.eval(part))
        return True

    def _own_or_anonymous(self, shape_read: ast.expr) -> bool:
        """Whether ``x`` of ``*x.shape`` is not a caller's parameter passed in unrefined: that one stays
        as it is, so that an op further on that fixes its rank (``rearrange``) tells the caller
        (``Analysis.learn_rank``); this function's own generic analysis refines it."""
        holder = shape_read.value if isinstance(shape_read, ast.Attribute) else None
        current = self.lookup(holder.id) if isinstance(holder, ast.Name) else None
        middle = current.middle if type(current) is Unknown else current.shape.middle if type(current) is Array else None
        return middle is None or self.function is None or middle.scope == self.function.scope

    def _refine_shape_unpack(self, node: ast.Assign) -> bool:
        """``n, k = x.shape`` (or torch's ``x.size()``) where ``x``'s rank is unknown: ``x`` becomes
        ``(n, k)`` from here on. ``x`` may be a name or an attribute (``self.weight``)."""
        value = node.value
        torch = (isinstance(value, ast.Call) and not value.args and not value.keywords
                 and isinstance(value.func, ast.Attribute) and value.func.attr == "size")
        if torch:
            value = value.func
        elif not (isinstance(value, ast.Attribute) and value.attr == "shape"):
            return False
        if not (len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List))):
            return False
        elts = node.targets[0].elts
        if any(isinstance(e, ast.Starred) for e in elts):
            return False
        holder = value.value
        if isinstance(holder, ast.Name):
            owner = holder.id
            current = self.lookup(owner)
            store = lambda v: self.refine_name(owner, v, node)  # noqa: E731
        elif isinstance(holder, ast.Attribute):
            instance = self.eval(holder.value)
            if type(instance) is not Instance:
                return False
            owner = holder.attr
            current = instance.attrs.get(owner, UNKNOWN)
            store = lambda v: instance.attrs.__setitem__(owner, v)  # noqa: E731
        else:
            return False
        if not (type(current) is Unknown or (type(current) is Array and current.shape.rank is None)):
            return False
        # the dims an argument's shape already has at its ends stay (``(idx.shape[0], j, *idx[2:])``
        # unpacked by ``b, t = idx.size()`` is ``(idx.shape[0], j)``, so the result a caller gets
        # is over its own batch dim); the ones of its middle are new
        known = current.shape if type(current) is Array and len(current.shape.prefix) + len(current.shape.suffix) \
            <= len(elts) else Shape((), True)
        dims = list(known.prefix)
        own = known.middle if known.middle is not None and self.function is not None \
            and known.middle.scope == self.function.scope else None
        for i in range(len(known.prefix), len(elts) - len(known.suffix)):
            e = elts[i]
            if own is not None:   # a dim of this function's parameter: the one its other reads take
                dims.append(self.middle_dim(Middle(own.name, own.scope), own.skip + i - len(known.prefix)))
                continue
            hint = e.id if isinstance(e, ast.Name) else f"{owner}.shape[{i}]"
            dims.append(self.analysis.fresh(hint))
        dims.extend(known.suffix)
        dtype = current.dtype if type(current) is Array else None
        array = tensor_like(Array(Shape(tuple(dims)), dtype), current)
        store(Array(array.shape, array.dtype, tensor=True) if torch or self.module.torch_only else array)
        for e, d in zip(elts, dims):
            self.assign(e, Int(d))
        return True

    def refine_name(self, name: str, value: Value, node: ast.stmt) -> None:
        """Give ``name`` (of unknown rank) the shape a statement found for it. A parameter so
        refined by a top-level statement of the body is recorded: every call of the function
        passes an argument of that rank, which the caller learns too."""
        before = self.frame.env.get(name)
        self.frame.env[name] = value
        fn = self.function
        if (fn is not None and is_top_level(fn.node, node)
                and holds_parameter_at(fn.node, name, node)):
            self.frame.refined[name] = value
        if self.loop_refinements and type(before) is Unknown and before.middle is not None \
                and before.middle == Middle(name, before.middle.scope):
            body, refined = self.loop_refinements[-1]
            if any(stmt is node for stmt in body):
                refined[name] = (before, value)
        if type(value) is Array and value.shape.rank is not None:
            self._refine_middle_owner(name, before, value.shape.rank, node)

    def _refine_middle_owner(self, name: str, before: Value | None, rank: int, node: ast.stmt) -> None:
        """``name`` was a shape holding a parameter's middle (``c = idx[:, -k:]`` is ``(j, j', *idx[2:])``,
        and so is a join of it with ``idx``) and now has ``rank`` dims: the middle has a known length,
        and the parameter, still of unknown rank here, is of rank ``skip + length + drop`` (minGPT's
        ``generate``: ``self(idx_cond)`` fixes ``idx_cond``'s rank by forward's ``b, t = idx.size()``)."""
        shape = before.shape if type(before) is Array else None
        middle = shape.middle if shape is not None else before.middle if type(before) is Unknown else None
        if middle is None or middle.name == name:
            return
        length = rank - (len(shape.prefix) + len(shape.suffix) if shape is not None else 0)
        owner = self.frame.env.get(middle.name)
        whole = Middle(middle.name, middle.scope)
        held = owner.shape.middle if type(owner) is Array and owner.shape.rank is None and not owner.shape.prefix \
            and not owner.shape.suffix else owner.middle if type(owner) is Unknown else None
        if length < 0 or held != whole:
            return
        ctx = OpContext(self, node, "")
        dims = tuple(ctx.middle_dim(whole, i) for i in range(middle.skip + length + middle.drop))
        array = tensor_like(Array(Shape(dims), getattr(owner, "dtype", None)), owner)
        tensor = getattr(owner, "tensor", False) or self.module.torch_only
        self.refine_name(middle.name, replace(array, tensor=True) if tensor else array, node)

    def _store_subscript(self, target: ast.Subscript, value: Value) -> None:
        container = self.eval(target.value)
        if type(container) is Array and container.dtype != "object":
            index = self.eval(target.slice)
            ctx = OpContext(self, target, "assignment")
            try:
                view = index_array(ctx, container, index, target.slice)
                if type(view) is Array and view.shape.rank is not None:
                    source = as_array_value(value)
                    if source is not None and source.shape.rank is not None:
                        check_broadcast_into(ctx, source.shape, view.shape, source_text(self, target))
            except ShapeError as err:
                self.shape_error(target, err)
        elif type(container) is Dict and isinstance(target.value, (ast.Name, ast.Attribute)):
            # kwt = dict(kw); kwt["freq"] = 0: later reads and **kwt see the new entry
            self.assign(target.value, with_item(container, self.eval(target.slice), value))
        elif isinstance(container, Instance) and type(setter := container.cls.lookup("__setitem__")) is Function:
            # ``texture[5:, 5:] = 1``: the class's own ``__setitem__`` runs, changing the object as a
            # method does (vispy's texture queues the block it uploads: unseen, a test's check of
            # the last command's (5, 5) data against the whole texture was a false SC101)
            self.call(target, method_of(setter, container),
                      [Arg(self.eval(target.slice), self.module.text_of(target.slice), target.slice, self.module),
                       Arg(value)], {})
        elif type(container) is Dict or isinstance(container, Instance):
            pass
        elif (type(container) is TorchModule and container.kind == "Sequential") or (
                type(container) is List and container.items is not None and _is_layer(value)):
            # a layer swapped in (``model.classifier[1] = nn.Linear(n, 5)``): later calls run the new one
            if isinstance(target.value, (ast.Name, ast.Attribute)):
                self.assign(target.value, with_layer(container, self.eval(target.slice), value))
        elif type(container) is List and isinstance(target.value, ast.Name):
            self.frame.env[target.value.id] = List(None, loose_join(element_of(container), value, self.analysis.fresh))
        elif type(container) is List and isinstance(target.value, ast.Attribute):
            # an object's list (``self.grids[k] = self._make_grid(w, h)``, super-gradients' YOLOX loss
            # replacing its (1,) placeholders): later reads see the new entry
            self.assign(target.value, self._with_entry(container, self.eval(target.slice), value))

    # == conditions and assertions =================================================================
    def _assume_condition(self, node: ast.AST, cond: Value, test: ast.AST, assertion: bool) -> None:
        pred = truth_pred(cond)
        if pred is None:
            return
        ctx = OpContext(self, node, "assert")
        decision = ctx.decision(pred)
        if mentions_hole(pred):
            self.pin(pred, source_text(self, test), node, decision)
            return
        # an assertion about values known only by name (``mock.call_count == 2``) is not about shapes:
        # what other code did to them is beyond this analysis, so it is never SC201's business
        about = about_shapes(test) or (any(not D.is_signed(s) for s in pred_symbols(pred))
                                       and not reads_object_state(test))
        if decision.verdict is Verdict.FAILS and assertion and about and not about_shapes(test) \
                and self._false_for_sizes_only(pred, decision):
            return   # (the code after it runs only for a negative value, which nothing rules out)
        if decision.verdict is Verdict.FAILS and assertion and about:
            related = [f.origin.related() for f in decision.core if f.origin]
            self.diagnose(node, "SC201", f"assertion can never hold: {source_text(self, test)} "
                                         f"is false for every consistent shape ({self._why_false(test, pred)})",
                          related)
            raise Terminated("raise")
        self.add_fact(Fact(pred, self.module.origin(test, source_text(self, test))))

    def _false_for_sizes_only(self, pred: Pred, decision) -> bool:
        """Whether an assertion is false only because symbols that are sizes by presumption are taken
        for sizes (>= 0), no fact needed: ``assert bos_id < 0 and unk_id < 0`` of ``bos_id: int``
        parameters of a caller's generic analysis (nemo's n-gram storage asserts its special token ids
        negative: a false SC110 at its caller). A loop index or a join of sizes is a size by knowledge."""
        if decision.core:
            return False
        presumed = [s for s in pred_symbols(pred) if D.is_presumed(s) and not D.is_signed(s)]
        if not presumed:
            return False
        anywhere = substitute_pred(pred, {s: D.sym(s + D.SIGNED) for s in presumed})
        return self.analysis.solver.decide((), anywhere).verdict is not Verdict.FAILS

    def _why_false(self, test: ast.AST, pred: Pred) -> str:
        """What makes an assertion false, in the user's terms: both sides' values when folding
        already decided it (`w.shape is (100, 10), (k, 10) is (784, 10)`), else the predicate."""
        if pred.kind == "false" and isinstance(test, ast.Compare) and len(test.comparators) == 1:
            sides, literal = [], []
            values = [(side, self.eval(side)) for side in (test.left, test.comparators[0])]
            # a made-up dim shows as ``?`` (``d.flatten().shape is (?,)``), not as ``k``; two dims
            # of one name on the two sides are told apart
            names = DistinctNames(placeholder_names(
                {s for _, value in values for s in value_symbols(value)}, self.frame.names))
            for side, value in values:
                shown = self.describe_value(value, names)
                if shown is not None:
                    shown = shown.removeprefix("tuple ").removeprefix("int ")
                    if shown != source_text(self, side):
                        sides.append(f"{source_text(self, side)} is {shown}")
                    else:   # a literal (3, 4): its text is its value
                        literal.append(shown)
            if sides:
                # Both sides, always: one described side alone hides what it was compared with.
                return ", ".join(sides) + "".join(f"; the other side is {text}" for text in literal)
        return pred.show(DistinctNames(self.frame.names))

    def _refine_from_assert(self, test: ast.AST) -> bool:
        """``assert x.shape == (n, 3)`` / ``assert x.ndim == 2`` (or ``x.dim() == 2``, ``len(x.shape) == 2``:
        ``rank_of``) on an ``x`` of unknown rank give it a rank."""
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
            if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
                handled = False
                for v in test.values:
                    if self._refine_from_assert(v):
                        handled = True
                    else:
                        cond = self.eval(v)
                        self._assume_condition(test, cond, v, assertion=True)
                return handled or True
            return False
        left, right = test.left, test.comparators[0]
        for a, b in ((left, right), (right, left)):
            ranked = rank_of(a)
            if ranked is not None or isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.attr == "shape":
                owner = ranked or a.value.id
                current = self.lookup(owner)
                if not (type(current) is Unknown or (type(current) is Array and current.shape.rank is None)):
                    continue
                if ranked is not None:
                    rank = self.eval(b)
                    if type(rank) is Int and type(rank.dim) is int and 0 <= rank.dim <= MAX_RANK:
                        self.refine_name(owner, self._of_rank(owner, current, rank.dim), self.statement)
                        return True
                    continue
                if isinstance(b, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in b.elts):
                    dims = []
                    for i, e in enumerate(b.elts):
                        if isinstance(e, ast.Name) and type(self.lookup(e.id)) in (type(None), Unknown):
                            d = self.analysis.fresh(e.id)
                            self.frame.env[e.id] = Int(d)
                            dims.append(d)
                            continue
                        v = self.eval(e)
                        dims.append(v.dim if type(v) is Int else self.analysis.fresh(f"{owner}.shape[{i}]"))
                    if any(type(d) is int and d < 0 for d in dims):
                        return False   # no array has that shape: the test is false, nothing to learn from it
                    self.refine_name(owner, tensor_like(Array(Shape(tuple(dims)), getattr(current, "dtype", None)),
                                                         current), self.statement)
                    return True
                other = self.eval(b)  # assert x.shape == y.shape, y's shape known
                if type(other) is Tuple and all(type(i) is Int for i in other.items):
                    self.frame.env[owner] = tensor_like(Array(Shape(tuple(i.dim for i in other.items)),
                                                              getattr(current, "dtype", None)), current)
                    return True
        return False

    def _unknown_as_dim(self, node: ast.AST | None, value: Value, other: Int) -> Value:
        """A name bound to an unknown, compared with a dim, is an int: give it a symbol; one that may
        be negative where ``other`` may be (tensornetwork's ``assert e == a`` of labels ``-1``, ``-2``:
        the label taken for a size could never equal them, a false SC110)."""
        if not isinstance(node, ast.Name) or node.id not in self.frame.env:
            return value
        d = self.analysis.fresh(node.id)
        if interval(other.dim, {})[0] < 0:
            d = D.signed(d)
        self.frame.env[node.id] = Int(d)
        self.frame.names.setdefault(single_name(d), node.id)
        return Int(d)


def _counted_lists(loop: ast.For, entry: dict, after: dict, trips: D.Dim) -> dict:
    """``after`` with each list the loop appends to a fixed number of times per pass
    (:func:`appends_per_pass`) as long as it was at entry plus that many per trip."""
    counted = appends_per_pass(loop)
    if not counted:
        return after
    out = dict(after)
    for name, per_pass in counted.items():
        before, now = entry.get(name), after.get(name)
        if type(before) is not List or type(now) is not List or now.items is not None:
            continue
        start = len(before.items) if before.items is not None else before.length
        if start is not None:
            out[name] = replace(now, length=D.add(start, D.mul(per_pass, trips)))
    return out


def _shared_symbols(entry_env: dict, frame) -> Callable[[], set]:
    """What a loop's passes made that every pass shares: the symbols of the names as the loop was
    entered, with the shapes the passes gave parameters, and of the frame's dims of parameters of
    unknown rank; found once, where a list grew by items of symbols made in the loop."""
    found: list = []

    def shared() -> set:
        if not found:
            found.append(symbols_of(entry_env.values(), frame.middle_dims.values()))
        return found[0]
    return shared


def _items_marked(env: dict, made_after: int, shared: Callable[[], set]) -> dict:
    """``env`` as a loop leaves it: each list of unknown length with the symbols its passes made marked
    as each item's own (``freshen.items_marked``: ``sizes.append(np.zeros(i))`` has no one size)."""
    out = env
    for name, v in env.items():
        if type(v) is List and v.items is None:
            element = items_marked(v.element, made_after, shared)
            if element is not v.element:
                if out is env:
                    out = dict(env)
                out[name] = replace(v, element=element)
    return out


def _is_layer(v: Value) -> bool:
    return type(v) is TorchModule or type(v) is Instance


def placeholder_widened(value: Value) -> Value:
    """What an object's attribute holds when an empty array is stored there (``self.kv_cache =
    torch.tensor([])``, ``torch.LongTensor()``, ``np.array([])``, and tuples or lists of them): a
    placeholder that code elsewhere replaces (vllm's attention layers hold one until the engine binds
    their caches from another module), so an array of unknown shape, not one of shape (0,) that every
    later read of it indexes out of bounds."""
    t = type(value)
    if t is Array:
        return tensor_like(Array(UNKNOWN_SHAPE, value.dtype), value) if value.shape.dims == (0,) else value
    if (t is Tuple or t is List) and value.items:   # (every attribute store comes here: rebuilt only if changed)
        items = tuple(map(placeholder_widened, value.items))
        return value if all(map(operator.is_, items, value.items)) else replace(value, items=items)
    if t is List and value.items is None:
        element = placeholder_widened(value.element)
        return value if element is value.element else replace(value, element=element)
    return value


def _first_iteration_only(held: list, branches: int) -> tuple[list, list]:
    """A loop's first pass's findings (diagnostic, undecided branches around it) parted into those
    reported now and the errors under a branch of the loop's own (``branches`` were around the
    loop), which wait for the next pass."""
    now, later = [], []
    for item in held:
        (later if item[1] > branches and item[0].severity == "error" else now).append(item)
    return now, later


def _replaced_by_object(decorators: list) -> bool:
    """Whether one of ``decorators`` is a class of the project or an object of one that takes the
    function (:func:`replaces_its_function`): its call of the object answers every call, so the
    body's result is not the call's (odl's ``@vectorize(otypes=['int'])`` makes a scalar function an
    array one through ``np.vectorize``: ``out.shape == (5,)`` was a false SC201 on the int). A
    function that returns a wrapper is read as one that keeps the result: caches and guards
    (diffusers' ``@lru_cache_unless_export``) give back what the body does."""
    return any(type(d) in (Class, Instance) and replaces_its_function(d) for d in decorators)


def items_forgotten(value: Value) -> Value:
    """A list whose items a loop changes through its target: the same number of items, each list or
    dict among them of unknown length and entries."""
    if type(value) is not List:
        return value
    if value.items is not None:
        return replace(value, items=tuple(_forgotten_item(i) for i in value.items))
    return replace(value, element=_forgotten_item(value.element))


def _forgotten_item(item: Value) -> Value:
    # (an array's entries change in place, never its shape; a tuple not at all)
    return List(None) if type(item) is List else UNKNOWN if type(item) is Dict else item
