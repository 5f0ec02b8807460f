"""``FILE::FUNC --shape ARG=DIMS --dtype ARG=DTYPE``: the function ``shapecheck ir`` and
``shapecheck compile`` trace, as both read it from the command line, and its traced IR.

The file is read as text; it is never imported or run.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["m.py::f", "--shape", "x=n,784", "--dtype", "x=f64"])
>>> pairs(args.shape, "shape"), pairs(args.dtype, "dtype")
({'x': 'n,784'}, {'x': 'f64'})
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..ir.frontend import trace
from ..ir.graph import Module
from .command import Failure


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare FILE::FUNC, --shape and --dtype on ``parser``."""
    parser.add_argument("target", metavar="FILE::FUNC", help="the source file and the function in it")
    parser.add_argument("--shape", action="append", default=[], metavar="ARG=DIMS",
                        help="an argument's shape, e.g. x=n,784: ints and dim names, () for a scalar "
                             "(repeat per argument)")
    parser.add_argument("--dtype", action="append", default=[], metavar="ARG=DTYPE",
                        help="an argument's dtype: f32 (default), f64, i32, i64, bool, "
                             "or the NumPy names float32, ...")


def trace_target(args: argparse.Namespace) -> Module:
    """The graph IR of the function the parsed arguments name. :class:`Failure` if they are
    malformed or the file cannot be read; the tracer's own errors (``TraceError``) pass through."""
    path, sep, func = args.target.rpartition("::")
    if not sep or not path or not func:
        raise Failure(f"expected FILE::FUNC, got {args.target!r}")
    shapes, dtypes = pairs(args.shape, "shape"), pairs(args.dtype, "dtype")
    try:
        source = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise Failure(f"cannot read {path}: {error}") from error
    return trace(source, func, shapes=shapes, dtypes=dtypes)


def pairs(items: list[str], option: str) -> dict[str, str]:
    """``["x=n,3", "w=3,4"]`` -> ``{"x": "n,3", "w": "3,4"}``; :class:`Failure` without a NAME=."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise Failure(f"--{option} expects NAME=VALUE, got {item!r}")
        out[name.strip()] = value.strip()
    return out
