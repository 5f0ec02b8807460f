"""``shapecheck ir FILE::FUNC --shape x=n,784 [--pass specialize:n=32]...``: print a function's IR.

The file is read, never imported. Passes run in the order given, each followed by the verifier:
``inline``, ``specialize:n=32[,m=4]``, ``fold``, ``cse``, ``dce``, ``fuse``, ``lower`` and
``optimize`` (inline, fold, CSE, DCE, fuse). ``--loops`` prints the lowered loop program instead.
Exit status: 0 printed, 1 the IR failed to verify, 2 bad input (message on stderr).

``main`` takes the arguments after ``shapecheck`` (a leading ``ir`` is accepted and skipped).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

__all__ = ["main"]


class _Usage(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit; the caller decides
        raise _Usage(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shapecheck ir", description="Print the shapecheck IR of a Python function.")
    p.add_argument("target", help="FILE::FUNC")
    p.add_argument("--shape", action="append", default=[], metavar="ARG=DIMS",
                   help="an argument's shape, e.g. x=n,784 (ints and symbol names); () for a scalar")
    p.add_argument("--dtype", action="append", default=[], metavar="ARG=DTYPE", help="f32 (default), f64, i32, i64, bool")
    p.add_argument("--pass", dest="passes", action="append", default=[], metavar="PASS",
                   help="inline, specialize:n=32, fold, cse, dce, fuse, lower, optimize (repeatable, in order)")
    p.add_argument("--loops", action="store_true", help="compile to the loop level and print the program")
    return p


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _Usage(f"--{what} expects NAME=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def _specialization(text: str) -> dict[str, int]:
    out = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or not value.strip().lstrip("-").isdigit():
            raise _Usage(f"specialize expects NAME=INT[,NAME=INT], got {text!r}")
        out[key.strip()] = int(value)
    return out


def main(argv: list[str]) -> int:
    from ..ir.frontend import TraceError, trace
    from ..ir.passes import PASSES
    from ..ir.passes.specialize import SpecializeError
    from ..ir.pipeline import LoweringError, compile_to_loops, optimize
    from ..ir.printer import print_loop_module, print_module
    from ..ir.verifier import VerifyError, verify

    args_in = list(argv[1:] if argv and argv[0] == "ir" else argv)
    try:
        args = _parser().parse_args(args_in)
        path_text, sep, func = args.target.rpartition("::")
        if not sep or not path_text or not func:
            raise _Usage(f"expected FILE::FUNC, got {args.target!r}")
        path = Path(path_text)
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise _Usage(f"cannot read {path}: {exc}") from exc
        module = trace(source, func, shapes=_pairs(args.shape, "shape"), dtypes=_pairs(args.dtype, "dtype"))
        specialized: dict[str, int] = {}
        for spec in args.passes:
            name, _, rest = spec.partition(":")
            if name == "specialize":
                values = _specialization(rest)
                specialized.update(values)
                module = PASSES["specialize"](module, values)
            elif name == "optimize":
                module = optimize(module)
            elif name in PASSES and not rest:
                module = PASSES[name](module)
            else:
                raise _Usage(f"unknown pass {spec!r} (known: {', '.join(sorted(PASSES))}, optimize)")
            verify(module)
        if args.loops:
            sys.stdout.write(print_loop_module(compile_to_loops(module)))
        else:
            verify(module)
            sys.stdout.write(print_module(module))
        return 0
    except _Usage as exc:
        print(f"shapecheck ir: {exc}", file=sys.stderr)
        return 2
    except (TraceError, SpecializeError, LoweringError) as exc:
        print(f"shapecheck ir: {exc}", file=sys.stderr)
        return 2
    except VerifyError as exc:
        print(f"shapecheck ir: {exc}", file=sys.stderr)
        return 1
