"""Shape holes: ``HOLE`` stands for a dim the user wants shapecheck to work out.

Each evaluation of a ``HOLE`` expression makes a fresh symbol ``HOLE#N`` (``Interpreter.hole_dim``).
The ops that use it state their requirements as usual; a requirement that mentions a hole is never
an error on the spot, it is *pinned* as a fact (``Interpreter.pin``), because the hole's value is
exactly what those requirements decide (after Tensors Fitting Perfectly, Lagouvardos et al., OOPSLA
2020). See core/holes.py.

After the analysis (:func:`solve_holes`) each hole is solved from the facts of its frame at the
end of that frame, together with every fact pinned on it:

* the facts are contradictory: SC203, naming the conflicting requirements (Z3's unsat core);
* some candidate ``c`` (a constant, or a small expression over the dims that have names in scope)
  satisfies ``facts => HOLE == c`` for every consistent value of the unknowns: SC302 with the
  solution and a quick fix replacing the ``HOLE`` token;
* otherwise, when the function holding the hole is called with concrete arguments, from each
  call's own run (:func:`_solve_from_calls`): SC302 with the constant every call agrees on, or
  SC203 naming the call that admits no value, or the calls that disagree;
* otherwise: SC302 with ``hole=None`` and the constraint that remains.

Uniqueness is proved for non-empty arrays (every other unknown ``>= 1``) when that is consistent:
with a zero-size dim ``x.reshape(n, HOLE)`` would accept any value, which helps nobody.

A hole evaluated several times (in a loop) is one value: its symbols are equated before solving.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from ...constraints import dims as D
from ...constraints.predicates import conj, eq, ge, pred_symbols
from ...constraints.solver import Fact, Verdict, relevant_facts
from ...report.diagnostics import Diagnostic, Fix, Related, Span
from ..core.holes import is_hole_symbol, mentions_hole
from ..core.values import Array, Int, Tuple, Value

if TYPE_CHECKING:
    from ..interp.interpreter import Interpreter
    from .analysis import Analysis

#: small constants tried in candidate solutions (``n*2``, ``n//4``, ``n+1``)
SMALL_CONSTANTS = (1, 2, 3, 4, 8)
MAX_PROOFS = 60          # uniqueness proofs tried per hole (each is one Z3 query)


# == solving =======================================================================================

@dataclass
class _Site:
    node: ast.AST
    interp: "Interpreter"
    dims: list


def _sites(analysis: "Analysis") -> list[_Site]:
    by_node: dict[int, _Site] = {}
    for d, interp, node in ((h.dim, h.interp, h.node) for h in analysis.holes.sites):
        if interp.errors is not None or not interp.module.reported or not interp.report:
            continue  # a call-mode or silent analysis: the generic one decides
        site = by_node.get(id(node))
        if site is None:
            site = by_node[id(node)] = _Site(node, interp, [])
        if d not in site.dims:
            site.dims.append(d)
    return sorted(by_node.values(), key=lambda s: (getattr(s.node, "lineno", 0), getattr(s.node, "col_offset", 0)))


def _call_sites(analysis: "Analysis") -> dict[int, list[_Site]]:
    """id(HOLE node) -> one site per call-mode run of its function (``interp.call_site`` is set)."""
    by_run: dict[tuple[int, int], _Site] = {}
    for d, interp, node in ((h.dim, h.interp, h.node) for h in analysis.holes.sites):
        if getattr(interp, "call_site", None) is None or not interp.module.reported:
            continue
        site = by_run.setdefault((id(node), id(interp)), _Site(node, interp, []))
        if d not in site.dims:
            site.dims.append(d)
    out: dict[int, list[_Site]] = {}
    for (node_id, _), site in by_run.items():
        out.setdefault(node_id, []).append(site)
    return out


def solve_holes(analysis: "Analysis") -> None:
    """Solve every hole of the reported module and emit SC302 / SC203 (see the module docstring)."""
    calls = _call_sites(analysis)
    for site in _sites(analysis):
        diag = _solve_site(analysis, site)
        if diag is not None and diag.code == "SC302" and diag.hole is None and id(site.node) in calls:
            diag = _solve_from_calls(analysis, site, calls[id(site.node)]) or diag
        if diag is not None:
            analysis.emit(diag)


def _symbols(site: _Site) -> frozenset[str]:
    return frozenset(name for d in site.dims for name in D.free_symbols(d))


def _facts_for(analysis: "Analysis", site: _Site) -> tuple[list[Fact], list[Fact]]:
    """(facts, conflicts): the frame's final facts, the facts where the hole was pinned, its pins."""
    symbols = _symbols(site)
    facts: dict[Fact, None] = dict.fromkeys(site.interp.frame.facts)
    conflicts: list[Fact] = []
    last_snapshot: tuple = ()
    for pinned in analysis.holes.pinned:
        if not pred_symbols(pinned.fact.pred) & symbols:
            continue
        if pinned.conflict:
            conflicts.append(pinned.fact)
        else:
            facts[pinned.fact] = None
        if pinned.interp is site.interp:
            last_snapshot = pinned.snapshot
    for fact in last_snapshot:
        facts.setdefault(fact)
    first = site.dims[0]
    for other in site.dims[1:]:
        facts[Fact(eq(first, other), "")] = None
    return list(facts), conflicts


def _solve_site(analysis: "Analysis", site: _Site) -> Diagnostic | None:
    solver = analysis.solver
    interp = site.interp
    hole = site.dims[0]
    facts, conflicts = _facts_for(analysis, site)
    scoped = relevant_facts(facts + conflicts, _symbols(site))
    span = interp.span(site.node)
    path = interp.module.path
    consistent = solver.is_satisfiable(scoped)
    if consistent is False:
        return _conflict(analysis, site, facts, conflicts, span)
    if consistent is None:
        return None  # Z3 gave up: say nothing rather than something wrong
    # Solutions are for non-empty arrays: with a zero-size dim almost any hole would fit.
    nonempty = scoped + [Fact(ge(D.sym(s), 1), "") for s in sorted(_unknowns(scoped))]
    if solver.is_satisfiable(nonempty):
        scoped = nonempty
    names = _scope_names(interp)
    model_values = _models(solver, scoped, hole)
    for candidate in _candidates(hole, scoped, names, model_values):
        if solver.decide(scoped, eq(hole, candidate)).verdict is Verdict.HOLDS:
            text = D.show(candidate, names)
            replacement = _fix_text(interp, site.node, text)
            return Diagnostic(path, span, "SC302", "info", f"HOLE = {text}", hole=text,
                              fix=Fix(f"Replace HOLE with {text}", span, replacement))
    return Diagnostic(path, span, "SC302", "info", _undetermined_message(scoped, site, names, model_values),
                      hole=None)


def _unknowns(facts: list[Fact]) -> set[str]:
    out: set[str] = set()
    for f in facts:
        out |= pred_symbols(f.pred)
    return {s for s in out if not is_hole_symbol(s)}


def _conflict(analysis: "Analysis", site: _Site, facts: list[Fact], conflicts: list[Fact], span: Span) -> Diagnostic:
    """SC203: the first pinned requirement that contradicts the others, and the facts it contradicts."""
    described, related = _conflict_parts(analysis, facts, conflicts)
    message = f"no value of HOLE satisfies every constraint on it: {described}"
    return Diagnostic(site.interp.module.path, span, "SC203", "error", message, related)


def _conflict_parts(analysis: "Analysis", facts: list[Fact], conflicts: list[Fact]) -> tuple[str, tuple]:
    """The contradicting requirements, as text and as related locations."""
    solver = analysis.solver
    culprit: Fact | None = None
    core: tuple = ()
    for candidate in conflicts + [f for f in facts if mentions_hole(f.pred)]:
        rest = [f for f in facts if f != candidate]
        decision = solver.decide(rest, candidate.pred)
        if decision.verdict is Verdict.FAILS:
            culprit, core = candidate, decision.core
            break
    parts = [f for f in (culprit, *core) if f is not None and f.origin]
    described = "; ".join(f.origin.describe() for f in parts) or "the requirements on it contradict each other"
    return described, tuple(f.origin.related() for f in parts)


# == solving from the calls ========================================================================
# A hole in a function whose parameters are unknown is often undetermined there, yet every call
# with concrete arguments fixes it: its call-mode run pins the same requirements on a fresh symbol.
# The hole is reported solved when each call that determines it gives the same constant.

def _solve_from_calls(analysis: "Analysis", site: _Site, calls: list[_Site]) -> Diagnostic | None:
    """SC302 with the value every call agrees on, SC203 naming a call that conflicts or the calls
    that disagree, or None when no call determines the hole."""
    span = site.interp.span(site.node)
    path = site.interp.module.path
    values: dict[int, list[Related]] = {}
    for call in calls:
        caller, call_node = call.interp.call_site
        where = Related(caller.module.path, caller.span(call_node), "the call")
        facts, conflicts = _facts_for(analysis, call)
        scoped = relevant_facts(facts + conflicts, _symbols(call))
        consistent = analysis.solver.is_satisfiable(scoped)
        if consistent is False:
            described, related = _conflict_parts(analysis, facts, conflicts)
            message = f"no value of HOLE fits the call at line {where.span.line}: {described}"
            return Diagnostic(path, span, "SC203", "error", message, (where,) + related)
        value = _constant_solution(analysis, call, scoped) if consistent else None
        if value is not None:
            values.setdefault(value, []).append(where)
    if not values:
        return None
    if len(values) > 1:
        described = "; ".join(f"{v} for the call{'s' if len(rs) > 1 else ''} at line{'s' if len(rs) > 1 else ''} "
                              f"{', '.join(str(r.span.line) for r in rs)}" for v, rs in values.items())
        related = tuple(Related(r.path, r.span, f"HOLE = {v} here") for v, rs in values.items() for r in rs)
        return Diagnostic(path, span, "SC203", "error", f"the calls disagree on HOLE: {described}", related)
    (value, where), = values.items()
    where = sorted(where, key=lambda r: (r.path, r.span.line))
    text = str(value)
    lines = ", ".join(str(r.span.line) for r in where)
    calls_text = f"the call at line {lines}" if len(where) == 1 else f"the calls at lines {lines}"
    return Diagnostic(path, span, "SC302", "info", f"HOLE = {text} (from {calls_text})", tuple(where),
                      hole=text, fix=Fix(f"Replace HOLE with {text}", span, text))


def _constant_solution(analysis: "Analysis", site: _Site, scoped: list[Fact]) -> int | None:
    """The one constant the hole has under these facts (for non-empty arrays), if any."""
    solver = analysis.solver
    nonempty = scoped + [Fact(ge(D.sym(s), 1), "") for s in sorted(_unknowns(scoped))]
    if solver.is_satisfiable(nonempty):
        scoped = nonempty
    models = _models(solver, scoped, site.dims[0], count=1)
    if not models:
        return None
    value = models[0].get(_single_symbol(site.dims[0]))
    if value is None or solver.decide(scoped, eq(site.dims[0], value)).verdict is not Verdict.HOLDS:
        return None
    return value


def _undetermined_message(facts: list[Fact], site: _Site, names: dict, models: list[dict]) -> str:
    symbols = _symbols(site)
    remaining = [f.pred for f in facts if pred_symbols(f.pred) & symbols and f.origin]
    if not remaining:
        return "HOLE is not determined: nothing in scope constrains it"
    shown = conj(remaining).show({**names, **{s: "HOLE" for s in symbols}})
    hole_name = _single_symbol(site.dims[0])
    examples = sorted({m[hole_name] for m in models if hole_name in m})
    hint = f" (for example {' or '.join(map(str, examples))})" if len(examples) > 1 else ""
    return f"HOLE is not determined: any value with {shown} fits{hint}"


# == candidates ====================================================================================

def _scope_names(interp: "Interpreter") -> dict[str, str]:
    """Symbol -> the expression that names it in this frame (``n``, ``x.shape[0]``)."""
    out: dict[str, str] = {}
    envs = [interp.frame.env]
    if interp.module.env is not interp.frame.env:
        envs.append(interp.module.env)
    for env in envs:
        for name, value in env.items():
            if name.startswith("__"):
                continue
            for sym_name, text in _named_dims(name, value):
                if not is_hole_symbol(sym_name):
                    out.setdefault(sym_name, text)
    # the user's own names (``n`` from ``n, k = x.shape``) win over ``x.shape[0]``
    for sym_name, text in interp.frame.names.items():
        if not is_hole_symbol(sym_name) and text.isidentifier() and text in interp.frame.env:
            out[sym_name] = text
    return out


def _single_symbol(d: D.Dim) -> str | None:
    if type(d) is D.Expr and len(d.terms) == 1 and d.constant == 0 and d.terms[0][1] == 1:
        monomial = d.terms[0][0]
        if len(monomial) == 1 and type(monomial[0]) is D.Sym:
            return monomial[0].name
    return None


def _named_dims(name: str, value: Value) -> Iterable[tuple[str, str]]:
    if type(value) is Int:
        s = _single_symbol(value.dim)
        if s is not None:
            yield s, name
    elif type(value) is Array and value.shape.dims is not None:
        for i, d in enumerate(value.shape.dims):
            s = _single_symbol(d)
            if s is not None:
                yield s, f"{name}.shape[{i}]"
    elif type(value) is Tuple and len(value.items) <= 8:
        for i, item in enumerate(value.items):
            if type(item) is Int:
                s = _single_symbol(item.dim)
                if s is not None:
                    yield s, f"{name}[{i}]"


def _candidates(hole: D.Dim, facts: list[Fact], names: dict[str, str], values: list[dict]) -> Iterable[D.Dim]:
    """Constants first, then expressions over named dims, smallest first, kept only when they agree
    with every sample model (so each costs one Z3 proof at most)."""
    if not values:
        return
    hole_name = _single_symbol(hole)
    yield values[0][hole_name]
    in_facts: set[str] = set()
    for f in facts:
        in_facts |= pred_symbols(f.pred)
    atoms = [D.sym(s) for s in sorted(names) if s in in_facts]
    tried = 0
    for c in _expressions(atoms):
        if type(c) is int:
            continue
        if all(_agrees(c, model, model[hole_name]) for model in values):
            tried += 1
            if tried > MAX_PROOFS:
                return
            yield c


def _agrees(c: D.Dim, model: dict, want: int) -> bool:
    try:
        return D.evaluate(c, model) == want
    except (KeyError, ZeroDivisionError):
        return False


def _expressions(atoms: list) -> Iterable[D.Dim]:
    yield from atoms
    for a in atoms:
        for k in SMALL_CONSTANTS[1:]:
            yield D.mul(a, k)
            yield D.floordiv(a, k)
        for k in SMALL_CONSTANTS:
            yield D.add(a, k)
            yield D.sub(a, k)
    for i, a in enumerate(atoms):
        for b in atoms[i:]:
            yield D.mul(a, b)
            yield D.add(a, b)
        for b in atoms:
            if a is not b:
                yield D.sub(a, b)
                yield D.floordiv(a, b)
    for i, a in enumerate(atoms):
        for j, b in enumerate(atoms[i:], i):
            for c in atoms[j:]:
                yield D.mul(D.mul(a, b), c)


def _models(solver, facts: list[Fact], hole: D.Dim, count: int = 3) -> list[dict]:
    """A few models of ``facts``, each with different values of the other unknowns."""

    enc = solver.encoding()   # its own Z3 context and step limit: the same models under any load
    z3 = enc.z3   # the module the encoding imported when first asked (solver.py: a run that asks Z3 nothing never imports it)
    terms = [enc.pred(f.pred) for f in facts]
    enc.dim(hole)
    variables = enc.variables
    s = enc.solver()
    s.add([v >= 0 for v in variables.values()])
    s.add(terms)
    out: list[dict] = []
    for _ in range(count):
        if s.check() != z3.sat:
            break
        model = s.model()
        values = {name: model.eval(v, model_completion=True).as_long() for name, v in variables.items()}
        out.append(values)
        others = [v != values[name] for name, v in variables.items() if not is_hole_symbol(name)]
        s.add(z3.Or(others + [variables[_single_symbol(hole)] != values[_single_symbol(hole)]]))
    return out


def _fix_text(interp: "Interpreter", node: ast.AST, text: str) -> str:
    """The replacement for the HOLE token: parenthesised when it sits inside arithmetic."""
    if text.lstrip("-").isdigit() or text.isidentifier() or not re.search(r"[-+*/%]", text):
        return text
    line = interp.module.lines[node.lineno - 1] if node.lineno <= len(interp.module.lines) else ""
    before = line[:node.col_offset].rstrip()[-1:]
    after = line[node.end_col_offset:].lstrip()[:1]
    if before in "*/%-+@" and before or after in "*/%-+@" and after:
        return f"({text})"
    return text
