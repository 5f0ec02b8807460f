"""Functions and classes: each analysed once with unknown arguments (its *generic* analysis, whose
definite errors are reported at the op), and again per distinct call with the call's arguments
(memoised), whose errors are reported at the call (SC110) with the failing op as a related location.

Classes are analysed through a template instance that ``__init__`` fills; every method's generic
analysis runs on it. The incremental cache (incremental.py) supplies the analyses of unchanged
top-level definitions from an earlier run.
"""

from __future__ import annotations

import ast
import itertools
import os
import sys
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Iterator

from ...report.diagnostics import Related
from ...report.codes import raises
from ..core.frame import MAX_CALL_DEPTH, Frame
from ...constraints.shapes import Middle, Shape
from ...constraints import dims as D
from ...constraints.predicates import map_pred, pred_degree, pred_symbols, substitute_pred
from ...constraints.solver import Fact
from ..core.freshen import anonymous_middles, map_dims, name_middles, value_symbols
from ..core.module import ModuleInfo
from ..core.scalar_names import bare_symbol, nameable
from ..core.join import join_returns
from ..core.values import (LAYER_BASE, NONE, UNKNOWN, Alternatives, Array, Class, Dict, Float, Function, HeapClock, Instance, Int,
                           LazyImport, List,
                           TorchModule, Tuple, Unknown, Value, derived_mark)
from ..rules.registry import unbuilt_layer
from ..rules.torch_nn import KEEPS_SHAPE
from ..interp.annotations import MISMATCH, bind_call_scope, check_call
from ..interp.interpreter import Interpreter
from ..interp.semantics import expected_to_fail, is_generator, is_placeholder
from ..interp.attribute_stores import unsettle
from ..rules.flax import is_linen_module
from .binding import CONSTRUCTORS, bind_call, parameter_values
from .callsites import (MAX_ROUNDS, PASSED_ARRAYS, PASSED_INT, PASSED_NONE, PASSED_NUMBER, REVEALS, CallSites, layer_factories, open_parameters,
                        rerun_wanted)
from .dependencies import CALL, TEMPLATE, Recorder, unit_of
from .incremental import Entry, module_opaques
from .kept_summaries import KeptSummaries
from .effects import receiver_of, record_effect, record_made, record_writes
from .shared_summaries import RunSummaries, local_value, method_key, store_for
from .passed_containers import changed_parameters, passed_containers
from .relocation import NotRelocatable, freeze, refusing, resolver, thaw
from .alpha_keys import AlphaSummaries
from .follow_allowance import AllowanceSpent, handed, unsettle_handed
from .renaming import IDENTITY, NO_NAMES, Names, Renaming, canonical, rename
from .signatures import signature_text
from . import template_namings
from .template_namings import VERIFIED, make_namings, named_attributes, naming_pattern, namings_between, snapshot
from .template_prints import start, template_print
from .summaries import (KeyCache, Summary, Worth, attribute_keys, call_key, content_key, held_names, holds_object, projected_key, symbol_number,
                        projection_holds, reads_hold,
                        summarisable, without_first_argument)
from .parametric import (AT as PARAMETRIC_AT, ENABLED as PARAMETRIC, VERIFY, Parametric, ShapeEntry, abstract_sizes,
                         made_up_canonical, observed_at, outcome_values, placeholder, same_outcome, substitution)

if TYPE_CHECKING:
    from .analysis import Analysis


#: How many runs of one function's code may be in progress at once, each of another closure (a
#: function made anew by each run of the one that makes it): a closure that makes another of itself
#: and calls it recurses like a function calling itself, which is cut at once, but through a new
#: object each time it ran to MAX_CALL_DEPTH, both branches of each ``if`` at every level
#: (torch_geometric's ``deprecated(details)(cls)`` decorates ``cls.__init__`` with
#: ``deprecated(details)`` again: 13,300 runs of ``deprecated`` for each file importing the package).
#: Two keep a decorator applied twice (``deco(deco(f))``) and ``compose(compose(f, g), h)`` whole.
MAX_REENTRY = 2
#: A function whose calls no summary answered this many times per one answered (and once more) is
#: keyed no more in the run: its calls run its body, as a miss did, without the walk of their
#: objects a key is (a hit saves a body run, ten to thirty keys' cost, so only rare hits are given
#: up). scikit-learn's gradient-boosting tests call a tree grower's methods 10,000 times, each
#: changing the grower, none answered: a sixth of the file's time went to their keys.
MAX_KEY_MISSES = int(os.environ.get("SHAPECHECK_KEY_MISSES", "32"))

#: The body runs a file's calls into other modules may expand to, counted whole: a call a summary
#: answers counts every run its making took, its callees' too, as if nothing were kept, so the count
#: is the same however each call is answered (run, reused, shared by another file's run of the
#: process or not), and so are the findings under -j 1 and -j N. Past it, a call from the checked
#: file into another module is not followed: its result is unknown, never an error
#: (``Calls.unfollowed``, in the statistics). Test files call into their library thousands of
#: times with new objects each time: scikit-learn's tests expand to 100,000-3,300,000 (its
#: ColumnTransformer tests: 233,090 in 6,229 real runs, 95% of the file's time, 5 s); the most in
#: a model file of the corpora is timm's efficientnet.py, 20,046 (0.7 s).
LIBRARY_ALLOWANCE = int(os.environ.get("SHAPECHECK_LIBRARY_ALLOWANCE", "25000"))

#: A demand's kind (``Reading.demands``) where a broadcast gave a parameter its least rank
#: (``Analysis.floor_rank``); True is a layer's guess, False an op's demand.
FLOOR = "floor"
#: ... and where a join met a parameter of unknown rank with an array of known rank (``Analysis.join_rank``)
JOINED = "joined"


def _holds(value, obj: Instance, seen: set, depth: int) -> bool:
    """Whether ``value`` is ``obj`` or holds it, ``depth`` objects deep (in attributes, items, options)."""
    if value is obj:
        return True
    if depth < 0 or id(value) in seen:
        return False
    seen.add(id(value))
    t = type(value)
    if t is Instance:
        return any(_holds(v, obj, seen, depth - 1) for v in value.attrs.values())
    if t in (List, Tuple):
        return value.items is not None and any(_holds(v, obj, seen, depth) for v in value.items)
    if t is Dict:
        return any(_holds(v, obj, seen, depth) for _, v in value.items)
    if t is Alternatives:
        return any(_holds(v, obj, seen, depth) for v in value.options)
    return False


def _reentered(fn: Function, stack: tuple) -> bool:
    node = fn.node
    return sum(1 for f in stack if f.node is node) >= MAX_REENTRY


#: Z3 steps a question may take in a coverage-only re-run (``Calls.rerank``): it reports no error,
#: so a hard question left open costs nothing but the shapes it might have pinned.
RERUN_RLIMIT = 250_000
#: The ranks above a broadcast's floor a re-run tries where the code fails at the floor, before
#: those below it (``rerank``).
MAX_FLOOR_STEPS = 3


class RankFixed(Exception):
    """An op fixed the rank of a parameter the generic analysis in progress runs at an unknown rank:
    the run stops, to start again at that rank (``Calls._at_fixed_ranks``)."""


@dataclass
class Reading:
    """What a body run in progress reads and demands besides its arguments, its callees' included
    (its summary keeps it)."""

    reads: dict = field(default_factory=dict)     # (id(env), name) -> GlobalRead | None: the globals read
    outside: list = field(default_factory=list)   # the names (renaming.py) they hold, a set per global
    demands: list = field(default_factory=list)   # (guess, middle, count): the ranks its ops demanded of a
    #                                               caller's parameter (Analysis.learn_rank, guess_rank, floor_rank)
    counted: list = field(default_factory=list)   # (unknown call?, position, value or name): the checked
    #                                               file's array expressions and calls without a rule it met
    local: bool = False   # it read what is this run's own, not a kept module's (shared_summaries.py)
    # id of a LazyImport -> (it, its value): the imported names it resolved, each once, as last
    # resolved (a caller's holds its callees': kept as lists, scikit-learn's linear_model held 685,000
    # pairs over 7,656 calls, 144,000 distinct, one call's 7,333; a callee's dict is taken whole)
    resolved: dict = field(default_factory=dict)
    _outside: set = field(default_factory=set)     # the ids of ``outside``'s sets (each kept once)
    decided: set = field(default_factory=set)      # the symbols a decision of it read (parametric.py, P1)

    def take(self, reads: dict, outside, demands, counted=(), local: bool = False, resolved=(), decided=()) -> None:
        """A callee's reads and demands are its caller's too; the caller's own first read of a name
        comes first."""
        self.local = self.local or local
        self.decided.update(decided)
        if resolved:
            self.resolved.update(resolved if type(resolved) is dict else {id(pair[0]): pair for pair in resolved})
        for key, read in reads.items():
            self.reads.setdefault(key, read)
        held = self._outside
        for names in outside:
            if id(names) not in held:
                held.add(id(names))
                self.outside.append(names)
        self.demands.extend(demands)
        self.counted.extend(counted)


@dataclass
class GenericResult:
    errors: set            # (line, column, code) of definite errors found without call context
    returns: Value
    preconditions: list
    # parameters as refined by the body (its other locals are no part of its result, and a closure
    # among them would keep an editor from reusing the analysis: relocation.py)
    final_env: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)
    signature: str | None = None   # its one-line signature, once printed (kept with cached results)


def _parameters(fn: Function, env: dict) -> dict:
    args = fn.node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg] if a is not None]
    return {name: env[name] for name in names if name in env}


def _methods(cls: Class) -> list[Function]:
    return [m for m in cls.namespace.values() if type(m) is Function]


def _constructors(cls: Class) -> list[Function]:
    """The functions that build ``cls``'s template: ``__init__``, and a linen module's ``setup``."""
    init, setup = cls.lookup("__init__"), cls.lookup("setup")
    return ([init] if type(init) is Function else []) + ([setup] if type(setup) is Function and is_linen_module(cls) else [])


def is_method(fn: Function) -> bool:
    return "." in fn.qualname and "<locals>" not in fn.qualname.rsplit(".", 1)[0]


def _for_the_caller(assured: list, made: range, outcome: tuple) -> tuple:
    """The preconditions of ``assured`` over symbols the caller holds: those the call was given (its
    arguments', its objects', the globals') and those its run made up that its outcome (result,
    refined and changed parameters) takes back to the caller (``x.shape[-1]`` of an argument of
    unknown rank that a LayerNorm's check gave a last dim); not the others, which mean nothing there.
    Only those over plain products and sums of sizes (a width, ``x2 == dim``; ``h*d == inner``): a
    block's divisibility checks and broadcasts (``(B*H*W) % window_area == 0``, ``max(C, C')``) made
    the caller's every later question theirs, and Z3 ran out of steps on one (timm's swin block)."""
    seen = None
    kept = []
    for pred in assured:
        if not _plain(pred):
            continue
        symbols = [s for s in pred_symbols(pred) if symbol_number(s) in made]
        if symbols and seen is None:
            result, refined, changed = outcome
            seen = value_symbols(Tuple((result,) + tuple(v for _, v in refined + changed)))
        if all(s in seen for s in symbols):
            kept.append(pred)
    return tuple(kept)


def _plain(pred) -> bool:
    """Whether ``pred`` compares polynomials of degree <= 2 over sizes (no ``//``, ``%``, max, min)."""
    if pred.kind in ("and", "or", "not"):
        return all(_plain(part) for part in pred.args)
    return pred_degree(pred) <= 2 and all(type(atom) is D.Sym for d in pred.args for atom in D.atoms_of(d))


def _assure(caller: Interpreter, node: ast.AST, fn: Function, assured: tuple, made_up: dict, names, bound) -> None:
    """What a call's body required on every way to a normal return (``Summary.assured``) holds in the
    caller once the call has returned, as a requirement of its own would: a block's LayerNorm over
    ``x``'s last dim makes that dim the block's width for what follows (``x = block(x) + x`` keeps
    ``x``'s shape, and its loop settles in one pass), and a later requirement that contradicts it
    fails for every input. A reused summary's, in this call's names (``made_up``: the fresh names its
    own symbols took; ``names``: a renamed call's; ``bound``: a parametric one's sizes). Not inside a
    ``try`` (a handler may catch the failure), nor through a decorator's wrapper (it may pass the
    body other arguments than the call's)."""
    if caller.try_depth or fn.wrapped:
        return
    short = fn.qualname.split(".<locals>.")[-1]
    onward = caller.on_every_way_out()   # (the caller's own callers hold it too: a wrapper's call)
    for pred in assured:
        if made_up:   # (a reused summary's own symbols, fresh at each use as in its outcome)
            pred = substitute_pred(pred, made_up)
        if names:
            pred = substitute_pred(pred, names.symbols)
        if bound is not None:
            pred = map_pred(pred, bound)
        caller.add_fact(Fact(pred, caller.module.origin(node, f"required by {short}()")))
        if onward:
            caller.frame.assured.append(pred)


def _top_level(fn: Function) -> bool:
    return fn.closure is None and "." not in fn.qualname and not isinstance(fn.node, ast.Lambda)


def _run_body(interp: Interpreter, fn: Function, frame: Frame) -> bool:
    """Run ``fn``'s body in ``frame``; whether the call surely raises (every way through its body
    ends in a ``raise`` or a failing ``assert``: a generator's call raises nothing yet)."""
    if isinstance(fn.node, ast.Lambda):
        frame.returns.append(interp.eval(fn.node.body))
        return False
    if is_placeholder(fn.node):
        frame.returns.append(UNKNOWN)   # what an override returns (semantics.is_placeholder)
        return False
    raises = interp.run_body(fn.node.body) == "raise"
    # a generator's call gives its items, any number of them (the text tests first: walking every
    # body for a yield was 4% of vit-pytorch's calls, and of scikit-learn's, whose modules mostly
    # hold a generator somewhere, 2%: the function's own lines are read before its tree)
    if fn.module.mentions_yield and _yields_in_text(fn) and is_generator(fn.node):
        frame.returns[:] = [List(None, interp.join_all(frame.yields) if frame.yields else UNKNOWN)]
        return False
    return raises


def _yields_in_text(fn: Function) -> bool:
    """Whether the word ``yield`` is in the lines of ``fn``'s own text (a nested function's included)."""
    node = fn.node   # (the lines joined: no Python frame per line, as a generator over them takes)
    return "yield" in "\n".join(fn.module.lines[node.lineno - 1:node.end_lineno])


def _with_made(summary: Summary, made: int, keys: KeyCache, args: tuple) -> Summary | None:
    """``summary`` with its result, which holds objects, kept as a snapshot of those its run made
    (objects numbered from ``made`` on) and of those its call's arguments ``args`` reach, by where
    (effects.Made); None where that cannot be exact."""
    snapshot = record_made(summary.result, made, args)
    if snapshot is None:
        return None
    names = frozenset(n for n in held_names(snapshot.value, keys) if type(n) is tuple)
    return replace(summary, result=snapshot.value, made=replace(snapshot, names=names))


def _inexact(summary: Summary | None, symbols: tuple, first: ShapeEntry) -> str | None:
    """Why a parametric run's summary does not stand for every call of its shape key (P1-P3)."""
    if summary is None:
        return "recursion"
    if summary.errors:
        return "error"
    if not summary.decided.isdisjoint(symbols):
        return "decision"
    if summary.effect is not None or holds_object(outcome_values(summary)):
        return "object"
    if not same_outcome(first.summary, first.given, summary, symbols, first.sizes):
        return "differs from the first call"
    return None


def _decided_as(decided: frozenset, names: Names | None) -> frozenset:
    """A reused summary's decided symbols as its new call names them."""
    if not decided or not names or not names.symbols:
        return decided
    return frozenset(s for name in decided for s in D.free_symbols(names.dim(D.sym(name))))


def _errors(findings, start: int) -> set:
    return {(d.span.line, d.code) for d in findings.diagnostics[start:] if d.severity == "error"}


def _learn_arguments(caller: Interpreter, node: ast.AST, fn: Function, args: list, refined: dict) -> None:
    """The callee gave some parameters a rank (``B, T, C = x.size()`` at its top level): an argument
    of unknown rank passed there by name has that shape in the caller too, from the call on."""
    if not isinstance(node, ast.Call):
        return
    params = [p.arg for p in fn.node.args.posonlyargs + fn.node.args.args]
    offset = len(args) - len(node.args)          # a bound method's receiver comes first
    for i, arg_node in enumerate(node.args):
        if isinstance(arg_node, ast.Starred):
            return
        j = i + offset
        if 0 <= j < len(params) and params[j] in refined:
            _learn(caller, arg_node, refined[params[j]])
    for kw in node.keywords:
        if kw.arg in refined:
            _learn(caller, kw.value, refined[kw.arg])


def _learn(caller: Interpreter, arg: ast.expr, value: Value) -> None:
    # through a layer that keeps its input's shape (``self.ln_1(x)``): the input has that shape too
    while (isinstance(arg, ast.Call) and len(arg.args) == 1 and not arg.keywords
           and _keeps_shape(caller, arg.func)):
        arg = arg.args[0]
    if not isinstance(arg, ast.Name):
        return
    current = caller.frame.env.get(arg.id)
    if type(current) is Unknown or (type(current) is Array and current.shape.rank is None):
        caller.refine_name(arg.id, value, caller.statement)


def _keeps_shape(caller: Interpreter, func: ast.expr) -> bool:
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
        return False   # only a layer held on the object: re-reading it has no effects
    layer = caller.eval(func)
    return type(layer) is TorchModule and layer.kind in KEEPS_SHAPE


class Calls:
    """The generic analyses, the call memo and the queue of what is still to analyse, for one run."""

    def __init__(self, run: "Analysis"):
        self.run = run
        self.generic: dict[Function, GenericResult] = {}
        self.running: set[Function] = set()
        self.summaries: dict = {}      # call key -> Summary (summaries.py)
        # a lambda's key (its code and what it reads: summaries._Keys.closure) -> its generic analysis
        # (result, uses, window, call-site ranks seen, blind count): ``_lambda_again``
        self.lambdas: dict = {}
        self.keys = KeyCache()
        self.keys.lazy_values = run.modules.lazy_values
        self.alpha = AlphaSummaries(self.keys)   # summaries by the call up to every name (alpha_keys.py)
        self.projecting = Worth()      # the functions whose calls are still keyed by projection
        # the functions whose calls are still keyed at all: one whose calls no summary answers costs
        # a key's walk of its objects per call and keeps a summary no call reads; an editor's runs
        # key every call (their summaries are kept across runs)
        self.keying = Worth(MAX_KEY_MISSES) if not run.project.incremental else None
        self.body_runs = 0             # bodies run for a call
        self.reused = 0                # calls answered by a summary instead
        self.expanded = 0              # body runs so far, a summary's counted whole (LIBRARY_ALLOWANCE)
        self.library_spent = 0         # ... of them under calls from the checked file into other modules
        self.following = False         # inside such a call
        self.follow_limit: int | None = None   # the count of ``expanded`` past which that call is abandoned
        self.unfollowed = 0            # such calls not followed, the allowance spent
        self.instances: dict[Class, Instance] = {}
        self.pending: list = []
        self.windows: dict = {}        # Function -> (diagnostics, notes) its generic analysis produced
        self.restored: set = set()     # classes whose analyses came from the cache
        self.sites = CallSites()       # the ranks calls give parameters (callsites.py)
        self.receivers: dict = {}      # Function -> the receiver its generic analysis ran with
        self.reranked: dict = {}       # Function -> the call-site ranks (and object) its last re-run used
        self.rerunning: list = []      # per re-run in progress: whether a call in it failed (``_rerun``)
        self.built: dict = {}          # Class -> (the layers its constructor was given, the object built)
        self.blind: dict = {}          # Function -> how many expressions of unknown rank its last generic run met
        #                                (a run stopped where a parameter's rank was fixed counts one: it
        #                                met that parameter at an unknown rank, which the rest of the
        #                                code would have met too)
        self.stopped = 0               # generic analysis runs stopped so (RankFixed)
        self.open_depth = 0            # bodies being run for a call with arguments of unknown number
        self.reading: list[Reading] = []  # what the body runs in progress read, innermost last
        # which definitions of the checked module each analysis used (dependencies.py)
        self.recorder = Recorder(run.project.incremental)
        self.generic_uses: dict = {}   # Function -> what its generic analysis used
        self.template_uses: dict = {}  # Class -> what building its template instance used
        self.pristine: dict = {}       # Class -> its template as its constructors left it, frozen (Entry.pristine)
        self.prints: dict = {}         # Class -> that template's print (template_prints.py; None: none)
        # (path, qualname) -> the first function of that name defined in a generic analysis: the
        # one whose signature a nested function has (signatures.function_signatures)
        self.first_defined: dict = {}
        self.restored_signatures: dict = {}   # qualname -> signature: nested functions of reused definitions
        # per generic analysis or module body run in progress, innermost last: (function, its
        # environment) where a parameter's rank fixed stops it (``_run_generic``), else None
        self.stops: list = []
        self.nested: dict = {}         # Function -> the signatures of the functions its generic analysis defined
        self.kept_parts: dict = {}     # method -> its analysis's incremental.Part, where it was reused
        self.kept: KeptSummaries | None = None   # the summaries of earlier runs (kept_summaries.py)
        self.shared: RunSummaries | bool | None = None   # those of the process's other runs (False: none)
        self.tracked: dict = {}        # Function -> the Reading of its generic analysis, to share (shared_summaries.py)
        self.scheduled = 0             # functions and classes defined so far, to analyse later
        self.replayed: list = []       # (diagnostics, notes) of reused analyses: flush_replayed
        self.partial: set = set()      # classes reused in part (some methods analysed again)
        self.mutated: set = set()      # classes a method's generic analysis changed the template of
        # a method analysed again changed the template of a class reused in part, whose other
        # methods' kept analyses read it unchanged: the run must be made again, whole (run.py)
        self.inexact = False
        self.call_ids: dict = {}       # id of a summary of this run -> (it, the id its call is kept by: dependencies.CALL)
        self.outcomes: dict = {}       # a kept call's id -> its outcome's print in this run (call_outcome)
        self.calling_again: set = set()   # the kept calls being made again (call_outcome)
        # kept classes' templates and their methods' generic analyses, shared with the process's other
        # runs (``_shared_method``): the kept classes whose template its constructors' analyses built
        # (whole), those a method's analysis changed, what building each read (None: not to share)
        self.whole: set = set()
        self.unsettled: set = set()
        self.built_reads: dict = {}
        self.deferred: set = set()     # kept classes whose build shared analyses stood for: made whole when needed
        self.template_names: dict = {}   # kept class -> the namings of its template so far (template_namings.py)
        self.verifying: dict = {}      # method -> the shared analysis it is made again against (``_verify_namings``)
        self.building: set = set()     # classes whose template is being built
        # shape keys and their parametric summaries (parametric.py); an editor's runs keep none
        self.parametric = Parametric() if PARAMETRIC and not run.project.incremental else None

    @contextmanager
    def open_call(self):
        """Around the body run for a call with arguments of unknown number (``f(x, **options)``)."""
        self.open_depth += 1
        try:
            yield
        finally:
            self.open_depth -= 1

    @contextmanager
    def _context_free(self):
        """Around an analysis that is kept for every later caller (a generic analysis, a re-run): it
        must not depend on whether the call that asked for it was an open one."""
        depth, self.open_depth = self.open_depth, 0
        try:
            yield
        finally:
            self.open_depth = depth

    def opens_call(self) -> bool:
        """Whether a call with arguments of unknown number runs the project's code it reaches: only
        outside another such call's body. Inside one, every parameter the outer call did not name is
        already unknown, and passing them on with ``**kwargs`` again (timm's ``resnet50(**kwargs)`` ->
        ``_create_resnet(variant, **kwargs)`` -> ``build_model_with_cfg(ResNet, **kwargs)``) would run a
        model's constructor once per factory function, with nothing known that its generic analysis
        does not know already (timm's resnet.py: 10x the bodies run, 5x the time)."""
        return not self.open_depth

    @contextmanager
    def unstoppable(self) -> Iterator[None]:
        """Around a module's body run from inside a generic analysis (an import it resolves): no
        demand in it stops that analysis (a module's body is run once, to its end)."""
        self.stops.append(None)
        try:
            yield
        finally:
            self.stops.pop()

    def _unlogged(self):
        return self.run.oplog.pause() if self.run.oplog is not None else nullcontext()

    @contextmanager
    def uncounted(self):
        """Work on the side of the calls (a generic analysis, a template, a module's top level),
        made here or taken from another file's run: its body runs count toward no call's
        LIBRARY_ALLOWANCE, so the count is the same either way."""
        expanded, limit, self.follow_limit = self.expanded, self.follow_limit, None
        try:
            yield
        finally:
            self.expanded, self.follow_limit = expanded, limit

    def _expand(self, runs: int) -> None:
        """Count ``runs`` body runs (a summary's counted whole); past what is left of the allowance
        under a followed call, abandon it (follow_allowance.py)."""
        self.expanded += runs
        if self.follow_limit is not None and self.expanded > self.follow_limit:
            raise AllowanceSpent

    # -- the queue --------------------------------------------------------------------------------
    def schedule(self, item: Function | Class) -> None:
        self.scheduled += 1
        self.pending.append(item)
        if type(item) is Function and "<locals>" in item.qualname:
            self.first_defined.setdefault((item.module.path, item.qualname), item)

    def drain(self) -> None:
        while self.pending:
            item = self.pending.pop(0)
            if type(item) is Class:
                self.analyse_class(item)
            else:
                self.ensure_generic(item)

    # -- classes ----------------------------------------------------------------------------------
    def held_by_template(self, obj: Instance) -> bool:
        """Whether ``obj`` is an object a class's template instance holds: the state its constructor
        left, which a method of its own not analysed here may have changed since
        (``self.pages.append(page)`` of the ``TiffPages`` a ``TiffFile`` holds)."""
        seen: set = set()
        return any(_holds(inst, obj, seen, 3) for inst in self.instances.values())

    def generic_instance(self, cls: Class) -> Instance:
        with self.uncounted():
            return self._generic_instance(cls)

    def _generic_instance(self, cls: Class) -> Instance:
        self.recorder.use(cls)
        inst = self.instances.get(cls)
        if inst is None:
            inst = self._template(cls)
        # what reads the template depends on its value where it has a print, else on what built it
        if self.prints.get(cls) is not None:
            self.recorder.note(TEMPLATE + cls.qualname)
        else:
            self.recorder.note_all(self.template_uses.get(cls))
        return inst

    def _template(self, cls: Class) -> Instance:
        """The class's template instance in this run: kept, with the kept analyses of its methods
        that hold, while what built it holds; else built again, and where it equals the kept one
        (its print), the kept analyses of its methods that hold but for it are kept too."""
        incremental = self.run.incremental
        kept_entry = incremental.kept(cls.module, cls.node.name) if "." not in cls.qualname else None
        if kept_entry is not None and incremental.built(cls.module, kept_entry):
            entry = incremental.revived(cls.module, cls.node.name, kept_entry)
            if entry is not None:
                self.prints[cls] = entry.print   # its methods' kept analyses read it (TEMPLATE)
                kept = self._kept_parts(cls, entry, _methods(cls))
                if kept is not None:
                    return self._adopt(cls, entry, kept, entry.uses, whole=True)
                inst = self._pristine_template(cls, entry)
                if inst is not None:
                    return inst
                del self.prints[cls]
                incremental.forget_print(cls.module, cls.qualname)
        # only the checked module's classes are kept (incremental.key): another module's template is
        # decided by that module's source, which every entry holds, so what reads it needs no print of
        # it (a print here would be a TEMPLATE dependency no later run can match: ModuleKeys._piece)
        kept_here = ("." not in cls.qualname and incremental.enabled and cls.module.reported
                     and cls.lookup("setup") is None)
        first = start(self.run.symbols) if kept_here else None
        with self.recorder.apart() as used:
            inst = self._build_template(cls)
        self.template_uses[cls] = frozenset(used)
        if kept_here:
            snapshot = self.pristine[cls] = incremental.snapshot(inst)
            self.prints[cls] = template_print(snapshot, first) if snapshot is not None else None
        if kept_entry is None or self.prints.get(cls) is None or self.prints[cls] != kept_entry.print:
            return inst
        # the constructors, run again, left the kept template: keep it (its methods' kept analyses
        # hold its symbols) and the analyses that hold but for what built it -- unless the build ran
        # a method on the new one (its analysis holds the new template's symbols)
        rerun = [m for m in _methods(cls) if m in self.generic and m.node.name not in CONSTRUCTORS]
        entry = incremental.revived(cls.module, cls.node.name, kept_entry) if not rerun else None
        others = [m for m in _methods(cls) if m not in self.generic]
        kept = self._kept_parts(cls, entry, others) if entry is not None else None
        if kept is None:
            return inst
        self.pristine[cls] = kept_entry.pristine
        return self._adopt(cls, entry, kept, frozenset(used), whole=False)

    def print_of(self, module: ModuleInfo, name: str) -> str | None:
        """The print of the template of the module's top-level class ``name`` in this run
        (template_prints.py); None where it has none, or none yet: a template is not made to answer
        (asked while another class's kept analyses are checked, a build would run inside that
        check), so a kept analysis reading a template not made yet is analysed again."""
        cls = module.env.get(name)
        if type(cls) is not Class or cls.qualname != name or cls.module is not module:
            return None
        return self.prints.get(cls)

    def _adopt(self, cls: Class, entry: Entry, kept: dict, uses: frozenset, whole: bool) -> Instance:
        """The kept template of ``cls`` and the kept analyses of its methods in ``kept``; ``whole``:
        what built it is what built the kept one (else the class's entry is kept anew)."""
        inst = self.instances[cls] = entry.template
        self.template_uses[cls] = uses
        for member, part in kept.items():
            self.generic[member] = entry.results[member.qualname]
            self.generic_uses[member] = part.uses
            self.kept_parts[member] = part
            self._replay_part(part)
        (self.restored if whole and len(kept) == len(_methods(cls)) else self.partial).add(cls)
        return inst

    def _pristine_template(self, cls: Class, entry: Entry) -> Instance | None:
        """The template its constructors left (``Entry.pristine``), where the kept class cannot be
        reused in part but what built its template holds: its methods run again on it, as on a
        template just built, and its constructor's kept analysis is replayed."""
        init = cls.lookup("__init__")
        part = entry.parts.get(init.qualname) if type(init) is Function else None
        if part is None or not self.run.incremental.holds(cls.module, part) or init.qualname not in entry.results:
            return None
        inst = self.run.incremental.pristine(entry)
        if not (type(inst) is Instance and inst.cls is cls):
            return None
        self.instances[cls] = inst
        self.template_uses[cls] = entry.uses
        self.pristine[cls] = entry.pristine
        self.generic[init] = entry.results[init.qualname]
        self.generic_uses[init] = part.uses
        self.kept_parts[init] = part
        self._replay_part(part)
        return inst

    def _build_template(self, cls: Class) -> Instance:
        inst = self.instances[cls] = Instance(cls, template=True)
        # a build that shared analyses stood for (``_shared_method``) is made now as it would have been
        # then: whole, its constructors' analyses run on it whatever this run analysed since
        constructors = _constructors(cls)
        again = cls in self.deferred and not any(c in self.running for c in constructors)
        self.deferred.discard(cls)
        whole = again or not any(c in self.generic or c in self.running for c in constructors)
        # what the build read, its methods' shared analyses hold under too (not known for a build again)
        self.built_reads[cls] = ((), ()) if whole and not again and cls.module.shared else None
        self.building.add(cls)
        try:
            for fn in constructors:
                # Flax runs a linen module's setup once, before any of its methods: like __init__'s, what
                # it stores on self is what every method sees (not one possibility, as a template's are)
                inst.template = fn is not cls.lookup("setup")
                try:
                    if again:
                        self._analyse_generic(fn, inst, ())
                    else:
                        self.ensure_generic(fn, receiver=inst)
                finally:
                    inst.template = True
        finally:
            self.building.discard(cls)
        if not constructors:   # a torch layer's subclass its base builds
            layer = unbuilt_layer(cls, self.run.fresh)
            if layer is not None:
                inst.attrs[LAYER_BASE] = layer
        if again and self.template_names.get(cls):   # named as the analyses taken named it (``_shared_method``)
            objects = snapshot(inst)
            writes = named_attributes(objects, self.template_names[cls], self.run.fresh) if objects is not None else None
            if writes is not None:
                make_namings(objects, writes)
        if whole:
            self.whole.add(cls)
        unsettle(inst)
        return inst

    def analyse_class(self, cls: Class) -> None:
        inst = self.generic_instance(cls)
        if cls in self.restored:
            return
        for name, member in cls.namespace.items():
            if type(member) is Function and name != "__init__":
                self.ensure_generic(member, receiver=inst)
        if "." not in cls.qualname:
            self._save_class(cls, inst)

    # -- the incremental cache --------------------------------------------------------------------
    def _kept_parts(self, cls: Class, entry: Entry, methods: list) -> dict | None:
        """Those of ``methods`` of ``cls`` whose kept analyses (``entry``'s parts) still hold; None
        where the entry cannot be reused: another template, or methods to analyse again while a
        method's analysis changed the template (``Entry.separable``)."""
        if not (type(entry.template) is Instance and entry.template.cls is cls):
            return None
        incremental = self.run.incremental
        kept = {m: entry.parts[m.qualname] for m in methods
                if m.qualname in entry.parts and incremental.holds(cls.module, entry.parts[m.qualname])}
        if len(kept) < len(methods) and not (entry.separable and incremental.partial):
            return None
        return kept

    def _replay_part(self, part) -> None:
        self.run.incremental.reused += 1
        self.restored_signatures.update(part.nested)
        self.replayed.append((part.diagnostics, part.notes))

    def flush_replayed(self) -> None:
        """Give the findings of the reused analyses to the run, once its own have all been made: made
        during an analysis, they would be in its window, and kept with it as its own (a class's
        notes replayed into the window of the function whose run built the object, then replayed
        again by that function's entry at positions no longer the class's)."""
        findings = self.run.findings
        for diags, notes in self.replayed:
            for d in diags:
                findings.emit(d)
            findings.notes.extend(notes)
        self.replayed.clear()

    def _save_class(self, cls: Class, inst: Instance) -> None:
        """Keep the class's template and a part per method (incremental.Entry)."""
        incremental = self.run.incremental
        parts = {}
        for m in _methods(cls):
            part = self.kept_parts.get(m)
            if part is None:
                if m not in self.generic:
                    return
                diags, notes = self.windows.get(m, ((), ()))
                part = incremental.part(cls.module, m.qualname, self.generic_uses.get(m, frozenset()), diags, notes,
                                        self.nested.get(m, {}))
                if part is None:
                    return   # not kept (a one-shot run)
            parts[m.qualname] = part
        results = {m.qualname: self.generic[m] for m in _methods(cls)}
        incremental.save(cls.module, cls.node.name, results, inst, [], [], self.template_uses.get(cls, frozenset()),
                         {}, parts, cls not in self.mutated, self.pristine.get(cls), self.prints.get(cls))

    def _replay(self, entry: Entry) -> None:
        self.run.incremental.reused += len(entry.results)
        self.restored_signatures.update(entry.nested)
        self.replayed.append((entry.diagnostics, entry.notes))

    def _save(self, module, top_name: str, results: dict, template: Instance | None, fns, used: set,
              nested: dict) -> None:
        diags: dict = {}
        notes: list = []
        for fn in fns:
            d, n = self.windows.get(fn, ((), ()))
            diags.update(dict.fromkeys(d))
            notes.extend(n)
        self.run.incremental.save(module, top_name, results, template, list(diags), notes, frozenset(used), nested)

    def _nested_signatures(self, outer: Function) -> dict:
        """The signatures of the functions defined inside a top-level function or a method, each from
        the function its generic analysis defined, analysed now, not later in the queue: a reuse of
        the analysis replays them and what they found (its window), as no analysis of it defines
        them then."""
        prefix, path = outer.qualname + ".", outer.module.path
        findings = self.run.findings
        diags, notes = len(findings.diagnostics), len(findings.notes)
        out = {}
        for (where, qualname), fn in list(self.first_defined.items()):
            if where == path and qualname.startswith(prefix):
                self.ensure_generic(fn)
                text = signature_text(self.run, fn)
                if text is not None:
                    out[qualname] = text
        own = self.windows.get(outer)
        if own is not None and (len(findings.diagnostics) > diags or len(findings.notes) > notes):
            self.windows[outer] = (own[0] + findings.diagnostics[diags:], own[1] + findings.notes[notes:])
        return out

    # -- functions --------------------------------------------------------------------------------
    def ensure_generic(self, fn: Function, receiver: Value | None = None, stack: tuple = ()) -> GenericResult | None:
        """``fn``'s generic analysis (:meth:`_ensure_generic`), uncounted."""
        with self.uncounted():
            return self._ensure_generic(fn, receiver, stack)

    def _ensure_generic(self, fn: Function, receiver: Value | None = None, stack: tuple = ()) -> GenericResult | None:
        """Analyse ``fn`` with unknown arguments once; definite errors found so are reported there.

        ``stack`` is the chain of analyses that asked for it: beyond MAX_CALL_DEPTH the analysis is
        left for later (None), which keeps the interpreter's own recursion bounded."""
        recorder = self.recorder
        recorder.use(fn)
        hit = self.generic.get(fn)
        if hit is not None or fn in self.running or len(stack) >= MAX_CALL_DEPTH:
            recorder.note_all(self.generic_uses.get(fn))
            return hit
        lambda_key = content_key(fn, self.keys) if receiver is None and type(fn.node) is ast.Lambda else None
        if lambda_key is not None and lambda_key in self.lambdas:
            return self._lambda_again(fn, self.lambdas[lambda_key])
        top_level = _top_level(fn)
        if top_level:
            entry = self.run.incremental.cached(fn.module, fn.node.name)
            if entry is not None and fn.qualname in entry.results:
                self.generic[fn] = entry.results[fn.qualname]
                self.generic_uses[fn] = entry.uses
                recorder.note_all(entry.uses)
                self._replay(entry)
                return self.generic[fn]
        # another module's function: its analysis from an earlier run of the checked file, where
        # that module's source (and every other one the analysis had loaded) is as it was
        imported = self._kept_summaries() if top_level and not fn.module.reported else None
        if imported is not None:
            kept_result = imported.find_generic(fn)
            if kept_result is not None:
                self.generic[fn] = kept_result
                self.generic_uses[fn] = frozenset()
                return kept_result
        shared = self._shared_summaries() if top_level and fn.module.shared else None
        if shared is not None:
            found = shared.find_generic(fn, self.keys)
            if found is not None:   # another file's run of this process analysed it
                self.generic[fn] = found
                self.generic_uses[fn] = frozenset()
                return found
            return self._shared_generic(fn, shared, stack)
        if (type(receiver) is Instance and fn.module.shared and receiver.cls.module.shared and is_method(fn)
                and self.instances.get(receiver.cls) is receiver and self._shared_summaries() is not None):
            return self._shared_method_analysis(fn, receiver, stack)
        first, made = (start(self.run.symbols), self._made()) if imported is not None else (None, None)
        kept = top_level or unit_of(fn.qualname) == fn.qualname   # a top-level function or a method
        # a method's analysis that changes its class's template (Entry.separable)
        watched = (recorder.enabled and type(receiver) is Instance and receiver.template
                   and getattr(fn.node, "name", None) not in CONSTRUCTORS)
        before = content_key(receiver, self.keys) if watched else None
        with recorder.recording() as used:
            recorder.use(fn)   # its own text: a method's kept analysis has no key of its own
            result = self._analyse_generic(fn, receiver, stack)
            nested = self.nested[fn] = self._nested_signatures(fn) if kept else {}
        if watched and content_key(receiver, self.keys) != before:
            self.mutated.add(receiver.cls)
            self.inexact = self.inexact or receiver.cls in self.partial
        self.generic_uses[fn] = frozenset(used)
        if lambda_key is not None and self._solver_as_any_run() and content_key(fn, self.keys) == lambda_key:
            self.lambdas[lambda_key] = (result, self.generic_uses[fn], self.windows.get(fn, ((), ())),
                                        self.sites.by_root.get(fn, []), self.blind.get(fn, 0))
        if top_level and fn.module.reported:
            self._save(fn.module, fn.node.name, {fn.qualname: result}, None, [fn], used, nested)
        elif imported is not None and not used and made == self._made():
            imported.keep_generic(fn, result, first)   # it read nothing of the checked file and left nothing in the run
        return result

    def _solver_as_any_run(self) -> bool:
        """Whether the solver answers now as at any point of the run: its Z3 budget not spent, its
        step limit not lowered (a coverage-only re-run's): an analysis made otherwise is not reused
        for another function (``_lambda_again``), which a later run of it would analyse whole. (Nor
        is one that changed what the lambda reads, its key then another: a reuse would not change it.)"""
        solver = self.run.solver
        return solver.spent < solver.budget and solver.spent_s < solver.budget_s and solver.rlimit == self.run.options.rlimit

    def _lambda_again(self, fn: Function, done: tuple) -> GenericResult:
        """The generic analysis of a lambda equal, in its code and in what it can read of its closure
        and defaults (``summaries._Keys.closure``), to one analysed before: that one's, with what it
        found and saw made again (its diagnostics emitted, its notes and call-site ranks added), as
        running it again would. A lambda is a new object at each run of the body that makes it
        (vit-pytorch's ``map(lambda t: rearrange(t, ...), qkv)`` in every ``forward``: 1,063 generic
        runs of lambdas, one per ``forward`` run and rank restart)."""
        result, uses, (diagnostics, notes), observed, blind = done
        self.recorder.use(fn)
        self.recorder.note_all(uses)
        self.generic[fn], self.generic_uses[fn], self.windows[fn] = result, uses, (diagnostics, notes)
        self.receivers[fn], self.blind[fn], self.sites.by_root[fn] = None, blind, observed
        findings = self.run.findings
        for diagnostic in diagnostics:
            findings.emit(diagnostic)
        findings.notes.extend(notes)
        return result

    @contextmanager
    def _read_apart(self) -> Iterator[Reading]:
        """Around an analysis to share: what it reads, kept apart, then its caller's too."""
        reading = Reading()
        self.reading.append(reading)
        try:
            yield reading
        finally:
            self.reading.pop()
            self._pass_reading(reading.reads, reading.outside, reading.demands, reading.counted, reading.local,
                               reading.resolved, reading.decided)

    def _shared_generic(self, fn: Function, shared: RunSummaries, stack: tuple) -> GenericResult:
        """The generic analysis of a kept module's top-level function, made here and shared with the
        process's other runs where it read nothing of this run's own (shared_summaries.py)."""
        steps, z3, made = self.run.budget.steps, self.run.solver.spent, self._made()
        with self._read_apart() as reading:
            self.tracked[fn] = reading
            try:
                result = self._analyse_generic(fn, None, stack)
            finally:
                del self.tracked[fn]
        self.generic_uses[fn] = frozenset()
        if made == self._made():
            shared.keep_generic(fn, result, reading, self.run.budget.steps - steps, self.run.solver.spent - z3)
        return result

    def _shared_method_analysis(self, fn: Function, receiver: Instance, stack: tuple) -> GenericResult:
        """The generic analysis of a kept class's method on the template of ``receiver``'s class (a
        kept class), made here and shared with the process's other runs (``_shared_method``) where
        it read nothing of this run's own, left nothing in the run, and ran on the template as its
        constructors built it: whole and changed since by namings alone (a constructor's analysis,
        during the build, is part of it). An analysis that names attributes of the template is
        shared with those namings (template_namings.py); one that changes it otherwise is not, and
        none of that class is from then on in this run."""
        cls, shared = receiver.cls, self._shared_summaries()
        constructor = cls in self.building   # an analysis during the build (a constructor's, a method it calls)
        settled = cls in self.whole and cls not in self.unsettled
        before = content_key(receiver, self.keys) if not constructor else None
        held = snapshot(receiver) if not constructor else None
        named, first = self.template_names.get(cls, ()), self.run.symbols + 1
        steps, z3, made = self.run.budget.steps, self.run.solver.spent, self._made()
        with self._read_apart() as reading:
            result = self._analyse_generic(fn, receiver, stack)
        self.generic_uses[fn] = frozenset()
        build = self.built_reads.get(cls)
        namings = () if constructor else self._namings_of(receiver, held, before, first)
        if fn in self.verifying:
            self._verify_namings(fn, result, named, namings, receiver)
        if namings is None:
            self.unsettled.add(cls)
            return result
        # a method it ran named the template too (its analysis made or taken inside this one): kept
        # apart, each with its own namings, a run that takes this one would not know that one ran
        inner = self.template_names.get(cls, ()) != named
        if namings:
            self.template_names[cls] = named + namings
        if build is not None and (constructor or settled) and not inner:
            if made != self._made() or reading.local or reading.counted:
                if constructor:
                    self.built_reads[cls] = None
                return result
            shared.keep_generic(fn, result, reading, self.run.budget.steps - steps, self.run.solver.spent - z3,
                                key=method_key(fn, cls), also=build, named=(named, namings))
            if constructor:
                self.built_reads[cls] = (build[0] + tuple(r for r in reading.reads.values() if r is not None),
                                         build[1] + tuple(reading.resolved.values()))
        return result

    def _namings_of(self, template: Instance, held: tuple | None, before, first: int) -> tuple | None:
        """The namings an analysis made of ``template`` and the objects it reaches (``held``: their
        snapshot, ``before``: its key, as the analysis started; its symbols are numbered from
        ``first``): () where it did not change, None where it changed otherwise (template_namings.py, N1)."""
        if content_key(template, self.keys) == before:
            return ()
        namings = namings_between(held, first) if held is not None else None
        if not namings:
            return None
        objects = {path: (obj, dict(obj.attrs), was) for path, obj, was in held}
        for naming in namings:   # undone, the template must be what it was
            for path, attr in naming.places:
                obj, _, was = objects[path]
                obj.attrs[attr] = was[attr]
        undone = content_key(template, self.keys)
        for obj, now, _ in objects.values():
            obj.attrs.update(now)
        return namings if undone == before else None

    def _verify_namings(self, fn: Function, result: GenericResult, named: tuple, namings: tuple | None,
                        template: Instance) -> None:
        """Debug (template_namings.VERIFY): the analysis a run would have taken (``_shared_method``),
        made instead, against what the taken one holds: the same errors, on a template named alike,
        naming the same attributes; and, where the template was built, the taken namings made on
        what it held before leave what this analysis left."""
        kept, held = self.verifying.pop(fn)
        same = kept.result.errors == result.errors and kept.named == named and kept.namings == namings
        if same and held is not None:
            writes = named_attributes(held, kept.namings, self.run.fresh)
            now = snapshot(template)
            same = (writes is not None and now is not None and naming_pattern(
                (path, {**was, **writes.get(path, {})}) for path, _, was in held)
                == naming_pattern((path, obj.attrs) for path, obj, _ in now))
        VERIFIED["same" if same else "differs"] += 1
        if not same:
            print(f"template namings: {fn.module.path}:{fn.qualname}: kept {kept.namings} after {kept.named}, "
                  f"made {namings} after {named}", file=sys.stderr)

    def _shared_method(self, fn: Function, obj: Value) -> bool:
        """Whether another run's generic analyses stand for this run's of ``fn``, a kept class's
        method called on ``obj``, an object of a kept class: the analysis on that class's template
        where this run has built it whole and no method's analysis changed it, else where building
        it now would be whole (no constructor of it analysed yet), with its constructors' analyses
        too, each taken as this run's (its template then built, whole, only if something needs it:
        ``deferred``). Taken all or none, and charged (shared_summaries.py, S4)."""
        if type(obj) is not Instance or fn in self.running or not (fn.module.shared and obj.cls.module.shared):
            return False
        cls = obj.cls
        if fn in self.generic:   # answered already: the template is needed only where this run has it
            return cls in self.deferred
        shared = self._shared_summaries()
        if shared is None:
            return False
        wanted = [fn]
        if cls in self.instances or cls in self.deferred:
            if cls in self.unsettled or cls not in self.deferred and (cls not in self.whole or self.built_reads.get(cls) is None):
                return False
        else:
            constructors = _constructors(cls)
            if any(c in self.generic or c in self.running for c in constructors):
                return False
            wanted = constructors + [m for m in wanted if m not in constructors]
        taken = [shared.usable(method_key(m, cls), self.keys) for m in wanted]
        if None in taken:
            return False
        # each is taken on a template named as the one it ran on was, and names it as it named that one
        before = self.template_names.get(cls, ())
        names = before
        for kept in taken:
            if kept.named != names:
                return False
            names = names + kept.namings
        if template_namings.VERIFY:   # made again instead, and compared (``_verify_namings``)
            built = self.instances.get(cls)
            self.verifying[fn] = (taken[-1], snapshot(built) if built is not None else None)
            return False
        template = self.instances.get(cls)   # (not built: named as it is built, ``_build_template``)
        objects = snapshot(template) if template is not None and names != before else ()
        writes = named_attributes(objects, names[len(before):], self.run.fresh) if objects else {}
        if objects is None or writes is None or not shared.pay(taken):
            return False
        make_namings(objects, writes)
        self.template_names[cls] = names
        for m, kept in zip(wanted, taken):
            self.generic[m] = kept.result
            self.generic_uses[m] = frozenset()
        if cls not in self.instances:
            self.deferred.add(cls)
        return True

    def _made(self) -> tuple:
        """What the run holds besides results: the checked file's notes and findings, the functions
        and classes defined (to analyse later). A body run that adds none can be reused in a later
        run, which would not make them (kept_summaries.py)."""
        return len(self.run.findings.notes), len(self.run.findings.diagnostics), self.scheduled

    def _analyse_generic(self, fn: Function, receiver: Value | None, stack: tuple) -> GenericResult:
        findings = self.run.findings
        self.receivers[fn] = receiver
        blind = findings.generic_unknown + self.stopped
        notes_before = len(findings.notes)
        diags_before = len(findings.diagnostics)
        self.running.add(fn)
        # the generic analysis knows no caller, so no shard_map's axis environment either (it may
        # start from inside a shard_map body's call)
        meshes, self.run.spmd_meshes = self.run.spmd_meshes, []
        try:
            checkpoint = findings.checkpoint()
            try:
                outcome = self._at_fixed_ranks(fn, receiver, stack, checkpoint, diags_before)
                if outcome is None:
                    findings.rollback(checkpoint)
                    outcome = self._ranks_after_first(fn, receiver, stack, checkpoint, diags_before)
                frame, silent = outcome
            except BaseException:
                findings.release(checkpoint)
                raise
            findings.keep(checkpoint)
            found = {(d.span.line, d.span.column, d.code) for d in findings.diagnostics[diags_before:]
                     if d.severity == "error"}
            result = GenericResult(found | silent, self._returned(frame),
                                   frame.preconditions, _parameters(fn, frame.env), frame.names)
            self.generic[fn] = result
            self.blind[fn] = findings.generic_unknown + self.stopped - blind
            self.windows[fn] = (findings.diagnostics[diags_before:], findings.notes[notes_before:])
            return result
        finally:
            self.running.discard(fn)
            self.run.spmd_meshes = meshes

    def _at_fixed_ranks(self, fn: Function, receiver, stack: tuple, checkpoint, diags_before: int) -> tuple | None:
        """The generic analysis at the ranks its ops fix, each run stopped the moment an op fixes
        one more (:class:`RankFixed`) and started again at it: the code runs only at that rank, so
        what a run goes on to find at an unknown rank is superseded anyway (a model's ``forward``
        fixes ``x``'s rank in its first lines and ran its layers at an unknown rank to the end:
        a third of vit-pytorch's CPU). Each restart ranks a parameter not ranked before, so there
        are at most as many as parameters. None where the last run found an error: whether the
        first run at unknown ranks finds it too decides, which needs that run whole
        (:meth:`_ranks_after_first`)."""
        findings = self.run.findings
        ranked: dict = {}
        while True:
            env = {**parameter_values(self.run, fn, receiver), **ranked}
            try:
                outcome = self._run_generic(fn, env, stack, stoppable=True)
            except RankFixed:
                outcome = None
                self.stopped += 1
            fixed = self._fixed_ranks(fn, env)   # a rank known before and never demanded again counts too
            if outcome is not None and not fixed:
                break
            findings.rollback(checkpoint)
            ranked = {**ranked, **self._ranked_parameters(fn, env, fixed)}
        if ranked and _errors(findings, diags_before):
            return None
        return outcome

    def _ranks_after_first(self, fn: Function, receiver, stack: tuple, checkpoint, diags_before: int) -> tuple:
        """The generic analysis at unknown ranks whole, then at the ranks its ops fixed, which
        supersedes it -- unless it finds an error the first did not, which says the rank was not the
        only one (the demand came through a path the first analysis could not tell apart): then the
        first stands."""
        findings = self.run.findings
        env = parameter_values(self.run, fn, receiver)
        outcome = self._run_generic(fn, env, stack)
        ranked = self._ranked_parameters(fn, env, self._fixed_ranks(fn, env))
        if not ranked:
            return outcome
        first_errors = _errors(findings, diags_before)
        findings.rollback(checkpoint)
        outcome = self._run_generic(fn, {**parameter_values(self.run, fn, receiver), **ranked}, stack)
        if _errors(findings, diags_before) <= first_errors:
            return outcome
        findings.rollback(checkpoint)
        return self._run_generic(fn, parameter_values(self.run, fn, receiver), stack)

    def _run_generic(self, fn: Function, env: dict, stack: tuple, stoppable: bool = False) -> tuple[Frame, set]:
        """The generic analysis's final frame, and the definite errors it found in a module that is
        not reported ((line, column, code); the checked module's are in the findings). A
        ``stoppable`` run stops where an op fixes the rank of a parameter it runs at an unknown
        rank (RankFixed)."""
        frame = Frame(dict(env))
        unreported = None if fn.module.reported else []
        interp = Interpreter(self.run, fn.module, frame, report=fn.module.reported, stack=stack + (fn,),
                             function=fn, unreported=unreported)
        interp.try_depth += expected_to_fail(fn.node)   # (a test marked xfail: its failures are expected)
        tracked = self.tracked.get(fn)
        if tracked is not None:   # a kept module's function: what it reads decides whether it is shared
            interp.global_reads = tracked.reads
        self.sites.begin_root(fn)
        self.stops.append((fn, env) if stoppable else None)
        try:
            with self._context_free():
                _run_body(interp, fn, frame)
        finally:
            self.stops.pop()
            self.sites.end_root()
        return frame, {(d.span.line, d.span.column, d.code) for d in unreported or ()}

    def _fixed_ranks(self, fn: Function, env: dict) -> set:
        """The parameters of unknown rank in ``env`` whose rank the body's ops fixed."""
        return {name for name, value in env.items()
                if type(value) is Unknown and value.middle is not None and value.middle.scope == fn.scope
                and self.run.learned_ranks.get((name, fn.scope))}

    def _ranked_parameters(self, fn: Function, env: dict, names) -> dict:
        """Parameters ``names`` at the ranks the body's ops fixed, as arrays (dims ``x0, x1``)."""
        return {name: self._parameter_array(name, self.run.learned_ranks[(name, fn.scope)], env[name])
                for name in env if name in names}

    def _parameter_array(self, name: str, rank: int, value: Unknown) -> Array:
        """Parameter ``name`` (the unknown ``value``) as an array of ``rank`` fresh dims ``x0, x1, ...``."""
        dims = tuple(self.run.fresh(f"{name}{i}") for i in range(rank))
        return Array(Shape(dims), None, None, value.tensor)

    # -- ranks from call sites (callsites.py) -----------------------------------------------------
    def rerank(self, info: ModuleInfo) -> None:
        """Re-run the generic analysis of each method of the checked module that met expressions of
        unknown rank and whose open parameters every call seen gives one rank (or, with no such
        rank, the layers they reach guess one: ``Analysis.guess_rank``), at those ranks, for
        coverage and reveals only. Each round reaches one more level of calls (a re-run caller passes
        its callees arrays of known rank). An editor's re-checks (incremental) skip it: they reuse
        each definition's analysis, which callers elsewhere must not change; so does a run whose
        output cannot show it (``rerun_wanted``)."""
        if self.run.project.incremental or not rerun_wanted(self.run.options.coverage, info.source):
            return
        for _ in range(MAX_ROUNDS):
            agreed, passed = self.sites.agreed_ranks(), self.sites.ranks_passed()
            layers = self.sites.agreed_layers()
            todo = []
            for fn, receiver in list(self.receivers.items()):
                if not (fn.module.reported and is_method(fn) and self.blind.get(fn)) or fn.node.name in CONSTRUCTORS:
                    continue
                built = self._built_with_layers(receiver, layers, agreed)
                env = parameter_values(self.run, fn, built or receiver)
                ranks, floors = self._guessed_ranks(fn, env, agreed.get(fn, {}), passed.get(fn, set()))
                plan = (ranks, built)
                if (ranks or built is not None) and plan != self.reranked.get(fn):
                    todo.append((fn, env, plan, floors))
            if not todo:
                return
            for fn, env, plan, floors in todo:
                self.reranked[fn] = plan
                ranks = plan[0]
                # a floor is a guess from a broadcast (the rank of what the parameter meets): where
                # the code fails at it, the next ranks up, then those below, all floors together
                # (transformers' hidden states: 1 fails a ``transpose(1, 2)``, 2 too, 3 runs)
                steps = (*range(MAX_FLOOR_STEPS + 1), *range(-1, -max(ranks[n] for n in floors), -1)) if floors else (0,)
                for step in steps:
                    if self._rerun(fn, env, {n: max(r + step, 1) if n in floors else r for n, r in ranks.items()},
                                   bool(floors)):
                        break
            # what the re-runs defined (a nested function, over their guessed ranks) is no ground
            # for an error either
            with self._coverage_only():
                self.drain()

    @contextmanager
    def _coverage_only(self) -> Iterator[None]:
        """What is found meanwhile is dropped but its reveals (each in place of the first run's);
        an editor's hover notes stay the first run's, as its re-checks reuse those."""
        findings = self.run.findings
        diagnostics, notes = len(findings.diagnostics), len(findings.notes)
        yield
        findings.supersede(diagnostics, REVEALS)
        del findings.notes[notes:]

    def _built_with_layers(self, receiver: Value, layers: dict, agreed: dict) -> Instance | None:
        """The object a method's class builds from the layers every construction in the project
        passes its constructor (a wrapper's ``self.fn``, a template's unknown) and from the layer
        factories it calls (``callsites.layer_factories``), for the re-run: the template instance's
        ``__init__`` run again with them, once per set of them."""
        if not (type(receiver) is Instance and receiver.template):
            return None
        init = receiver.cls.lookup("__init__")
        if type(init) is not Function:
            return None
        given = {**layer_factories(init, agreed.get(init, {})), **layers.get(init, {})}
        if not given:
            return None
        done = self.built.get(receiver.cls)
        if done is not None and done[0] == given:
            return done[1]
        instance = Instance(receiver.cls, template=True)
        self.built[receiver.cls] = (given, instance)
        self._rerun(init, {**parameter_values(self.run, init, instance), **given}, {})
        unsettle(instance)
        return instance

    def _guessed_ranks(self, fn: Function, env: dict, agreed: dict, passed: set) -> tuple[dict, frozenset]:
        """The open parameters whose rank no op of the body fixed, at the rank every call seen gives
        them, else at the one the layers they reach take in model code's form (``guess_rank``), else
        at the one the arrays it is joined with have (``join_rank``), else at the least one its
        broadcasts beside arrays of known rank allow (``floor_rank``) where no call passed one of
        known rank; and those of them at such a floor."""
        out, floors = {}, set()
        for name in open_parameters(fn, env):
            key = (name, fn.scope)
            if self.run.learned_ranks.get(key) is not None:
                continue
            rank = agreed.get(name, self.run.guessed_ranks.get(key))
            if rank is None and name not in agreed:
                rank = self.run.joined_ranks.get(key)
            if rank is None and name not in agreed and name not in passed:
                rank = self.run.floor_ranks.get(key)
                if rank is not None:
                    floors.add(name)
            if rank is not None:
                out[name] = rank
        return out, frozenset(floors)

    def _rerun(self, fn: Function, env: dict, ranks: dict, floor: bool = False) -> bool:
        """The generic analysis of ``fn`` again at guessed ``ranks``, for coverage and reveals only;
        whether it stands. ``floor``: some rank is only a broadcast's floor, the weakest guess, which
        stands only where the code runs at it (the other guesses are what calls pass or the layers
        take, and a failure in a branch their rank never takes says nothing against them)."""
        findings = self.run.findings
        blind = findings.generic_unknown
        env = {**env, **self._ranked_parameters(fn, env, self._fixed_ranks(fn, env)),
               **{name: self._observed_value(name, rank, env[name]) for name, rank in ranks.items()}}
        meshes, self.run.spmd_meshes = self.run.spmd_meshes, []
        first = self.generic.get(fn)
        try:
            # a guess about callers is no ground for an error: what it found is dropped; and a floor
            # under which the code fails where the first analysis did not is no rank the code runs
            # at, so nothing it counted stands either (transformers' decoder layer, re-run at the
            # least rank a broadcast allows (1), passed its attention a vector, which the attention's
            # ``transpose(1, 2)`` fails: llama's attention and RoPE counted unknown ranks, or ranks
            # no call has, and showed them in reveals)
            with self._coverage_only(), findings.regenerating(), self.run.solver.limited(RERUN_RLIMIT):
                checkpoint, start = findings.checkpoint(), len(findings.diagnostics)
                self.rerunning.append(False)
                try:
                    silent = self._run_generic(fn, env, ())[1]
                except BaseException:
                    findings.release(checkpoint)
                    raise
                finally:
                    failed = self.rerunning.pop()
                found = {(d.span.line, d.span.column, d.code) for d in findings.diagnostics[start:]
                         if d.severity == "error"} | silent
                stands = not (floor and (failed or first is not None and found - first.errors))
                if stands:
                    findings.keep(checkpoint)
                else:
                    findings.rollback(checkpoint)
                    findings.release(checkpoint)
        finally:
            self.run.spmd_meshes = meshes
        if stands:
            self.blind[fn] = findings.generic_unknown - blind
        return stands

    def _observed_value(self, name: str, observed, value: Unknown) -> Value:
        """What parameter ``name`` is in a re-run at what every call passed it (callsites.py)."""
        if observed == PASSED_NONE:
            return NONE
        if observed == PASSED_INT:
            return Int(self.run.fresh(name))
        if observed == PASSED_NUMBER:
            return Float()
        if type(observed) is int:
            return self._parameter_array(name, observed, value)
        if type(observed) is tuple and observed[0] == PASSED_ARRAYS:
            return Tuple(tuple(self._parameter_array(f"{name}{i}_", rank, value) for i, rank in enumerate(observed[1:])))
        return observed   # a literal number

    def _run_call(self, caller: Interpreter, node: ast.AST, fn: Function, env: dict, scope,
                  renaming: Renaming = IDENTITY) -> tuple | None:
        """Run ``fn``'s body for one call: the fields of its :class:`Summary` (``renaming``: its key's,
        renaming.py), or None when it recursed too deep."""
        errors: list = []
        given = dict(env)
        frame = Frame(env)
        bind_call_scope(self.run, frame, scope)
        interp = Interpreter(self.run, fn.module, frame, report=False, errors=errors,
                             stack=caller.stack + (fn,), function=fn)
        interp.call_site = (caller, node)   # a HOLE in fn is also solved per call (holes.py)
        reading = Reading()
        interp.global_reads = reading.reads
        if self.run.oplog is not None:
            self.run.oplog.enter(interp)
        first = self.run.symbols + 1
        first_token = derived_mark() if self.recorder.enabled else 0   # (kept_summaries.py)
        steps, z3 = self.run.budget.steps, self.run.solver.spent
        raised = self.run.raised
        made = self._made()
        epoch = self.run.findings.rollbacks
        self.body_runs += 1
        expanded = self.expanded
        self._expand(1)
        self.sites.begin_call()
        self.reading.append(reading)
        try:
            with self.recorder.recording() as used:
                self.recorder.use(fn)   # its own text (a kept summary's outcome is checked by what it used)
                raises = _run_body(interp, fn, frame)
            result = self._returned(frame)   # (its rank guesses are this run's demands)
        except RecursionError:
            return None
        finally:
            observed = self.sites.end_call()
            self.reading.pop()
            self._pass_reading(reading.reads, reading.outside, reading.demands, reading.counted, reading.local,
                               reading.resolved, reading.decided)
        made_symbols, refined = range(first, self.run.symbols + 1), tuple(frame.refined.items())
        changed = changed_parameters(fn, given, frame.env)
        assured = _for_the_caller(frame.assured, made_symbols, (result, refined, changed)) if frame.assured else ()
        return (result, tuple(errors), refined, made_symbols,
                observed, tuple(r for r in reading.reads.values() if r is not None), None, renaming,
                tuple(reading.demands), tuple(reading.outside), tuple(reading.counted), epoch, frozenset(used),
                changed, first_token, made == self._made(), None, reading.local,
                self.run.budget.steps - steps, self.run.solver.spent - z3, tuple(reading.resolved.values()),
                frozenset(reading.decided), self.expanded - expanded, raises, assured, self.run.raised != raised)

    def _named_by(self, args: list, kwargs: dict, made: range) -> tuple:
        """The constructor parameters passed that a run numbering its symbols in ``made`` named
        (``Summary.named``)."""
        names = self.run.scalar_names
        if not names:
            return ()
        out = []
        for where, value in itertools.chain(enumerate(args), kwargs.items()):
            named = names.get(value) if nameable(value) else None
            symbol = bare_symbol(named)
            if symbol is not None and symbol_number(symbol) in made:
                out.append((where, symbol))
        return tuple(out)

    def _name_again(self, named: tuple, args: list, kwargs: dict, fresh: dict) -> None:
        """A reused summary names the parameters passed where its run named its own (``Summary.named``),
        each as the fresh dim its symbol took (or a fresh one, where its run's outcome holds none)."""
        names = self.run.scalar_names
        for where, symbol in named:
            value = kwargs.get(where) if type(where) is str else args[where] if where < len(args) else None
            if nameable(value) and names.get(value) is None:
                dim = fresh.get(symbol)
                names.name(value, Int(dim if dim is not None else self.run.fresh(D.display_name(symbol))))

    def _pass_reading(self, reads: dict, outside, demands, counted, local: bool = False, resolved=(), decided=()) -> None:
        """A callee's global reads and demands are its caller's too (the caller's result depends on them)."""
        if self.reading:
            self.reading[-1].take(reads, outside, demands, counted, local, resolved, decided)

    def note_count(self, unknown_call: bool, where, what) -> None:
        """A body run reached an array expression of the checked file (``Findings.count_array``) or
        a call without a shape rule: a call its summary answers reaches them too, though what the
        run that made the summary counted may have been rolled back since (``ensure_generic``'s
        second analysis at learned ranks drops the first's)."""
        if self.reading:
            self.reading[-1].counted.append((unknown_call, where, what))

    def _recount(self, summary: Summary) -> None:
        if summary.epoch != self.run.findings.rollbacks:
            for unknown_call, where, what in summary.counted:
                (self.run.count_unknown_call if unknown_call else self.run.count_array)(where, what)

    def note_global(self, module: ModuleInfo, value) -> None:
        """A body run read a global of ``module`` holding ``value``: the names it holds (renaming.py),
        and whether it is the run's own (shared_summaries.py)."""
        if self.reading:
            reading = self.reading[-1]
            names = held_names(value, self.keys)
            if names:
                reading.take({}, (names,), ())
            if not reading.local and (not module.shared or local_value(value)):
                reading.local = True

    def note_resolved(self, lazy: LazyImport, value) -> None:
        """A body run resolved the imported name ``lazy`` to ``value``: another run shares its
        summary where it resolves the name alike (shared_summaries.py, S1)."""
        if self.reading:
            reading = self.reading[-1]
            reading.resolved[id(lazy)] = (lazy, value)
            if not reading.local and local_value(value):
                reading.local = True

    def _returned(self, frame: Frame) -> Value:
        """What a body run returns, its returns' rank guesses noted (``Analysis.join_rank``)."""
        ranks: list = []
        result = join_returns(self.run.fresh, frame.returns, ranks)
        for middle, count, _ in ranks:
            self.run.join_rank(middle, count)
        return result

    def note_demand(self, guess: bool, middle: Middle, count: int) -> None:
        """An op demanded ``count`` dims of ``middle`` (``Analysis.learn_rank``, ``guess_rank``): a
        generic analysis run that the rank of a parameter of its own stops (``_at_fixed_ranks``)
        stops here, the demand recorded (a call run inside it, stopped too, is not summarised)."""
        if self.reading:
            self.reading[-1].demands.append((guess, middle, count))
        stop = self.stops[-1] if self.stops and not guess else None
        if stop is not None and middle.scope == stop[0].scope and middle.name in self._fixed_ranks(*stop):
            raise RankFixed(middle.name)

    def _parametric(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict, context
                    ) -> tuple:
        """(its summary, the substitution of its symbols) where a parametric summary answers the
        call (parametric.py), made now at the AT-th distinct sizes of its shape key (and compared
        with the first call's); else (None, None, the call's shape key and sizes, where its summary
        is to be the first of that key, else None)."""
        state = self.parametric
        if id(fn.node) in state.refused:
            return None, None, None
        shape = abstract_sizes(args, kwargs)
        if shape is None:
            return None, None, None
        shape_args, shape_kwargs, sizes = shape
        shape_key = call_key(fn, shape_args, shape_kwargs, context, self.keys)[0]
        entry = state.entries.get(shape_key)
        if entry is None:
            return None, None, (shape_key, sizes)
        if not entry.symbols:   # the first call's
            sizes_seen = state.sizes.setdefault(shape_key, {entry.sizes})
            sizes_seen.add(sizes)
            if len(sizes_seen) < PARAMETRIC_AT:
                return None, None, None
            entry = self._parametric_run(caller, node, fn, shape_args, shape_kwargs, context, shape_key, entry)
            if entry is None:
                return None, None, None
        if entry.summary.reads and not reads_hold(entry.summary.reads, self.keys):
            return None, None, None
        state.stats["answered"] += 1
        return entry.summary, substitution(entry.symbols, sizes), None

    def _parametric_run(self, caller: Interpreter, node: ast.AST, fn: Function, shape_args: list, shape_kwargs: dict,
                        context, shape_key, first: ShapeEntry) -> ShapeEntry | None:
        """The body run once over fresh symbols in the places of a shape key's sizes, kept where it
        is exact (parametric.py, P1-P3); else the function is not tried again."""
        state = self.parametric
        symbols = tuple(self.run.fresh("n") for _ in first.sizes)
        names = Names({}, {}, {placeholder(i): d for i, d in enumerate(symbols)})
        symbols = tuple(next(iter(D.free_symbols(d))) for d in symbols)
        run_args = [rename(v, names) for v in shape_args]
        run_kwargs = {k: rename(v, names) for k, v in shape_kwargs.items()}
        env = bind_call(fn, run_args, run_kwargs)
        reason, summary = "arguments", None
        if env is not None:
            env = name_middles(env, fn.scope)
            before, clock = call_key(fn, run_args, run_kwargs, context, self.keys)[0], HeapClock.writes
            state.stats["runs"] += 1
            outer, self.sites.parametric = self.sites.parametric, self.sites.parametric | frozenset(symbols)
            try:
                outcome = self._run_call(caller, node, fn, env, None)
            finally:
                self.sites.parametric = outer
            summary = Summary(*outcome) if outcome is not None else None
            reason = _inexact(summary, symbols, first) or (
                None if clock == HeapClock.writes or call_key(fn, run_args, run_kwargs, context, self.keys)[0] == before
                else "changed an object")
        if reason is not None:
            state.stats["refused: " + reason] += 1
            if VERIFY:
                print(f"parametric refused: {fn.module.path}:{fn.qualname}: {reason}", file=sys.stderr)
            state.refused.add(id(fn.node))
            state.nodes.append(fn.node)
            return None
        state.stats["exact"] += 1
        entry = state.entries[shape_key] = ShapeEntry(summary, symbols=symbols)
        return entry

    def _verify(self, caller: Interpreter, node: ast.AST, fn: Function, env: dict, given: set, result, refined: dict,
                changed: dict) -> None:
        """Debug (``SHAPECHECK_PARAMETRIC_VERIFY=1``): run the call a parametric summary answered and
        count where the two differ."""
        outcome = self._run_call(caller, node, fn, dict(env), None)
        if outcome is None:
            return
        ran = Summary(*outcome)
        answered = Tuple((result,) + tuple(refined.values()) + tuple(changed.values()))
        same = not ran.errors and made_up_canonical(outcome_values(ran), given) == made_up_canonical(answered, given)
        self.parametric.stats["verified" if same else "verify: differs"] += 1
        if not same:
            print(f"parametric: {fn.module.path}:{fn.qualname}: ran {outcome_values(ran)} errors {ran.errors}, "
                  f"answered {answered}", file=sys.stderr)

    def _renamed_key(self, fn: Function, args: list, kwargs: dict, context) -> tuple[tuple | None, Renaming]:
        """The call's key with its arguments' names renamed (renaming.py) and the renaming; None
        where there is none. A name something else in the key holds (an object, the closure) stays
        as it is, in the arguments too, and only the others are renamed: a loop's pass calling a
        model's layer on its own fresh slice length (diffusers' ``tiled_decode``: 58 ``denoise``
        runs) is the first pass's call up to that length, though the layer's object holds the
        channel symbols the slice has too."""
        named_args, named_kwargs, renaming = canonical(fn, args, kwargs)
        if renaming is IDENTITY:
            return None, IDENTITY
        key, held = call_key(fn, named_args, named_kwargs, context, self.keys)
        kept = renaming.marks() & held
        if kept:
            named_args, named_kwargs, renaming = canonical(fn, args, kwargs, kept)
            if renaming is IDENTITY:
                return None, IDENTITY
            key, held = call_key(fn, named_args, named_kwargs, context, self.keys)
            if renaming.marks() & held:
                return None, IDENTITY
        return key, renaming

    def _keep(self, key: tuple, given: set, renamed: tuple | None, summary: Summary, call: tuple | None = None
              ) -> str | None:
        """Keep a call's summary for this run and the later ones; the id its outcome is kept by,
        where ``call`` (``_frozen_call``) makes it a CALL dependency."""
        self.summaries[key] = summary
        if renamed is not None:
            self.summaries[renamed] = summary
        kept = self._kept_summaries()
        ident = self._kept_call(summary, kept.keep(key, given, summary, call)) if kept is not None else None
        shared = self._shared_summaries()
        if shared is not None:
            shared.keep(key, renamed, summary)
        return ident

    def _keep_writes(self, projected: tuple, receiver: Instance, before: dict, made: int, summary: Summary,
                     shared: RunSummaries | None) -> None:
        """Keep, under the call's projected key, a call that changed its object's table alone as what
        it wrote there (``effects.record_writes``): the next object of the class that reads the same in
        what the call reads takes the same writes, whatever else its table holds (scikit-learn's
        ``validate_data(estimator, X)`` setting ``n_features_in_`` on each new estimator). A value it
        wrote over or removed must hold no object (``record_writes``), and what it did not write must read
        as the key read it."""
        effect = record_writes(receiver, made, before, holds_object)
        if effect is None or not projection_holds(projected, receiver, {name for name, _ in effect.attrs}
                                                  | set(effect.removed), self.keys):
            return
        kept = replace(summary, effect=effect)
        self.summaries[projected] = kept
        if shared is not None:
            shared.keep(projected, None, kept)

    def _kept_call(self, summary: Summary, ident: str | None) -> str | None:
        if ident is not None:
            self.call_ids[id(summary)] = (summary, ident)
        return ident

    def _frozen_call(self, fn: Function, args: list, kwargs: dict, context: tuple) -> tuple | None:
        """A call of the checked module's function as a later run can make it again (``_call_again``):
        its qualname and its arguments frozen as they are before it runs; None where it cannot be,
        or its summary is read by nothing that depends on its outcome alone (dependencies.CALL)."""
        if not (fn.module.reported and self.recorder.stack and "<" not in fn.qualname and context[0] is None
                and not context[1] and context[2] and self._kept_summaries() is not None):
            return None
        try:
            return fn.qualname, freeze((tuple(args), tuple(kwargs.items())), refusing(module_opaques(self.run.modules.loaded)))
        except NotRelocatable:
            return None

    def _shared_summaries(self) -> RunSummaries | None:
        """The summaries the files of this process share (shared_summaries.py): a one-shot run's,
        which takes the process's kept modules; an editor's keep their own (kept_summaries.py)."""
        if self.shared is None:
            modules = self.run.modules.shared
            if modules is None or self.run.project.incremental:
                self.shared = False
                return None
            self.shared = RunSummaries(store_for(modules), self.run)
        return self.shared or None

    def _kept_summaries(self) -> KeptSummaries | None:
        """The summaries kept from the earlier runs of the checked file (an editor's re-checks)."""
        if self.kept is None:
            run = self.run
            if not (run.project.incremental and run.incremental.enabled):
                return None
            checked = next((i for i in run.modules.loaded.values() if i is not None and i.reported), None)
            if checked is None:
                return None
            store = run.project.cache.summaries.setdefault(checked.path, {})
            self.kept = KeptSummaries(store, run.incremental.keys_of(checked), run.modules.loaded,
                                      run.modules.loading, os.path.realpath(checked.path),
                                      module_opaques(run.modules.loaded),
                                      lambda info, name, lazy: run.settle(info.env, name, lazy, info.shared))
        return self.kept if self.run.incremental.enabled and self.run.oplog is None else None

    def _replay_demands(self, summary: Summary, names: Names) -> None:
        for guess, middle, count in summary.demands:
            demand = self.run.floor_rank if guess == FLOOR else self.run.join_rank if guess == JOINED \
                else self.run.guess_rank if guess else self.run.learn_rank
            demand(names.middle(middle), count)

    def call_alone(self, caller: Interpreter, node: ast.AST, fn: Function, args: list) -> tuple[Value, tuple]:
        """One call's body run on ``args`` without the analysis with unknown arguments first:
        (result, every error it meets, each where it happens). ``call_function`` leaves out the
        errors the function has for every argument (reported in the function itself, once);
        a question about this call alone (the jit's check) wants those too, not the other run."""
        env = bind_call(fn, args, {})
        if env is None:
            return UNKNOWN, ()
        env = name_middles(env, fn.scope)
        scope = check_call(caller, node, fn, env)
        if scope is MISMATCH:
            return UNKNOWN, ()
        outcome = self._run_call(caller, node, fn, env, scope)
        if outcome is None:
            return UNKNOWN, ()
        return anonymous_middles(outcome[0], fn.scope), outcome[1]

    def call_function(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict) -> Value:
        recorder = self.recorder
        if not (recorder.stack and fn.module.reported):
            return self._call(caller, node, fn, args, kwargs)[0]
        # what an analysis reads of a call of the checked module's function: the call's outcome, where
        # an editor keeps its summary (dependencies.CALL), else what the call's run read
        with recorder.apart() as read:
            result, ident = self._call(caller, node, fn, args, kwargs)
        if ident is not None:
            recorder.note(CALL + ident)
        else:
            recorder.note_all(read)
        return result

    def _generic_for(self, caller: Interpreter, fn: Function, first) -> GenericResult | None:
        """``fn``'s generic analysis (``ensure_generic``), for a call of it whose first argument is
        ``first`` (None: none)."""
        receiver = None
        if is_method(fn) and first is not None:
            # the generic analysis runs on the class's template instance, never on this object
            with self._unlogged():
                if not self._shared_method(fn, first):
                    receiver = self.generic_instance(first.cls) if isinstance(first, Instance) else first
        with self._unlogged():   # analyses on the side are no part of a measured call's ops
            return self.ensure_generic(fn, receiver=receiver, stack=caller.stack)

    def call_outcome(self, ident: str) -> str | None:
        """The print of kept call ``ident``'s outcome in this run (dependencies.CALL): its kept
        summary's while what that read holds, else the call's made again (``_call_again``)."""
        known = self.outcomes.get(ident, False)
        if known is False:
            kept = self._kept_summaries()
            if kept is None or ident in self.calling_again:
                return None
            self.calling_again.add(ident)
            try:
                known = self.outcomes[ident] = kept.outcome(ident, self._call_again)
            finally:
                self.calling_again.discard(ident)
        return known

    def _call_again(self, call: tuple) -> str | None:
        """Make a kept call of the checked module's function again, on its arguments thawed, as a
        call from the module's top level would: the id its summary is kept by (None: not kept)."""
        qualname, frozen = call
        checked = self.kept.keys.info
        fn = checked.env.get(qualname.split(".")[0])
        for part in qualname.split(".")[1:]:
            fn = fn.namespace.get(part) if type(fn) is Class else None
        if type(fn) is not Function or fn.qualname != qualname:
            return None
        try:
            args, kwargs = thaw(frozen, resolver(self.run.modules.loaded, self.run.modules.load_file), {})
        except NotRelocatable:
            return None
        # a caller that reports nothing (a failing call is no kept call's outcome: it is not kept); what
        # the call's run analyses on the side (a generic analysis it asks for) is the run's, as anywhere
        caller = Interpreter(self.run, checked, Frame({}), report=False, errors=[])
        node = ast.Call(ast.Name(fn.node.name, ast.Load()), [], [], lineno=fn.node.lineno, col_offset=0,
                        end_lineno=fn.node.lineno, end_col_offset=0)
        with self.recorder.apart():
            return self._call(caller, node, fn, list(args), dict(kwargs))[1]

    def _call(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict) -> tuple:
        """The call's result, and the id of its kept summary where an editor keeps it with its outcome
        (dependencies.CALL)."""
        self.recorder.use(fn)
        if fn in caller.stack or len(caller.stack) >= MAX_CALL_DEPTH or _reentered(fn, caller.stack):
            return UNKNOWN, None
        # Another module's function's generic analysis only tells the errors it has whatever its
        # arguments (reported there, or nowhere: a library's) from those this call brings (SC110):
        # it is made when a call of it finds an error. Made before every call, it was a fifth of a
        # check of scikit-learn's linear_model (2,204 analyses of library functions for 53 files).
        lazy = not fn.module.reported
        first = args[0] if args else None
        generic = None if lazy else self._generic_for(caller, fn, first)
        if generic is None and not lazy and fn not in self.running:
            return UNKNOWN, None  # too deep to follow now
        names = self.run.scalar_names
        if names:   # (a parameter named elsewhere is passed as that dim)
            args, kwargs = [names.resolved(a) for a in args], {k: names.resolved(v) for k, v in kwargs.items()}
        env = bind_call(fn, args, kwargs)
        if env is None:
            return UNKNOWN, None
        self.sites.observe(fn, env)
        env = name_middles(env, fn.scope)
        scope = check_call(caller, node, fn, env)
        if scope is MISMATCH:
            return UNKNOWN, None
        if lazy and not self.following and caller.module.reported:
            answer = self._follow(caller, node, fn, args, kwargs, env, scope, generic, first)
        else:
            answer = self._answer(caller, node, fn, args, kwargs, env, scope, generic, lazy, first)
        if names and (any(nameable(a) for a in args) or any(nameable(v) for v in kwargs.values())):
            names.rebind(caller.frame.env)   # a parameter the call named is that dim here too
        if fn.replaced:   # an object of the project's answers the call (statements._replaced_by_object)
            return UNKNOWN, answer[1]
        return answer

    def _follow(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict, env: dict,
                scope, generic, first) -> tuple:
        """A call from the checked file into another module, within the file's LIBRARY_ALLOWANCE."""
        if self.library_spent >= LIBRARY_ALLOWANCE:
            self.unfollowed += 1
            return UNKNOWN, None
        start = self.expanded
        self.following, self.follow_limit = True, start + LIBRARY_ALLOWANCE - self.library_spent
        before = handed(list(args) + list(kwargs.values()))
        try:
            return self._answer(caller, node, fn, args, kwargs, env, scope, generic, True, first)
        except AllowanceSpent:
            self.unfollowed += 1
            unsettle_handed(before)
            return UNKNOWN, None
        finally:
            self.following, self.follow_limit = False, None
            self.library_spent += self.expanded - start

    def _answer(self, caller: Interpreter, node: ast.AST, fn: Function, args: list, kwargs: dict, env: dict,
                scope, generic, lazy: bool, first) -> tuple:
        """The call's result by a summary (kept, shared, renamed, projected, parametric) or a run of
        its body, and the errors it brings reported (``_call``'s result)."""
        summary, key, given, renamed, renaming, names, alpha = None, None, set(), None, IDENTITY, None, None
        projected = shared = None   # the call's key with its objects keyed by what it reads of them
        bound = shaped = None   # a parametric summary's sizes; the call's shape key (parametric.py)
        context = (scope, self.run.spmd_meshes, self.opens_call())   # what else a call's analysis reads
        ident = None   # the id its outcome is kept by (dependencies.CALL)
        keying = self.keying
        if self.run.oplog is None and summarisable(fn, self.keys) and (keying is None or keying.asking(fn)):
            # (a measured call, with an op log, runs every call)
            key, given = call_key(fn, args, kwargs, context, self.keys)
            summary = self.summaries.get(key)
            ident = self.call_ids.get(id(summary), (None, None))[1] if summary is not None else None
            if summary is None:   # one for the same call up to its names (renaming.py)?
                renamed, renaming = self._renamed_key(fn, args, kwargs, context)
                summary = self.summaries.get(renamed) if renamed is not None else None
                if summary is not None and not summary.answers(renaming):
                    summary = None   # it holds for its own call's names only
                names = summary.renaming.onto(renaming) if summary is not None else None
            if summary is None:
                # one for the same call up to every name, its objects' too (alpha_keys.py): where some
                # name the renamed key kept is held by an object (else that key was the whole call's,
                # and no call whose objects hold a name has its alpha key)
                if given and not given <= renaming.marks():
                    summary, alpha = self.alpha.find(fn, key)
                    names = summary.renaming.onto(alpha[1]) if summary is not None else None
                else:
                    alpha = False
            if summary is not None and summary.reads and not reads_hold(summary.reads, self.keys):
                summary = ident = None   # a global it read was rebound or changed: run the body again
            kept = self._kept_summaries() if summary is None else None
            if kept is not None:
                summary, names = kept.find(key, given), None   # one an earlier run of the file made
                if summary is not None:
                    self.summaries[key] = summary
                    ident = self._kept_call(summary, kept.found)
            shared = self._shared_summaries() if summary is None else None
            if shared is not None:   # one another file's run of this process made
                summary, by_name = shared.find(key, renamed, renaming, self.keys)
                if summary is not None:
                    names = summary.renaming.onto(renaming) if by_name else None
                    self.summaries[renamed if by_name else key] = summary
            if summary is None and self.projecting.asking(fn):
                # one for a call that read the same of its objects (summaries.projected_key)
                projected = projected_key(fn, args, kwargs, context, self.keys)
                if projected is not None:
                    summary, names = self.summaries.get(projected), None
                    if summary is not None and summary.reads and not reads_hold(summary.reads, self.keys):
                        summary = None
                    if summary is None and shared is not None:
                        summary = shared.find(projected, None, IDENTITY, self.keys)[0]
                        if summary is not None:
                            self.summaries[projected] = summary
                    ident = self.call_ids.get(id(summary), (None, None))[1] if summary is not None else None
                    self.projecting.tell(fn, summary is not None)
            if summary is None and self.parametric is not None and scope is None:
                summary, bound, shaped = self._parametric(caller, node, fn, args, kwargs, context)
            if keying is not None:
                keying.tell(fn, summary is not None)
        if summary is not None:
            self.reused += 1
            self._expand(summary.cost)
            self.recorder.note_all(summary.uses)
            self._pass_reading({(id(r.env), r.name): r for r in summary.reads}, summary.outside, (), (), summary.local,
                               summary.resolved, _decided_as(summary.decided, names))
            self._recount(summary)
            result, refined, changed, fresh = summary.instantiate(given, self.run.fresh, args[0] if summary.effect else None,
                                                                  names or NO_NAMES, (args, kwargs))
            made_up = fresh
            if summary.named:
                self._name_again(summary.named, args, kwargs, fresh)
            if names:   # the first call's names, the made-up ones already fresh, become this call's
                result = rename(result, names) if summary.made is None else result   # a made one: renamed as copied
                refined = {name: rename(v, names) for name, v in refined.items()}
                changed = {name: rename(v, names) for name, v in changed.items()}
            if bound is not None:   # a parametric summary's symbols become this call's sizes
                result = map_dims(result, bound)
                refined = {name: map_dims(v, bound) for name, v in refined.items()}
                changed = {name: map_dims(v, bound) for name, v in changed.items()}
                if VERIFY:
                    self._verify(caller, node, fn, env, given, result, refined, changed)
            self._replay_demands(summary, names or NO_NAMES)
            errors = summary.errors
            self.sites.replay(summary.observed if bound is None else observed_at(summary.observed, bound))
        else:
            clock, made = HeapClock.writes, HeapClock.made
            # an object (a construction's, or a method's): what the run leaves in its table can be kept
            receiver = receiver_of(args) if key is not None else None
            before = dict(receiver.attrs) if receiver is not None else None   # (its table as the key read it)
            revision = receiver.revision() if receiver is not None else None
            # the key of the other arguments: the call's own without the object (a walk keys each argument
            # apart, an object met again by its node), which the run may not change either
            rest = without_first_argument(key) if receiver is not None else None
            call = self._frozen_call(fn, args, kwargs, context) if key is not None else None
            outcome = self._run_call(caller, node, fn, env, scope, renaming)
            if outcome is None:
                return UNKNOWN, None  # too deep to follow: the call's result is unknown, never an error
            summary = Summary(*outcome, named=self._named_by(args, kwargs, outcome[3]))
            made_up = None
            result, errors, refined, changed = summary.result, summary.errors, dict(summary.refined), dict(summary.changed)
            kept_result = None
            if key is not None and not holds_object(Tuple(summary.refined + summary.changed)):
                # a result holding objects is kept as a snapshot of those its run made (effects.py)
                kept_result = summary if not holds_object(result) else _with_made(summary, made, self.keys, (args, kwargs))
            if kept_result is not None:
                # an object whose table the run changed is no longer what the key read: only its effect is kept
                touched = receiver is not None and receiver.revision() != revision
                if (clock == HeapClock.writes or not touched and call_key(fn, args, kwargs, context, self.keys)[0] == key
                        and reads_hold(summary.reads, self.keys)):
                    ident = self._keep(key, given, renamed, kept_result, call)   # the body changed no object it reached, nor a global it read
                    self.alpha.keep(fn, key, kept_result, alpha)
                    if projected is not None:
                        self.summaries[projected] = kept_result
                        if shared is not None:
                            shared.keep(projected, None, kept_result)
                    if shaped is not None and not kept_result.errors and kept_result.made is None:
                        self.parametric.entries.setdefault(shaped[0], ShapeEntry(kept_result, shaped[1], frozenset(given)))
                elif (rest is not None and call_key(fn, args[1:], kwargs, context, self.keys)[0] == rest
                      and reads_hold(summary.reads, self.keys)):
                    if not before or content_key(tuple(before.values()), self.keys) == attribute_keys(key):
                        # it changed its object's table alone: what the table held reads as the key read it
                        effect = record_effect(receiver, made, (args, kwargs), before)
                        if effect is not None:
                            whole = replace(kept_result, effect=effect)
                            ident = self._keep(key, given, renamed, whole, call)
                            self.alpha.keep(fn, key, whole, alpha)
                    if projected is not None:
                        self._keep_writes(projected, receiver, before, made, kept_result, shared)
        result = anonymous_middles(result, fn.scope)
        refined = {name: anonymous_middles(v, fn.scope) for name, v in refined.items()}
        if refined:
            _learn_arguments(caller, node, fn, args, refined)
        if changed:
            passed = passed_containers(node, fn, args)
            for name, value in changed.items():
                if name in passed:
                    caller.rebind_passed(passed[name], anonymous_middles(value, fn.scope))
        if summary.may_raise:
            self.run.raised += 1   # (a reuse raises where the run did: Statements.stmt_Try)
        if summary.raises and caller.try_depth:
            caller.caught_failure()   # (a callee that raises by its own ``raise``: numpy's _get_multi_index)
        if lazy and errors and not caller.try_depth:
            generic = self._generic_for(caller, fn, first)
        known = generic.errors if generic is not None else set()
        for err in errors:
            if (err.span.line, err.span.column, err.code) in known and err.path == fn.module.path:
                continue
            if self.rerunning and not caller.try_depth:
                self.rerunning[-1] = True   # the re-run's guess fails a callee (reported or not: a wrapper's)
            name = fn.qualname.split('.<locals>.')[-1]
            related = (Related(err.path, err.span, err.message),) + err.related
            cause = err.cause or err.code
            if not raises(cause):
                # a value the call brings breaks a shape annotation down the line: no exception (unless a
                # run-time checker wraps it), so no failure of the call, but the same finding where the
                # value comes from (dynamax's filters, given no inputs, pass a scalar as ``inpt:
                # Float[Array, "input_dim"]``: not "call fails")
                caller.diagnose(node, cause, f"call to {name}() breaks a shape annotation: {err.message}",
                                related, cause=cause)
                break
            if caller.try_depth:
                caller.caught_failure()
                break  # the call is inside `try`/`pytest.raises`: its failure is handled
            if fn.wrapped:
                break  # its decorator's wrapper may pass the body other arguments (interp/decorators.py)
            caller.diagnose(node, "SC110", f"call to {name}() fails: {err.message}", related, cause=err.cause or err.code)
            # nothing after a call that surely fails runs: its result is no value (as a failing op's
            # is), not one more finding on every use of it
            return UNKNOWN, ident
        if summary.assured:
            _assure(caller, node, fn, summary.assured, made_up, names, bound)
        return result, ident
