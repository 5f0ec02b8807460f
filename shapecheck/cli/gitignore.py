"""Git's ignore patterns (gitignore(5)) as regular expressions, for file discovery.

What git means by a pattern is what pathspec's ``GitIgnoreSpec`` (1.1) computes, edge cases
included: a pattern with a slash before its end is anchored to the ignore file's folder, one
without matches at any depth; a trailing slash matches a folder and everything under it; ``**``
spans folders; ``!`` re-includes; a pattern git cannot read (``[a-``, ``!`` alone) is dropped, as
git drops it.
Its tests check every answer against pathspec's on generated patterns and paths
(tests/cli/test_gitignore.py). It lives here rather than being imported because importing pathspec
costs every run start-up time: its deprecation shim (typing_extensions ``deprecated``) imports
asyncio, which imports ssl, socket and subprocess -- about half of what an empty ``shapecheck
check`` costs before it reads a file.

Which pattern decides: the last one that matches the path itself (its own name, or a folder it
is under, named without a trailing slash); failing that, the last one that matches through a
folder pattern (``build/`` matching ``build/x.py``). That second rank is what lets ``!keep.py``
bring back a file that only a folder pattern ignored, as git does.

>>> spec = GitIgnoreSpec.from_lines(["build/", "*.log", "!keep.log"])
>>> [spec.check_file(p) for p in ("build/x.py", "a/b.log", "keep.log", "src/a.py")]
[True, True, False, None]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

_DIR_MARK = "ps_d"
_DIR_MARK_GROUP = f"(?P<{_DIR_MARK}>/)"
_DIR_MARK_OPTIONAL = f"(?:{_DIR_MARK_GROUP}|$)"


class _BadRange(ValueError):
    """A ``[`` with no closing ``]``: git discards the whole pattern."""


def _segments(is_dir_pattern: bool, segments: list[str]) -> tuple[list[str] | None, str | None]:
    """The pattern's segments made relative to the ignore file's folder (``**`` added where the
    pattern matches at any depth or below a folder), or the whole regex for the patterns that
    match everything (``**``, ``*``, ``*/``)."""
    if not segments[0]:
        del segments[0]   # a leading slash anchors to the folder
    elif len(segments) == 1 or (len(segments) == 2 and not segments[1]):
        if segments[0] != "**":
            segments.insert(0, "**")   # one segment, with or without a trailing slash: any depth
    if not segments:
        raise ValueError("pattern normalized to nothing")
    if not segments[-1]:
        segments[-1] = "**"   # a trailing slash: everything below the folder
    for i in range(len(segments) - 1, 0, -1):
        if segments[i - 1] == "**" and segments[i] == "**":
            del segments[i]
    if segments == ["**"]:
        return None, (_DIR_MARK_GROUP if is_dir_pattern else ".")
    if segments == ["**", "*"]:
        return None, "."
    if segments == ["**", "*", "**"]:
        return None, (_DIR_MARK_GROUP if is_dir_pattern else "/")
    return segments, None


def _glob(segment: str) -> str:
    """One path segment's glob (``*``, ``?``, ``[...]``, backslash escapes) as a regex."""
    regex, escape, i, end = "", False, 0, len(segment)
    while i < end:
        char = segment[i]
        i += 1
        if escape:
            escape = False
            regex += re.escape(char)
        elif char == "\\":
            escape = True
        elif char == "*":
            regex += "[^/]*"
        elif char == "?":
            regex += "[^/]"
        elif char == "[":
            j = i
            if j < end and segment[j] in "!^":
                j += 1
            if j < end and segment[j] == "]":
                j += 1
            while j < end and segment[j] != "]":
                j += 1
            if j >= end:
                raise _BadRange(segment)
            j += 1
            expr = "["
            if segment[i] in "!^":
                expr += "^"
                i += 1
            regex += expr + segment[i:j].replace("\\", "\\\\")
            i = j
        else:
            regex += re.escape(char)
    if escape:
        raise ValueError(f"escape character with nothing to escape: {segment!r}")
    return regex


def _translate(is_dir_pattern: bool, segments: list[str]) -> str:
    parts, need_slash, last = [], False, len(segments) - 1
    for i, segment in enumerate(segments):
        if segment == "**":
            if i == 0:
                parts.append("^(?:.+/)?")   # any leading folders
            elif i < last:
                parts.append("(?:/.+)?")    # any folders between
                need_slash = True
            else:
                parts.append(_DIR_MARK_GROUP if is_dir_pattern else "/")   # anything below
            continue
        if i == 0:
            parts.append("^")
        if need_slash:
            parts.append("/")
        parts.append("[^/]+" if segment == "*" else _glob(segment))
        if i == last:
            parts.append(_DIR_MARK_OPTIONAL)   # the file, or a folder and what is under it
        need_slash = True
    return "".join(parts)


def pattern_regex(line: str) -> tuple[str, bool] | None:
    """One ignore-file line as (regex over a relative POSIX path, whether a match ignores), or None
    for a blank line, a comment, ``/``, and a pattern git cannot read (a bad range, ``!`` alone, a
    trailing backslash), which git skips: pathspec raises for the last two, which stopped the whole
    run with a traceback on such a ``.gitignore``."""
    pattern = line if line.endswith("\\ ") else line.rstrip()
    if not pattern or pattern.startswith("#") or pattern == "/":
        return None
    ignores = not pattern.startswith("!")
    if not ignores:
        pattern = pattern[1:]
    segments = pattern.split("/")
    is_dir_pattern = not segments[-1]
    try:
        segments_left, whole = _segments(is_dir_pattern, segments)
        regex = whole if segments_left is None else _translate(is_dir_pattern, segments_left)
    except ValueError:   # _BadRange included
        return None
    return regex, ignores


@dataclass(frozen=True)
class GitIgnoreSpec:
    """The patterns of one ignore file (or of the configuration's excludes), in order."""

    patterns: tuple[tuple[re.Pattern, bool], ...]

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> "GitIgnoreSpec":
        compiled = []
        for line in lines:
            translated = pattern_regex(line)
            if translated is not None:
                compiled.append((re.compile(translated[0]), translated[1]))
        return cls(tuple(compiled))

    def check_file(self, path: str) -> bool | None:
        """Whether the patterns ignore ``path`` (relative, POSIX; a folder with a trailing ``/``):
        True, False where a ``!`` pattern re-includes it, None where none matches."""
        if path.startswith("/"):
            path = path[1:]
        elif path.startswith("./"):
            path = path[2:]
        through_folder = None
        for regex, ignores in reversed(self.patterns):
            match = regex.search(path)
            if match is None:
                continue
            if not match.groupdict().get(_DIR_MARK):
                return ignores   # the last pattern matching the path itself decides
            if through_folder is None:
                through_folder = ignores
        return through_folder

    def match_file(self, path: str) -> bool:
        """Whether ``path`` is ignored."""
        return bool(self.check_file(path))


__all__ = ["GitIgnoreSpec", "pattern_regex"]
