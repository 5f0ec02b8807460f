"""``shapecheck compile FILE::FUNC --shape x=32,784 --emit ir|loops|llvm|asm|ptx``.

Reads FILE as text (it is never imported or run), traces FUNC for the given argument shapes and
prints the requested level of its compilation. Dims may be ints or symbol names
(``--shape x=n,784``); ``--dtype x=float64`` overrides the default float32.

Exit status: 0 on success, 2 for usage errors and code outside the supported subset.
"""

from __future__ import annotations

import argparse
import sys

from shapecheck.ir.jit import TEXT_KINDS, render_text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shapecheck compile", description=__doc__.splitlines()[0])
    parser.add_argument("target", metavar="FILE::FUNC", help="source file and function to compile")
    parser.add_argument("--shape", action="append", default=[], metavar="ARG=D0,D1,...",
                        help="shape of one argument (repeat per argument); dims are ints or names")
    parser.add_argument("--dtype", action="append", default=[], metavar="ARG=DTYPE",
                        help="dtype of one argument (float32 by default)")
    parser.add_argument("--emit", choices=TEXT_KINDS, default="ir", help="what to print (default: ir)")
    parser.add_argument("--fastmath", action="store_true", help="allow LLVM's fast-math rewrites")
    return parser


def _pairs(items: list[str], what: str) -> dict[str, str]:
    pairs = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"--{what} {item!r}: expected ARG={'D0,D1' if what == 'shape' else 'DTYPE'}")
        pairs[name.strip()] = value.strip()
    return pairs


def main(argv: list[str]) -> int:
    """Run ``shapecheck compile`` with ``argv`` (the arguments after ``compile``)."""
    args = _parser().parse_args(argv)
    path, sep, func = args.target.rpartition("::")
    if not sep or not path or not func:
        print(f"shapecheck compile: expected FILE::FUNC, got {args.target!r}", file=sys.stderr)
        return 2
    try:
        shapes = _pairs(args.shape, "shape")
        dtypes = _pairs(args.dtype, "dtype")
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except (ValueError, OSError) as error:
        print(f"shapecheck compile: {error}", file=sys.stderr)
        return 2
    from shapecheck.ir import compile_to_loops, trace

    try:
        graph = trace(source, func, shapes=shapes, dtypes=dtypes or None)
        loops = compile_to_loops(graph)
        text = render_text(args.emit, graph, loops, fastmath=args.fastmath)
    except (ValueError, NotImplementedError, TypeError) as error:
        print(f"shapecheck compile: {path}::{func}: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
