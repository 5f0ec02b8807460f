"""`shapecheck check [PATH ...]`: check files and folders for shape errors.

Exit status: 0 clean, 1 findings (errors; warnings too under --strict), 2 usage or configuration
error or a path that does not exist, 101 internal failure (any SC003: a bug in shapecheck).
The analyser (Z3) loads when the first file is checked.

Imports of the project's own modules resolve from the project root (``root.py``), whichever
paths are named; files are checked in ``-j N`` processes (``parallel.py``) through the cache
(``shapecheck/cache/store.py``), and the output is the same whichever way a report was obtained.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Iterable

from .. import api
from ..report.notebook import NotebookError, is_notebook, notebook_from_json
from ..report.suppression import filter_codes
from ..version import __version__
from . import parallel
from .baseline import BaselineError, apply_baseline, make_baseline, read_baseline, write_baseline
from ..cache.store import CACHE_DIR_NAME, Cache
from ..constraints.solver import solver_missing
from .command import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, print_error, print_note
from .config import ConfigError, check_code_prefixes, find_config, load_config
from .discovery import Excludes, PathNotFound, discover
from .output import render, render_statistics, render_summary
from .progress import Progress
from .root import common_folder, project_roots
from .shard import parse_shard, select_shard

HUMAN_FORMATS = ("concise", "full")
DEFAULT_BASELINE = "shapecheck-baseline.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Check Python files for shape errors NumPy would raise at run time."
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")
    parser.add_argument("--output-format", choices=("concise", "full", "json", "sarif", "github"),
                        help="how to print findings (default: concise, or the config's output-format)")
    parser.add_argument("--select", action="append", metavar="CODES",
                        help="comma-separated code prefixes to report (default: all)")
    parser.add_argument("--ignore", action="append", metavar="CODES",
                        help="comma-separated code prefixes not to report")
    parser.add_argument("--strict", action="store_true", default=None,
                        help="also report operations that fail for some shapes (SC120); warnings fail the run")
    parser.add_argument("--exit-zero", action="store_true",
                        help="exit 0 even when findings are reported (usage and internal errors still fail)")
    parser.add_argument("--statistics", action="store_true",
                        help="print shape-inference coverage and the unknown calls that cost the most")
    parser.add_argument("--baseline", metavar="FILE", help="hide findings recorded in FILE; only new ones fail")
    parser.add_argument("--write-baseline", action="store_true",
                        help=f"record current findings in the baseline file (default {DEFAULT_BASELINE}) and exit")
    parser.add_argument("--force-exclude", action="store_true",
                        help="apply excludes and .gitignore to paths named on the command line too")
    parser.add_argument("--config", metavar="FILE", help="read [tool.shapecheck] from FILE instead of searching")
    parser.add_argument("--no-color", action="store_true", help="never colour output (also: NO_COLOR=1)")
    parser.add_argument("-j", "--jobs", type=_positive_int, metavar="N",
                        help="check files in N processes (default: the machine's cores; 1: in this process)")
    parser.add_argument("--no-cache", action="store_true", help=f"neither read nor write the cache ({CACHE_DIR_NAME}/)")
    parser.add_argument("--cache-dir", metavar="DIR",
                        help=f"keep the cache in DIR (default: {CACHE_DIR_NAME}/ in the project root)")
    parser.add_argument("--shard", type=_shard, metavar="I/N",
                        help="check only shard I of N of the files (CI; join outputs with `shapecheck merge`)")


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of processes, got {text!r}")
    return int(text)


def _shard(text: str) -> tuple[int, int]:
    try:
        return parse_shard(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    try:
        return _check(args)
    except ConfigError as problem:
        print_error(str(problem))
        return EXIT_USAGE
    except BrokenPipeError:  # `shapecheck check | head`: the reader left; exit quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS


def _code_list(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(part for value in values for part in value.split(",") if part.strip())


def _check(args: argparse.Namespace) -> int:
    missing = solver_missing()
    if missing is not None:   # (else each file that asks Z3 a question would be an internal error)
        raise ConfigError(missing)
    paths = args.paths or ["."]
    config = load_config(args.config) if args.config else find_config(common_folder(paths))
    root = config.root if config is not None else Path.cwd()   # what exclude patterns are relative to
    projects = project_roots(paths, config.root if config is not None else None)  # where imports resolve
    select = _code_list(args.select)
    ignore = _code_list(args.ignore)
    select = check_code_prefixes(select, "--select") if select is not None else (config and config.select) or ()
    ignore = check_code_prefixes(ignore, "--ignore") if ignore is not None else (config and config.ignore) or ()
    strict = bool(args.strict if args.strict is not None else (config and config.strict))
    fmt = args.output_format or (config and config.output_format) or "concise"
    baseline_path = args.baseline or (config and config.baseline)

    excludes = Excludes.build(root, config.exclude if config else None, config.extend_exclude if config else ())
    try:
        found = [discover(named, excludes=excludes, force_exclude=args.force_exclude) for _, named in projects]
    except PathNotFound as error:
        raise ConfigError("no such file or directory: " + ", ".join(error.paths)) from None
    if args.shard is not None:
        found = [select_shard(files, project, args.shard) for (project, _), files in zip(projects, found)]
    files = [path for part in found for path in part]

    options = api.Options(strict=strict, select=select, ignore=ignore, coverage=args.statistics)
    progress = Progress(len(files), sys.stderr, enabled=fmt in HUMAN_FORMATS and sys.stderr.isatty())
    reports = []
    for (project, _), part in zip(projects, found):
        cache = None
        if not args.no_cache:
            cache = Cache.open(args.cache_dir or project / CACHE_DIR_NAME, options, project)
        reports += parallel.check_files(part, options, project, jobs=args.jobs or parallel.default_jobs(),
                                        cache=cache, progress=progress)
    sources = _source_lines(r.path for r in reports if r.diagnostics)

    internal_error = any(d.code == "SC003" for r in reports for d in r.diagnostics)
    diags = sorted((d for r in reports for d in filter_codes(r.diagnostics, select, ignore)),
                   key=lambda d: d.sort_key())

    def source_lines(path: str, cell: int | None = None):
        lines = sources.get(path)
        return lines if cell is None or lines is None else lines.get(cell)

    if args.write_baseline:
        target = baseline_path or DEFAULT_BASELINE
        document = make_baseline(diags, source_lines, Path(target).resolve().parent)
        try:
            write_baseline(target, document)
        except OSError as error:
            raise ConfigError(f"cannot write baseline {target}: {error.strerror or error}") from None
        count = sum(entry["count"] for entry in document["findings"])
        print_note(f"wrote {count} finding{'s' if count != 1 else ''} to {target}")
        return EXIT_INTERNAL if internal_error else EXIT_OK

    hidden = stale = 0
    if baseline_path:
        try:
            result = apply_baseline(diags, read_baseline(baseline_path), source_lines,
                                    Path(baseline_path).resolve().parent)
        except BaselineError as error:
            raise ConfigError(str(error)) from None
        diags, hidden, stale = result.new, result.hidden, result.stale

    human = fmt in HUMAN_FORMATS
    color = human and _use_color(args.no_color)
    out = sys.stdout
    out.write(render(fmt, diags, source_lines=source_lines, color=color, tool_version=__version__,
                     root=os.getcwd()))
    if human:
        out.write(render_summary(diags, len(files), baselined=hidden, color=color))
    if stale:
        print_note(f"{stale} baseline entr{'ies' if stale != 1 else 'y'} no longer found "
              f"(fixed?); rerun with --write-baseline to drop {'them' if stale != 1 else 'it'}")
    if args.statistics:
        (out if human else sys.stderr).write(render_statistics(reports))
    out.flush()

    if internal_error:
        return EXIT_INTERNAL
    failing = {"error", "warning"} if strict else {"error"}
    if any(d.severity in failing for d in diags) and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK


def _source_lines(paths: Iterable[str]) -> dict[str, Any]:
    """The lines of each file that has findings (for ``full`` output and the baseline); for a
    notebook, each code cell's lines by cell number."""
    sources: dict[str, Any] = {}
    for path in paths:
        try:
            text = api.read_source(path).decode("utf-8-sig", errors="replace")
        except OSError:
            continue
        if not is_notebook(path):
            sources[path] = text.splitlines()
            continue
        try:
            cells = notebook_from_json(text).cells
        except NotebookError:
            continue
        sources[path] = {cell.number: cell.source.splitlines() for cell in cells}
    return sources


def _use_color(no_color_flag: bool) -> bool:
    # https://no-color.org: NO_COLOR set to a non-empty value disables colour.
    if no_color_flag or os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


