"""``shapecheck ir FILE::FUNC --shape x=n,784 [--pass specialize:n=32]...``: print a function's IR.

``--loops`` prints the lowered loop program instead. The passes and exit statuses are in
``DESCRIPTION`` and the epilog below: the text ``shapecheck ir --help`` prints.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..ir.ad import ADError, grad_module, jvp_module
from ..ir.frontend import TraceError
from ..ir.passes import PASSES
from ..ir.passes.specialize import SpecializeError
from ..ir.pipeline import LoweringError, compile_to_loops, optimize
from ..ir.printer import print_loop_module, print_module
from ..ir.verifier import VerifyError, verify
from . import target
from .command import EXIT_FINDINGS, EXIT_OK, Failure, run_subcommand

__all__ = ["add_arguments", "run", "main"]

DERIVATIVES = {"jvp": jvp_module, "grad": grad_module}

DESCRIPTION = """\
Print the shapecheck IR of a Python function (the file is read, never imported).

Passes run in the order given, each followed by the verifier: inline, specialize:n=32[,m=4],
fold, cse, dce, fuse, lower, optimize (inline, fold, cse, dce, fuse), and the derivatives: jvp
(forward mode) and grad (reverse mode: the gradient's entry, then the primal, linear and
transposed programs)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = "Exit status: 0 printed, 1 the IR failed to verify, 2 bad input."
    target.add_arguments(parser)
    parser.add_argument("--pass", dest="passes", action="append", default=[], metavar="PASS",
                        help="inline, specialize:n=32, fold, cse, dce, fuse, lower, optimize, jvp, grad "
                             "(repeatable, in order)")
    parser.add_argument("--loops", action="store_true", help="compile to the loop level and print the program")


def run(args: argparse.Namespace) -> int:
    try:
        module = target.trace_target(args)
        for spec in args.passes:
            module = _apply(spec, module)
            verify(module)
        if args.loops:
            sys.stdout.write(print_loop_module(compile_to_loops(module)))
        else:
            verify(module)
            sys.stdout.write(print_module(module))
    except (TraceError, SpecializeError, LoweringError, ADError) as error:
        raise Failure(str(error)) from error
    except VerifyError as error:
        raise Failure(str(error), EXIT_FINDINGS) from error
    return EXIT_OK


def main(argv: Sequence[str]) -> int:
    """``shapecheck ir`` from Python: ``argv`` as the shell passes it, with or without ``ir`` first."""
    argv = list(argv)
    return run_subcommand("ir", add_arguments, run, argv[1:] if argv[:1] == ["ir"] else argv)


def _apply(spec: str, module):
    """Run the pass ``spec`` names (``fold``, ``specialize:n=32``, ...) on ``module``."""
    name, _, rest = spec.partition(":")
    if name == "specialize":
        return PASSES["specialize"](module, _specialization(rest))
    if name == "optimize":
        return optimize(module)
    if name in DERIVATIVES and not rest:
        return DERIVATIVES[name](module)
    if name in PASSES and not rest:
        return PASSES[name](module)
    raise Failure(f"unknown pass {spec!r} (known: {', '.join(sorted(PASSES))}, optimize, jvp, grad)")


def _specialization(text: str) -> dict[str, int]:
    out = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or not value.strip().lstrip("-").isdigit():
            raise Failure(f"specialize expects NAME=INT[,NAME=INT], got {text!r}")
        out[key.strip()] = int(value)
    return out
