"""`shapecheck shard-cost`: per-device FLOPs and bytes of an MLP block under each sharding strategy.

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

from ..sharding.cost import DATA_PARALLEL, MEGATRON, TWO_D, CostError, Strategy, mlp_block
from ..sharding.layout import Mesh
from ..sharding.notation import NotationError, parse_mesh, parse_shape
from .command import EXIT_OK, Failure
from .shard_plan import ITEMSIZE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Compare sharding strategies for an MLP block y = act(x @ w1) @ w2 without a cluster: per-device\n"
        "matmul FLOPs and bytes received, for the forward pass and a training step (forward, backward,\n"
        "gradient all-reduce). A one-axis mesh compares Megatron's column/row split with data parallel;\n"
        "a two-axis mesh (dp, tp) adds both combined. --detail lists each matmul and collective.")
    parser.add_argument("--mesh", required=True, help="mesh axes and sizes: x=8, or dp=2,tp=4")
    parser.add_argument("--mlp", required=True, help="tokens (batch * sequence), d_model, d_ff: 8192,4096,16384")
    parser.add_argument("--dtype", default="bfloat16", choices=sorted(ITEMSIZE), help="element type (bfloat16)")
    parser.add_argument("--detail", action="store_true", help="show every matmul and collective")


def strategies(mesh: Mesh) -> list[Strategy]:
    names = mesh.names
    if len(names) == 1:
        return [MEGATRON(mesh, names[0]), DATA_PARALLEL(mesh, names[0])]
    dp, tp = names[0], names[-1]
    return [MEGATRON(mesh, tp), DATA_PARALLEL(mesh, dp), TWO_D(mesh, dp, tp)]


def run(args: argparse.Namespace) -> int:
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
        rows.append((strategy.name, f"{forward.flops:,}", f"{forward.bytes:,}", f"{step.flops:,}", f"{step.bytes:,}"))
        details.append(step.show())
    header = ("strategy", "forward FLOPs", "forward bytes", "step FLOPs", "step bytes")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    out = [f"MLP block: tokens {dims[0]}, d_model {dims[1]}, d_ff {dims[2]}, {args.dtype}, mesh {mesh.show()}"]
    out += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header] + rows]
    if args.detail:
        out += [""] + details
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK
