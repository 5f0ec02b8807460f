"""`shapecheck shard-cost`: per-device FLOPs and bytes of sharding strategies. Each strategy is a Python
function (``FILE::FUNC``, several to compare) measured once on arrays of the ``--shape`` sizes: its
placements written in the code (``with_sharding_constraint``, DTensor, ``shard_map``) or given with
``--mesh`` and ``--layout``; or, with ``--mlp``, the closed-form MLP block of ``sharding/cost.py``.

>>> from .command import run_subcommand
>>> run_subcommand("shard-cost", add_arguments, run, ["--mesh", "x=4", "--mlp", "1024,512,2048"])
MLP block: tokens 1024, d_model 512, d_ff 2048, bfloat16, mesh {x: 4}
strategy                     forward FLOPs  forward bytes  step FLOPs     step bytes
megatron (column/row split)  1,073,741,824  1,572,864      3,221,225,472  3,145,728
data parallel                1,073,741,824  0              3,221,225,472  6,291,456
0
"""

from __future__ import annotations

import argparse
import sys

from .. import api
from ..sharding.cost import DATA_PARALLEL, MEGATRON, TWO_D, Cost, CostError, Strategy, mlp_block
from ..sharding.layout import Mesh, divisibility
from ..sharding.notation import NotationError, parse_layout, parse_mesh, parse_shape
from . import target
from .command import EXIT_OK, Failure
from .measured import dims
from .shard_plan import ITEMSIZE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Compare sharding strategies for an MLP block y = act(x @ w1) @ w2 without a cluster: per-device\n"
        "matmul FLOPs and bytes received, for the forward pass and a training step (forward, backward,\n"
        "gradient all-reduce). A one-axis mesh compares Megatron's column/row split with data parallel;\n"
        "a two-axis mesh (dp, tp) adds both combined. --detail lists each matmul and collective.")
    parser.add_argument("functions", nargs="*", metavar="FILE::FUNC",
                        help="strategies written as code: each function measured once (compare several)")
    parser.add_argument("--mesh", help="mesh axes and sizes: x=8, or dp=2,tp=4 (for --mlp and --layout)")
    parser.add_argument("--mlp", help="the closed-form MLP block instead: tokens, d_model, d_ff: 8192,4096,16384")
    parser.add_argument("--shape", action="append", default=[], metavar="ARG=DIMS",
                        help="an argument's global shape, e.g. x=8192,4096 (repeat per argument)")
    parser.add_argument("--layout", action="append", default=[], metavar="ARG=SPEC",
                        help="an argument's placement on --mesh: w1=\"P(None, 'tp')\" (repeat per argument)")
    parser.add_argument("--params", help="the weights, for the gradient all-reduce: w1,w2 (default: all "
                                         "arguments but the first, the tokens)")
    parser.add_argument("--dtype", default="bfloat16", choices=sorted(ITEMSIZE), help="element type (bfloat16)")
    parser.add_argument("--detail", action="store_true", help="show every matmul and collective")


def strategies(mesh: Mesh) -> list[Strategy]:
    names = mesh.names
    if len(names) == 1:
        return [MEGATRON(mesh, names[0]), DATA_PARALLEL(mesh, names[0])]
    dp, tp = names[0], names[-1]
    return [MEGATRON(mesh, tp), DATA_PARALLEL(mesh, dp), TWO_D(mesh, dp, tp)]


def run(args: argparse.Namespace) -> int:
    if bool(args.mlp) == bool(args.functions):
        raise Failure("give the strategies as FILE::FUNC functions, or --mlp tokens,d_model,d_ff")
    if args.mlp:
        return _run_mlp(args)
    return _run_functions(args)


def _table(title: str, rows: list[tuple[str, ...]], details: list[str], detail: bool) -> int:
    header = ("strategy", "forward FLOPs", "forward bytes", "step FLOPs", "step bytes")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    out = [title] + ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header] + rows]
    if detail:
        out += [""] + details
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _row(name: str, forward: Cost, step: Cost) -> tuple[str, ...]:
    return (name, f"{forward.flops:,}", f"{forward.bytes:,}", f"{step.flops:,}", f"{step.bytes:,}")


def _run_mlp(args: argparse.Namespace) -> int:
    if not args.mesh:
        raise Failure("--mlp needs --mesh")
    try:
        mesh = parse_mesh(args.mesh)
        dims = parse_shape(args.mlp)
    except NotationError as err:
        raise Failure(str(err)) from None
    if len(dims) != 3:
        raise Failure(f"--mlp is tokens,d_model,d_ff, not {args.mlp!r}")
    itemsize = ITEMSIZE[args.dtype]
    rows, details = [], []
    for strategy in strategies(mesh):
        try:
            forward = mlp_block(*dims, strategy, itemsize)
            step = mlp_block(*dims, strategy, itemsize, training=True)
        except CostError as err:
            rows.append((strategy.name, f"(cannot run: {err})", "", "", ""))
            continue
        rows.append(_row(strategy.name, forward, step))
        details.append(step.show())
    return _table(f"MLP block: tokens {dims[0]}, d_model {dims[1]}, d_ff {dims[2]}, {args.dtype}, mesh {mesh.show()}",
                  rows, details, args.detail)


def _run_functions(args: argparse.Namespace) -> int:
    shapes = {name: dims(spec) for name, spec in target.pairs(args.shape, "shape").items()}
    try:
        mesh = parse_mesh(args.mesh) if args.mesh else None
        layouts = {}
        for name, spec in target.pairs(args.layout, "layout").items():
            if mesh is None or name not in shapes:
                raise Failure(f"--layout {name}=... needs --mesh and --shape {name}=...")
            layouts[name] = parse_layout(spec, mesh, len(shapes[name]))
            for split in divisibility(layouts[name], tuple(shapes[name])):
                if isinstance(split.size, int) and isinstance(split.ways, int) and split.size % split.ways:
                    raise Failure(f"--layout {name}: dim {split.dim} ({split.size}) does not split evenly over "
                                  f"{'+'.join(split.axes)} ({split.ways} devices)")
    except NotationError as err:
        raise Failure(str(err)) from None
    params = tuple(p.strip() for p in args.params.split(",") if p.strip()) if args.params else None
    rows, details, skipped = [], [], []
    for function in args.functions:
        path, sep, func = function.rpartition("::")
        if not sep or not path or not func:
            raise Failure(f"expected FILE::FUNC, got {function!r}")
        try:
            measured = api.measure(path, func, shapes, {name: args.dtype for name in shapes}, layouts=layouts)
            forward, uncounted = api.shard_cost_of(measured, params)
            step, _ = api.shard_cost_of(measured, params, training=True)
        except api.TargetNotFound:
            raise Failure(f"{path} has no function, method or class {func!r}") from None
        except (OSError, UnicodeDecodeError, SyntaxError) as error:
            raise Failure(f"cannot read {path}: {error}") from None
        except CostError as err:
            rows.append((func, f"(cannot count: {err})", "", "", ""))
            continue
        rows.append(_row(func, forward, step))
        details.append(step.show())
        skipped += [f"not counted: {func} line {line}: {op}" for line, op in uncounted]
    title = f"per device, {args.dtype}" + (f", mesh {mesh.show()}" if mesh is not None else "") + ": " + ", ".join(
        f"{name} {tuple(shape)}" for name, shape in shapes.items())
    _table(title, rows, details, args.detail)
    if skipped:
        sys.stdout.write("\n".join(skipped) + "\n")
    return EXIT_OK
