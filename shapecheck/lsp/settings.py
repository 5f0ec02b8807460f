"""The server's settings and where they come from.

Layers, later ones winning: defaults < ``[tool.shapecheck]`` (and its ``lsp`` sub-table) in the
workspace's pyproject.toml < the client's ``initializationOptions`` < ``workspace/didChangeConfiguration``.
Keys are matched without regard to case, ``-`` or ``_``, so ``inlayHints`` (an editor's JSON),
``inlay-hints`` (TOML) and ``inlay_hints`` all name one setting. A value of the wrong kind is
dropped with a message, never fatal: a typo in an editor's config must not stop the server.

>>> s, problems = merge(Settings(), {"shapecheck": {"inlayHints": "all", "debounceMs": 20}})
>>> s.inlay_hints, s.debounce_ms, problems
('all', 20, [])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..api import Options

INLAY_MODES = ("off", "assignments", "all")
DIAGNOSTIC_MODES = ("auto", "push", "pull")

# Where a code's `shapecheck explain` page lives; {code} is e.g. SC101, {name} e.g. broadcast-mismatch.
# The explain pages ship inside the package (shapecheck/report/codes.md), so the default link opens the
# installed copy; `explainUrl` may point at a hosted copy instead.
DEFAULT_EXPLAIN_URL = (Path(__file__).resolve().parent.parent / "report" / "codes.md").as_uri() + "#{code_lower}-{name}"


@dataclass(frozen=True)
class Settings:
    """Everything a user can configure about the server."""

    inlay_hints: str = "assignments"     # off | assignments | all
    debounce_ms: int = 150               # quiet time before re-analysing a burst of edits
    analysis_timeout_ms: int = 5000      # one file's analysis; past it, what it found so far is published
    diagnostic_mode: str = "auto"        # auto: pull when the client can, else push
    strict: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    explain_url: str = DEFAULT_EXPLAIN_URL


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if isinstance(value, str) and value.lower() in options:
            return value.lower()
        raise ValueError(f"expected one of {', '.join(options)}")
    return parse


def _millis(value: Any) -> int:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 600_000:
        return int(value)
    raise ValueError("expected a number of milliseconds between 0 and 600000")


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError("expected true or false")


def _codes(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(v.upper() for v in value)
    raise ValueError("expected a list of code prefixes such as [\"SC1\"]")


def _url(value: Any) -> str:
    if isinstance(value, str) and value:
        return value
    raise ValueError("expected a URL template")


# normalised key -> (Settings field, parser)
_FIELDS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "inlayhints": ("inlay_hints", _choice(INLAY_MODES)),
    "debouncems": ("debounce_ms", _millis),
    "analysistimeoutms": ("analysis_timeout_ms", _millis),
    "diagnosticmode": ("diagnostic_mode", _choice(DIAGNOSTIC_MODES)),
    "strict": ("strict", _flag),
    "select": ("select", _codes),
    "ignore": ("ignore", _codes),
    "explainurl": ("explain_url", _url),
}

# Keys that may hold our settings one level down: {"shapecheck": {...}}, [tool.shapecheck.lsp].
_SECTIONS = ("shapecheck", "lsp")


def _normalise(key: str) -> str:
    return key.replace("-", "").replace("_", "").lower()


def merge(base: Settings, raw: Any) -> tuple[Settings, list[str]]:
    """``base`` updated with the settings found in ``raw`` (a JSON/TOML object), and the problems met."""
    changes: dict[str, Any] = {}
    problems: list[str] = []

    def visit(table: Any, depth: int) -> None:
        if not isinstance(table, dict):
            return
        for key, value in table.items():
            if not isinstance(key, str):
                continue
            name = _normalise(key)
            if name in _SECTIONS and depth < 2:
                visit(value, depth + 1)
            elif name in _FIELDS:
                field, parse = _FIELDS[name]
                try:
                    changes[field] = parse(value)
                except ValueError as error:
                    problems.append(f"shapecheck setting {key!r} = {value!r} ignored: {error}")

    visit(raw, 0)
    return dataclasses.replace(base, **changes), problems


def read_pyproject(folder: str) -> dict:
    """The ``[tool.shapecheck]`` table of ``folder``/pyproject.toml, or {} (missing or invalid)."""
    import tomllib

    try:
        with open(Path(folder) / "pyproject.toml", "rb") as file:
            data = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}
    table = data.get("tool", {}).get("shapecheck", {})
    return table if isinstance(table, dict) else {}


def options_for(settings: Settings):
    """The analyzer's ``Options`` for these settings (notes on: hover and inlay hints need them; no
    coverage: an editor shows none, and so it reads the command line's cache entries)."""
    return Options(strict=settings.strict, select=settings.select, ignore=settings.ignore, notes=True,
                   coverage=False)


def explain_link(settings: Settings, code: str, name: str) -> str:
    """The documentation URL for a code."""
    return settings.explain_url.format(code=code, code_lower=code.lower(), name=name)
