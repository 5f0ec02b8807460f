"""The abstract interpreter: Python statements and expressions over abstract values.

One :class:`Interpreter` runs one frame (a module body, a function body in its generic analysis,
or a function body for one call's arguments). Its mutable state is the frame: the environment,
the facts known at this point, and the display names of symbols. Control flow merges with
:mod:`join`; loops iterate to a fixpoint with widening, so every analysis terminates.

Calls of the project's own functions are analysed per call, with the call's argument values
(context-sensitive, memoised). A requirement that holds for some argument shapes but not others is
a *precondition* of the function; a call whose arguments make it fail is reported at the call
(SC110), with the failing operation inside the function as a related location."""

from __future__ import annotations

import ast
import builtins
import sys
from typing import TYPE_CHECKING, Iterable, Mapping

from ...constraints import dims as D
from ...constraints.predicates import Pred
from ...constraints.readable import readable
from ...constraints.shapes import Middle, Shape
from ...constraints.solver import Decision, Fact, Verdict
from ...report.diagnostics import Diagnostic, Related, Span
from ...report.codes import raises
from ..core.context import Arg, Call, OpContext, ShapeError
from ..core.frame import BUILTINS, Builtin, FieldsInit, Frame, LoopIndex, Range, SuperRef, Terminated
from ..core.holes import HoleSite, PinnedFact
from ..core.freshen import each_item
from ..core.join import Joiner, literal_options
from ..core.module import ModuleInfo
from ..core.values import (DICT_ENTRIES, LAYER_BASE, NONE, Alternatives, Partial, Unknown, UNKNOWN, UNKNOWN_ARRAY, Array, BoundMethod, Class,
                           Dict, Function, Instance, Int, LazyImport, LibraryObject, List, Method, STARS, Str, TorchModule, Tuple,
                           Value, method_of, optional_array, present, tensor_like)
from ..rules.placements import show_placement
from ..rules.registry import RULE_CALLEES, build_base_layer, layer_base, lookup_rule
from .dataclass_fields import FIELDS, bind_fields
from .builtins import call_builtin
from .dict_subclasses import dict_base
from .guards import agreeing
from .semantics import (nonlocal_stores, CALLABLE_CHOICES, DICT_READS, dict_item, dict_read, is_generator, is_top_level, one_of,
                        range_membership, index_may_be_negative)
from .expressions import Expressions
from .statements import Statements

if TYPE_CHECKING:
    from ..core.session import Run

#: The names Python's builtins module binds: a star-imported module is not asked for them (a negative
#: answer reads every module the star imports reach: transformers' ``globals()`` read all its models)
_PYTHON_BUILTINS = frozenset(dir(builtins))


#: Callees whose first positional argument is their input array (a library function, a built layer):
#: None raises there, so an optional array is its array (a method's receiver is an attribute's object)
INPUT_FIRST = (LibraryObject, TorchModule)

#: Expressions nested deeper than this evaluate to unknown. Python's parser accepts about 3,000
#: levels (a 2,900-term ``x + x + ...`` is a left-deep tree that deep), and each level costs the
#: interpreter about 4 Python frames of the run's RECURSION_LIMIT (12,000), which the statements and
#: calls around the expression share.
MAX_EVAL_DEPTH = 1000


class Interpreter(Statements, Expressions):
    """Runs one frame; the statement and expression halves are its mixins, the core is here:
    diagnostics, facts, dispatch, calls of everything callable, iteration."""

    def __init__(self, analysis: "Run", module: ModuleInfo, frame: Frame, *, report: bool,
                 errors: list | None = None, stack: tuple = (), function: Function | None = None,
                 unreported: list | None = None):
        self.analysis = analysis
        self.module = module
        self.frame = frame
        self.report = report            # generic analysis of the checked file: diagnostics are reported
        self.errors = errors            # call-mode analysis: definite errors are collected here
        # generic analysis of a module only imported: its definite errors are collected here (never
        # reported, but each call's analysis leaves them out, as the checked file's own)
        self.unreported = unreported
        self.stack = stack              # functions being analysed (recursion cut-off)
        self.function = function
        # whether this frame records ShapeNotes (hover, inlay hints: ``Options.notes``): decided once,
        # and tested by the callers of :meth:`note`, which a check (notes off) ran 1.3M times on
        # diffusers' models to record nothing
        self.noting = analysis.options.notes and report and module.reported and errors is None
        self.try_depth = 0
        # per ``try`` whose handlers catch shape errors, innermost last: the try depth and branch
        # nesting its body starts at; an error at exactly those (no unknown branch, no alternative
        # layers between) raises for sure, and the body ends at that statement (``raised_in_try``)
        self.catching: list[tuple[int, int, int]] = []
        self.raised_in_try = False
        self.eval_depth = 0        # expressions being evaluated, nested (see MAX_EVAL_DEPTH)
        self.unrolled = 1          # the product of the trip counts of the unrolled loops around
        self.condition_depth = 0   # inside an `if`/`assert` test (where `n != x.shape[0]` binds n)
        self.statement: ast.stmt | None = None    # the statement being run
        self.looping = 0                          # inside a loop run to a fixpoint (not unrolled)
        # per loop run to a fixpoint, innermost last: the diagnostics of the pass being run, held
        # until the loop knows whether it is the last (None: the first pass, which reports at once)
        self.held_diagnostics: list[list | None] = []
        # the branch of an undecided ``if`` being run: its nesting (unknown branches, loops, unsure),
        # and the first error that surely raised in it (at that nesting: in no deeper undecided branch)
        self.branch_nesting: tuple | None = None
        self.branch_raised: Diagnostic | None = None
        # per loop run to a fixpoint, innermost last: its body, and the parameters its top-level
        # statements gave a rank (name -> (the parameter's value before, the refined value))
        self.loop_refinements: list[tuple[list, dict]] = []
        self.callee: ast.expr | None = None       # the function expression of the call being evaluated
        self.object_use: ast.expr | None = None   # the object of the attribute read or subscript being evaluated
        self.unsure = 0            # inside branches whose condition is not known (`if ok(i):`): may not run
        # branches of `if`, `a if c else b` and `and`/`or` that what is known does not decide (not
        # loops' bodies): a call whose failure lies in one fails only for some values of what
        # decides it (an option the construction left unknown), so it is no definite error of the call
        self.unknown_branches = 0
        # a body run for one call: the module globals it read that may differ at a later call with
        # the same arguments ((id of env, name) -> GlobalRead), which its summary is valid under
        self.global_reads: dict | None = None

    # == diagnostics ===============================================================================
    def span(self, node: ast.AST) -> Span:
        return self.module.span(node)

    def diagnose(self, node: ast.AST, code: str, message: str, related: Iterable[Related] = (),
                 severity: str = "error", cause: str | None = None) -> None:
        raising = severity == "error" and raises(cause or code)
        if raising:
            self.analysis.raised += 1   # a way to raise (Statements.stmt_Try)
        if raising and self.try_depth:
            # a handler catches what Python or the library raises here (``try: m1, m2 = modes`` /
            # ``except ValueError:``): not a crash. Every error goes through here (shape_error's too);
            # a broken annotation raises nothing, and nothing catches it
            self.caught_failure()
            return
        diag = Diagnostic(self.module.path, self.span(node), code, severity, message, tuple(related),
                          cause=cause)
        if raising:
            self.raised_in_branch(diag)
        self.report_or_hold(diag, self.unknown_branches)

    def raised_in_branch(self, diag: Diagnostic) -> None:
        """Note ``diag``, an error that surely raises where it is, as its undecided branch's (where it
        is at that branch's own nesting, and the first there)."""
        if self.branch_raised is None and self.branch_nesting == self.nesting():
            self.branch_raised = diag

    def nesting(self) -> tuple:
        """Where a statement runs, as an undecided branch notes it: the unknown branches, loops and
        branches that may not run around it."""
        return self.unknown_branches, self.looping, self.unsure

    def report_or_hold(self, diag: Diagnostic, unknown_branches: int) -> None:
        """Report ``diag``, or hold it with the pass of a loop that is being run to its fixpoint."""
        held = self.held_diagnostics
        if held and held[-1] is not None:
            held[-1].append((diag, unknown_branches))
            return
        severity = diag.severity
        if self.errors is not None:
            if severity == "error" and not unknown_branches:
                self.errors.append(diag)
            return
        if self.report and self.module.reported:
            self.analysis.emit(diag)
        elif self.unreported is not None and severity == "error":
            self.unreported.append(diag)

    def caught_failure(self) -> None:
        """An error a ``try``'s handler catches: where it surely happens (at the body's own branch
        nesting), the body ends at the statement that raised it, as Python's does, and only the
        handlers go on (numpy's ``_check_multi_index``: ``try: mimic = self._get_multi_index(arr,
        index) except Exception: ...; return``, then compares ``arr[index]``, which the failing
        index never reaches)."""
        if self.catching and self.catching[-1] == (self.try_depth, self.unsure, self.unknown_branches):
            self.raised_in_try = True

    def _call_each(self, node: ast.AST, func: Alternatives, args: list[Arg], kwargs: dict[str, Arg]) -> Value:
        """Call each layer ``func`` may be, each under the facts of the call alone and none of its
        failures reported (the program may never take it); the results joined."""
        # calling None raises: a call that returns called one of the layers
        taken = [(option, guard) for option, guard in zip(func.options, func.guards or (None,) * len(func.options))
                 if option is not NONE]
        results = self._each([lambda option=option: self.call(node, option, args, kwargs) for option, _ in taken])
        if func.guards and len(results) > 1:
            # (``nn.Identity()`` where ``heads == 1 and dim_head == dim``: its result is (.., dim) there)
            results = [agreeing(r, results[1 if i == 0 else 0], guard) for i, (r, (_, guard)) in enumerate(zip(results, taken))]
        return self.join_all(results)

    def _joined(self, calls: list) -> Value:
        """The results of ``calls`` (one of which the program makes), each run under the facts
        before it and none of its failures reported, joined."""
        return self.join_all(self._each(calls))

    def _each(self, calls: list) -> list:
        """The results of ``calls`` (one of which the program makes), each run under the facts
        before it and none of its failures reported."""
        saved = self.frame.facts
        results = []
        self.try_depth += 1
        try:
            for call in calls:
                results.append(call())
                self.frame.facts = saved
        finally:
            self.try_depth -= 1
            self.frame.facts = saved
        return results

    def item_each(self, node: ast.AST, getter: Function, obj: Instance, keys: tuple) -> Value:
        """``obj[key]`` of a dict's subclass whose ``__getitem__`` is the project's, the key known only
        at run time: the getter run for each of the entries' ``keys`` (interp/dict_subclasses.py); a
        few callables stand for one of them each, other results are joined."""
        method = method_of(getter, obj)
        results = self._each([lambda key=key: self.call(node, method, [Arg(Str(key), repr(key))], {})
                              for key in keys])
        chosen = one_of(results, CALLABLE_CHOICES)
        return chosen if chosen is not None else self.join_all(results)

    def _apply_each(self, node: ast.AST, func: Value, args: list[Arg], kwargs: dict[str, Arg], at: int) -> Value:
        """An op given one of a few literal tuples (``x.view(self.wb_shape)``, the shape set in an
        ``if``/``else``): applied to each, under the facts of that call alone, none of its failures
        reported (the program may never take that branch here), the results joined."""
        def given(option: Value) -> tuple[list, dict]:
            if at < len(args):
                return args[:at] + [args[at].with_value(option)] + args[at + 1:], kwargs
            key = list(kwargs)[at - len(args)]
            return args, {**kwargs, key: kwargs[key].with_value(option)}

        return self._joined([lambda option=option: self.call(node, func, *given(option))
                             for option in literal_options((*args, *kwargs.values())[at].value)])

    def middle_dim(self, middle: Middle, index: int) -> D.Dim:
        """The dim at ``index`` (negative: from the end) of the parameter ``middle`` belongs to, as
        an op takes it off the middle (``shapes.MiddleDim``): one dim per run, shown as the code
        would read it (``x.shape[0]``)."""
        key = (middle.name, middle.scope, index)
        found = self.frame.middle_dims.get(key)
        if found is None:
            found = self.frame.middle_dims[key] = self.analysis.fresh(f"{middle.name}.shape[{index}]")
        return found

    def join_all(self, values: list) -> Value:
        """One of ``values`` (a branch's, an alternative's, an element's): joined, with the facts that
        define the dims the join made up."""
        joiner = Joiner(self.analysis.fresh, widen=False, dim_of=self.middle_dim)
        out = values[0]
        for v in values[1:]:
            out = joiner.value(out, v)
        for p in joiner.facts:
            self.add_fact(Fact(p))
        self.note_join_ranks(joiner)
        return out

    def note_join_ranks(self, joiner: Joiner, made: tuple = ()) -> None:
        """The rank guesses of a join (``Joiner.ranks``, ``Analysis.join_rank``), but those met with
        an array in ``made``: what an ``if x.ndim == 3:`` branch takes x for says nothing of x."""
        for middle, count, met in joiner.ranks:
            if not any(met is m for m in made):
                self.analysis.join_rank(middle, count)

    def shape_error(self, node: ast.AST, err: ShapeError) -> None:
        """Report ``err`` at ``node`` (not under a ``try`` whose handler catches it: :meth:`diagnose`)."""
        self.diagnose(node, err.code, err.message, [r for r in err.related if isinstance(r, Related)])

    def precondition(self, pred: Pred, code: str, message: str, node: ast.AST, verdict: Verdict,
                     names: Mapping[str, str] | None = None) -> None:
        """``names``: the dims' names ``message`` was written with, to go on with in its condition."""
        self.frame.preconditions.append((pred, code, message, node))
        self.add_fact(Fact(pred, self.module.origin(node, message)))
        if self.on_every_way_out():
            self.frame.assured.append(pred)
        if (verdict is Verdict.SOMETIMES and self.analysis.options.strict and self.errors is None
                and not self.try_depth):
            shown = readable(pred).show(self.frame.names if names is None else names)
            self.diagnose(node, "SC120", f"{message} (fails unless {shown})",
                          severity="warning")

    def on_every_way_out(self) -> bool:
        """Whether what holds here holds wherever the running function returns normally: at a
        top-level statement of a plain function's body (not a generator's, which runs later), under
        no branch, loop or ``try``, and before any ``return`` (one in an earlier branch leaves the
        way that skips this)."""
        fn = self.function
        return (fn is not None and not self.unsure and not self.unknown_branches and not self.try_depth
                and not self.looping and not self.frame.returns and type(fn.node) is ast.FunctionDef
                and is_top_level(fn.node, self.statement) and not is_generator(fn.node))

    def add_fact(self, fact: Fact) -> None:
        if fact.pred.kind != "true":
            self.frame.facts = self.frame.facts + (fact,)

    # == holes =====================================================================================
    def hole_dim(self, node: ast.AST) -> D.Dim:
        """A fresh dim standing for a ``HOLE`` at ``node``; solved after the run (driver/holes.py)."""
        d = self.analysis.fresh("HOLE")
        self.analysis.holes.sites.append(HoleSite(d, self, node))
        return d

    def hole_value(self, node: ast.AST) -> Int:
        """The value of a ``HOLE`` expression at ``node``."""
        return Int(self.hole_dim(node))

    def pin(self, pred: Pred, message: str, node: ast.AST, decision: Decision) -> None:
        """A requirement that mentions a hole: a fact about the hole, never an error by itself."""
        fact = Fact(pred, self.module.origin(node, message))
        conflict = decision.verdict is Verdict.FAILS
        if not conflict:
            self.add_fact(fact)
        self.analysis.holes.pinned.append(PinnedFact(fact, self, self.frame.facts, conflict))

    def note(self, node: ast.AST, value: Value, kind: str) -> None:
        """Record ``value``'s shape at ``node`` as a ShapeNote; callers test :attr:`noting` first."""
        text = self.describe_value(value)
        if text is not None:
            self.analysis.note(self.span(node), text, kind)

    def describe_value(self, value: Value, names: dict | None = None) -> str | None:
        """``value``'s shape (or int, or tuple of ints) as text, dims by ``names`` (default: the
        names the code gave them)."""
        names = self.frame.names if names is None else names
        if type(value) is Array:
            text = value.shape.show(names)
            text = f"{text} {value.dtype}" if value.dtype else text
            return text + show_placement(value, names) if value.layout is not None else text
        if type(value) is Int:
            return f"int {D.show(value.dim, names)}"
        if type(value) is Tuple and value.items and all(type(i) is Int for i in value.items):
            return "tuple " + Shape(tuple(i.dim for i in value.items)).show(names)
        return None

    # == statements ================================================================================
    def run_body(self, body: list[ast.stmt]) -> str | None:
        """Run a block; how it always ends ("return", "raise", "break", "continue"), or None if it can
        fall through."""
        branches = self.unknown_branches
        try:
            for stmt in body:
                self.stmt(stmt)
        except Terminated as t:
            return t.kind
        finally:
            self.unknown_branches = branches   # an early return's other branch ends with its block
        return None

    def stmt(self, node: ast.stmt) -> None:
        self.analysis.budget.tick(node)
        self.statement = node
        method = _STMT_DISPATCH.get(type(node))
        if method is None:
            return  # statements with no shape meaning (pass, global, ...)
        method(self, node)
        if self.raised_in_try:
            self.raised_in_try = False
            raise Terminated("raise")

    # == expressions ===============================================================================
    def lookup(self, name: str) -> Value | None:
        # the frame, the closure, the module: in that order, without a tuple and a loop per name
        # (the most frequent thing the interpreter does: timm looks up 565,000 names)
        module = self.module
        env = self.frame.env
        if name not in env:
            closure = self.function.closure if self.function is not None else None
            top = module.top_frame
            module_env = module.env if top is None else top.env
            env = closure if closure is not None and name in closure else module_env if name in module_env else None
        else:
            module_env = module.env
        if env is not None:
            value = env[name]
            if type(value) is LazyImport:   # an imported name's first use loads its module
                # (a kept module's namespace and closures are the process's: shared_modules.py)
                shared = module.shared and (env is module.env or env is not self.frame.env)
                value = self.analysis.settle(env, name, value, shared)
            if env is module_env:
                if self.global_reads is not None:
                    self.read_global(module, name, value)
                if module.reported:
                    self.analysis.read_name(name, value)
                if self.function is not None and name in module.rebound_globals:
                    return UNKNOWN   # a function may have rebound it (``global``) before this one runs
                if self.function is not None and (type(value) is List and value.items is not None
                                                  or type(value) is Dict) and module.changed_in_place(name):
                    return List(None) if type(value) is List else Dict()   # or filled it
            return value
        stars = self.frame.env if STARS in self.frame.env else module.env   # the module's top level: its frame
        if STARS in stars and name not in _PYTHON_BUILTINS:   # a name a deferred star import binds (Modules.star_lookup)
            value = self.analysis.star_lookup(module, name, stars)
            if value is not None:
                if self.global_reads is not None:
                    self.read_global(module, name, value)
                if module.reported:
                    self.analysis.read_name(name, value)
                return value
        if self.global_reads is not None:   # a name the module may still define
            self.read_global(module, name, None)
        if module.reported:
            self.analysis.read_name(name, None)
        return BUILTINS.get(name)

    def read_global(self, module: ModuleInfo, name: str, value: Value | None) -> None:
        """Note that this call's body read global ``name`` of ``module`` as ``value`` (None: unbound),
        once per name: the first read is what the body saw."""
        key = (id(module.env), name)
        if key not in self.global_reads:
            self.global_reads[key] = self.analysis.global_read(module, name, value)

    def eval(self, node: ast.expr) -> Value:
        method = _EXPR_DISPATCH.get(type(node))
        if method is None or self.eval_depth >= MAX_EVAL_DEPTH:
            return UNKNOWN  # deeper than any hand-written expression: unknown, not a RecursionError (SC003)
        self.eval_depth += 1
        try:
            value = method(self, node)
        except D.TooLarge:
            value = UNKNOWN   # a size past what the dims build (a squaring loop): unknown, not a hang
        finally:
            self.eval_depth -= 1
        if (type(value) is Array or type(value) is Unknown) and self.module.counted and hasattr(node, "lineno"):
            # coverage (--statistics): each expression of the checked file once, by its position
            self.analysis.count_array(_position(node), value, self.errors is None)
        elif type(value) is Alternatives and self.module.counted and hasattr(node, "lineno"):
            array = optional_array(value)   # an optional array: an array expression, of its array's shape
            if array is not None:
                self.analysis.count_array(_position(node), array, self.errors is None)
        return value

    def call(self, node: ast.AST, func: Value, args: list[Arg], kwargs: dict[str, Arg]) -> Value:
        t = type(func)
        if t is Alternatives:
            return self._call_each(node, func, args, kwargs)
        if t is Method and type(func.receiver) is Dict and func.name in DICT_READS and not kwargs:
            read = dict_read(func.receiver, func.name, [a.value for a in args])
            if read is not None:   # ``d.get(key, default)``; ``super().__getitem__(key)`` of a dict's subclass
                return dict_item(func.receiver, read[0], self.analysis.fresh, read[1])
        if t in RULE_CALLEES:
            split = _literal_alternatives_at(args, kwargs)
            if split is not None:
                return self._apply_each(node, func, args, kwargs, split)
            if args and t in INPUT_FIRST:   # the input of a library function or layer: never None
                args = [args[0].with_value(present(args[0].value))] + args[1:]
            name, rule, call_args = lookup_rule(func, args)
            if rule is None:
                if self.module.counted and hasattr(node, "lineno"):
                    self.analysis.count_unknown_call(_position(node), f"torch.nn.{name}" if t is TorchModule else name)
                return UNKNOWN
            call = Call(name, call_args, kwargs)
            return self.apply(node, name.rsplit(".", 1)[-1], lambda ctx: rule(ctx, call), name,
                              tuple(a.value for a in call_args) + tuple(a.value for a in kwargs.values()))
        if t is Partial:
            return self.call(node, func.func, [Arg(v) for v in func.args] + args,
                             {**{k: Arg(v) for k, v in func.keywords}, **kwargs})
        if t is Builtin and func.name == "super" and not args:
            return self._super()
        if t is Builtin and func.name == "super" and len(args) == 2 and not kwargs:
            cls = args[0].value
            if type(cls) is not Class and type(args[1].value) is Instance and args[0].text.isidentifier():
                # (one the namespace lacks, as above)
                cls = _base_where(args[1].value.cls, lambda c, name=args[0].text: c.node.name == name)
            if type(cls) is Class:
                return SuperRef(cls, args[1].value)   # super(Block, self): the bases after Block's
        if t is FieldsInit:
            if type(func.receiver) is Instance:
                self._init_fields(node, func.cls, func.receiver, args, kwargs)
            return NONE
        if t is Builtin:
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
            layer = func.attrs.get(LAYER_BASE)
            if type(layer) is TorchModule:   # a torch layer's subclass without a forward of its own
                return self.call(node, layer, args, kwargs)
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
        if type(cls) is not Class and type(receiver) is Instance:
            # a class defined after a top-level try/if is not in the namespace the module's functions
            # read (driver/analysis.py, _TAKEN_AFTER_BRANCH): the receiver's class, or the base of it
            # whose body defines this method, is
            cls = _base_where(receiver.cls, lambda c: any(
                member.node is fn.node for member in c.namespace.values() if type(member) is Function))
        if type(cls) is not Class or receiver is None:
            return UNKNOWN
        return SuperRef(cls, receiver)

    def instantiate(self, node: ast.AST, cls: Class, args: list[Arg], kwargs: dict[str, Arg]) -> Value:
        self.analysis.use(cls)
        instance = Instance(cls)
        init = cls.lookup("__init__")
        fields = cls.lookup(FIELDS)
        if type(init) is Function:
            self.call_function(node, init, [instance] + [a.value for a in args],
                               {k: a.value for k, a in kwargs.items()})
        elif fields is not None:   # a dataclass's generated __init__, then its __post_init__
            self._init_fields(node, cls, instance, args, kwargs)
        elif init is None and (base := layer_base(cls)) is not None:   # a torch layer's subclass built by its base
            self.apply(node, base.qualname.rsplit(".", 1)[-1],
                       lambda ctx: build_base_layer(ctx, instance, Call("__init__", args, kwargs), base) or NONE)
        elif init is None and dict_base(cls):   # a dict's subclass built by dict's constructor
            held = call_builtin(self, node, "dict", args, kwargs)
            if type(held) is Dict and held.items:
                instance.attrs[DICT_ENTRIES] = held
        return instance

    def _init_fields(self, node: ast.AST, cls: Class, instance: Instance, args: list[Arg],
                     kwargs: dict[str, Arg]) -> None:
        """A dataclass's generated ``__init__`` on ``instance``: its fields bound, then ``__post_init__``."""
        bind_fields(instance, cls.lookup(FIELDS), [a.value for a in args], {k: a.value for k, a in kwargs.items()},
                    lambda factory: self.call(node, factory, [], {}))
        post = cls.lookup("__post_init__")
        if type(post) is Function:
            self.call_function(node, post, [instance], {})

    def apply(self, node: ast.AST, op: str, rule, name: str | None = None, operands: tuple = ()) -> Value:
        """Run an op rule at ``node``: a definite failure becomes one diagnostic and an unknown result.
        ``name`` (the op's qualified name) and ``operands`` go to the run's op log when it keeps one."""
        ctx = OpContext(self, node, op)
        try:
            result = rule(ctx)
        except ShapeError as err:
            self.shape_error(node, err)
            return UNKNOWN
        if type(result) is Array and _too_big(result.shape):
            return UNKNOWN
        self.record_op(node, name or op, operands, result)
        return result

    def record_op(self, node: ast.AST, name: str, operands: tuple, result: Value) -> None:
        """Log an op in the run's op log when it keeps one (a measured call: ``shapecheck cost``)."""
        log = self.analysis.oplog
        if log is not None:
            log.record(self, node, name, operands, result)

    def call_function(self, node: ast.AST, fn: Function, args: list[Value], kwargs: dict[str, Value]) -> Value:
        result = self.analysis.call_function(self, node, fn, args, kwargs)
        if fn.closure is not None:
            for name in nonlocal_stores(fn.node):   # (what the closure rebound is not known here)
                if name in self.frame.env:
                    self.frame.env[name] = UNKNOWN
        return result

    # == iteration =================================================================================
    def bound_index(self, i: D.Dim, membership: Pred | None, node: ast.AST) -> None:
        """``i`` is a loop's index, ranging over ``membership``: a fact, and (for index bounds) a
        loop index of this frame until its loop ends (see Statements.stmt_For)."""
        if membership is None:
            return
        self.add_fact(Fact(membership))
        source = getattr(node, "iter", node)
        name = next(iter(D.free_symbols(i)))
        self.frame.loops[name] = LoopIndex(name, self.module.text_of(source), unsure=self.unsure)

    def iteration_value(self, iterable: Value, node: ast.AST) -> Value:
        t = type(iterable)
        if t is Range:
            i = self.analysis.fresh("i")
            if index_may_be_negative(iterable):
                i = D.signed(i)
            self.bound_index(i, range_membership(iterable, i), node)
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
                return each_item(iterable.element, self.analysis.fresh)
            if not items:
                return UNKNOWN
            return self.join_all(list(items))
        if t is Method and iterable.name in ("items",):
            return Tuple((UNKNOWN, UNKNOWN))
        return UNKNOWN


def _literal_alternatives_at(args: list[Arg], kwargs: dict[str, Arg]) -> int | None:
    """Where among a rule call's arguments (positional, then keyword) the first one of a few literal
    tuples is (``core.join.literal_tuple_options``); None where none is. A plain loop: this runs
    for every op call."""
    at = 0
    for a in (args, kwargs.values()):
        for arg in a:
            if type(arg.value) is Alternatives and literal_options(arg.value):
                return at
            at += 1
    return None


def _dispatch(prefix: str) -> dict:
    """AST node type -> the method for it (``stmt_If``, ``expr_Call``), over the mixins too."""
    table = {}
    for cls in reversed(Interpreter.__mro__):
        for name, fn in vars(cls).items():
            if name.startswith(prefix) and hasattr(ast, name[len(prefix):]):
                table[getattr(ast, name[len(prefix):])] = fn
    return table


_STMT_DISPATCH = _dispatch("stmt_")
_EXPR_DISPATCH = _dispatch("expr_")


def _position(node: ast.AST) -> tuple[int, int, int, int]:
    """Where an expression is in its file, for counting it once however often it is analysed."""
    return node.lineno, node.col_offset, node.end_lineno, node.end_col_offset


def _too_big(shape: Shape) -> bool:
    """More elements than an index can count: NumPy raises ("array is too big", even with a 0 among
    the other dims), and the next op would multiply numbers of millions of digits (a loop taking
    ``np.kron`` of its own result squares the size each pass)."""
    dims = shape.dims
    if not dims:
        return False
    size = 1
    for d in dims:
        if type(d) is int:
            size *= d if d > 1 else 1
            if size > sys.maxsize:
                return True
    return False



def _base_where(cls: Class, test, depth: int = 0) -> Class | None:
    """``cls`` or the first project base of it (depth first, as ``Class.lookup`` goes) that ``test`` accepts."""
    if test(cls):
        return cls
    for base in cls.bases:
        found = _base_where(base, test, depth + 1) if type(base) is Class and depth < 20 else None
        if found is not None:
            return found
    return None
