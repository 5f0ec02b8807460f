"""`shapecheck signatures [PATH ...]`: print every function's shape signature, file by file.

A signature says what a function requires of its parameters and what it returns
(``def layer(x: (n, k), w: (k, m)) -> (n, m)``); ``shapecheck annotate`` writes them back into a
file as jaxtyping annotations.
"""

from __future__ import annotations

import argparse
import sys

from .. import api
from .command import EXIT_OK, EXIT_USAGE, print_error
from .discovery import PathNotFound, discover


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = "shapecheck signatures [PATH ...]"
    parser.description = "Print the inferred shape signature of every function."
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")


def run(args: argparse.Namespace) -> int:
    try:
        files = discover(args.paths or ["."])
    except PathNotFound as missing:
        print_error(f"no such file or directory: {', '.join(missing.paths)}")
        return EXIT_USAGE
    first = True
    for path in files:
        sigs = api.signatures_of(str(path))
        if not sigs:
            continue
        if not first:
            sys.stdout.write("\n")
        first = False
        if len(files) > 1:
            sys.stdout.write(f"# {path}\n")
        for sig in sigs:
            sys.stdout.write(sig.text() + "\n")
    return EXIT_OK
