"""What a run finds: its diagnostics (each reported once), the shapes it noted for editors, and
how much of the code got a known shape (``--statistics``).

Coverage counts expressions of the source, not analysis steps: a loop unrolled ten times or a
function analysed for five calls reaches the same expression many times, and it is counted once,
keyed by its position. It keeps a known rank (a fully known shape) only if every analysis that
reached it had one, so a speculative run with made-up ranks cannot make a gap look covered.

An expression is array-valued if some analysis gave it an array, or if it calls an array library
that has no rule for it; an expression that every analysis left unknown (a parameter nothing
pinned, a config value) is not counted, for nothing says it is an array."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from ...report.diagnostics import Diagnostic, ShapeNote, Span
from ...constraints.shapes import rank_known as rank_known_of
from ..core.values import Array, Unknown

#: Where an expression is in its file: line, column, end line, end column (as ``ast`` gives them).
Position = tuple[int, int, int, int]

#: The libraries whose calls return arrays: a call into one of them without a rule loses a shape.
ARRAY_LIBRARIES = frozenset({"numpy", "torch", "jax", "einops", "einx"})
#: How ``lookup_rule`` names a method of an array (``Tensor.unfold``, ``ndarray.choose``).
ARRAY_METHOD_PREFIXES = ("Tensor.", "ndarray.")
#: Calls of the array libraries that never return an array (context managers, dtype and device
#: descriptions, seeding, predicates): an unknown result of theirs loses no shape.
NOT_ARRAYS = frozenset({
    "torch.no_grad", "torch.enable_grad", "torch.inference_mode", "torch.set_grad_enabled",
    "torch.autocast", "torch.amp.autocast", "torch.cuda.amp.autocast", "torch.cpu.amp.autocast",
    "torch.finfo", "torch.iinfo", "torch.device", "torch.dtype", "torch.Generator", "torch.manual_seed",
    "torch.cuda.manual_seed", "torch.cuda.manual_seed_all", "torch.cuda.is_available", "torch.cuda.device_count",
    "torch.is_tensor", "torch.is_floating_point", "torch.is_complex", "torch.numel", "torch.get_default_dtype",
    "torch.set_default_dtype", "torch.is_grad_enabled", "torch.load", "torch.save",
    "numpy.errstate", "numpy.printoptions", "numpy.set_printoptions", "numpy.seterr", "numpy.finfo", "numpy.iinfo",
    "numpy.dtype", "numpy.random.seed", "numpy.random.default_rng", "numpy.random.RandomState",
    "numpy.random.Generator", "numpy.isscalar", "numpy.issubdtype", "numpy.result_type", "numpy.promote_types",
    "jax.default_backend", "jax.devices", "jax.local_devices", "jax.device_count", "jax.config.update",
    # random-state plumbing (a reversible block's forward), data loading, process groups
    "torch.random.fork_rng", "torch.set_rng_state", "torch.cuda.set_rng_state", "torch.utils.checkpoint.set_device_states",
    "torch.utils.checkpoint.get_device_states", "torch.utils.data.DataLoader", "torch.utils.data.random_split",
    "torch.utils.data.dataset.random_split", "torch.utils.data.Subset", "torch.utils.data.TensorDataset",
    "torch.utils.data.ConcatDataset", "torch.distributed.get_rank", "torch.distributed.get_world_size",
    "torch.distributed.is_initialized", "torch.distributed.is_available", "torch.distributed.barrier",
    "torch.jit.is_scripting", "torch.jit.is_tracing", "torch._dynamo.is_compiling", "torch.compiler.is_compiling",
    "torch.onnx.is_in_onnx_export", "torch.promote_types",
})
#: Modules none of whose calls returns an array (optimizers and their schedulers).
NOT_ARRAY_MODULES = ("torch.optim.",)


@dataclass(eq=False)   # each checkpoint is itself: nested ones may look alike
class Checkpoint:
    """Where the findings stood (list lengths), and the first value each coverage entry had since."""

    diagnostics: int
    notes: int
    expressions: dict = field(default_factory=dict)     # position -> its entry before (None: none)
    unknown_calls: dict = field(default_factory=dict)   # name -> positions added since
    # position -> its entry when a generic analysis nested in this one completed (``Findings.keep``):
    # a rollback of this one goes back to it, as that analysis is done and kept, not redone
    kept: dict = field(default_factory=dict)
    # what such nested analyses reported: a rollback keeps it too (they are not run again, so their
    # errors and reveals would be lost with the run that happened to ask for them first)
    kept_diagnostics: list = field(default_factory=list)
    kept_notes: list = field(default_factory=list)


@dataclass
class Findings:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notes: list[ShapeNote] = field(default_factory=list)
    # (line, column, end line, end column) of an expression that was an array or unknown ->
    # (an array somewhere, rank known everywhere, shape known everywhere)
    expressions: dict[Position, tuple[bool, bool, bool]] = field(default_factory=dict)
    # an array library's call without a shape rule -> the positions of the calls that reached it
    unknown_calls: dict[str, set[Position]] = field(default_factory=dict)
    _seen: set = field(default_factory=set)
    _journals: list = field(default_factory=list)
    rollbacks: int = 0   # checkpoints rolled back so far: what was counted before may be gone
    # while a generic analysis is re-run (calls.Calls.rerank): the positions it has counted, whose
    # generic entry it replaces rather than joins (it supersedes the first run there)
    _regenerated: set | None = None
    generic_unknown: int = 0   # how many times a generic analysis met an expression of unknown rank

    def checkpoint(self) -> "Checkpoint":
        """Start recording what is found from here, to take it back (:meth:`rollback`) when an
        analysis is redone; :meth:`release` stops recording. Checkpoints nest."""
        cp = Checkpoint(len(self.diagnostics), len(self.notes))
        self._journals.append(cp)
        return cp

    def release(self, cp: "Checkpoint") -> None:
        self._journals.remove(cp)

    def keep(self, cp: "Checkpoint") -> None:
        """Release ``cp``, whose analysis completed and stands (a generic analysis, kept for every
        later call): an enclosing analysis that is redone must not take back what it counted."""
        self.release(cp)
        kept = {where: self.expressions.get(where) for where in (*cp.expressions, *cp.kept)}
        diagnostics, notes = self.diagnostics[cp.diagnostics:], self.notes[cp.notes:]
        for outer in self._journals:
            outer.kept.update(kept)
            outer.kept_diagnostics.extend(diagnostics)
            outer.kept_notes.extend(notes)

    def rollback(self, cp: "Checkpoint") -> None:
        self.rollbacks += 1
        del self.diagnostics[cp.diagnostics:]
        del self.notes[cp.notes:]
        # what nested analyses kept, each once: a nested analysis's findings are kept by every
        # enclosing journal, and again by one whose rollback re-added them and whose run then
        # completed (a model's forward -> its blocks' -> their layers': the JSON output listed
        # a layer's warning twice)
        self._seen = {(d.path, d.span.line, d.span.column, d.code, d.message) for d in self.diagnostics}
        for diag in cp.kept_diagnostics:
            self.emit(diag)
        present = set(map(id, self.notes))
        for note in cp.kept_notes:
            if id(note) not in present:
                present.add(id(note))
                self.notes.append(note)
        for where, old in cp.expressions.items():
            if old is None:
                self.expressions.pop(where, None)
            else:
                self.expressions[where] = old
        for name, added in cp.unknown_calls.items():
            self.unknown_calls[name] -= added
            if not self.unknown_calls[name]:
                del self.unknown_calls[name]
        for where, entry in cp.kept.items():
            if entry is None:
                self.expressions.pop(where, None)
            else:
                self.expressions[where] = entry
        cp.expressions.clear()
        cp.unknown_calls.clear()
        cp.kept.clear()

    @contextmanager
    def regenerating(self) -> Iterator[None]:
        """A generic analysis runs again: what it counts replaces the first run's generic entries."""
        outer, self._regenerated = self._regenerated, set()
        try:
            yield
        finally:
            self._regenerated = outer

    def supersede(self, start: int, codes: frozenset) -> None:
        """Of the diagnostics emitted from index ``start`` on, keep those with one of ``codes``, each
        in place of an earlier one with its code at its span; take back the rest."""
        kept = [d for d in self.diagnostics[start:] if d.code in codes]
        where = {(d.path, d.span, d.code) for d in kept}
        self.diagnostics[:] = [d for d in self.diagnostics[:start] if (d.path, d.span, d.code) not in where] + kept
        self._seen = {(d.path, d.span.line, d.span.column, d.code, d.message) for d in self.diagnostics}

    def emit(self, diag: Diagnostic) -> None:
        key = (diag.path, diag.span.line, diag.span.column, diag.code, diag.message)
        if key not in self._seen:
            self._seen.add(key)
            self.diagnostics.append(diag)

    def note(self, span: Span, text: str, kind: str) -> None:
        self.notes.append(ShapeNote(span, text, kind))

    def count_array(self, where: Position, value: Array | Unknown, generic: bool = False) -> None:
        """One analysis reached the expression at ``where`` with ``value`` (an array, or unknown);
        ``generic``: the function's own analysis, over its parameters (not one call's arguments)."""
        is_array = type(value) is Array
        # Symbolic dims count as known (they are what a generic function is over), and so does a
        # rank known relative to a parameter's (``(*x, 128)``, exact for every rank of x; a
        # parameter itself, where some analysis makes it an array, is ``(*x)``); an unknown rank or
        # an anonymous middle (``(..., 128)``) does not. Every dim of such a shape is an int or a
        # symbolic dim, so the two counts agree.
        rank_known = rank_known_of(value.shape) if is_array else value.middle is not None
        shape_known = rank_known
        before = self.expressions.get(where)
        for cp in self._journals:
            cp.expressions.setdefault(where, before)
        in_generic = (rank_known, shape_known) if generic else None
        if generic and not rank_known:
            self.generic_unknown += 1
        replace = generic and self._regenerated is not None and where not in self._regenerated
        if replace:
            self._regenerated.add(where)
        if before is not None:
            is_array, rank_known, shape_known = before[0] or is_array, before[1] and rank_known, before[2] and shape_known
            if before[3] is not None and not replace:
                in_generic = (before[3] if in_generic is None else
                              (before[3][0] and in_generic[0], before[3][1] and in_generic[1]))
        self.expressions[where] = (is_array, rank_known, shape_known, in_generic)

    @property
    def array_expressions(self) -> dict[Position, tuple[bool, bool]]:
        """Each array-valued expression -> (rank known, shape fully known): in every analysis, or in
        the generic one. What the generic analysis knows holds for every call (a rank relative to a
        parameter's is exact for every argument), so a call passing an argument it knows less of
        (an unknown rank) takes nothing from it."""
        unknown_calls = set().union(*self.unknown_calls.values())
        out = {}
        for where, (is_array, rank, shape, generic) in self.expressions.items():
            if is_array or where in unknown_calls:
                if generic is not None:
                    rank, shape = rank or generic[0], shape or generic[1]
                out[where] = (rank, shape)
        return out

    def count_unknown_call(self, where: Position, name: str) -> None:
        """A call without a shape rule at ``where``: counted only for the array libraries and array
        methods, where an unknown result is an array whose shape is lost (``str.format`` or
        ``list.append`` costs no coverage)."""
        if (name.split(".", 1)[0] in ARRAY_LIBRARIES or name.startswith(ARRAY_METHOD_PREFIXES)) and name not in NOT_ARRAYS \
                and not name.startswith(NOT_ARRAY_MODULES):
            known = self.unknown_calls.setdefault(name, set())
            if where not in known:
                for cp in self._journals:
                    cp.unknown_calls.setdefault(name, set()).add(where)
            known.add(where)
