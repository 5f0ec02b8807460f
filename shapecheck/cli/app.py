"""The `shapecheck` command: the table of its subcommands, and the dispatch to them.

Each subcommand is a module with ``add_arguments(parser)`` and ``run(args) -> int`` (see
``command.py``), imported only when that subcommand runs: the analyser, NumPy, LLVM, libcst and
pygls load for the commands that use them, so `shapecheck --version` and `shapecheck explain`
are instant. ``main`` returns the exit status (0 clean, 1 findings, 2 usage error, 101 internal
error; each subcommand documents its own).

>>> main(["explain", "SC102"])  # doctest: +ELLIPSIS
SC102 (contraction-mismatch), error
...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, NoReturn, Sequence

from .. import dataclass_methods
from ..version import __version__
from . import explain, merge
from .command import EXIT_USAGE, exit_status, print_error, run_subcommand


def _check() -> ModuleType:
    from . import check  # lazy: start-up time (the configuration, discovery, the cache)
    return check


def _ir() -> ModuleType:
    from . import ir  # lazy: start-up time (NumPy, through the IR)
    return ir


def _compile() -> ModuleType:
    from . import compile  # lazy: start-up time (NumPy, through the IR; llvmlite when it emits)
    return compile


def _tune() -> ModuleType:
    from . import tune  # lazy: start-up time (NumPy and llvmlite, through the IR and its runtime)
    return tune


def _cost() -> ModuleType:
    from . import cost  # lazy: start-up time (NumPy and Z3, through the analyser)
    return cost


def _memory() -> ModuleType:
    from . import memory  # lazy: start-up time (NumPy, through the IR)
    return memory


def _signatures() -> ModuleType:
    from . import signatures  # lazy: start-up time (the configuration, discovery, the cache)
    return signatures


def _annotate() -> ModuleType:
    from . import annotate  # lazy: start-up time (libcst)
    return annotate


def _shard_plan() -> ModuleType:
    from . import shard_plan  # lazy: start-up time (NumPy, for --verify's simulation)
    return shard_plan


def _shard_cost() -> ModuleType:
    from . import shard_cost  # lazy: start-up time (NumPy, through the planner's simulation import)
    return shard_cost


def _report() -> ModuleType:
    from . import report  # lazy: start-up time (discovery; the analyser)
    return report


def _lsp() -> ModuleType:
    from ..lsp import server  # lazy: start-up time (pygls, lsprotocol and the analyser)
    return server


@dataclass(frozen=True)
class Subcommand:
    """One `shapecheck NAME`: its one-line help, and how to import the module that implements it."""

    help: str
    load: Callable[[], ModuleType]   # the module: add_arguments(parser), run(args) -> int
    extra: str = ""                  # the pip extra whose packages its module imports


SUBCOMMANDS: dict[str, Subcommand] = {
    "check": Subcommand("check files and folders for shape errors", _check),
    "merge": Subcommand("join the JSON or SARIF outputs of `check --shard` jobs", lambda: merge),
    "report": Subcommand("write an HTML report of every inferred shape (-o DIR)", _report),
    "explain": Subcommand("explain a diagnostic code, with examples", lambda: explain),
    "lsp": Subcommand("run the language server over stdio (--check: can an editor start it?)", _lsp),
    "ir": Subcommand("print a function's shape-typed IR", _ir),
    "compile": Subcommand("compile a function to LLVM IR / PTX", _compile),
    "tune": Subcommand("measure schedules of a compiled function, keep the fastest for jit", _tune),
    "signatures": Subcommand("print inferred function shape signatures", _signatures),
    "cost": Subcommand("count a function's FLOPs, bytes and parameters", _cost),
    "memory": Subcommand("peak memory of a function's intermediates; --budget plans recomputation", _memory),
    "annotate": Subcommand("add jaxtyping annotations to a file", _annotate),
    "shard-plan": Subcommand("plan the collectives that change an array's sharding", _shard_plan),
    "shard-cost": Subcommand("compare per-device FLOPs and bytes of sharding strategies", _shard_cost),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    Run as the program (no ``argv``), ``check`` ends the process when it is done (``_leave``)."""
    as_program = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        status = _run(argv[0], argv[1:])
        if as_program and argv[0] == "check":
            _leave(status)
        return status
    parser = _parser()
    try:
        parser.parse_args(argv)  # --version, --help, or a usage error: each exits
    except SystemExit as exit_:
        return exit_status(exit_)
    parser.print_help(sys.stderr)  # no subcommand
    return EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shapecheck", description="Static shape checking for NumPy code.",
        epilog="Exit status: 0 clean, 1 findings, 2 usage/config error, 101 internal error.")
    parser.add_argument("--version", action="version", version=f"shapecheck {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, subcommand in SUBCOMMANDS.items():  # listed for --help; each parses its own arguments
        commands.add_parser(name, help=subcommand.help, add_help=False)
    return parser


def _leave(status: int) -> NoReturn:
    """Exit with ``status`` at once, without tearing down the interpreter.

    Once ``check`` has printed its report, a normal exit frees the whole heap the analyses left (the
    shared parse trees, kept modules, summaries) object by object, after a last full collection:
    1.8 of 11.4 CPU s on vit-pytorch (-j 1), 3.8 of 29.6 on timm, for nothing (mypy ends the same
    way, ``util.hard_exit``). ``check`` has closed its files, cache entries and worker pool by
    now; only the standard streams are still buffered. A reader gone from the pipe is no error
    here: the report was cut short where it left (see ``check.run``). The one exit handler that
    matters runs here: the dataclass methods this run compiled are kept for the next."""
    dataclass_methods.flush()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # the pipe's reader left, or the stream was closed
            pass
    os._exit(status)


def _run(name: str, rest: list[str]) -> int:
    subcommand = SUBCOMMANDS[name]
    try:
        module = subcommand.load()
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] == "shapecheck":
            print_error(f"`shapecheck {name}` is not available in this build ({missing.name} is missing)")
        else:
            extra = f" (pip install 'shapecheck-static[{subcommand.extra}]')" if subcommand.extra else ""
            print_error(f"`shapecheck {name}` needs the package {missing.name!r}, which is not installed{extra}")
        return EXIT_USAGE
    return run_subcommand(name, module.add_arguments, module.run, rest)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
