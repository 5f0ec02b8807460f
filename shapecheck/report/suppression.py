"""Line suppressions (`# shapecheck: ignore`, `# shapecheck: ignore[SC101, SC102]`) and code filters.

Both are pure functions over diagnostics, independent of any front end: ``check_source`` applies
suppressions so the CLI and the LSP agree, and each front end filters codes with ``filter_codes``.

Rules:
- Only real comments count: the source is tokenized, so the directive inside a string is not one.
  A file that does not tokenize to the end (a syntax error) keeps the comments seen before the error.
- A comment suppresses diagnostics whose span starts or ends on its line (the end line covers a
  multi-line expression whose comment sits after its closing bracket).
- ``ignore`` without brackets suppresses every code; ``ignore[...]`` lists codes or code prefixes.
- SC003 (internal error) is never suppressed: it is a bug in shapecheck, not a finding.
- A comment, or a listed code, that suppresses nothing is reported as SC004 (unused-ignore), with a
  fix that removes it.

>>> from shapecheck.report.diagnostics import Diagnostic, Span
>>> d = Diagnostic("f.py", Span(2, 1, 2, 6), "SC101", "error", "broadcast")
>>> [x.code for x in apply_suppressions("a = 1\\nb = a + c  # shapecheck: ignore\\n", [d], path="f.py")]
[]
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from typing import Iterable, Sequence

from .diagnostics import Diagnostic, Fix, Span

UNSUPPRESSIBLE = frozenset({"SC003"})

# `shapecheck: ignore` anywhere in a comment (so it can follow `# noqa` or `# type: ignore`),
# optionally followed by a bracketed list; `ignored`/`ignore-me` are not the directive.
_DIRECTIVE = re.compile(r"shapecheck:\s*ignore(?:\[(?P<codes>[^\]]*)\]|(?![\w\-\[]))")


@dataclass(frozen=True, slots=True)
class IgnoreComment:
    """One `# shapecheck: ignore[...]` directive found in the source."""

    line: int                       # 1-based
    span: Span                      # the directive text itself, for SC004
    codes: tuple[str, ...] | None   # None: every code
    comment_span: Span              # the whole comment token
    comment_is_directive_only: bool
    code_end_column: int            # 1-based column just after the code before the comment

    def covers(self, code: str) -> bool:
        return self.codes is None or any(code.startswith(prefix) for prefix in self.codes)


def find_ignore_comments(source_text: str | bytes) -> list[IgnoreComment]:
    """Every ignore directive in real comments of ``source_text``, in source order."""
    text = _as_text(source_text)
    found: list[IgnoreComment] = []
    if _DIRECTIVE.search(text) is None:
        return found  # the common case: no directive anywhere, so no need to tokenize
    lines = text.splitlines()
    for token in _comment_tokens(text):
        match = _DIRECTIVE.search(token.string)
        if match is None:
            continue
        (row, col), (_, end_col) = token.start, token.end
        codes = None
        if match.group("codes") is not None:
            codes = tuple(c.strip().upper() for c in match.group("codes").split(",") if c.strip())
        line_text = lines[row - 1] if row - 1 < len(lines) else ""
        before = line_text[:col].rstrip()
        found.append(IgnoreComment(
            line=row,
            span=Span(row, col + match.start() + 1, row, col + match.end() + 1),
            codes=codes,
            comment_span=Span(row, col + 1, row, end_col + 1),
            comment_is_directive_only=re.fullmatch(r"#\s*", token.string[:match.start()]) is not None
            and token.string[match.end():].strip() == "",
            code_end_column=len(before) + 1,
        ))
    return found


def apply_suppressions(source_text: str | bytes, diags: Sequence[Diagnostic], *,
                       path: str | None = None) -> list[Diagnostic]:
    """Drop diagnostics suppressed by ignore comments; add SC004 for comments that suppress nothing.

    ``path`` names the file for SC004 diagnostics (default: the path of the first diagnostic).
    Apply this once, to a file's complete diagnostics, before any code filtering.
    """
    comments = find_ignore_comments(source_text)
    if not comments:
        return sorted(diags, key=Diagnostic.sort_key)
    by_line: dict[int, list[IgnoreComment]] = {}
    for comment in comments:
        by_line.setdefault(comment.line, []).append(comment)
    used_codes: dict[IgnoreComment, set[str]] = {c: set() for c in comments}
    kept: list[Diagnostic] = []
    for diag in diags:
        suppressor = None
        if diag.code not in UNSUPPRESSIBLE:
            for line in dict.fromkeys((diag.span.line, diag.span.end_line)):
                suppressor = next((c for c in by_line.get(line, ()) if any(map(c.covers, diag.codes))), None)
                if suppressor is not None:
                    break
        if suppressor is None:
            kept.append(diag)
        else:
            used_codes[suppressor].update(diag.codes)
    file_path = path if path is not None else (diags[0].path if diags else "<string>")
    kept.extend(_unused(comment, used, file_path, _reported_on(kept, comment.line))
                for comment, used in used_codes.items() if _unused_codes(comment, used) is not None)
    return sorted(kept, key=Diagnostic.sort_key)


def filter_codes(diags: Iterable[Diagnostic], select: Sequence[str] = (),
                 ignore: Sequence[str] = ()) -> list[Diagnostic]:
    """Keep the diagnostics whose code is selected and not ignored (both are code prefixes).

    The longest matching prefix decides, as in ruff: ``select=SC1, ignore=SC10`` drops SC101, and
    ``select=SC101, ignore=SC1`` keeps it. An empty ``select`` selects every code.

    >>> from shapecheck.report.diagnostics import Diagnostic, Span
    >>> ds = [Diagnostic("f.py", Span(1, 1, 1, 2), c, "error", "m") for c in ("SC101", "SC102")]
    >>> [d.code for d in filter_codes(ds, ignore=["SC101"])]
    ['SC102']
    """
    return [d for d in diags if _kept(d.codes, select, ignore)]


def is_selected(code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """Whether ``code`` survives ``select``/``ignore`` (see ``filter_codes``)."""
    return _kept((code,), select, ignore)


def _kept(codes: Sequence[str], select: Sequence[str], ignore: Sequence[str]) -> bool:
    """A diagnostic with several codes (SC110 and its cause) is dropped when any of them is ignored
    and kept when any of them is selected."""
    ignored = any(0 <= _prefix(c, select) <= _prefix(c, ignore) or (_prefix(c, select) < 0 <= _prefix(c, ignore))
                  for c in codes)
    return not ignored and (not select or any(_prefix(c, select) >= 0 for c in codes))


def _prefix(code: str, prefixes: Sequence[str]) -> int:
    return max((len(p) for p in prefixes if code.startswith(p.upper())), default=-1)


def _unused_codes(comment: IgnoreComment, used: set[str]) -> tuple[str, ...] | None:
    """None when the comment is fully used, () when nothing was used, else the unused listed codes."""
    if not used:
        return ()
    if comment.codes is None:
        return None
    unused = tuple(p for p in comment.codes if not any(code.startswith(p) for code in used))
    return unused or None


def _reported_on(diags: list[Diagnostic], line: int) -> list[str]:
    """The codes still reported on ``line`` (a finding spanning lines counts on its first and last)."""
    return sorted({d.code for d in diags if line in (d.span.line, d.span.end_line)})


def _unused(comment: IgnoreComment, used: set[str], path: str, reported: list[str] = ()) -> Diagnostic:
    unused = _unused_codes(comment, used)
    if unused:  # some listed codes were used: drop just the others
        kept = [p for p in comment.codes or () if p not in unused]
        message = f"unused code{'s' if len(unused) > 1 else ''} in `shapecheck: ignore`: {', '.join(unused)}"
        fix = Fix("Remove the unused codes", comment.span, f"shapecheck: ignore[{', '.join(kept)}]")
    else:
        if reported and comment.codes:
            message = (f"unused `shapecheck: ignore[{', '.join(comment.codes)}]`: this line reports "
                       f"{', '.join(reported)}, which it does not name")
        else:
            message = "unused `shapecheck: ignore` comment: nothing on this line is reported"
        if comment.comment_is_directive_only:
            remove = Span(comment.line, comment.code_end_column, comment.line, comment.comment_span.end_column)
            fix = Fix("Remove the unused ignore comment", remove, "")
        else:
            fix = Fix("Remove the unused ignore directive", comment.span, "")
    return Diagnostic(path, comment.span, "SC004", "warning", message, fix=fix)


def _comment_tokens(text: str) -> Iterable[tokenize.TokenInfo]:
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    try:
        for token in tokens:
            if token.type == tokenize.COMMENT:
                yield token
    except (tokenize.TokenError, SyntaxError):
        return  # a file that stops tokenizing keeps the comments found before the error


def _as_text(source_text: str | bytes) -> str:
    if isinstance(source_text, bytes):
        return source_text.decode("utf-8-sig", errors="replace")
    return source_text


__all__ = ["IgnoreComment", "find_ignore_comments", "apply_suppressions", "filter_codes", "is_selected"]
