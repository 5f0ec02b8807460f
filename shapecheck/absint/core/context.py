"""What an op rule sees: its arguments, and a context to state requirements and make fresh dims.

A rule never decides by itself whether a requirement is an error: it calls :meth:`OpContext.require`,
and the reporting policy (after Tensors Fitting Perfectly: report only what is sure) lives here:

* the requirement holds for every consistent value -> nothing;
* it fails for every consistent value -> :class:`ShapeError` (one diagnostic; the op's result is unknown);
* otherwise it becomes a precondition of the enclosing function, is assumed from here on, and is
  reported as a warning only in ``--strict`` mode.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from ...constraints.broadcast import BroadcastAxis, aligned_trailing, broadcast_shapes, result_definition, shared_middle
from ...constraints.dims import Dim, DistinctNames, free_symbols, is_single_symbol, show, sym
from ...constraints.predicates import Pred, eq, ge, pred_symbols
from ...constraints.readable import readable
from ...constraints.shapes import Middle, Shape, align_middles, trailing
from ...constraints.solver import Decision, Fact, Verdict
from .holes import mentions_hole
from .values import Array, Instance, List, Tuple, Unknown, Value

if TYPE_CHECKING:
    from .session import Site

#: How an SC005 note begins where the question was not asked at all, the run's Z3 budget being spent
#: (solver.RLIMIT_BUDGET): every later open question of the file meets it, and the report keeps the
#: first such note with their count (driver/run.py), not one per question (pyscf's uadc_ip_cvs.py: 135)
BUDGET_SPENT = "the solver's step budget for this file was spent"


def join_name(a: str, b: str) -> str:
    """The name a broadcast's joined dim is shown by: ``max(a, b)``, a joined operand's terms
    taken in its place and each term once. A loop that broadcasts what it carries (``x = f(x) + x``,
    unrolled over a model's layers) joins the last join again each iteration: spelled out, the name
    would double every time (max(max(b, n), max(b, n)), ...), and with it the cost of every
    symbol it names (issue 11: a six-layer loop built names of ~10^5 characters).

    >>> join_name("max(b, n)", "b"), join_name("max(b, n)", "max(n, m)")
    ('max(b, n)', 'max(b, n, m)')
    """
    terms = list(dict.fromkeys(_max_terms(a) + _max_terms(b)))
    name = f"max({', '.join(terms)})"
    if len(name) <= MAX_JOIN_NAME:
        return name
    # a join of dims that hold earlier joins twice (``v = np.maximum(e, np.outer(v, v))[1:]`` in an
    # unrolled loop): its name would double per pass, and every dim, message and solver question
    # showing it with it (a fuzzed program: 76 s). The symbol is fresh whatever its name: the name
    # only shows what it joins, as far as a reader follows
    kept: list[str] = []
    size = len("max(...)")
    for term in terms:
        size += len(term) + len(", ")
        if size > MAX_JOIN_NAME:
            break
        kept.append(term)
    return f"max({', '.join(kept + ['...'])})"


#: The longest name a broadcast's joined dim is given (see :func:`join_name`).
MAX_JOIN_NAME = 1000


def _max_terms(text: str) -> list[str]:
    """The terms of a name ``max(t1, t2, ...)`` (its top-level commas), else the name itself."""
    if not (text.startswith("max(") and text.endswith(")")):
        return [text]
    terms, depth, start = [], 0, 4
    for i in range(4, len(text) - 1):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth < 0:   # ``max(a)+max(b)``: the last ")" is not the first "("'s
                return [text]
        elif c == "," and depth == 0:
            terms.append(text[start:i].strip())
            start = i + 1
    if depth:
        return [text]
    return terms + [text[start:-1].strip()]


class ShapeError(Exception):
    """A requirement that fails for every consistent value: becomes one diagnostic."""

    def __init__(self, code: str, message: str, related: tuple = ()):
        super().__init__(message)
        self.code = code
        self.message = message
        self.related = related


class Arg:
    """An argument as a rule sees it: its value and the source text that produced it.

    The text is only needed for messages, so it is cut from the source lazily."""

    __slots__ = ("value", "_text", "_node", "_module")

    def __init__(self, value: Value, text: str = "", node: ast.AST | None = None, module=None):
        self.value = value
        self._text = text
        self._node = node
        self._module = module

    @property
    def text(self) -> str:
        if self._node is not None:
            self._text = self._module.text_of(self._node)
            self._node = None
        return self._text

    def with_value(self, value: Value) -> "Arg":
        """The same argument, seen as ``value``."""
        return Arg(value, self._text, self._node, self._module)

    def __repr__(self) -> str:
        return f"Arg({self.value!r}, {self.text!r})"


#: Keyword keys that stand for arguments of unknown number, in a call of the project's own code:
#: ``f(x, *rest)`` with ``rest`` of unknown length ("*", its value the join of rest's items) and
#: ``f(x, **options)`` with ``options`` unknown ("**"). Neither is a Python identifier, so no real
#: keyword argument has that name; binding reads them as "any parameter not given may be passed".
MORE_POSITIONAL, MORE_KEYWORDS = "*", "**"


@dataclass
class Call:
    """A call of a modelled op: positional and keyword arguments."""

    name: str
    args: list[Arg]
    kwargs: dict[str, Arg] = field(default_factory=dict)

    def bind(self, params: tuple[str, ...]) -> dict[str, Arg]:
        """Map arguments to parameter names, like Python's binding (extra arguments are ignored)."""
        out: dict[str, Arg] = {}
        for name, arg in zip(params, self.args):
            out[name.lstrip("*")] = arg
        if (params and params[-1].startswith("*") and len(self.args) == len(params)
                and type(self.args[-1].value) is Unknown):
            # x.reshape(shape) with `shape` unknown: it may be the whole tuple, not one dim
            out[params[-1].lstrip("*")] = self.args[-1]
        elif params and params[-1].startswith("*") and len(self.args) > len(params) - 1:
            # a trailing "*shape" parameter collects the rest (x.reshape(2, 3), np.random.rand(2, 3))
            out[params[-1].lstrip("*")] = Arg(_tuple_of(self.args[len(params) - 1:]),
                                              ", ".join(a.text for a in self.args[len(params) - 1:]))
        for key, arg in self.kwargs.items():
            out[key] = arg
        return out


def _tuple_of(args: list[Arg]) -> Value:
    return Tuple(tuple(a.value for a in args))


class OpContext:
    """The interpreter's services for one op application at one source location."""

    def __init__(self, interp: "Site", node: ast.AST, op: str):
        self.interp = interp
        self.node = node
        self.op = op
        self._names: DistinctNames | None = None

    # -- naming ---------------------------------------------------------------------------------
    @property
    def names(self) -> DistinctNames:
        """The dims' names in this op's messages: the code's, two distinct dims never shown alike."""
        if self._names is None:
            self._names = DistinctNames(self.interp.frame.names)
        return self._names

    def show_shape(self, shape: Shape) -> str:
        return shape.show(self.names)

    def show_dim(self, d: Dim) -> str:
        return show(d, self.names)

    def describe(self, arg: Arg) -> str:
        """``x is (n, 784)``, for messages; literal arguments are described by their shape alone."""
        v = arg.value
        if type(v) is Unknown and v.as_array() is not None:
            v = v.as_array()   # a parameter an op takes as an array: ``(*x)``, never "a scalar"
        shape = self.show_shape(v.shape) if isinstance(v, Array) else "a scalar"
        text = arg.text
        if text and len(text) <= 40 and "\n" not in text:
            return f"{text} is {shape}"
        return shape

    # -- decisions ------------------------------------------------------------------------------
    def decide(self, pred: Pred) -> Verdict:
        return self.decision(pred).verdict

    def decision(self, pred: Pred) -> Decision:
        if pred.kind == "true":
            return Decision(Verdict.HOLDS)
        if pred.kind == "false":
            return Decision(Verdict.FAILS)
        return self.interp.analysis.solver.decide(self.interp.frame.facts, pred)

    def require(self, pred: Pred, code: str, message: str | Callable[[], str]) -> None:
        """State that ``pred`` must hold for the op to succeed (see the module docstring)."""
        if pred.kind == "true":
            return
        decision = self.decision(pred)
        verdict = decision.verdict
        if verdict is Verdict.HOLDS:
            return
        text = message() if callable(message) else message
        if mentions_hole(pred):  # the hole's value is what this decides: a fact, never an error here
            self.interp.pin(pred, text, self.node, decision)
            return
        if verdict is Verdict.FAILS:
            if self._only_when_empty(pred):
                return
            raise ShapeError(code, text, tuple(f.origin.related() for f in decision.core if f.origin))
        if verdict is Verdict.SOMETIMES:
            empty = self._fails_unless_empty(pred, decision.witness)
            if empty:
                names = [self.show_dim(sym(s)) for s in empty]
                unless = f"{names[0]} == 0" if len(names) == 1 else f"one of {', '.join(names)} is 0"
                raise ShapeError(code, f"{text} (it works only if {unless}: an empty array)")
        if decision.timed_out:
            question = readable(pred).show(self.names)
            text = (f"{self.op}: {BUDGET_SPENT} before it could decide whether this holds ({question}); treated as "
                    "unknown" if decision.budget_spent else
                    f"{self.op}: the solver did not decide within its step limit whether this holds ({question}); "
                    "treated as unknown")
            self.interp.diagnose(self.node, "SC005", text, severity="info")
        self.interp.precondition(pred, code, text, self.node, verdict, self.names)

    def require_every_iteration(self, pred: Pred, code: str, message: Callable[[], str]) -> bool:
        """State that ``pred``, which mentions the index of a running loop, must hold on every
        iteration; False (nothing decided) when it mentions none. An index that runs off its array
        on some iteration whatever the sizes are is an error, when every iteration surely reaches
        the use; one that does for some sizes is a --strict warning (SC120). Not a precondition:
        the loop's index is not the function's to require of its callers."""
        frame = self.interp.frame
        loops = [frame.loops[s] for s in sorted(pred_symbols(pred)) if s in frame.loops]
        if not loops:
            return False
        solver, bound = self.interp.analysis.solver, frozenset(frame.loops)
        verdict = solver.decide_for_all(frame.facts, bound, pred).verdict
        if verdict in (Verdict.HOLDS, Verdict.UNKNOWN):
            return True
        certain = all(loop.certain for loop in loops) and self.interp.unsure <= min(loop.unsure for loop in loops)
        text = message()
        if certain and verdict is Verdict.FAILS:
            raise ShapeError(code, text)
        if certain:   # as for every op: code that works only on an empty array is an error
            dims = sorted(pred_symbols(pred) & _array_symbols(frame.env.values()))
            nonempty = tuple(Fact(ge(sym(s), 1)) for s in dims)
            if dims and solver.decide_for_all(frame.facts + nonempty, bound, pred).verdict is Verdict.FAILS:
                names = ", ".join(self.show_dim(sym(s)) for s in dims)
                raise ShapeError(code, f"{text} (it works only if {names} is 0: an empty array)"
                                 if len(dims) == 1 else f"{text} (it works only if one of {names} is 0)")
        if self.interp.analysis.options.strict and not self.interp.try_depth:   # a handler catches IndexError
            self.interp.diagnose(self.node, "SC120", f"{text} on some iterations, for some sizes", severity="warning")
        return True

    def _only_when_empty(self, pred: Pred) -> bool:
        """Whether ``pred``, which fails under the facts, fails only on a path the program takes
        when an array it reads is empty: the facts leave none of them a size >= 1. The mirror of
        :meth:`_fails_unless_empty`: code is judged on arrays that hold something, and a branch
        taken at the first pass of a loop only when a buffer is empty (``if count < cap: ... else:
        buf[0] = x``, count still 0, so cap is 0) is no error of the code that fills it later."""
        frame = self.interp.frame
        symbols = pred_symbols(pred) - frame.loops.keys()   # (a first iteration's index is no buffer's)
        if not symbols:
            return False
        dims = sorted((d for d in _array_sizes(frame.env.values()) if free_symbols(d) & symbols), key=str)
        if not dims:
            return False
        nonempty = tuple(Fact(ge(d, 1)) for d in dims)
        return self.interp.analysis.solver.decide(frame.facts + nonempty, pred).verdict is not Verdict.FAILS

    def _fails_unless_empty(self, pred: Pred, witness: dict | None = None) -> tuple[str, ...]:
        """The array dims of ``pred`` when it fails for every value that makes them all >= 1:
        code that works only when some unknown dim is 0 (an empty array) is a bug, so that is a
        definite error. Only symbols that size an array in scope count: a loop index or a count
        may well be 0. ``witness``: values, consistent with the facts, under which ``pred`` holds
        (the decision's): when they make every such dim >= 1, that settles it with no question.
        A running loop's index is no such dim even where it sizes an array (``zeros((j + 2, j))``):
        it is 0 on a first iteration, whose state a fixpoint's first pass pairs with every index."""
        if pred.kind == "eq" and 0 in pred.args and any(is_single_symbol(d) for d in pred.args):
            # one size matched against an explicit 0 (``toeplitz(c, r) @ np.empty((0, 0))``, scipy's
            # test of the empty case): the code means an empty array, which is no bug of it (a
            # product or a remainder that must be 0 is no such match: ``x.reshape(0, 7)``)
            return ()
        frame = self.interp.frame
        symbols = pred_symbols(pred)
        if witness is not None and all(witness.get(s, 0) >= 1 for s in symbols):
            return ()   # settled for any of its symbols, so for its array dims: no walk of the frame for them
        # (a dim taken off a parameter's middle sizes that parameter: ``x.shape[0]``, ``prod(x.shape[:-1])``)
        sizes = _array_symbols(frame.env.values()).union(*(free_symbols(d) for d in frame.middle_dims.values()))
        dims = sorted(symbols & sizes - frame.loops.keys())
        if not dims or witness is not None and all(witness.get(s, 0) >= 1 for s in dims):
            return ()
        solver, facts = self.interp.analysis.solver, self.interp.frame.facts
        nonempty = {s: Fact(ge(sym(s), 1)) for s in dims}
        if solver.decide(facts + tuple(nonempty.values()), pred).verdict is not Verdict.FAILS:
            return ()
        # name the dims whose being 0 (the others >= 1) lets it work
        zero = tuple(s for s in dims if solver.decide(
            facts + tuple(f for t, f in nonempty.items() if t != s) + (Fact(eq(sym(s), 0)),),
            pred).verdict is not Verdict.FAILS)
        return zero or tuple(dims)

    def record(self, name: str, operands: tuple, result: Value) -> None:
        """Log an op this rule implies besides its own (the collective a placement change needs) in a
        measured run's op log; nothing otherwise."""
        self.interp.record_op(self.node, name, operands, result)

    def fail(self, code: str, message: str) -> None:
        raise ShapeError(code, message)

    def fresh(self, hint: str = "d") -> Dim:
        return self.interp.analysis.fresh(hint)

    def mask_count(self, mask: Array) -> Dim:
        """The number of True values of the boolean array ``mask`` (the one dim a selection by it
        puts): one dim per mask value this run, so ``a[m] = b[m]`` selects as many as it assigns to
        (vit-pytorch's mpp: two fresh counts made that a --strict "k == k'"). Keyed by the value's
        identity, which one name's reads share; two masks of one shape have counts of their own."""
        counts = self.interp.frame.mask_counts
        found = counts.get(id(mask))
        if found is None or found[0] is not mask:
            found = counts[id(mask)] = (mask, self.fresh("k"))
        return found[1]

    def middle_dim(self, middle: Middle, index: int) -> Dim:
        """The parameter's dim at ``index`` (``Interpreter.middle_dim``)."""
        return self.interp.middle_dim(middle, index)

    def middle_size(self, middle: Middle | None) -> Dim:
        """The product of ``middle``'s dims (what flattening it gives), one dim per run for one
        middle, shown as the code would compute it (``prod(x.shape[2:])``); a fresh dim for an
        array of unknown rank that is no parameter's."""
        if middle is None:
            return self.fresh("n")
        key = (middle.name, middle.scope, "size", middle.skip, middle.drop)
        found = self.interp.frame.middle_dims.get(key)
        if found is None:
            stop = f"-{middle.drop}" if middle.drop else ""
            found = self.interp.frame.middle_dims[key] = \
                self.fresh(f"prod({middle.name}.shape[{middle.skip}:{stop}])")
        return found

    def folded(self, shape: Shape) -> Shape:
        """``shape`` with the dims a run took off a parameter's middle put back where they are that
        middle's own (``(x.shape[0], *x[1:])`` is ``(*x)``): one form for one shape, so that an op
        on the last dims (``nn.Linear``) can take them off again."""
        middle = shape.middle
        if middle is None:
            return shape
        taken = self.interp.frame.middle_dims
        prefix, suffix = shape.prefix, shape.suffix
        while prefix and middle.skip and taken.get((middle.name, middle.scope, middle.skip - 1)) == prefix[-1]:
            prefix, middle = prefix[:-1], replace(middle, skip=middle.skip - 1)
        while suffix and middle.drop and taken.get((middle.name, middle.scope, -middle.drop)) == suffix[0]:
            suffix, middle = suffix[1:], replace(middle, drop=middle.drop - 1)
        return Shape(prefix, True, suffix, middle)

    def assume(self, pred: Pred, origin: object = None) -> None:
        self.interp.add_fact(Fact(pred, origin))

    def hole(self) -> Dim:
        """A fresh dim standing for a ``HOLE`` at this op, solved after the run."""
        return self.interp.hole_dim(self.node)

    # -- broadcasting ---------------------------------------------------------------------------
    def broadcast(self, operands: list[tuple[Shape, str]], code: str = "SC101", *,
                  unknown_rank: bool = False) -> Shape | None:
        """Broadcast shapes (NumPy's rule, ``constraints.broadcast_shapes``). A mismatch is reported
        through :meth:`require` with both operands named.

        When some rank is unknown, the trailing dims the operands fix are still broadcast (and
        checked: a mismatch there fails for every rank); the result is that suffix of an unknown
        rank when ``unknown_rank`` is set, else None (for callers that read ``.prefix`` as dims)."""
        if any(s.rank is None for s, _ in operands):
            self._floor_ranks([s for s, _ in operands])
            shape = self._broadcast_suffix(operands, code)
            return shape if unknown_rank else None
        return Shape(self._broadcast_dims(operands, [s.prefix for s, _ in operands], code))

    def _floor_ranks(self, shapes: list[Shape]) -> None:
        """The result has at least the rank of each operand: a parameter's middle beside an operand
        of greater known rank is at least that long (``Run.floor_rank``, a guess for coverage)."""
        known = max((s.rank for s in shapes if s.rank is not None), default=0)
        for s in shapes:
            if s.rank is None and s.middle is not None and known > s.min_rank:
                self.interp.analysis.floor_rank(s.middle, known - s.min_rank)

    def _broadcast_dims(self, operands: list[tuple[Shape, str]], dims: list[tuple[Dim, ...]],
                        code: str, from_start: bool = False) -> tuple[Dim, ...]:
        """``from_start``: ``dims`` are equally long prefixes, whose axes a message counts from 0."""
        def require(pred: Pred, where: BroadcastAxis) -> None:
            def message() -> str:
                shapes = " and ".join(f"{t} is {self.show_shape(s)}" if t else self.show_shape(s)
                                      for s, t in operands)
                axis = len(dims[0]) + where.axis if from_start else where.axis
                return (f"{self.op}: shapes cannot be broadcast together: {shapes}: "
                        f"dimension {self.show_dim(where.a)} != {self.show_dim(where.b)} (axis {axis})")
            self.require(pred, code, message)

        def join(where: BroadcastAxis) -> Dim:
            # exact (defined by the disjunction below), and shown as what it is under the requirement
            result = self.fresh(join_name(self.show_dim(where.a), self.show_dim(where.b)))
            self.assume(result_definition(where.a, where.b, result))
            return result

        return broadcast_shapes(dims, decide=self.decision, require=require, join=join)

    def _broadcast_suffix(self, operands: list[tuple[Shape, str]], code: str) -> Shape | None:
        """Broadcasting aligns trailing dims, so operands of unknown rank still fix the suffix: the
        same requirements and messages as at a known rank, on the axes every operand fixes."""
        shapes = align_middles([s for s, _ in operands], self.fresh, self.middle_dim)
        operands = [(s, text) for s, (_, text) in zip(shapes, operands)]
        middle = shared_middle(shapes)
        if middle is not None:
            # the prefixes line up from the start, among the operands of unknown rank only
            heads = [(s, op) for s, op in zip(shapes, operands) if s.variadic]
            prefix = self._broadcast_dims([op for _, op in heads], [s.prefix for s, _ in heads], code,
                                          from_start=True) if heads[0][0].prefix else ()
            return self.folded(Shape(prefix, True, self._broadcast_dims(operands, [trailing(s) for s in shapes], code),
                                     middle))
        aligned = aligned_trailing(shapes)
        if aligned is None:
            return None
        return Shape((), True, self._broadcast_dims(operands, aligned, code))


def _array_sizes(values, depth: int = 0) -> set[Dim]:
    """The sizes of the arrays among ``values`` (inside tuples, lists and objects too)."""
    out: set[Dim] = set()
    for v in values:
        t = type(v)
        if t is Array:
            out.update(v.shape.prefix + v.shape.suffix)
        elif depth < 2 and t in (Tuple, List) and v.items is not None:
            out |= _array_sizes(v.items, depth + 1)
        elif depth < 2 and t is Instance:
            out |= _array_sizes(v.attrs.values(), depth + 1)
    return out


def _array_symbols(values) -> set[str]:
    """The symbols that size the arrays among ``values``."""
    return set().union(*(free_symbols(d) for d in _array_sizes(values)))
