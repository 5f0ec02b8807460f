"""The `shapecheck` command: a thin shell over ``shapecheck.api``.

Exit status: 0 clean, 1 findings (errors; warnings too under --strict), 2 usage or configuration
error or a path that does not exist, 101 internal failure (any SC003: a bug in shapecheck).

This module imports only the standard library at import time; the analyser (Z3, libcst) loads
when a file is checked, so `shapecheck --version` and `shapecheck explain` are instant.

>>> main(["explain", "SC102"])  # doctest: +ELLIPSIS
SC102 (contraction-mismatch), error
...
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..version import __version__

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 101

HUMAN_FORMATS = ("concise", "full")
DEFAULT_BASELINE = "shapecheck-baseline.json"


@dataclass(frozen=True)
class Delegate:
    """A subcommand implemented by another module's ``main(argv) -> int``."""

    module: str
    help: str
    pass_name: bool = False   # the module serves several subcommands: argv[0] is the subcommand
    extra: str = ""           # the pip extra whose packages it needs


DELEGATES: dict[str, Delegate] = {
    "lsp": Delegate("shapecheck.lsp.server", "run the language server over stdio", extra="lsp"),
    "ir": Delegate("shapecheck.cli.ir", "print a function's shape-typed IR"),
    "compile": Delegate("shapecheck.cli.compile", "compile a function to LLVM IR / PTX"),
    "signatures": Delegate("shapecheck.cli.signatures", "print inferred function shape signatures",
                           pass_name=True),
    "annotate": Delegate("shapecheck.cli.signatures", "add jaxtyping annotations to a file",
                         pass_name=True),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in DELEGATES:
        return _run_delegate(argv[0], argv[1:])
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse: --help/--version exit 0, usage errors exit 2
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    if args.command == "explain":
        return _explain(args.code)
    if args.command == "check":
        try:
            return _check(args)
        except BrokenPipeError:  # `shapecheck check | head`: the reader left; exit quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_FINDINGS
    parser.print_help(sys.stderr)
    return EXIT_USAGE


# ---- argument parsing -------------------------------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shapecheck", description="Static shape checking for NumPy code.",
        epilog="Exit status: 0 clean, 1 findings, 2 usage/config error, 101 internal error.")
    parser.add_argument("--version", action="version", version=f"shapecheck {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="check files and folders for shape errors",
                                description="Check Python files for shape errors NumPy would raise at run time.")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")
    check.add_argument("--output-format", choices=("concise", "full", "json", "sarif", "github"),
                       help="how to print findings (default: concise, or the config's output-format)")
    check.add_argument("--select", action="append", metavar="CODES",
                       help="comma-separated code prefixes to report (default: all)")
    check.add_argument("--ignore", action="append", metavar="CODES",
                       help="comma-separated code prefixes not to report")
    check.add_argument("--strict", action="store_true", default=None,
                       help="also report operations that fail for some shapes (SC120); warnings fail the run")
    check.add_argument("--exit-zero", action="store_true",
                       help="exit 0 even when findings are reported (usage and internal errors still fail)")
    check.add_argument("--statistics", action="store_true",
                       help="print shape-inference coverage and the unknown calls that cost the most")
    check.add_argument("--baseline", metavar="FILE", help="hide findings recorded in FILE; only new ones fail")
    check.add_argument("--write-baseline", action="store_true",
                       help=f"record current findings in the baseline file (default {DEFAULT_BASELINE}) and exit")
    check.add_argument("--force-exclude", action="store_true",
                       help="apply excludes and .gitignore to paths named on the command line too")
    check.add_argument("--config", metavar="FILE", help="read [tool.shapecheck] from FILE instead of searching")
    check.add_argument("--no-color", action="store_true", help="never colour output (also: NO_COLOR=1)")

    explain = commands.add_parser("explain", help="explain a diagnostic code, with examples")
    explain.add_argument("code", metavar="CODE", help="a code such as SC102")

    for name, delegate in DELEGATES.items():
        commands.add_parser(name, help=delegate.help, add_help=False)
    return parser


def _code_list(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(part for value in values for part in value.split(",") if part.strip())


# ---- explain and delegates --------------------------------------------------------------------

def _explain(code: str) -> int:
    from ..report.codes import CODES, explain

    text = explain(code)
    if text is None:
        _error(f"unknown code {code!r}; known codes: {', '.join(CODES)}")
        return EXIT_USAGE
    sys.stdout.write(text)
    return EXIT_OK


def _run_delegate(name: str, rest: list[str]) -> int:
    delegate = DELEGATES[name]
    try:
        module = importlib.import_module(delegate.module)
    except ModuleNotFoundError as error:
        if error.name and delegate.module.startswith(error.name):
            _error(f"`shapecheck {name}` is not available in this build ({delegate.module} is missing)")
        else:
            extra = f" (pip install 'shapecheck-static[{delegate.extra}]')" if delegate.extra else ""
            _error(f"`shapecheck {name}` needs the package {error.name!r}, which is not installed{extra}")
        return EXIT_USAGE
    entry = getattr(module, "main", None)
    if not callable(entry):
        _error(f"`shapecheck {name}` is not available in this build ({delegate.module} has no main)")
        return EXIT_USAGE
    status = entry([name, *rest] if delegate.pass_name else rest)
    return EXIT_OK if status is None else int(status)


# ---- check ------------------------------------------------------------------------------------

def _check(args: argparse.Namespace) -> int:
    from .config import ConfigError

    try:
        return _check_or_raise(args)
    except ConfigError as error:
        _error(str(error))
        return EXIT_USAGE


def _check_or_raise(args: argparse.Namespace) -> int:
    from .baseline import BaselineError, apply_baseline, make_baseline, read_baseline, write_baseline
    from .config import ConfigError, check_code_prefixes, find_config, load_config
    from .discovery import Excludes, PathNotFound, discover
    from .output import render, render_statistics, render_summary
    from ..report.suppression import filter_codes

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

    from ..api import Options
    options = Options(strict=strict, select=select, ignore=ignore)
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
        _note(f"wrote {count} finding{'s' if count != 1 else ''} to {target}")
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
        _note(f"{stale} baseline entr{'ies' if stale != 1 else 'y'} no longer found "
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
    from .. import api
    from ..report.diagnostics import Diagnostic, FileReport, Span

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
        _error(f"internal error while checking {path}: {type(error).__name__}: {error}")
        return
    shown.add(site)
    _error(f"internal error while checking {path}:\n{traceback.format_exc().rstrip()}")


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


def _error(message: str) -> None:
    sys.stderr.write(f"shapecheck: error: {message}\n")


def _note(message: str) -> None:
    sys.stderr.write(f"shapecheck: {message}\n")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
