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
    parser.usage = "shapecheck signatures [PATH ...] [--cost]"
    parser.description = "Print the inferred shape signature of every function."
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")
    parser.add_argument("--cost", action="store_true",
                        help="under each signature, the FLOPs and bytes of one call on the shapes it shows "
                             "(shapecheck cost; docs/cost.md)")


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
            if args.cost:
                sys.stdout.write(_cost_line(str(path), sig))
    return EXIT_OK


def _cost_line(path: str, sig: api.Signature) -> str:
    """``    cost: 24*n FLOPs, ... bytes read, ... written`` of one call of a top-level function or
    method, each parameter the signature's highest-rank shape for it."""
    qualname = sig.qualname
    if "<locals>" in qualname or qualname.count(".") > 1:
        return ""   # a nested function runs only inside its parent
    shapes = {}
    for name, alternatives in sig.params:
        shaped = [a for a in alternatives if isinstance(a, api.ShapeText)]
        if shaped:
            dims = max(shaped, key=lambda a: len(a.dims)).dims
            if all(d.isdigit() or d.isidentifier() for d in dims):
                shapes[name] = [int(d) if d.isdigit() else d for d in dims]
    try:
        report = api.cost_of(api.measure(path, qualname, shapes))
    except (api.TargetNotFound, SyntaxError, RecursionError):
        return ""
    total = report.total
    params = f", {report.show(report.params)} params" if report.params else ""
    return (f"    cost: {report.show(total.flops)} FLOPs, {report.show(total.bytes_read)} bytes read, "
            f"{report.show(total.bytes_written)} written{params}\n")
