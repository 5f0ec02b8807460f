"""`shapecheck shard-plan`: the collectives that move an array from one layout to another.

>>> from .command import run_subcommand
>>> run_subcommand("shard-plan", add_arguments, run,
...                ["--mesh", "dp=2,tp=4", "--shape", "16,32", "--from", "P('dp', 'tp')", "--to", "P('dp', None)"])
P('dp', 'tp') -> P('dp', None) of (16, 32) on mesh {dp: 2, tp: 4}: 1 step, 768 bytes per device, peak piece 1024 bytes
  1. all_gather     over 'tp' (gather dim 1): P('dp', 'tp') -> P('dp', None), 768 bytes per device
0
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from ..sharding.notation import NotationError, parse_layout, parse_mesh, parse_shape
from ..sharding.plan import PlanError, plan
from ..sharding.simulate import distribute, run_plan, same_pieces
from .command import EXIT_OK, Failure

ITEMSIZE = {"float64": 8, "float32": 4, "bfloat16": 2, "float16": 2, "int64": 8, "int32": 4, "int8": 1}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Plan a change of layout: the sequence of all-gather / reduce-scatter / all-to-all / all-reduce /\n"
        "local slice that moves the fewest bytes per device, never holding a piece larger than the larger\n"
        "of the source's and the target's. Layouts are PartitionSpecs: P('dp', None), (dp,tp),-, ...")
    parser.add_argument("--mesh", required=True, help="mesh axes and sizes, major to minor: dp=2,tp=4")
    parser.add_argument("--shape", required=True, help="the global array shape: 16,32")
    parser.add_argument("--from", dest="source", required=True, help="the source layout: P('dp', 'tp')")
    parser.add_argument("--to", dest="target", required=True, help="the target layout: P('tp', None)")
    parser.add_argument("--partial", default="", help="mesh axes the source is a partial sum over: tp")
    parser.add_argument("--dtype", default="float32", choices=sorted(ITEMSIZE), help="element type (float32)")
    parser.add_argument("--verify", action="store_true",
                        help="run the plan on a NumPy simulation of the mesh and check it gives the target")


def run(args: argparse.Namespace) -> int:
    try:
        mesh = parse_mesh(args.mesh)
        shape = parse_shape(args.shape)
        partial = tuple(p.strip() for p in args.partial.split(",") if p.strip())
        source = parse_layout(args.source, mesh, len(shape), partial)
        target = parse_layout(args.target, mesh, len(shape))
        found = plan(shape, source, target, itemsize=ITEMSIZE[args.dtype])
    except (NotationError, PlanError) as err:
        raise Failure(str(err)) from None
    sys.stdout.write(found.show() + "\n")
    if args.verify:
        array = np.random.default_rng(0).standard_normal(shape)
        ok = same_pieces(run_plan(distribute(array, source), found), distribute(array, target))
        sys.stdout.write(f"simulated on {mesh.devices()} devices: {'every piece matches the target' if ok else 'MISMATCH'}\n")
        if not ok:
            raise Failure("the simulated plan does not give the target layout (a bug in shapecheck)", 101)
    return EXIT_OK
