"""``shapecheck memory FILE::FUNC [--shape ...] [--ir] [--budget BYTES]``: the peak bytes of a
call's live intermediates, and the line where the peak is.

By default the analysed body is measured (liveness over the ops the analysis runs, any library);
``--ir`` measures the function's compiled graph (liveness over its bindings, after inlining and
dead-code elimination); ``--budget`` runs the graph in the reference interpreter with that many
bytes for intermediates, evicting and recomputing by DTR's heuristic (``ir/remat.py``), which
needs every size given with ``--shape``."""

from __future__ import annotations

import argparse
import sys

import numpy as np

from .. import api
from ..constraints import dims as D
from ..ir.frontend import TraceError
from ..ir.interp import InterpError
from ..ir.liveness import liveness, show
from ..ir.ops import NUMPY_DTYPES
from ..ir.pipeline import optimize
from ..ir.remat import BudgetTooSmall, check_against_plain, rematerialize
from . import measured, target
from .command import EXIT_FINDINGS, EXIT_OK, Failure

DESCRIPTION = """\
Peak memory of one call's intermediates (the arguments are not counted), symbolic in the dims
without --shape sizes, with the line where it occurs. When no single size dominates for every
value of the dims, each candidate is listed. --ir measures the compiled graph; --budget BYTES
plans rematerialization (DTR) under that budget, runs it, and reports the extra compute."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = "Exit status: 0 measured (or the budget was met), 1 the budget cannot be met, 2 bad input."
    measured.add_arguments(parser)
    parser.add_argument("--ir", action="store_true", help="measure the compiled graph instead of the analysed body")
    parser.add_argument("--budget", type=int, metavar="BYTES",
                        help="run the graph under this many bytes of intermediates, recomputing (DTR); implies --ir")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs --budget runs on")


def run(args: argparse.Namespace) -> int:
    if args.budget is not None:
        return _budget(args)
    if args.ir:
        return _ir(args)
    call, values = measured.measure(args)
    report = api.memory_of(call, values)
    if args.output_format == "json":
        value = lambda d: measured.as_json_value(d, report.names)  # noqa: E731
        sys.stdout.write(measured.dump({
            "function": report.function, "path": report.path,
            "peak": [{"line": line, "bytes": value(b)} for line, b in report.peaks],
            "lines": [{"line": line, "op": op, "live_bytes": value(b)} for line, op, b in report.timeline],
            "unsized": report.unsized}))
        return EXIT_OK
    out = [f"{report.function} ({report.path})", "line  live bytes after the op  op"]
    width = max((len(report.show(b)) for _, _, b in report.timeline), default=0)
    out += [f"{line:>4}  {report.show(b).ljust(width)}  {op}" for line, op, b in report.timeline]
    out.append("")
    out += _peak_lines([(f"line {line}", report.show(b)) for line, b in report.peaks])
    if report.unsized:
        out.append(f"not counted: {report.unsized} intermediates of unknown size")
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _peak_lines(peaks: list[tuple[str, str]]) -> list[str]:
    if len(peaks) == 1:
        where, size = peaks[0]
        return [f"peak: {size} bytes at {where}"]
    return ["peak: the largest of (none bounds the others for every size):"] + [
        f"  {size} bytes at {where}" for where, size in peaks]


def _graph(args: argparse.Namespace):
    try:
        module = optimize(target.trace_target(args), fusion=False)
    except TraceError as error:
        raise Failure(str(error)) from error
    return module, module.functions[0]


def _ir(args: argparse.Namespace) -> int:
    _, fn = _graph(args)
    live = liveness(fn)
    names = [b.var.hint for b in fn.body.bindings]
    if args.output_format == "json":
        sys.stdout.write(measured.dump({
            "function": fn.name,
            "peak": [{"binding": i, "var": var, "bytes": _json(b)} for i, var, b in live.peaks],
            "bindings": [{"binding": i, "var": var, "live_bytes": _json(b)} for i, var, b in live.timeline]}))
        return EXIT_OK
    out = [f"@{fn.name} (graph, {len(names)} bindings)"]
    out += _peak_lines([(f"%{var} (binding {i})", show(b)) for i, var, b in live.peaks])
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _json(d: D.Dim):
    return d if type(d) is int else show(d)


def _budget(args: argparse.Namespace) -> int:
    module, fn = _graph(args)
    if fn.shape_params:
        raise Failure("--budget runs the function: give every size with --shape (ints, no dim names)")
    rng = np.random.default_rng(args.seed)
    inputs = [rng.standard_normal(tuple(int(d) for d in p.type.shape)).astype(NUMPY_DTYPES[p.type.dtype])
              for p in fn.params]
    try:
        result = rematerialize(fn, inputs, args.budget)
    except BudgetTooSmall as error:
        raise Failure(str(error), EXIT_FINDINGS) from error
    except InterpError as error:
        raise Failure(str(error)) from error
    same = check_against_plain(fn, module, inputs, result)
    fields = {"function": fn.name, "budget": result.budget, "peak": result.peak, "store_all": result.store_all,
              "flops": result.compute, "extra_flops": result.extra, "evictions": result.evictions,
              "rematerializations": result.rematerializations, "same_result": same}
    if args.output_format == "json":
        sys.stdout.write(measured.dump({**fields, "plan": [{"action": a, "var": v} for a, v in result.plan]}))
    else:
        share = f" ({result.extra / result.compute:.1%} of {result.compute:,})" if result.compute else ""
        sys.stdout.write("\n".join([
            f"@{fn.name} under a budget of {result.budget:,} bytes (DTR, reference interpreter)",
            f"peak: {result.peak:,} bytes (storing everything: {result.store_all:,})",
            f"extra compute: {result.extra:,} FLOPs{share}",
            f"evictions: {result.evictions}, rematerializations: {result.rematerializations}",
            f"result: {'identical to the plain run' if same else 'DIFFERENT from the plain run'}"]) + "\n")
    return EXIT_OK if same else EXIT_FINDINGS
