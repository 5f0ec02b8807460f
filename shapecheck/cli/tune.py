"""``shapecheck tune FILE::FUNC --shape x=4096,1024 [--budget N]``: search the schedules of a
function's compiled program on this machine and keep the fastest for ``shapecheck.jit``.

Traces FUNC for the given (concrete) shapes as ``shapecheck.jit`` would, measures up to
``--budget`` schedules (``shapecheck/ir/tune.py``), prints each trial and the best, and stores the
best in the compile cache, where a later ``jit`` compile of the same program finds it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..ir import compile_to_loops
from ..ir.tune import Trial, tune
from . import target
from .command import EXIT_OK, Failure, run_subcommand

__all__ = ["add_arguments", "run", "main"]

DESCRIPTION = """\
Measure schedules (matmul tiles, vector widths, unrolling, parallel splits) of a function's
compiled program on this machine and keep the fastest in the compile cache, where shapecheck.jit
uses it. Shapes must be concrete (--shape x=4096,1024): the search runs the program."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = "Exit status: 0 tuned, 2 usage errors and code outside the supported subset."
    target.add_arguments(parser)
    parser.add_argument("--budget", type=int, default=24, metavar="N",
                        help="schedules to measure, the default one included (default: 24)")
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="timed calls per schedule; the median counts (default: 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample and the inputs")


def run(args: argparse.Namespace) -> int:
    if args.budget < 1 or args.repeat < 1:
        raise Failure("--budget and --repeat must be at least 1")
    try:
        loops = compile_to_loops(target.trace_target(args))
        result = tune(loops, budget=args.budget, repeat=args.repeat, seed=args.seed, progress=_show)
    except (ValueError, NotImplementedError, TypeError) as error:
        raise Failure(f"{args.target}: {error}") from error
    print(f"best: {result.best.describe()}: {result.best_seconds * 1e3:.3f} ms "
          f"({result.speedup:.2f}x the default schedule, {result.default_seconds * 1e3:.3f} ms); "
          f"kept in the compile cache")
    return EXIT_OK


def _show(trial: Trial) -> None:
    took = f"{trial.seconds * 1e3:9.3f} ms" if trial.seconds is not None else f"rejected: {trial.note}"
    sys.stdout.write(f"  {trial.schedule.describe():70s} {took}\n")
    sys.stdout.flush()


def main(argv: Sequence[str]) -> int:
    """``shapecheck tune`` from Python: ``argv`` are the arguments after ``tune``."""
    return run_subcommand("tune", add_arguments, run, argv)
