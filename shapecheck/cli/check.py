"""`shapecheck check [PATH ...]`: check files and folders for shape errors.

Exit status: 0 clean, 1 findings (errors; warnings too under --strict), 2 usage or configuration
error or a path that does not exist, 101 internal failure (any SC003: a bug in shapecheck).
The analyser (Z3) loads when the first file is checked.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import Sequence

from .. import api
from ..report.diagnostics import Diagnostic, FileReport, Span
from ..report.suppression import filter_codes
from ..version import __version__
from .baseline import BaselineError, apply_baseline, make_baseline, read_baseline, write_baseline
from .command import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, print_error, print_note
from .config import ConfigError, check_code_prefixes, find_config, load_config
from .discovery import Excludes, PathNotFound, discover
from .output import render, render_statistics, render_summary

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
    paths = args.paths or ["."]
    config = load_config(args.config) if args.config else find_config(_search_start(paths))
    root = config.root if config is not None else Path.cwd()
    select = _code_list(args.select)
    ignore = _code_list(args.ignore)
    select = check_code_prefixes(select, "--select") if select is not None else (config and config.select) or ()
    ignore = check_code_prefixes(ignore, "--ignore") if ignore is not None else (config and config.ignore) or ()
    strict = bool(args.strict if args.strict is not None else (config and config.strict))
    fmt = args.output_format or (config and config.output_format) or "concise"
    baseline_path = args.baseline or (config and config.baseline)

    excludes = Excludes.build(root, config.exclude if config else None, config.extend_exclude if config else ())
    try:
        files = discover(paths, excludes=excludes, force_exclude=args.force_exclude)
    except PathNotFound as error:
        raise ConfigError("no such file or directory: " + ", ".join(error.paths)) from None

    options = api.Options(strict=strict, select=select, ignore=ignore)
    reports, sources = check_files(files, options)

    internal_error = any(d.code == "SC003" for r in reports for d in r.diagnostics)
    diags = sorted((d for r in reports for d in filter_codes(r.diagnostics, select, ignore)),
                   key=lambda d: d.sort_key())

    def source_lines(path: str):
        return sources.get(path)

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


def check_files(files: Sequence[str], options) -> tuple[list, dict[str, list[str]]]:
    """Analyse ``files`` one by one; a file that cannot be read or crashes the analyser becomes a
    diagnostic (SC002 / SC003) and the others are still checked.

    Returns the reports and the source lines of every file that has diagnostics (for ``full``
    output and the baseline).
    """
    project = api.Project(roots=sorted({str(Path(p).resolve().parent) for p in files}), options=options)
    reports: list[FileReport] = []
    sources: dict[str, list[str]] = {}
    tracebacks_shown: set[tuple[str, str]] = set()
    for path in files:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            reason = error.strerror or type(error).__name__
            reports.append(FileReport(path, [Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error",
                                                        f"cannot read file: {reason}")]))
            continue
        try:
            report = api.check_source(data, path, project=project, options=options)
        except Exception as error:  # one file's crash must not stop the run: report it, go on
            _report_crash(path, error, tracebacks_shown)
            report = FileReport(path, [Diagnostic(
                path, Span(1, 1, 1, 1), "SC003", "error",
                f"internal error: {type(error).__name__}: {error} (a bug in shapecheck; "
                f"please report it with this file)")])
        reports.append(report)
        if report.diagnostics:
            sources[path] = data.decode("utf-8-sig", errors="replace").splitlines()
    return reports, sources


def _report_crash(path: str, error: Exception, shown: set[tuple[str, str]]) -> None:
    # The full traceback once per distinct crash site; one line for each further file it hits.
    frames = traceback.extract_tb(error.__traceback__)
    site = (type(error).__name__, f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "")
    if site in shown:
        print_error(f"internal error while checking {path}: {type(error).__name__}: {error}")
        return
    shown.add(site)
    print_error(f"internal error while checking {path}:\n{traceback.format_exc().rstrip()}")


def _search_start(paths: Sequence[str]) -> str:
    absolute = [os.path.abspath(p) for p in paths]
    try:
        common = os.path.commonpath(absolute)
    except ValueError:  # paths on different drives
        return os.getcwd()
    return common if os.path.isdir(common) else os.path.dirname(common)


def _use_color(no_color_flag: bool) -> bool:
    # https://no-color.org: NO_COLOR set to a non-empty value disables colour.
    if no_color_flag or os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


