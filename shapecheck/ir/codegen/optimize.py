"""The optimisation pipeline: LLVM's default O3 module pipeline through the new pass manager.

``create_pass_builder`` takes the target machine, so the vectorizer's cost model sees the host's
vector width; loop and SLP vectorization are switched on explicitly because the pipeline tuning
options start with them off.
"""

from __future__ import annotations

import functools

import llvmlite.binding as llvm

# LLVM options, process-wide (llvmlite has no per-pipeline knob for them).
# O3's full-unroll threshold (300) lets a shape-specialised nest with small constant trip counts
# (3 x 41 elements) unroll into thousands of instructions of vector-math calls and take a second
# to compile; at 150 such nests stay loops (20 ms) while 4x4 inner products still unroll.
LLVM_OPTIONS = ("-unroll-threshold=150",)


@functools.cache
def _set_llvm_options() -> None:
    for option in LLVM_OPTIONS:
        llvm.set_option("shapecheck", option)


def optimize(module: "llvm.ModuleRef", machine: "llvm.TargetMachine", level: int = 3,
             unroll: bool = True, interleave: bool = True) -> None:
    """Run the O``level`` module pipeline on ``module`` in place, tuned for ``machine``;
    ``unroll``/``interleave`` switch LLVM's loop unrolling and interleaving (a schedule's)."""
    _set_llvm_options()
    module.triple = machine.triple
    module.data_layout = str(machine.target_data)
    tuning = llvm.create_pipeline_tuning_options(speed_level=level)
    tuning.loop_vectorization = level >= 2
    tuning.slp_vectorization = level >= 2
    tuning.loop_interleaving = level >= 2 and interleave
    tuning.loop_unrolling = level >= 2 and unroll
    builder = llvm.create_pass_builder(machine, tuning)
    builder.getModulePassManager().run(module, builder)
