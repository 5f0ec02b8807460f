"""The optimisation pipeline: LLVM's default O3 module pipeline through the new pass manager.

``create_pass_builder`` takes the target machine, so the vectorizer's cost model sees the host's
vector width; loop and SLP vectorization are switched on explicitly because the pipeline tuning
options start with them off.
"""

from __future__ import annotations

import llvmlite.binding as llvm


def optimize(module: "llvm.ModuleRef", machine: "llvm.TargetMachine", level: int = 3) -> None:
    """Run the O``level`` module pipeline on ``module`` in place, tuned for ``machine``."""
    module.triple = machine.triple
    module.data_layout = str(machine.target_data)
    tuning = llvm.create_pipeline_tuning_options(speed_level=level)
    tuning.loop_vectorization = level >= 2
    tuning.slp_vectorization = level >= 2
    tuning.loop_interleaving = level >= 2
    tuning.loop_unrolling = level >= 2
    builder = llvm.create_pass_builder(machine, tuning)
    builder.getModulePassManager().run(module, builder)
