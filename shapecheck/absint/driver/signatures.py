"""Function shape signatures: what a function requires of its parameters and what it returns.

``def layer(x: (n, k), w: (k, m), b: (m,) | (1, m) | ()) -> (n, m)``: parameters start unknown (or
as their annotations say), the body refines them (``n, k = x.shape``, ``assert``s, the ops'
requirements), and the signature prints the parameters as refined, the joined return value, and
the preconditions that are not already said by the shapes (``requires k % 4 == 0``).

Dims are printed by their *representative*: a dim the facts prove equal to an earlier printed dim
(or to a constant) is printed as that one, so ``assert w.shape[0] == k`` shows as ``w: (k, m)``.
A parameter that the body never gives a rank is tried at ranks 0-2 (:func:`describe`); each rank
for which the body has no definite error is one alternative, joined with ``|``.
"""

from __future__ import annotations

import ast
import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...constraints import dims as D
from ...constraints.broadcast import compatible
from ...constraints.predicates import Pred, ge, pred_symbols, substitute_pred
from ...constraints.readable import readable
from ...constraints.solver import Fact, Verdict
from ...constraints.shapes import Shape
from ..core.frame import Frame
from ..core.freshen import ANALYSIS_HINTS
from ..core.join import join_returns
from ..core.module import ModuleInfo
from ..core.values import NONE, UNKNOWN, Array, Class, Function, Int, Tuple, Unknown, Value
from ..interp.interpreter import Interpreter
from .binding import parameter_values
from ..core.node_answers import walk

if TYPE_CHECKING:
    from .analysis import Analysis

SPLIT_RANKS = (0, 1, 2)     # ranks tried for a parameter the body gives none
MAX_SPLIT_PARAMS = 3        # at most 3**3 re-analyses per function
MAX_BROADCAST_RUNS = 8      # admissible broadcast shapes printed before falling back to ``b``


# == the cheap one-line form kept in every report ==================================================

def _show_value(value: Value, names: dict) -> str:
    if type(value) is Array:
        return value.shape.show(names)
    if type(value) is Int:
        return f"int {D.show(value.dim, names)}"
    if type(value) is Tuple:
        return "(" + ", ".join(_show_value(v, names) for v in value.items) + ("," if len(value.items) == 1 else "") + ")"
    return "?"


def signature_text(analysis: "Analysis", fn: Function) -> str | None:
    """One line from the generic analysis alone (no solver queries): what ``check`` reports carry."""
    result = analysis.calls.generic.get(fn)
    if result is None:
        return None
    node = fn.node
    if isinstance(node, ast.Lambda):
        return None
    if result.signature is not None:
        return result.signature
    names = result.names
    params = []
    for p in _params(node):
        value = result.final_env.get(p, UNKNOWN)
        params.append(p if p == "self" else f"{p}: {_show_value(value, names)}")
    text = f"def {node.name}({', '.join(params)}) -> {_show_value(result.returns, names)}"
    extra = [readable(pred).show(names) for pred, *_ in result.preconditions if pred.kind not in ("eq",)]
    if extra:
        text += "  # requires " + "; ".join(dict.fromkeys(extra))
    result.signature = text
    return text


def function_signatures(analysis: "Analysis", module: ModuleInfo) -> dict[str, str]:
    """Each function's signature by qualname. A nested function is made anew by each run of its
    enclosing body, a call's closure holding that call's values (``self.heads`` 16, not the template's
    unknown): its signature is the one its enclosing function's generic analysis defined first,
    else, where that analysis was reused from an earlier run, the one kept with it; only a function
    no generic analysis defined takes its first closure's."""
    calls = analysis.calls
    chosen: dict[str, Function] = {}
    for fn in calls.generic:
        if fn.module is module:
            chosen.setdefault(fn.qualname, fn)
    first = {qualname: fn for (path, qualname), fn in calls.first_defined.items()
             if path == module.path and fn in calls.generic}
    out: dict[str, str] = {}
    for qualname, fn in {**chosen, **first}.items():
        kept = calls.restored_signatures.get(qualname)
        text = kept if kept is not None and qualname not in first else signature_text(analysis, fn)
        if text is not None:
            out[qualname] = text
    for qualname, text in calls.restored_signatures.items():
        out.setdefault(qualname, text)
    return out


def _params(node) -> list[str]:
    a = node.args
    return [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]


# == the full signature: representatives, rank alternatives, preconditions =========================

@dataclass(frozen=True, slots=True)
class ShapeText:
    """A shape as printed: dims as text (``("n", "3")``), dtype when known."""

    dims: tuple[str, ...]
    dtype: str | None = None

    def show(self) -> str:
        return f"({self.dims[0]},)" if len(self.dims) == 1 else "(" + ", ".join(self.dims) + ")"


@dataclass(frozen=True, slots=True)
class Signature:
    """A function's shape summary. ``params`` maps each parameter to its alternatives (empty: not an
    array as far as the body says); ``returns`` likewise."""

    name: str
    qualname: str
    node: ast.AST
    params: tuple[tuple[str, tuple[ShapeText | str, ...]], ...]
    returns: tuple[ShapeText | str, ...]
    requires: tuple[str, ...]

    def text(self) -> str:
        parts = []
        for name, alternatives in self.params:
            parts.append(f"{name}: {_alternatives(alternatives)}" if alternatives else name)
        # A method is named with its class (``def Block.forward(self, x)``): a file's classes often
        # share method names, and the bare ``def forward`` would not say whose it is.
        head = f"def {self.qualname}({', '.join(parts)}) -> {_alternatives(self.returns) or '?'}"
        return "\n".join([head] + [f"    requires {r}" for r in self.requires])


def _alternatives(items: tuple) -> str:
    return " | ".join(i.show() if isinstance(i, ShapeText) else i for i in items)


@dataclass
class _Run:
    env: dict
    returns: Value
    facts: tuple
    preconditions: list
    names: dict
    failed: bool
    refined: dict          # parameters as the body's top-level statements first shaped them


def _run(analysis: "Analysis", fn: Function, env: dict) -> _Run:
    """The body with these parameter values, silently (definite errors only counted)."""
    errors: list = []
    frame = Frame(dict(env))
    scope = analysis.annotations.scopes.get(fn)
    if scope is not None:   # annotation names (``batch``) are the user's own
        frame.names.update({name: text for text, d in scope.dims.items() for name in D.free_symbols(d)})
    interp = Interpreter(analysis, fn.module, frame, report=False, errors=errors, stack=(fn,), function=fn)
    if isinstance(fn.node, ast.Lambda):
        frame.returns.append(interp.eval(fn.node.body))
    else:
        interp.run_body(fn.node.body)
    return _Run(frame.env, join_returns(analysis.fresh, frame.returns), frame.facts, frame.preconditions,
                frame.names, bool(errors), frame.refined)


def describe(analysis: "Analysis", fn: Function) -> Signature | None:
    """The signature of ``fn`` (re-running its body per rank alternative of unranked parameters)."""
    node = fn.node
    if isinstance(node, ast.Lambda):
        return None
    receiver = None
    if _is_method(fn):
        cls = _owner_class(fn)
        receiver = analysis.generic_instance(cls) if cls is not None else None
    start = parameter_values(analysis, fn, receiver)
    base = _run(analysis, fn, start)
    params = _params(node)
    scalars = _scalar_defaults(node)
    unranked = [p for p in params if type(start.get(p)) is Unknown and type(base.env.get(p)) is Unknown
                and _used(fn.node, p) and p not in scalars][:MAX_SPLIT_PARAMS]
    # ``top_k=None``: the code's default is one of the values to try, and the first (issue 14)
    nones = {p for p in _none_defaults(node) if p in unranked}
    runs: list[tuple[dict, _Run]] = []
    none_runs: set[str] = set()       # None-default parameters whose None path runs
    unconstrained = False
    if unranked:
        choices = [((None,) if p in nones else ()) + SPLIT_RANKS for p in unranked]
        for ranks in itertools.product(*choices):
            env = dict(start)
            for p, r in zip(unranked, ranks):
                env[p] = NONE if r is None else Array(Shape(tuple(analysis.fresh(f"{p}{i}") for i in range(r))))
            run = _run(analysis, fn, env)
            if not run.failed:
                runs.append((env, run))
                none_runs |= {p for p, r in zip(unranked, ranks) if r is None}
        broadcast = _broadcast_runs(analysis, fn, start, base, unranked) if runs else None
        if broadcast is not None:
            runs = broadcast
        elif len(runs) == math.prod(len(c) for c in choices):
            # every rank works: the parameters are not constrained; the result may still be known
            same = _same_return(analysis, runs)
            base = _Run(base.env, same if same is not None else base.returns, base.facts,
                        base.preconditions, base.names, base.failed, base.refined)
            runs = []
            unconstrained = True
    if not runs:
        runs = [(start, base)]
    per_param: dict[str, list] = {p: [] for p in params}
    returns: list = []
    requires: list[str] = []
    for env, run in runs:
        namer = _Namer(analysis, run.facts, run.names)
        for p in params:
            value = run.env.get(p, env.get(p, UNKNOWN))
            if p in run.refined and _assigned(fn.node, p):
                value = run.refined[p]    # ``x = x + attn(x)``: the parameter is x as it came in
            if p in unranked and type(env.get(p)) is Array and type(value) is not Array:
                value = env[p]
            text = namer.value(value, p)
            if text is None and p in scalars:
                text = scalars[p]
            if text is not None and text not in per_param[p]:
                per_param[p].append(text)
        text = namer.value(run.returns, None)
        if text is not None and text not in returns:
            returns.append(text)
        if len(runs) == 1:
            requires = namer.requirements(run.preconditions)
    for p in none_runs:
        # None first, as the code's default; anything else it may be, when nothing constrains it
        rest = [t for t in per_param[p] if t != "None"] or (["?"] if unconstrained else [])
        per_param[p] = ["None"] + rest
    shown = tuple((p, tuple(per_param[p]) if p != "self" else ()) for p in params)
    return Signature(node.name, fn.qualname, node, shown, tuple(returns), tuple(requires))


def _broadcast_runs(analysis: "Analysis", fn: Function, start: dict, base: _Run, unranked: list):
    """One run per admissible shape of the unranked parameters, when broadcasting alone constrains
    them (``b`` in ``x @ w + b``: ``() | (1,) | (m,) | (1, 1) | (1, m) | (n, 1) | (n, m)``); else None.

    The other parameters keep the shapes the body gave them (their dims are the partners). At each
    rank every dim of the parameter must be required to broadcast against one partner (NumPy
    manual, "Broadcasting"), and each choice of partner-or-1 per dim must run without a definite
    error and without any requirement the other parameters' facts do not already imply.
    """
    pinned = dict(start)
    for p in _params(fn.node):
        value = base.env.get(p)
        if p not in unranked and type(value) is Array and not _assigned(fn.node, p):
            pinned[p] = value
    partners = _partner_dims(pinned, unranked)
    choices = []
    for p in unranked:
        alternatives = _admissible_shapes(analysis, fn, pinned, p, partners)
        if alternatives is None:
            return None
        choices.append(alternatives)
    combinations = list(itertools.islice(itertools.product(*choices), MAX_BROADCAST_RUNS + 1))
    if len(combinations) > MAX_BROADCAST_RUNS:
        return None
    runs = []
    for combination in combinations:
        env = dict(pinned)
        env.update({p: Array(Shape(dims)) for p, dims in zip(unranked, combination)})
        run = _run(analysis, fn, env)
        if run.failed or not all(analysis.solver.decide(base.facts, pred).verdict is Verdict.HOLDS
                                 for pred, *_ in run.preconditions):
            return None
        runs.append((env, run))
    return runs


def _partner_dims(pinned: dict, unranked: list) -> list:
    """The dims of the other parameters' shapes, in order (the candidates to broadcast against)."""
    out: list = []
    for p, value in pinned.items():
        if p not in unranked and type(value) is Array and value.shape.dims is not None:
            for d in value.shape.dims:
                if d != 1 and d not in out:
                    out.append(d)
    return out


def _admissible_shapes(analysis: "Analysis", fn: Function, pinned: dict, p: str, partners: list):
    """Per rank that runs, each dim of ``p`` either its broadcast partner or 1; None when some dim of
    ``p`` is not required to broadcast against any partner (it is free, or constrained otherwise)."""
    out: list[tuple] = []
    for rank in SPLIT_RANKS:
        dims = [analysis.fresh(f"{p}{i}") for i in range(rank)]
        run = _run(analysis, fn, {**pinned, p: Array(Shape(tuple(dims)))})
        if run.failed:
            continue   # not this rank (``assert b.ndim < 2``)
        per_dim = []
        constants = sorted({c for f in run.facts for c in _constants(f.pred)})   # np.zeros((3, 10)) - b
        for d in dims:
            partner = next((c for c in partners + constants
                            if analysis.solver.decide(run.facts, compatible(c, d)).verdict is Verdict.HOLDS), None)
            if partner is None:
                return None
            per_dim.append((1, partner))
        out.extend(itertools.product(*per_dim))
    return out


def _none_defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Parameters whose default is ``None`` (``top_k=None``, ``mask=None``)."""
    return [a.arg for a, d in _defaults(node) if isinstance(d, ast.Constant) and d.value is None]


def _defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[ast.arg, ast.expr]]:
    args = node.args
    positional = args.posonlyargs + args.args
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    return pairs + [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]


def _scalar_defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """Parameters whose default is a Python number or bool (``temperature=1.0``, ``do_sample=False``),
    by the default's type name: the code's own word that they are scalars, so they are not tried as
    arrays of rank 0-2."""
    return {a.arg: type(d.value).__name__ for a, d in _defaults(node)
            if isinstance(d, ast.Constant) and type(d.value) in (int, float, bool)}


def _assigned(node: ast.AST, name: str) -> bool:
    """Whether the body rebinds ``name`` (then its final value is not the parameter's shape)."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, (ast.Store, ast.Del))
               for n in walk(node))


def _same_return(analysis: "Analysis", runs) -> Value | None:
    """The return value when it is one concrete shape whatever the parameters' ranks."""
    values = {run.returns for _, run in runs}
    if len(values) == 1:
        value = values.pop()
        if type(value) is Array and value.shape.dims is not None and all(type(d) is int for d in value.shape.dims):
            return value
    return None


def _used(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in walk(node))


def _is_method(fn: Function) -> bool:
    return "." in fn.qualname and "<locals>" not in fn.qualname.rsplit(".", 1)[0]


def _owner_class(fn: Function):
    owner = fn.module.env.get(fn.qualname.rsplit(".", 1)[0])
    return owner if type(owner) is Class else None


class _Namer:
    """Prints dims by representative (see the module docstring), one per run."""

    def __init__(self, analysis: "Analysis", facts: tuple, names: dict):
        self.solver = analysis.solver
        self.facts = facts
        self.names = names
        self.reps: dict[str, D.Dim] = {}       # symbol -> representative dim
        self.shown: dict[str, str] = {}        # representative symbol -> its printed name
        self.order: list = []                   # representatives so far (candidates for later dims)
        self.constants = sorted({c for f in facts for c in _constants(f.pred)})
        self._fact_names: list[str] | None = None

    def value(self, value: Value, where: str | None):
        """``value`` as printed; ``where`` is how the code reaches it (a parameter ``x``, or
        ``x[0]`` of a tuple parameter; None for the result), the name of a dim nothing else names."""
        if type(value) is Array:
            dims = value.shape.dims
            if dims is None:
                # relative to a parameter (``gelu(x) -> (*x)``), else not known
                return value.shape.show(self.names) if value.shape.middle is not None else None
            return ShapeText(tuple(self.dim(d, f"{where}.shape[{i}]" if where else "?") for i, d in enumerate(dims)),
                             value.dtype)
        if type(value) is Int:
            return "int"
        if value is NONE:
            return "None"
        if type(value) is Tuple and value.items and all(type(v) is Array for v in value.items):
            parts = [self.value(v, f"{where}[{i}]" if where else None) for i, v in enumerate(value.items)]
            return "tuple[" + ", ".join(p.show() if p else "?" for p in parts) + "]"
        return None

    def dim(self, d: D.Dim, hint: str) -> str:
        return D.show(self.canonical(d, hint), self.shown)

    def canonical(self, d: D.Dim, hint: str = "d") -> D.Dim:
        if type(d) is int:
            return d
        mapping = {}
        for s in sorted(D.free_symbols(d)):
            mapping[s] = self._rep(s, hint)
        return D.substitute(d, mapping)

    def _rep(self, s: str, hint: str) -> D.Dim:
        hit = self.reps.get(s)
        if hit is not None:
            return hit
        symbol = D.sym(s)
        candidates = list(self.constants) + list(self.order)
        if self._code_name(s) is None:
            # an analysis-made dim (a join, a broadcast): the facts may say which of the code's own
            # values it is (``max(C, config.n_embd) == config.n_embd``)
            candidates += [D.sym(o) for o in self._named_in_facts() if o != s and D.sym(o) not in self.order]
        found = self.solver.implied_value(self.facts, symbol, candidates) if candidates else None
        if found is None:
            found = symbol
        if type(found) is not int and len(D.free_symbols(found)) == 1 and found not in self.order:
            (name,) = D.free_symbols(found)
            self.order.append(found)
            self.shown[name] = self._fresh_name(name, hint)
        self.reps[s] = found
        return found

    def _named_in_facts(self) -> list[str]:
        """The symbols of the facts that the code names (``config.n_embd``, ``T``), in order."""
        if self._fact_names is None:
            names = sorted({x for f in self.facts for x in pred_symbols(f.pred)})
            self._fact_names = [x for x in names if self._code_name(x) is not None]
        return self._fact_names

    def _code_name(self, s: str) -> str | None:
        """The name the code gives symbol ``s``, if any."""
        name = self.names.get(s)
        if name is not None and _is_code_name(name):
            return name
        name = D.display_name(s)
        return name if _is_code_name(name) and name not in ANALYSIS_HINTS else None

    def _fresh_name(self, s: str, hint: str) -> str:
        """The code's name for ``s``; else how the code reaches the dim (``x.shape[2]``), or a
        numbered placeholder in a result (``?1``): never a made-up name the reader would look for
        in the code."""
        name = self._code_name(s) or hint
        taken = set(self.shown.values())
        if name == "?":
            return f"?{sum(t.startswith('?') for t in taken) + 1}"
        base, i = name, 2
        while name in taken:
            name, i = f"{base}{i}", i + 1
        return name

    def requirements(self, preconditions: list) -> list[str]:
        """Preconditions the printed shapes do not already say (an equality between printed dims
        is said by printing both as one name)."""
        out: list[str] = []
        for pred, *_ in preconditions:
            mapping = {s: self.canonical(D.sym(s)) for s in pred_symbols(pred)}
            simple = readable(substitute_pred(pred, mapping))
            if simple.kind == "true" or self._vacuous(pred):
                continue
            text = simple.show(self.shown)
            if text not in out:
                out.append(text)
        return out

    def _vacuous(self, pred: Pred) -> bool:
        """Holds whenever every dim is at least 1 (``n*k % k == 0``): not worth printing."""
        rest = [f for f in self.facts if f.pred != pred]
        nonempty = [Fact(ge(D.sym(s), 1)) for s in sorted(pred_symbols(pred))]
        return self.solver.decide(rest + nonempty, pred).verdict is Verdict.HOLDS


def _is_code_name(name: str) -> bool:
    """A name as the code spells it: ``n``, or an attribute path such as ``config.n_head`` (a
    config object's field, one named value wherever it is read)."""
    return all(part.isidentifier() for part in name.split("."))


def _constants(p: Pred) -> set[int]:
    if p.kind == "eq":
        return {a for a in p.args if type(a) is int and a > 1}
    if p.kind in ("and", "or"):
        out: set[int] = set()
        for x in p.args:
            out |= _constants(x)
        return out
    return set()


def module_signatures(analysis: "Analysis", module: ModuleInfo) -> list[Signature]:
    """Every function and method of ``module`` the analysis saw, in source order."""
    out = []
    for fn in list(analysis.calls.generic):
        if fn.module is module and not isinstance(fn.node, ast.Lambda) and "<locals>" not in fn.qualname:
            sig = describe(analysis, fn)
            if sig is not None:
                out.append(sig)
    return sorted(out, key=lambda s: s.node.lineno)


__all__ = ["signature_text", "function_signatures", "describe", "Signature",
           "ShapeText", "module_signatures"]
