"""The abstract interpreter: Python statements and expressions over abstract values.

One :class:`Interpreter` runs one frame (a module body, a function body in its generic analysis,
or a function body for one call's arguments). Its mutable state is the frame: the environment,
the facts known at this point, and the display names of symbols. Control flow merges with
:mod:`join`; loops iterate to a fixpoint with widening, so every analysis terminates.

Calls of the project's own functions are analysed per call, with the call's argument values
(context-sensitive, memoised). A requirement that holds for some argument shapes but not others is
a *precondition* of the function; a call whose arguments make it fail is reported at the call
(SC110), with the failing operation inside the function as a related location.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from ..constraints import dims as D
from ..constraints.predicates import (FALSE, TRUE, Pred, conj, disj, eq, ge, gt, le, lt, ne, negate,
                                     pred_symbols)
from ..constraints.shapes import UNKNOWN_SHAPE, Shape
from ..constraints.solver import Fact, Verdict
from ..diagnostics import Diagnostic, Related, Span
from .context import Arg, Call, OpContext, ShapeError
from .join import Joiner, element_of
from .values import (ELLIPSIS, NONE, UNKNOWN, UNKNOWN_ARRAY, Array, Bool, BoundMethod, Class, Dict,
                     Float, Function, Hole, Instance, Int, LibraryObject, List, Method, ProjectModule,
                     Slice, Str, TorchModule, Tuple, Unknown, Value, tensor_like)

if TYPE_CHECKING:
    from .analysis import Analysis, ModuleInfo

MAX_CALL_DEPTH = 10
LOOP_ITERATIONS = 3
UNROLL_LIMIT = 16          # loops over known sequences this short run once per item
UNROLL_NODE_BUDGET = 3000  # ... when (body size in AST nodes) x (trip count) stays under this
_LIST_MUTATORS = ("append", "extend", "insert", "pop", "clear")


@dataclass
class Frame:
    env: dict
    facts: tuple = ()
    names: dict = field(default_factory=dict)     # symbol name -> the name the code gave it
    returns: list = field(default_factory=list)   # values of `return` statements
    loop_exits: list = field(default_factory=list)  # environments at `break`
    preconditions: list = field(default_factory=list)


class BudgetExceeded(Exception):
    """The file took more interpretation steps than one analysis may spend (see Analysis.max_steps)."""

    def __init__(self, node: ast.AST):
        super().__init__("analysis budget exceeded")
        self.node = node


class _Terminated(Exception):
    """Internal: the rest of a block is unreachable; ``kind`` is return/raise/break/continue."""

    def __init__(self, kind: str = "return"):
        super().__init__(kind)
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Builtin(Value):
    name: str


@dataclass(frozen=True, slots=True)
class SuperRef(Value):
    """``super()`` inside a method: attribute lookups start after ``cls`` in the receiver's bases."""

    cls: Class
    receiver: Value


@dataclass(frozen=True, slots=True)
class Range(Value):
    start: Value
    stop: Value
    step: Value


_BUILTINS = {name: Builtin(name) for name in (
    "len", "range", "int", "float", "bool", "tuple", "list", "zip", "enumerate", "min", "max", "abs",
    "sum", "isinstance", "print", "reveal_shape", "round", "sorted", "reversed", "dict", "str",
    "super", "map", "iter", "next", "any", "all", "hasattr", "getattr", "type", "divmod",
    "object", "complex", "bytes", "set", "frozenset",
)}


class Interpreter:
    def __init__(self, analysis: "Analysis", module: "ModuleInfo", frame: Frame, *, report: bool,
                 errors: list | None = None, stack: tuple = (), function: Function | None = None):
        self.analysis = analysis
        self.module = module
        self.frame = frame
        self.report = report            # generic analysis of the checked file: diagnostics are reported
        self.errors = errors            # call-mode analysis: definite errors are collected here
        self.stack = stack              # functions being analysed (recursion cut-off)
        self.function = function
        self.try_depth = 0
        self.unrolling = 0
        self.condition_depth = 0   # inside an `if`/`assert` test (where `n != x.shape[0]` binds n)

    # == diagnostics ===============================================================================
    def span(self, node: ast.AST) -> Span:
        return self.module.span(node)

    def diagnose(self, node: ast.AST, code: str, message: str, related: Iterable[Related] = (),
                 severity: str = "error") -> None:
        diag = Diagnostic(self.module.path, self.span(node), code, severity, message, tuple(related))
        if self.errors is not None:
            if severity == "error":
                self.errors.append(diag)
            return
        if self.report and self.module.reported:
            self.analysis.emit(diag)

    def shape_error(self, node: ast.AST, err: ShapeError) -> None:
        if self.try_depth:
            return  # a try block with a handler catches NumPy's exception: not a crash
        related = [_related(origin, self.module.path, self.span(node)) if isinstance(origin, str)
                   else origin for origin in err.related]
        related = [r for r in related if isinstance(r, Related)]
        self.diagnose(node, err.code, err.message, related)

    def precondition(self, pred: Pred, code: str, message: str, node: ast.AST, verdict: Verdict) -> None:
        self.frame.preconditions.append((pred, code, message, node))
        self.add_fact(Fact(pred, f"{self.module.path}:{getattr(node, 'lineno', 0)}: {message}"))
        if (verdict is Verdict.SOMETIMES and self.analysis.options.strict and self.errors is None
                and not self.try_depth):
            self.diagnose(node, "SC120", f"{message} (fails unless {pred.show(self.frame.names)})",
                          severity="warning")

    def add_fact(self, fact: Fact) -> None:
        if fact.pred.kind != "true":
            self.frame.facts = self.frame.facts + (fact,)

    def note(self, node: ast.AST, value: Value, kind: str) -> None:
        if self.analysis.options.notes and self.report and self.module.reported and self.errors is None:
            text = self.describe_value(value)
            if text is not None:
                self.analysis.note(self.span(node), text, kind)

    def describe_value(self, value: Value) -> str | None:
        if type(value) is Array:
            text = value.shape.show(self.frame.names)
            return f"{text} {value.dtype}" if value.dtype else text
        if type(value) is Int:
            return f"int {D.show(value.dim, self.frame.names)}"
        if type(value) is Tuple and value.items and all(type(i) is Int for i in value.items):
            return "tuple " + Shape(tuple(i.dim for i in value.items)).show(self.frame.names)
        return None

    # == statements ================================================================================
    def run_body(self, body: list[ast.stmt]) -> str | None:
        """Run a block; how it always ends ("return", "raise", "break", "continue"), or None if it can
        fall through."""
        try:
            for stmt in body:
                self.stmt(stmt)
        except _Terminated as t:
            return t.kind
        return None

    def stmt(self, node: ast.stmt) -> None:
        analysis = self.analysis
        analysis.steps += 1
        if analysis.steps > analysis.max_steps:
            raise BudgetExceeded(node)
        method = _STMT_DISPATCH.get(type(node))
        if method is None:
            return  # statements with no shape meaning (pass, global, ...)
        method(self, node)

    def stmt_Expr(self, node: ast.Expr) -> None:
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            if self._mutate_list_in_place(value):
                return
        self.eval(value)

    def _mutate_list_in_place(self, call: ast.Call) -> bool:
        """``xs.append(v)``, ``self.layers.append(v)``: rebind the list with its new length.

        Other methods of a list (sort, remove, ...) make its length unknown."""
        func = call.func
        holder = func.value
        if isinstance(holder, ast.Name):
            current = self.frame.env.get(holder.id)
            store = lambda v: self.frame.env.__setitem__(holder.id, v)  # noqa: E731
        elif isinstance(holder, ast.Attribute):
            owner = self.eval(holder.value)
            if not isinstance(owner, Instance):
                return False
            current = owner.attrs.get(holder.attr)
            store = lambda v: owner.attrs.__setitem__(holder.attr, v)  # noqa: E731
        else:
            return False
        if type(current) is not List:
            return False
        args = [self.eval(a) for a in call.args]
        if func.attr in _LIST_MUTATORS:
            store(_mutate_list(current, func.attr, args))
        elif func.attr in ("sort", "reverse", "remove", "__setitem__"):
            store(List(None, element_of(current)))
        else:
            return False
        return True

    def stmt_Assign(self, node: ast.Assign) -> None:
        if self._refine_shape_unpack(node):
            return
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target, value)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assign(node.target, self.eval(node.value))

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        current = self.eval(_load(node.target))
        right = self.eval(node.value)
        result = self.binary(node, node.op, current, right, node.target, node.value)
        if type(current) is Array and type(result) is Array and current.shape.rank \
                and result.shape.rank is not None:
            # (a 0-d left side may be a NumPy scalar, which `+=` rebinds rather than updates)
            # In-place: the result must fit the left operand's shape (NumPy: "non-broadcastable output").
            ctx = OpContext(self, node, _AUG_NAMES.get(type(node.op), "augmented assignment"))
            try:
                ctx.require(conj([eq(a, b) for a, b in zip(current.shape.prefix, result.shape.prefix)])
                            if current.shape.rank == result.shape.rank else FALSE, "SC101",
                            lambda: f"{ctx.op}: the result {ctx.show_shape(result.shape)} does not fit "
                                    f"{_text(self, node.target)} of shape {ctx.show_shape(current.shape)}")
            except ShapeError as err:
                self.shape_error(node, err)
            result = tensor_like(Array(current.shape, current.dtype), current)
        self.assign(node.target, result)

    def stmt_Return(self, node: ast.Return) -> None:
        value = NONE if node.value is None else self.eval(node.value)
        if self.function is not None and self.function.node.returns is not None:
            from .annotations import check_return

            value = check_return(self, node, value)
        self.frame.returns.append(value)
        raise _Terminated

    def stmt_Raise(self, node: ast.Raise) -> None:
        if node.exc is not None:
            self.eval(node.exc)
        raise _Terminated("raise")

    def stmt_Break(self, node: ast.Break) -> None:
        self.frame.loop_exits.append((dict(self.frame.env), self.frame.facts))
        raise _Terminated("break")

    def stmt_Continue(self, node: ast.Continue) -> None:
        raise _Terminated("continue")

    def stmt_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.frame.env.pop(target.id, None)

    def stmt_Assert(self, node: ast.Assert) -> None:
        if self._refine_from_assert(node.test):
            return
        self.condition_depth += 1
        try:
            cond = self.eval(node.test)
        finally:
            self.condition_depth -= 1
        self._assume_condition(node, cond, node.test, assertion=True)

    def stmt_If(self, node: ast.If) -> None:
        self.condition_depth += 1
        try:
            cond = self.eval(node.test)
        finally:
            self.condition_depth -= 1
        pred = _truth_pred(cond)
        before_env, before_facts = self.frame.env, self.frame.facts
        if pred is TRUE or pred is FALSE:
            kind = self.run_body(node.body if pred is TRUE else node.orelse)
            if kind:
                raise _Terminated(kind)
            return
        # then-branch
        self.frame.env = dict(before_env)
        if pred is not None:
            self._assume_branch(pred, node.test, True)
        then_done = self.run_body(node.body)
        then_state = (self.frame.env, self.frame.facts)
        # else-branch
        self.frame.env, self.frame.facts = dict(before_env), before_facts
        if pred is not None:
            self._assume_branch(negate(pred), node.test, False)
        else_done = self.run_body(node.orelse)
        else_state = (self.frame.env, self.frame.facts)
        self._merge([s for s, done in ((then_state, then_done), (else_state, else_done)) if not done],
                    before_facts, widen=False, ended=then_done or else_done)

    def _assume_branch(self, pred: Pred, test: ast.AST, taken: bool) -> None:
        self.add_fact(Fact(pred, f"{self.module.path}:{test.lineno}: branch condition"))

    def _merge(self, states: list, base_facts: tuple, widen: bool, ended: str | None = None) -> None:
        if not states:
            raise _Terminated(ended or "return")
        if len(states) == 1:
            self.frame.env, self.frame.facts = states[0]
            return
        joiner = Joiner(self.analysis.fresh, widen=widen)
        env = states[0][0]
        for other, _ in states[1:]:
            env = joiner.env(env, other)
        common = _common_facts([f for _, f in states], base_facts)
        self.frame.env = env
        self.frame.facts = common + tuple(Fact(p, "") for p in joiner.facts)

    def stmt_For(self, node: ast.For) -> None:
        iterable = self.eval(node.iter)
        items = _iteration_items(iterable)
        if items is not None and self._unroll_budget(node, len(items)) and self._unroll(node, items):
            return
        element = self.iteration_value(iterable, node)
        self._loop(node, lambda: self.assign(node.target, element), node.body, node.orelse)

    def _unroll_budget(self, node: ast.For, count: int) -> bool:
        """Unroll only short loops with small bodies, and never multiply out nested unrolling."""
        if count > UNROLL_LIMIT or self.unrolling:
            return False
        size = _node_count(node)
        return size * count <= UNROLL_NODE_BUDGET

    def _unroll(self, node: ast.For, items: tuple) -> bool:
        self.unrolling += 1
        try:
            return self._unroll_body(node, items)
        finally:
            self.unrolling -= 1

    def _unroll_body(self, node: ast.For, items: tuple) -> bool:
        """Run a loop over a short known sequence once per item: exact shapes for ``range(3)`` loops.

        Gives up (restoring the state) when the body can leave early, where the fixpoint is needed."""
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        saved_exits, saved_returns = self.frame.loop_exits, len(self.frame.returns)
        self.frame.loop_exits = []
        for item in items:
            self.assign(node.target, item)
            kind = self.run_body(node.body)
            if kind is not None or self.frame.loop_exits or len(self.frame.returns) != saved_returns:
                self.frame.env, self.frame.facts = entry_env, entry_facts
                self.frame.loop_exits = saved_exits
                del self.frame.returns[saved_returns:]
                return False
        self.frame.loop_exits = saved_exits
        kind = self.run_body(node.orelse)
        if kind:
            raise _Terminated(kind)
        return True

    def stmt_While(self, node: ast.While) -> None:
        def head() -> None:
            self.eval(node.test)
        self._loop(node, head, node.body, node.orelse)

    def _loop(self, node: ast.AST, head, body: list, orelse: list) -> None:
        entry_env, entry_facts = dict(self.frame.env), self.frame.facts
        saved_exits = self.frame.loop_exits
        self.frame.loop_exits = []
        state_env = entry_env
        exits: list = []
        for iteration in range(LOOP_ITERATIONS + 1):
            self.frame.env, self.frame.facts = dict(state_env), entry_facts
            head()
            self.run_body(body)
            end_env = self.frame.env
            exits.extend(self.frame.loop_exits)
            self.frame.loop_exits = []
            widened = Joiner(self.analysis.fresh, widen=True).env(state_env, end_env)
            if _env_equal(widened, state_env):
                break
            if iteration == LOOP_ITERATIONS - 1:
                widened = _forget_changed(entry_env, widened)
            state_env = widened
        self.frame.loop_exits = saved_exits
        # Leaving the loop: zero or more iterations ran, or a break left it.
        self.frame.env, self.frame.facts = state_env, entry_facts
        if orelse and not self.run_body(orelse):
            pass
        states = [(self.frame.env, self.frame.facts)] + [(e, entry_facts) for e, _ in exits]
        self._merge(states, entry_facts, widen=True)

    def stmt_With(self, node: ast.With) -> None:
        expected = any(_expects_exception(item.context_expr) for item in node.items)
        for item in node.items:
            value = self.eval(item.context_expr)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, UNKNOWN if not isinstance(value, Array) else value)
        self.try_depth += expected
        try:
            kind = self.run_body(node.body)
        finally:
            self.try_depth -= expected
        if kind and not expected:
            raise _Terminated(kind)

    stmt_AsyncWith = stmt_With

    def stmt_Try(self, node: ast.Try) -> None:
        before_env, before_facts = dict(self.frame.env), self.frame.facts
        catches = any(_catches_shape_errors(h) for h in node.handlers)
        self.try_depth += catches
        try:
            body_done = self.run_body(node.body)
        finally:
            self.try_depth -= catches
        states = []
        if not body_done:
            if self.run_body(node.orelse):
                pass
            else:
                states.append((self.frame.env, self.frame.facts))
        for handler in node.handlers:
            self.frame.env, self.frame.facts = dict(before_env), before_facts
            if handler.name:
                self.frame.env[handler.name] = UNKNOWN
            if not self.run_body(handler.body):
                states.append((self.frame.env, self.frame.facts))
        if states:
            self._merge(states, before_facts, widen=False)
        kind = self.run_body(node.finalbody)
        if kind or not states:
            raise _Terminated(kind or "raise")

    stmt_TryStar = stmt_Try

    def stmt_Match(self, node) -> None:
        subject = self.eval(node.subject)
        before_env, before_facts = dict(self.frame.env), self.frame.facts
        states = [(before_env, before_facts)]
        for case in node.cases:
            self.frame.env, self.frame.facts = dict(before_env), before_facts
            for name in _pattern_names(case.pattern):
                self.frame.env[name] = UNKNOWN
            if not self.run_body(case.body):
                states.append((self.frame.env, self.frame.facts))
        self._merge(states, before_facts, widen=False)
        del subject

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        for deco in node.decorator_list:
            self.eval(deco)
        fn = self.make_function(node)
        self.frame.env[node.name] = fn
        if self.report and self.errors is None:
            self.analysis.schedule_generic(fn)

    stmt_AsyncFunctionDef = stmt_FunctionDef

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

    def stmt_ClassDef(self, node: ast.ClassDef) -> None:
        bases = tuple(self.eval(b) for b in node.bases)
        namespace: dict = {}
        cls = Class(node, self.module, node.name, namespace, bases)
        saved = self.frame.env
        self.frame.env = dict(saved)
        outer_function = self.function
        for stmt in node.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn = self.make_function(stmt)
                fn = Function(fn.node, fn.module, fn.closure, f"{node.name}.{stmt.name}", fn.defaults,
                              fn.kw_defaults)
                namespace[stmt.name] = fn
            else:
                try:
                    self.stmt(stmt)
                except _Terminated:
                    break
                for target_name, value in self.frame.env.items():
                    if saved.get(target_name) is not value and target_name not in namespace:
                        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                            namespace[target_name] = value
        self.function = outer_function
        self.frame.env = saved
        self.frame.env[node.name] = cls
        if self.report and self.errors is None:
            self.analysis.schedule_class(cls)

    def stmt_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            value = self.analysis.import_module(alias.name, self.module)
            if alias.asname:
                self.frame.env[alias.asname] = value
            else:
                top = alias.name.split(".")[0]
                self.frame.env[top] = self.analysis.import_module(top, self.module)

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                module = self.analysis.import_from(node.module, None, node.level, self.module)
                if type(module) is ProjectModule:
                    self.frame.env.update({k: v for k, v in module.info.env.items() if not k.startswith("_")})
                continue
            value = self.analysis.import_from(node.module, alias.name, node.level, self.module)
            self.frame.env[alias.asname or alias.name] = value

    # == assignment ================================================================================
    def assign(self, target: ast.AST, value: Value) -> None:
        if isinstance(target, ast.Name):
            self.frame.env[target.id] = value
            self._name_symbols(target.id, value)
            if type(value) is Array:
                self.analysis.count_array(value)
            self.note(target, value, "assign")
        elif isinstance(target, (ast.Tuple, ast.List)):
            self._unpack(target, value)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            if type(obj) is Array and target.attr == "shape" and isinstance(target.value, ast.Name):
                self._reshape_in_place(target, obj, value)
                return
            if isinstance(obj, Instance):
                if obj.template and not self._in_init(obj):
                    # The template instance stands for every object of its class: a method other than
                    # __init__ may or may not have run, so what it stores is only one possibility.
                    old = obj.attrs.get(target.attr)
                    value = UNKNOWN if old is None else _loose(old, value)
                obj.attrs[target.attr] = value
                self.note(target, value, "assign")
        elif isinstance(target, ast.Subscript):
            self._store_subscript(target, value)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, value)

    def _reshape_in_place(self, target: ast.Attribute, array: Array, value: Value) -> None:
        """``x.shape = (3, 4)`` reshapes ``x`` in place (with reshape's size rule)."""
        from .rules.manipulation import reshape_shape

        ctx = OpContext(self, target, "reshape")
        try:
            shape = reshape_shape(ctx, array, Arg(value, ""))
        except ShapeError as err:
            self.shape_error(target, err)
            shape = UNKNOWN_SHAPE
        self.frame.env[target.value.id] = tensor_like(Array(shape, array.dtype), array)

    def _in_init(self, obj: Instance) -> bool:
        return self.function is not None and self.function.qualname.endswith(".__init__")

    def _name_symbols(self, name: str, value: Value) -> None:
        """``n = x.shape[0]``: show that dim as ``n`` from now on (the user's own name)."""
        if type(value) is Int and type(value.dim) is D.Expr:
            dim = value.dim
            if len(dim.terms) == 1 and dim.constant == 0 and dim.terms[0][1] == 1 and len(dim.terms[0][0]) == 1:
                atom = dim.terms[0][0][0]
                if type(atom) is D.Sym and atom.name not in self.frame.names:
                    self.frame.names[atom.name] = name

    def _unpack(self, target: ast.Tuple | ast.List, value: Value) -> None:
        elts = target.elts
        items = _items_of(value, len(elts))
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
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

    def _refine_shape_unpack(self, node: ast.Assign) -> bool:
        """``n, k = x.shape`` where ``x``'s rank is unknown: ``x`` becomes ``(n, k)`` from here on."""
        value = node.value
        if not (len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List))
                and isinstance(value, ast.Attribute) and value.attr == "shape"
                and isinstance(value.value, ast.Name)):
            return False
        elts = node.targets[0].elts
        if any(isinstance(e, ast.Starred) for e in elts):
            return False
        owner = value.value.id
        current = self.lookup(owner)
        if not (type(current) is Unknown or (type(current) is Array and current.shape.rank is None)):
            return False
        dims = []
        for i, e in enumerate(elts):
            hint = e.id if isinstance(e, ast.Name) else f"{owner}.shape[{i}]"
            dims.append(self.analysis.fresh(hint))
        dtype = current.dtype if type(current) is Array else None
        self.frame.env[owner] = tensor_like(Array(Shape(tuple(dims)), dtype), current)
        for e, d in zip(elts, dims):
            self.assign(e, Int(d))
        return True

    def _store_subscript(self, target: ast.Subscript, value: Value) -> None:
        container = self.eval(target.value)
        if type(container) is Array and container.dtype != "object":
            from .rules.indexing import index_array

            index = self.eval(target.slice)
            ctx = OpContext(self, target, "assignment")
            try:
                view = index_array(ctx, container, index, target.slice)
                if type(view) is Array and view.shape.rank is not None:
                    source = _as_array(value)
                    if source is not None and source.shape.rank is not None:
                        _check_broadcast_into(ctx, source.shape, view.shape, _text(self, target))
            except ShapeError as err:
                self.shape_error(target, err)
        elif type(container) is Dict or isinstance(container, Instance):
            pass
        elif type(container) is List and isinstance(target.value, ast.Name):
            self.frame.env[target.value.id] = List(None, _loose(element_of(container), value))

    # == conditions and assertions =================================================================
    def _assume_condition(self, node: ast.AST, cond: Value, test: ast.AST, assertion: bool) -> None:
        pred = _truth_pred(cond)
        if pred is None:
            return
        ctx = OpContext(self, node, "assert")
        decision = ctx.decision(pred)
        from .holes import mentions_hole, pin

        if mentions_hole(pred):
            pin(self, pred, _text(self, test), node, decision)
            return
        if decision.verdict is Verdict.FAILS and assertion and (_about_shapes(test) or pred_symbols(pred)):
            related = [_related(f.origin, self.module.path, self.span(node)) for f in decision.core if f.origin]
            self.diagnose(node, "SC201", f"assertion can never hold: {_text(self, test)} "
                                         f"is false for every consistent shape ({self._why_false(test, pred)})",
                          related)
            raise _Terminated("raise")
        self.add_fact(Fact(pred, f"{self.module.path}:{node.lineno}: {_text(self, test)}"))

    def _why_false(self, test: ast.AST, pred: Pred) -> str:
        """What makes an assertion false, in the user's terms: both sides' values when folding
        already decided it (`w.shape is (100, 10), (k, 10) is (784, 10)`), else the predicate."""
        if pred.kind == "false" and isinstance(test, ast.Compare) and len(test.comparators) == 1:
            sides = []
            for side in (test.left, test.comparators[0]):
                shown = self.describe_value(self.eval(side))
                if shown is not None:
                    shown = shown.removeprefix("tuple ").removeprefix("int ")
                    if shown != _text(self, side):
                        sides.append(f"{_text(self, side)} is {shown}")
            if sides:
                return ", ".join(sides)
        return pred.show(self.frame.names)

    def _refine_from_assert(self, test: ast.AST) -> bool:
        """``assert x.shape == (n, 3)`` / ``assert x.ndim == 2`` on an ``x`` of unknown rank give it a rank."""
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
            if isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.attr in ("shape", "ndim"):
                owner = a.value.id
                current = self.lookup(owner)
                if not (type(current) is Unknown or (type(current) is Array and current.shape.rank is None)):
                    continue
                if a.attr == "ndim":
                    rank = self.eval(b)
                    if type(rank) is Int and type(rank.dim) is int:
                        dims = tuple(self.analysis.fresh(f"{owner}.shape[{i}]") for i in range(rank.dim))
                        self.frame.env[owner] = tensor_like(Array(Shape(dims), getattr(current, "dtype", None)), current)
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
                    self.frame.env[owner] = tensor_like(Array(Shape(tuple(dims)), getattr(current, "dtype", None)),
                                                        current)
                    return True
                other = self.eval(b)  # assert x.shape == y.shape, y's shape known
                if type(other) is Tuple and all(type(i) is Int for i in other.items):
                    self.frame.env[owner] = tensor_like(Array(Shape(tuple(i.dim for i in other.items)),
                                                              getattr(current, "dtype", None)), current)
                    return True
        return False

    def _unknown_as_dim(self, node: ast.AST | None, value: Value) -> Value:
        """A name bound to an unknown, compared with a dim, is an int: give it a symbol."""
        if not isinstance(node, ast.Name) or node.id not in self.frame.env:
            return value
        d = self.analysis.fresh(node.id)
        self.frame.env[node.id] = Int(d)
        self.frame.names.setdefault(_single_name(d), node.id)
        return Int(d)

    # == expressions ===============================================================================
    def lookup(self, name: str) -> Value | None:
        env = self.frame.env
        if name in env:
            return env[name]
        if self.function is not None and self.function.closure is not None and name in self.function.closure:
            return self.function.closure[name]
        g = self.module.env
        if name in g:
            return g[name]
        return _BUILTINS.get(name)

    def eval(self, node: ast.expr) -> Value:
        method = _EXPR_DISPATCH.get(type(node))
        if method is None:
            return UNKNOWN
        return method(self, node)

    def expr_Constant(self, node: ast.Constant) -> Value:
        v = node.value
        if v is None:
            return NONE
        if v is Ellipsis:
            return ELLIPSIS
        t = type(v)
        if t is bool:
            return Bool(v, TRUE if v else FALSE)
        if t is int:
            return Int(v)
        if t is float:
            return Float(v)
        if t is str:
            return Str(v)
        return UNKNOWN

    def expr_Name(self, node: ast.Name) -> Value:
        value = self.lookup(node.id)
        if value is None:
            return UNKNOWN
        if type(value) is Hole:
            from .holes import hole_value

            return hole_value(self, node)
        self.note(node, value, "expr")
        return value

    def expr_Tuple(self, node: ast.Tuple) -> Value:
        items = self._sequence_items(node.elts)
        return Tuple(items) if items is not None else UNKNOWN

    def expr_List(self, node: ast.List) -> Value:
        items = self._sequence_items(node.elts)
        return List(items) if items is not None else List(None)

    def _sequence_items(self, elts: list) -> tuple | None:
        out: list[Value] = []
        for e in elts:
            if isinstance(e, ast.Starred):
                inner = _items_of(self.eval(e.value), None)
                if inner is None:
                    return None
                out.extend(inner)
            else:
                out.append(self.eval(e))
        return tuple(out)

    def expr_Set(self, node: ast.Set) -> Value:
        for e in node.elts:
            self.eval(e)
        return UNKNOWN

    def expr_Dict(self, node: ast.Dict) -> Value:
        items = []
        for k, v in zip(node.keys, node.values):
            value = self.eval(v)
            if isinstance(k, ast.Constant) and isinstance(k.value, (str, int)):
                items.append((k.value, value))
        return Dict(tuple(items))

    def expr_JoinedStr(self, node: ast.JoinedStr) -> Value:
        return Str(None)

    def expr_Lambda(self, node: ast.Lambda) -> Value:
        return self.make_function(node)

    def expr_IfExp(self, node: ast.IfExp) -> Value:
        pred = _truth_pred(self.eval(node.test))
        if pred is TRUE:
            return self.eval(node.body)
        if pred is FALSE:
            return self.eval(node.orelse)
        saved = self.frame.facts
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
        joiner = Joiner(self.analysis.fresh, widen=False)
        out = joiner.value(a, b)
        for p in joiner.facts:
            self.add_fact(Fact(p))
        return out

    def expr_NamedExpr(self, node: ast.NamedExpr) -> Value:
        value = self.eval(node.value)
        self.assign(node.target, value)
        return value

    def expr_Starred(self, node: ast.Starred) -> Value:
        return self.eval(node.value)

    def _comprehension(self, node, elt_nodes: list) -> Value:
        saved = self.frame.env
        self.frame.env = dict(saved)
        try:
            generators = node.generators
            first = self.eval(generators[0].iter)
            simple = len(generators) == 1 and not generators[0].ifs
            if simple:
                items = _iteration_items(first)
                if items is not None and len(items) <= 16:
                    known_items = []
                    for item in items:
                        self.assign(generators[0].target, item)
                        known_items.append(self.eval(elt_nodes[0]))
                    return List(tuple(known_items))
            for index, gen in enumerate(generators):
                source = first if index == 0 else self.eval(gen.iter)
                self.assign(gen.target, self.iteration_value(source, gen))
                for cond in gen.ifs:
                    self.eval(cond)
            values = [self.eval(e) for e in elt_nodes]
            return List(None, values[0] if len(values) == 1 else UNKNOWN,
                        _length_of(first) if simple else None)
        finally:
            self.frame.env = saved

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

    def expr_Attribute(self, node: ast.Attribute) -> Value:
        obj = self.eval(node.value)
        value = self.attribute(obj, node.attr, node)
        if node.attr == "HOLE":
            from .holes import hole_value, is_hole_value

            if is_hole_value(value):
                return hole_value(self, node)
        self.note(node, value, "expr")
        return value

    def attribute(self, obj: Value, attr: str, node: ast.AST) -> Value:
        t = type(obj)
        if t is Array:
            from .rules.registry import array_attribute

            return array_attribute(OpContext(self, node, attr), obj, attr)
        if t is TorchModule:
            from .rules.registry import layer_attribute

            return layer_attribute(OpContext(self, node, attr), obj, attr)
        if t is LibraryObject:
            from .rules.registry import library_value

            return library_value(f"{obj.qualname}.{attr}")
        if t is Instance:
            if attr in obj.attrs:
                return obj.attrs[attr]
            found = obj.cls.lookup(attr)
            if type(found) is Function:
                return BoundMethod(found, obj)
            if found is None:
                from .rules.registry import inherited_member

                inherited = inherited_member(obj, attr)   # model.to(device) on an nn.Module subclass
                if inherited is not None:
                    return inherited
            if found is None or obj.template or obj.cls.node.decorator_list:
                # a class-level value is only a default: dataclass fields and the attributes any
                # method may have set are per object
                return UNKNOWN
            return found
        if t is Class:
            found = obj.lookup(attr)
            return found if found is not None else UNKNOWN
        if t is SuperRef:
            for base in obj.cls.bases:
                found = base.lookup(attr) if type(base) is Class else None
                if type(found) is Function:
                    return BoundMethod(found, obj.receiver)
                if found is not None:
                    return found
            return UNKNOWN
        if t is ProjectModule:
            value = obj.info.env.get(attr)
            if value is None:
                value = self.analysis.import_from(obj.info.name, attr, 0, self.module)
            return value
        if t in (Int, Float, Bool):
            if attr in ("shape",):
                return Tuple(())
            if attr == "ndim":
                return Int(0)
            return Method(obj, attr)
        if t in (Tuple, List, Dict, Str):
            return Method(obj, attr)
        return UNKNOWN

    def expr_Subscript(self, node: ast.Subscript) -> Value:
        container = self.eval(node.value)
        index = self.eval(node.slice)
        t = type(container)
        if t is Array:
            from .rules.indexing import index_array

            ctx = OpContext(self, node, "index")
            try:
                return tensor_like(index_array(ctx, container, index, node.slice), container)
            except ShapeError as err:
                self.shape_error(node, err)
                return UNKNOWN
        if t in (Tuple, List):
            return self._index_sequence(node, container, index)
        if t is TorchModule:   # nn.Sequential(...)[i]
            from .rules.registry import layer_item

            return layer_item(container, index)
        if t is Dict:
            if type(index) is Str:
                for k, v in container.items:
                    if k == index.value:
                        return v
            return UNKNOWN
        if t is LibraryObject or t is Class:  # a type annotation such as Float[np.ndarray, "n"]
            from .annotations import subscript_annotation

            return subscript_annotation(container, node.slice, self.eval)
        return UNKNOWN

    def _index_sequence(self, node: ast.Subscript, seq: Value, index: Value) -> Value:
        items = seq.items
        if items is None:
            return seq.element if type(index) is Int else List(None, seq.element)
        if type(index) is Int:
            if type(index.dim) is int:
                i = index.dim
                if -len(items) <= i < len(items):
                    return items[i]
                if type(seq) is Tuple and seq.is_shape:
                    # a shape tuple (`x.shape[2]` of a 2-d x); other tuples are not this tool's business
                    self.diagnose(node, "SC105", f"tuple index {i} is out of range for a tuple of length {len(items)}")
                return UNKNOWN
            return UNKNOWN
        if type(index) is Slice:
            bounds = [_const_int(x) for x in (index.start, index.stop, index.step)]
            if all(b is not None or type(x) is type(NONE) for b, x in zip(bounds, (index.start, index.stop, index.step))):
                picked = items[slice(*bounds)]
                return Tuple(picked, seq.is_shape) if type(seq) is Tuple else List(picked)
            return UNKNOWN
        return UNKNOWN

    def expr_Slice(self, node: ast.Slice) -> Value:
        parts = [NONE if p is None else self.eval(p) for p in (node.lower, node.upper, node.step)]
        return Slice(*parts)

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Value:
        operand = self.eval(node.operand)
        t = type(operand)
        op = node.op
        if isinstance(op, ast.Not):
            pred = _truth_pred(operand)
            return Bool(None, negate(pred) if pred is not None else None)
        if t is Int:
            if isinstance(op, ast.USub):
                return Int(D.neg(operand.dim))
            if isinstance(op, ast.UAdd):
                return operand
            return Int(~operand.dim) if type(operand.dim) is int else UNKNOWN
        if t is Float:
            return Float(-operand.value if operand.value is not None and isinstance(op, ast.USub) else None)
        if t is Array:
            return operand
        return UNKNOWN

    def expr_BinOp(self, node: ast.BinOp) -> Value:
        left = self.eval(node.left)
        right = self.eval(node.right)
        return self.binary(node, node.op, left, right, node.left, node.right)

    def binary(self, node: ast.AST, op: ast.operator, left: Value, right: Value, lnode: ast.AST,
               rnode: ast.AST) -> Value:
        tl, tr = type(left), type(right)
        if tl is Int and tr is Int:
            return _int_arith(op, left.dim, right.dim)
        if tl is Array or tr is Array:
            from .rules.registry import apply_operator

            return self.apply(node, _OP_NAMES[type(op)], lambda ctx: apply_operator(
                ctx, type(op), Arg(left, "", lnode, self.module), Arg(right, "", rnode, self.module)))
        if tl is Tuple and tr is Tuple and isinstance(op, ast.Add):
            return Tuple(left.items + right.items)
        if tl is List and tr is List and isinstance(op, ast.Add):
            if left.items is not None and right.items is not None:
                return List(left.items + right.items)
            return List(None, _loose(element_of(left), element_of(right)))
        if tl in (Tuple, List) and tr is Int and isinstance(op, ast.Mult) and type(right.dim) is int \
                and left.items is not None:
            return tl(left.items * max(right.dim, 0))
        if tl in (Int, Float, Bool) and tr in (Int, Float, Bool):
            if isinstance(op, ast.Div) or tl is Float or tr is Float:
                return Float()
            return Int(self.analysis.fresh("k")) if tl is Int or tr is Int else UNKNOWN
        if tl is Str or tr is Str:
            return Str(None)
        return UNKNOWN

    def expr_BoolOp(self, node: ast.BoolOp) -> Value:
        values = self._short_circuit(node)
        preds = [_truth_pred(v) for v in values]
        if all(type(v) is Bool for v in values):
            if any(p is None for p in preds):
                return Bool()
            return Bool(None, conj(preds) if isinstance(node.op, ast.And) else disj(preds))
        # `a or b` on non-bools evaluates to one of them
        if all(type(v) is type(values[0]) for v in values):
            joiner = Joiner(self.analysis.fresh, widen=True)
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
        saved = self.frame.facts
        try:
            for operand in node.values:
                value = self.eval(operand)
                values.append(value)
                pred = _truth_pred(value)
                if pred is (TRUE if is_or else FALSE):
                    break  # decided: the rest is never evaluated
                if pred is not None:
                    self.add_fact(Fact(negate(pred) if is_or else pred))
        finally:
            self.frame.facts = saved
        return values

    def expr_Compare(self, node: ast.Compare) -> Value:
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
            if isinstance(op, (ast.Eq, ast.NotEq)) and self.condition_depth:
                if type(left) is Unknown and type(right) is Int and type(right.dim) is not int:
                    left = self._unknown_as_dim(node.left if comp is node.comparators[0] else None, left)
                elif type(right) is Unknown and type(left) is Int and type(left.dim) is not int:
                    right = self._unknown_as_dim(comp, right)
            if type(left) is Array or type(right) is Array:
                from .rules.registry import apply_operator

                result = self.apply(node, _CMP_NAMES.get(type(op), "compare"),
                                    lambda ctx: apply_operator(ctx, type(op), Arg(left, "", left_text, self.module),
                                                               Arg(right, "", right_text, self.module)))
                preds.append(None)
            else:
                preds.append(_compare(op, left, right))
            left, left_text = right, right_text
        if type(result) is Array:
            return result
        if any(p is None for p in preds):
            return Bool() if all(type(v) in _SCALAR_TYPES for v in seen) else UNKNOWN
        pred = conj(preds)
        return Bool(True if pred is TRUE else False if pred is FALSE else None, pred)

    def expr_Call(self, node: ast.Call) -> Value:
        func = self.eval(node.func)
        args: list[Arg] = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                items = _items_of(self.eval(a.value), None)
                if items is None:
                    return self._unknown_call(func)
                args.extend(Arg(v, "") for v in items)
            else:
                args.append(Arg(self.eval(a), "", a, self.module))
        kwargs: dict[str, Arg] = {}
        for kw in node.keywords:
            value = self.eval(kw.value)
            if kw.arg is None:
                if type(value) is Dict:
                    kwargs.update({k: Arg(v, "") for k, v in value.items if isinstance(k, str)})
                    continue
                return self._unknown_call(func)
            kwargs[kw.arg] = Arg(value, "", kw.value, self.module)
        result = self.call(node, func, args, kwargs)
        if type(func) not in (LibraryObject, Builtin):
            self._escape_lists(node)
        return result

    def _escape_lists(self, node: ast.Call) -> None:
        """A list handed to code we do not model may be mutated there: forget its length."""
        env = self.frame.env
        for a in list(node.args) + [kw.value for kw in node.keywords]:
            if isinstance(a, ast.Name):
                v = env.get(a.id)
                if type(v) is List and v.items is not None:
                    env[a.id] = List(None, element_of(v))

    def _unknown_call(self, func: Value) -> Value:
        return UNKNOWN

    def call(self, node: ast.AST, func: Value, args: list[Arg], kwargs: dict[str, Arg]) -> Value:
        t = type(func)
        if t is LibraryObject or t is Method or t is TorchModule:
            from .rules.registry import lookup_rule

            name, rule, call_args = lookup_rule(func, args)
            if rule is None:
                self.analysis.count_unknown_call(name)
                return UNKNOWN
            call = Call(name, call_args, kwargs)
            return self.apply(node, name.rsplit(".", 1)[-1], lambda ctx: rule(ctx, call))
        if t is Builtin and func.name == "super" and not args:
            return self._super()
        if t is Builtin:
            from .builtins import call_builtin

            return call_builtin(self, node, func.name, args, kwargs)
        if t is Function:
            return self.call_function(node, func, [a.value for a in args],
                                      {k: a.value for k, a in kwargs.items()})
        if t is BoundMethod:
            return self.call_function(node, func.function, [func.receiver] + [a.value for a in args],
                                      {k: a.value for k, a in kwargs.items()})
        if t is Class:
            return self.instantiate(node, func, args, kwargs)
        if t is Instance:
            method = func.cls.lookup("__call__")
            if type(method) is Function:
                return self.call_function(node, method, [func] + [a.value for a in args],
                                          {k: a.value for k, a in kwargs.items()})
            forward = func.cls.lookup("forward")
            if type(forward) is Function:  # torch.nn.Module.__call__ runs forward
                return self.call_function(node, forward, [func] + [a.value for a in args],
                                          {k: a.value for k, a in kwargs.items()})
        return UNKNOWN

    def _super(self) -> Value:
        fn = self.function
        if fn is None or isinstance(fn.node, ast.Lambda) or not fn.node.args.args:
            return UNKNOWN
        receiver = self.frame.env.get(fn.node.args.args[0].arg)
        owner = fn.qualname.rsplit(".", 1)[0]
        cls = self.module.env.get(owner.split(".")[0]) if "<locals>" not in owner else None
        for part in owner.split(".")[1:]:
            cls = cls.namespace.get(part) if type(cls) is Class else None
        if type(cls) is not Class or receiver is None:
            return UNKNOWN
        return SuperRef(cls, receiver)

    def instantiate(self, node: ast.AST, cls: Class, args: list[Arg], kwargs: dict[str, Arg]) -> Value:
        instance = Instance(cls)
        init = cls.lookup("__init__")
        if type(init) is Function:
            self.call_function(node, init, [instance] + [a.value for a in args],
                               {k: a.value for k, a in kwargs.items()})
        return instance

    def apply(self, node: ast.AST, op: str, rule) -> Value:
        """Run an op rule at ``node``: a definite failure becomes one diagnostic and an unknown result."""
        ctx = OpContext(self, node, op)
        try:
            result = rule(ctx)
        except ShapeError as err:
            self.shape_error(node, err)
            return UNKNOWN
        return result

    def call_function(self, node: ast.AST, fn: Function, args: list[Value], kwargs: dict[str, Value]) -> Value:
        return self.analysis.call_function(self, node, fn, args, kwargs)

    # == iteration =================================================================================
    def iteration_value(self, iterable: Value, node: ast.AST) -> Value:
        t = type(iterable)
        if t is Range:
            step = iterable.step
            i = self.analysis.fresh("i")
            start = iterable.start.dim if type(iterable.start) is Int else None
            stop = iterable.stop.dim if type(iterable.stop) is Int else None
            if start is not None and stop is not None and type(step) is Int and step.dim == 1:
                self.add_fact(Fact(conj((le(start, i), lt(i, stop)))))
            return Int(i)
        if t is Array:
            if iterable.dtype == "object" and iterable.shape.rank == 1:
                return UNKNOWN  # elements of an object array are arbitrary Python objects
            if iterable.shape.rank:
                return tensor_like(Array(Shape(iterable.shape.prefix[1:]), iterable.dtype), iterable)
            return UNKNOWN_ARRAY if iterable.shape.rank is None else UNKNOWN
        if t in (Tuple, List):
            items = iterable.items
            if items is None:
                return iterable.element
            if not items:
                return UNKNOWN
            joiner = Joiner(self.analysis.fresh, widen=False)
            out = items[0]
            for item in items[1:]:
                out = joiner.value(out, item)
            for p in joiner.facts:
                self.add_fact(Fact(p))
            return out
        if t is Method and iterable.name in ("items",):
            return Tuple((UNKNOWN, UNKNOWN))
        return UNKNOWN


# == helpers =======================================================================================

_SCALAR_TYPES = (Int, Float, Bool, Str, Tuple, List, Dict, type(NONE))

_OP_NAMES = {
    ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide", ast.FloorDiv: "floor_divide",
    ast.Mod: "remainder", ast.Pow: "power", ast.MatMult: "matmul", ast.BitAnd: "bitwise_and",
    ast.BitOr: "bitwise_or", ast.BitXor: "bitwise_xor", ast.LShift: "left_shift", ast.RShift: "right_shift",
}
_AUG_NAMES = {k: v for k, v in _OP_NAMES.items()}
_CMP_NAMES = {
    ast.Eq: "equal", ast.NotEq: "not_equal", ast.Lt: "less", ast.LtE: "less_equal", ast.Gt: "greater",
    ast.GtE: "greater_equal",
}


def _load(target: ast.AST) -> ast.AST:
    return target


def _text(interp: Interpreter, node: ast.AST) -> str:
    return interp.module.text_of(node)


def _int_arith(op: ast.operator, a: D.Dim, b: D.Dim) -> Value:
    t = type(op)
    if t is ast.Add:
        return Int(D.add(a, b))
    if t is ast.Sub:
        return Int(D.sub(a, b))
    if t is ast.Mult:
        return Int(D.mul(a, b))
    if t is ast.FloorDiv:
        if b == 0:
            return UNKNOWN
        return Int(D.floordiv(a, b))
    if t is ast.Mod:
        if b == 0:
            return UNKNOWN
        return Int(D.mod(a, b))
    if t is ast.Pow and type(a) is int and type(b) is int and 0 <= b < 64:
        return Int(a ** b)
    if t is ast.Div:
        return Float(a / b) if type(a) is int and type(b) is int and b != 0 else Float()
    if type(a) is int and type(b) is int:
        try:
            return Int({ast.LShift: lambda: a << b, ast.RShift: lambda: a >> b, ast.BitAnd: lambda: a & b,
                        ast.BitOr: lambda: a | b, ast.BitXor: lambda: a ^ b}[t]())
        except (KeyError, ValueError):
            return UNKNOWN
    return UNKNOWN


def _compare(op: ast.cmpop, left: Value, right: Value) -> Pred | None:
    tl, tr = type(left), type(right)
    t = type(op)
    if tl is Int and tr is Int:
        a, b = left.dim, right.dim
        fn = {ast.Eq: eq, ast.NotEq: ne, ast.Lt: lt, ast.LtE: le, ast.Gt: gt, ast.GtE: ge}.get(t)
        return fn(a, b) if fn else None
    if tl is Tuple and tr is Tuple and t in (ast.Eq, ast.NotEq):
        if len(left.items) != len(right.items):
            return FALSE if t is ast.Eq else TRUE
        parts = []
        for x, y in zip(left.items, right.items):
            if type(x) is Int and type(y) is Int:
                parts.append(eq(x.dim, y.dim))
            elif type(y) is Hole or type(x) is Hole:
                continue
            else:
                return None
        pred = conj(parts)
        return pred if t is ast.Eq else negate(pred)
    if t in (ast.Is, ast.IsNot) and (tl is type(NONE) or tr is type(NONE)):
        same = tl is tr
        if tl is Unknown or tr is Unknown:
            return None
        return (TRUE if same else FALSE) if t is ast.Is else (FALSE if same else TRUE)
    return None


def _truth_pred(v: Value) -> Pred | None:
    t = type(v)
    if t is Bool:
        if v.pred is not None:
            return v.pred
        if v.value is not None:
            return TRUE if v.value else FALSE
        return None
    if t is Int:
        return ne(v.dim, 0)
    if t is type(NONE):
        return FALSE
    if t in (Tuple,):
        return TRUE if v.items else FALSE
    return None


def _single_name(d: D.Dim) -> str:
    return d.terms[0][0][0].name


def _const_int(v: Value) -> int | None:
    return v.dim if type(v) is Int and type(v.dim) is int else None


def _items_of(v: Value, want: int | None) -> tuple | None:
    t = type(v)
    if t is Tuple:
        return v.items
    if t is List:
        return v.items
    if t is Array and v.shape.rank is not None and v.shape.rank >= 1 and type(v.shape.prefix[0]) is int:
        n = v.shape.prefix[0]
        if n <= 64:
            return (tensor_like(Array(Shape(v.shape.prefix[1:]), v.dtype), v),) * n
    if t is Array and v.shape.rank and want is not None:
        return (tensor_like(Array(Shape(v.shape.prefix[1:]), v.dtype), v),) * want
    return None


def _length_of(v: Value):
    """How many items iterating ``v`` gives, as a dim, when known."""
    t = type(v)
    if t is Range and _const_int(v.start) == 0 and _const_int(v.step) == 1 and type(v.stop) is Int:
        return v.stop.dim
    if t is Array and v.shape.prefix and not v.shape.variadic:
        return v.shape.prefix[0]
    if t in (Tuple, List) and v.items is not None:
        return len(v.items)
    if t is List:
        return v.length
    return None


def _iteration_items(v: Value) -> tuple | None:
    t = type(v)
    if t in (Tuple, List):
        return v.items
    if t is Range and all(_const_int(x) is not None for x in (v.start, v.stop, v.step)) and v.step.dim != 0:
        return tuple(Int(i) for i in range(v.start.dim, v.stop.dim, v.step.dim))
    return None


def _mutate_list(current: List, method: str, args: list) -> List:
    """``xs.append(v)`` and friends, as a new list value bound to the same name."""
    items = current.items
    element = element_of(current)
    if method == "append" and len(args) == 1:
        if items is not None:
            return List(items + (args[0],))
        return List(None, _loose(element, args[0]) if current.element is not UNKNOWN else args[0])
    if method == "extend" and len(args) == 1:
        more = _items_of(args[0], None)
        if items is not None and more is not None:
            return List(items + tuple(more))
    if method == "clear":
        return List(())
    return List(None, element)


def _loose(a: Value, b: Value) -> Value:
    if a == b:
        return a
    if type(a) is Array and type(b) is Array:
        return tensor_like(Array(UNKNOWN_SHAPE, a.dtype if a.dtype == b.dtype else None), a, b)
    return UNKNOWN


def _as_array(v: Value) -> Array | None:
    t = type(v)
    if t is Array:
        return v
    if t in (Int, Float, Bool):
        return Array(Shape(()))
    return None


def _check_broadcast_into(ctx: OpContext, source: Shape, dest: Shape, dest_text: str) -> None:
    """NumPy assignment ``dest[...] = source``: source must broadcast to dest's shape exactly."""
    s, d = source.prefix, dest.prefix

    def message() -> str:
        return (f"could not broadcast input array from shape {ctx.show_shape(source)} "
                f"into shape {ctx.show_shape(dest)} ({dest_text})")

    if len(s) > len(d):
        # leading 1s of the source may be dropped
        extra = s[:len(s) - len(d)]
        ctx.require(conj([eq(x, 1) for x in extra]), "SC101", message)
        s = s[len(s) - len(d):]
    for a, b in zip(reversed(s), reversed(d)):
        ctx.require(disj((eq(a, b), eq(a, 1))), "SC101", message)


_ORIGIN = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<text>.*)$", re.S)


def _related(origin: str, path: str, span: Span) -> Related:
    """A fact's origin ("path:line: what") as a related location a message can point at."""
    m = _ORIGIN.match(origin)
    if m is None:
        return Related(path, span, origin)
    line = int(m.group("line"))
    return Related(m.group("path"), Span(line, 1, line, 1), f"this fact comes from here: {m.group('text')}")


def _about_shapes(test: ast.AST) -> bool:
    """Whether an assertion speaks of shapes (``assert False`` and flag checks are not SC201's business)."""
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and node.attr in ("shape", "ndim", "size"):
            return True
    return False


_RAISES_CONTEXTS = ("raises", "assert_raises", "assertRaises", "assert_raises_regex", "assertRaisesRegex",
                    "raises_regex", "assertRaisesRegexp", "expect_exception", "suppress")


def _expects_exception(expr: ast.AST) -> bool:
    """``with pytest.raises(ValueError):``: the block is meant to fail, so its errors are not bugs."""
    if isinstance(expr, ast.Call):
        func = expr.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in _RAISES_CONTEXTS
    return False


def _catches_shape_errors(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    names = []
    nodes = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for n in nodes:
        if isinstance(n, ast.Name):
            names.append(n.id)
        elif isinstance(n, ast.Attribute):
            names.append(n.attr)
    return any(n in ("Exception", "BaseException", "ValueError", "IndexError", "TypeError", "AxisError",
                     "LinAlgError", "RuntimeError") for n in names)


def _pattern_names(pattern) -> list[str]:
    out = []
    for node in ast.walk(pattern):
        name = getattr(node, "name", None)
        if isinstance(name, str):
            out.append(name)
    return out


def _common_facts(fact_lists: list[tuple], base: tuple) -> tuple:
    """Facts every branch still has: the ones that held before the branch."""
    return base


def _env_equal(a: dict, b: dict) -> bool:
    if a.keys() != b.keys():
        return False
    for k, v in a.items():
        w = b[k]
        if v is w:
            continue
        try:
            if v != w:
                return False
        except Exception:
            return False
    return True


def _forget_changed(entry: dict, current: dict) -> dict:
    """Final widening: anything still changing after the last iteration becomes unknown."""
    out = dict(current)
    for k, v in current.items():
        if entry.get(k) != v:
            if type(v) is Array:
                out[k] = tensor_like(Array(UNKNOWN_SHAPE, v.dtype), v)
            elif type(v) is Int:
                out[k] = v
            else:
                out[k] = UNKNOWN
    return out


def _node_count(node: ast.AST) -> int:
    n = getattr(node, "_shapecheck_size", None)
    if n is None:
        n = sum(1 for _ in ast.walk(node))
        node._shapecheck_size = n  # memo on the node itself: trees are per-analysis
    return n


_STMT_DISPATCH = {getattr(ast, name[5:]): fn for name, fn in vars(Interpreter).items()
                  if name.startswith("stmt_") and hasattr(ast, name[5:])}
_EXPR_DISPATCH = {getattr(ast, name[5:]): fn for name, fn in vars(Interpreter).items()
                  if name.startswith("expr_") and hasattr(ast, name[5:])}
