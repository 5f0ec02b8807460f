"""Diagnostics: what every front end (CLI, LSP, JSON, SARIF) renders.

Positions are 1-based lines and 1-based columns counted in characters (not bytes); ``end_*`` is
exclusive. Front ends convert (LSP wants 0-based UTF-16).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Severity = str  # "error" | "warning" | "info"


@dataclass(frozen=True, slots=True)
class Span:
    line: int
    column: int
    end_line: int
    end_column: int
    # In a notebook: the cell (numbered from 1) that line and column count within (notebook.py).
    cell: int | None = None

    def __repr__(self) -> str:
        cell = "" if self.cell is None else f", cell={self.cell}"
        return (f"Span(line={self.line}, column={self.column}, end_line={self.end_line}, "
                f"end_column={self.end_column}{cell})")


@dataclass(frozen=True, slots=True)
class Related:
    """Another location that explains a diagnostic (where a fact came from, the failing op in a callee)."""

    path: str
    span: Span
    message: str


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a fact came from: the file, the span of the code that states it, and what it says
    (an assertion's text, "branch condition", a requirement's message)."""

    path: str
    span: Span
    text: str

    def related(self) -> Related:
        """As a related location a diagnostic can point at."""
        return Related(self.path, self.span, f"this fact comes from here: {self.text}")

    def describe(self) -> str:
        """``n == 3 (line 4)``: the fact's text and line, for a message."""
        return f"{self.text} (line {self.span.line})"


@dataclass(frozen=True, slots=True)
class Fix:
    """A text edit that resolves a diagnostic (fill a hole with its solution)."""

    title: str
    span: Span
    replacement: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    span: Span
    code: str
    severity: Severity
    message: str
    related: tuple[Related, ...] = ()
    # For SC301 (reveal): the shape as a list of ints / symbolic strings, or None for unknown rank.
    shape: tuple[int | str, ...] | None = None
    has_shape: bool = False
    # For SC302 (hole): the solution text, or None when it is not unique.
    hole: str | None = None
    fix: Fix | None = None
    # For SC110 (a call that fails): the code of the failing operation inside the callee (SC103...).
    # --select, --ignore and ignore comments match either code.
    cause: str | None = None

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes this diagnostic answers to: its own, and its cause's."""
        return (self.code,) if self.cause is None else (self.code, self.cause)

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def sort_key(self) -> tuple:
        return (self.path, self.span.line, self.span.column, self.code, self.message)

    def to_json(self) -> dict:
        out = {
            "path": self.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            **({} if self.span.cell is None else {"cell": self.span.cell}),
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
        }
        if self.has_shape:
            out["shape"] = None if self.shape is None else list(self.shape)
        if self.code == "SC302":
            out["hole"] = self.hole
        if self.cause is not None:
            out["cause"] = self.cause
        if self.related:
            out["related"] = [
                {"path": r.path, "line": r.span.line, "column": r.span.column,
                 "end_line": r.span.end_line, "end_column": r.span.end_column,
                 **({} if r.span.cell is None else {"cell": r.span.cell}), "message": r.message}
                for r in self.related
            ]
        return out


@dataclass(frozen=True, slots=True)
class ShapeNote:
    """An inferred shape at a place in the source, for hover and inlay hints."""

    span: Span
    text: str          # "(n, 784) float32"
    kind: str          # "assign" (target of an assignment) | "expr" | "def" (a function's signature)


@dataclass
class FileReport:
    """Everything the analysis learnt about one file."""

    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notes: list[ShapeNote] = field(default_factory=list)
    # function qualified name -> printed shape signature
    signatures: dict[str, str] = field(default_factory=dict)
    # statistics (for --statistics): each array-valued expression the analysis reached, by its
    # (line, column, end line, end column), -> (rank known, shape fully known) in every analysis
    # that reached it; and each array-library call without a shape rule -> how many call sites
    array_expressions: dict[tuple[int, int, int, int], tuple[bool, bool]] = field(default_factory=dict)
    unknown_calls: dict[str, int] = field(default_factory=dict)
    # calls of the project's own functions: bodies analysed for a call, and calls answered by the
    # summary of an earlier identical call instead (absint/driver/summaries.py)
    calls_analysed: int = 0
    calls_summarised: int = 0
    # calls into other modules not followed, the file's allowance of their body runs spent (calls.LIBRARY_ALLOWANCE)
    calls_unfollowed: int = 0
    source: str | None = None   # the text analysed (for suppression comments and `full` output)
    # a notebook's report: its notebook.Notebook (cells, and the module text ``source`` is); the
    # diagnostics and notes are then in cell coordinates, the statistics in the module's
    notebook: object | None = None
    loaded_modules: list[str] = field(default_factory=list)  # real paths of the project modules read (a cache's dependencies)
