"""``shapecheck compile FILE::FUNC --shape x=32,784 --emit ir|loops|llvm|asm|ptx``.

Traces FUNC for the given argument shapes and prints the requested level of its compilation.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..ir import compile_to_loops
from ..ir.jit import TEXT_KINDS, render_text
from . import target
from .command import EXIT_OK, Failure, run_subcommand

__all__ = ["add_arguments", "run", "main"]

DESCRIPTION = """\
Compile a Python function to LLVM IR or PTX and print one level of the compilation.

FILE is read as text (never imported or run); FUNC is traced for the given argument shapes.
Dims may be ints or names (--shape x=n,784); --dtype x=float64 overrides the default float32."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = "Exit status: 0 printed, 2 usage errors and code outside the supported subset."
    target.add_arguments(parser)
    parser.add_argument("--emit", choices=TEXT_KINDS, default="ir", help="what to print (default: ir)")
    parser.add_argument("--fastmath", action="store_true", help="allow LLVM's fast-math rewrites")


def run(args: argparse.Namespace) -> int:
    try:
        graph = target.trace_target(args)
        loops = compile_to_loops(graph)
        text = render_text(args.emit, graph, loops, fastmath=args.fastmath)
    except (ValueError, NotImplementedError, TypeError) as error:
        raise Failure(f"{args.target}: {error}") from error
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


def main(argv: Sequence[str]) -> int:
    """``shapecheck compile`` from Python: ``argv`` are the arguments after ``compile``."""
    return run_subcommand("compile", add_arguments, run, argv)
