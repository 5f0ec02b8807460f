"""The ``[tool.shapecheck]`` table of pyproject.toml.

The first pyproject.toml with a ``[tool.shapecheck]`` table, searching upward from a start
directory, is the configuration (as ruff finds ``[tool.ruff]``); ``--config FILE`` names one
instead. Relative paths in it (``exclude`` patterns, ``baseline``) are relative to its directory.
Unknown keys and values of the wrong type are errors, so a typo never silently does nothing.

>>> cfg = parse_table({"select": ["SC1"], "strict": True}, source="pyproject.toml", root=".")
>>> cfg.select, cfg.strict
(('SC1',), True)
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..report.codes import CODES
from .output import FORMATS


class ConfigError(Exception):
    """A configuration or usage problem the user must fix (exit status 2)."""


@dataclass(frozen=True)
class Config:
    """Settings from ``[tool.shapecheck]``; None means "not set" (the CLI default applies)."""

    root: Path                                  # the directory relative paths are resolved from
    source: str | None = None                   # the file the settings came from, for messages
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None      # replaces the default excludes
    extend_exclude: tuple[str, ...] = ()        # added to the excludes
    strict: bool | None = None
    output_format: str | None = None
    baseline: str | None = None                 # absolute, resolved against root


def _string_list(key: str, value: Any, source: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: [tool.shapecheck] {key} must be a list of strings, got {value!r}")
    return tuple(value)


def _code_list(key: str, value: Any, source: str) -> tuple[str, ...]:
    return check_code_prefixes(_string_list(key, value, source), f"{source}: [tool.shapecheck] {key}")


def _boolean(key: str, value: Any, source: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{source}: [tool.shapecheck] {key} must be true or false, got {value!r}")
    return value


def _output_format(key: str, value: Any, source: str) -> str:
    if value not in FORMATS:
        raise ConfigError(f"{source}: [tool.shapecheck] {key} must be one of {', '.join(FORMATS)}, got {value!r}")
    return value


def _string(key: str, value: Any, source: str) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{source}: [tool.shapecheck] {key} must be a non-empty string, got {value!r}")
    return value


# key in the TOML table -> (Config field, validator)
_KEYS: dict[str, tuple[str, Callable[[str, Any, str], Any]]] = {
    "select": ("select", _code_list),
    "ignore": ("ignore", _code_list),
    "exclude": ("exclude", _string_list),
    "extend-exclude": ("extend_exclude", _string_list),
    "strict": ("strict", _boolean),
    "output-format": ("output_format", _output_format),
    "baseline": ("baseline", _string),
}


#: Tables for other front ends, ignored by `shapecheck check`.
_SUBTABLES = ("lsp",)


def check_code_prefixes(prefixes: tuple[str, ...], where: str) -> tuple[str, ...]:
    """Upper-case ``prefixes``; raise ConfigError for one that starts no known code."""
    out = []
    for prefix in prefixes:
        prefix = prefix.strip().upper()
        if not prefix or not any(code.startswith(prefix) for code in CODES):
            raise ConfigError(f"{where}: {prefix!r} is not a shapecheck code or code prefix "
                              f"(see `shapecheck explain CODE`; codes look like SC101)")
        out.append(prefix)
    return tuple(out)


def parse_table(table: dict, source: str, root: str | Path) -> Config:
    """Validate a ``[tool.shapecheck]`` table and turn it into a Config."""
    root = Path(root).resolve()
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key in _SUBTABLES:
            if not isinstance(value, dict):
                raise ConfigError(f"{source}: [tool.shapecheck.{key}] must be a table")
            continue  # read by that front end (the LSP server reads [tool.shapecheck.lsp])
        if key not in _KEYS:
            hint = difflib.get_close_matches(key, list(_KEYS), n=1)
            did_you_mean = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise ConfigError(f"{source}: unknown key {key!r} in [tool.shapecheck]{did_you_mean}; "
                              f"known keys: {', '.join(_KEYS)}")
        field_name, validate = _KEYS[key]
        values[field_name] = validate(key, value, source)
    if "baseline" in values:
        values["baseline"] = str((root / values["baseline"]).resolve())
    return Config(root=root, source=source, **values)


def load_config(path: str | Path) -> Config:
    """Read ``[tool.shapecheck]`` from the TOML file ``path`` (``--config FILE``)."""
    path = Path(path)
    document = _read_toml(path)
    table = document.get("tool", {}).get("shapecheck")
    if table is None:
        raise ConfigError(f"{path}: no [tool.shapecheck] table")
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: tool.shapecheck must be a table")
    return parse_table(table, str(path), path.resolve().parent)


def find_config(start: str | Path) -> Config | None:
    """The first pyproject.toml with a ``[tool.shapecheck]`` table in ``start`` or above it."""
    directory = Path(start).resolve()
    if not directory.is_dir():
        directory = directory.parent
    for candidate in (directory, *directory.parents):
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file() and "shapecheck" in _read_toml(pyproject).get("tool", {}):
            return load_config(pyproject)
    return None


def _tomllib():
    """The TOML parser, loaded when a pyproject.toml is read: 6 ms of start-up (it imports
    datetime and compiles its patterns) that a run over a tree without one never needs (none of
    the benchmark corpora has one)."""
    if sys.version_info >= (3, 11):
        import tomllib  # lazy: start-up time
    else:  # pragma: no cover - pyproject declares tomli for 3.10
        import tomli as tomllib  # lazy: start-up time
    return tomllib


def _read_toml(path: Path) -> dict:
    tomllib = _tomllib()
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None


__all__ = ["Config", "ConfigError", "find_config", "load_config", "parse_table", "check_code_prefixes"]
