"""``shapecheck cost FILE::FUNC [--shape x=32,784] [--macs] [--output-format text|json]``: what one
call of a function costs, per line and in total: FLOPs (or multiply-accumulates with ``--macs``),
bytes read and written, and the parameters a class builds in ``__init__``, as polynomials in the
symbolic dims. The conventions are in docs/cost.md."""

from __future__ import annotations

import argparse
import sys

from .. import api
from . import measured
from .command import EXIT_OK

DESCRIPTION = """\
Count one call's FLOPs, bytes and parameters from the shapes shapecheck infers (the file is read,
never imported). A matmul (m, k) @ (k, n) is 2*m*k*n FLOPs (m*k*n MACs with --macs), an
elementwise op one FLOP per output element, a reduction one per input element; layers count the
ops they are made of (docs/cost.md). Dims without --shape sizes stay symbolic."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = "Exit status: 0 counted, 2 bad input."
    measured.add_arguments(parser)
    parser.add_argument("--macs", action="store_true",
                        help="count multiply-accumulates of contractions (fvcore's convention) instead of FLOPs")


def run(args: argparse.Namespace) -> int:
    call, values = measured.measure(args)
    report = api.cost_of(call, values)
    write = sys.stdout.write
    if args.output_format == "json":
        write(measured.dump(to_json(report, args.macs)))
        return EXIT_OK
    write(text(report, args.macs))
    return EXIT_OK


def _work(line: api.LineCost, macs: bool):
    return line.macs if macs else line.flops


def to_json(report: api.CostReport, macs: bool = False) -> dict:
    """``{"function", "total": {"flops", "bytes_read", "bytes_written", "params"}, "lines": [...]}``;
    with ``macs`` a "macs" count next to "flops"."""
    def counts(line: api.LineCost) -> dict:
        out = {"flops": value(line.flops)}
        if macs:
            out["macs"] = value(line.macs)
        out.update(bytes_read=value(line.bytes_read), bytes_written=value(line.bytes_written),
                   bytes_communicated=value(line.communicated))
        return out

    def value(d):
        return measured.as_json_value(d, report.names)

    return {"function": report.function, "path": report.path,
            "total": {**counts(report.total), "params": value(report.params)},
            "lines": [{"line": line.line, **counts(line), "ops": list(line.ops)} for line in report.lines],
            "not_counted": [{"line": line, "op": op} for line, op in report.uncounted]}


def text(report: api.CostReport, macs: bool = False) -> str:
    unit = "MACs" if macs else "FLOPs"
    rows = [("line", unit, "bytes read", "bytes written", "ops")]
    for line in report.lines:
        rows.append((str(line.line), report.show(_work(line, macs)), report.show(line.bytes_read),
                     report.show(line.bytes_written), ", ".join(line.ops)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    out = [f"{report.function} ({report.path})"]
    out += ["  ".join(r[i].ljust(widths[i]) if i else r[i].rjust(widths[0]) for i in range(4)) + "  " + r[4]
            for r in rows]
    total = report.total
    out += ["", f"total {unit}: {report.show(_work(total, macs))}",
            f"total bytes read: {report.show(total.bytes_read)}",
            f"total bytes written: {report.show(total.bytes_written)}",
            f"params: {report.show(report.params)}"]
    if total.communicated != 0:   # sharded code: the counts above are one device's
        out.append(f"bytes received per device in collectives: {report.show(total.communicated)} ("
                   + "; ".join(f"line {line.line}: {report.show(line.communicated)}"
                               for line in report.lines if line.communicated != 0) + ")")
    for line, op in report.uncounted:
        out.append(f"not counted: line {line}: {op} (no cost rule, or a shape it needs is unknown)")
    return "\n".join(out) + "\n"
