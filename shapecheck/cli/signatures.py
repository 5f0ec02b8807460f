"""`shapecheck signatures [PATH ...]` and `shapecheck annotate FILE [--diff]`.

``signatures`` prints every function's shape signature (see ``signatures.py``), file by file;
``annotate`` writes them back into the file as jaxtyping annotations (see ``annotate.py``).
The CLI calls :func:`main` with the subcommand name first.

>>> main(["signatures", "--help"])  # doctest: +ELLIPSIS
usage: shapecheck signatures ...
0
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
from pathlib import Path
from typing import Sequence

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def signatures_of(path: str, source: str | None = None) -> list:
    """The :class:`~shapecheck.api.Signature` of every function in one file."""
    from .. import api  # lazy: start-up time (the analyser loads Z3)

    return api.signatures_of(path, source)


def _signatures(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="shapecheck signatures",
                                     usage="shapecheck signatures [PATH ...]",
                                     description="Print the inferred shape signature of every function.")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    from .discovery import PathNotFound, discover

    try:
        files = discover(args.paths or ["."])
    except PathNotFound as error:
        print(f"shapecheck: error: no such file or directory: {', '.join(error.paths)}", file=sys.stderr)
        return EXIT_USAGE
    first = True
    for path in files:
        sigs = signatures_of(str(path))
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


def _annotate(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="shapecheck annotate", usage="shapecheck annotate FILE [--diff]",
                                     description="Add jaxtyping annotations for the inferred shapes.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--diff", action="store_true", help="print the change instead of writing it")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    from .annotate import annotate_source

    path = Path(args.file)
    if not path.is_file():
        print(f"shapecheck: error: no such file: {args.file}", file=sys.stderr)
        return EXIT_USAGE
    source = path.read_text(encoding="utf-8")
    new = annotate_source(source, str(path))
    if args.diff:
        import difflib

        sys.stdout.writelines(difflib.unified_diff(source.splitlines(keepends=True), new.splitlines(keepends=True),
                                                   f"a/{args.file}", f"b/{args.file}"))
        return EXIT_OK
    if new != source:
        path.write_text(new, encoding="utf-8")
    return EXIT_OK


def main(argv: Sequence[str]) -> int:
    """Entry for the `signatures` and `annotate` subcommands (``argv[0]`` names which)."""
    argv = list(argv)
    command, rest = (argv[0], argv[1:]) if argv else ("signatures", [])
    if command == "annotate":
        return _annotate(rest)
    return _signatures(rest)
