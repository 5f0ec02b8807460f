"""`shapecheck explain CODE`: what a diagnostic code means, with a wrong and a right example.

>>> from .command import run_subcommand
>>> run_subcommand("explain", add_arguments, run, ["SC102"])  # doctest: +ELLIPSIS
SC102 (contraction-mismatch), error
...
0
"""

from __future__ import annotations

import argparse
import sys

from ..report.codes import CODES, explain
from .command import EXIT_OK, EXIT_USAGE, print_error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Explain a diagnostic code, with examples."
    parser.add_argument("code", metavar="CODE", help="a code such as SC102")


def run(args: argparse.Namespace) -> int:
    text = explain(args.code)
    if text is None:
        print_error(f"unknown code {args.code!r}; known codes: {', '.join(CODES)}")
        return EXIT_USAGE
    sys.stdout.write(text)
    return EXIT_OK
