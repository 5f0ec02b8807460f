"""Target machines: the host CPU (for the JIT) and NVIDIA PTX (for CUDA).

Vector code needs the target machine made with the host CPU's name *and* feature string:
without them LLVM assumes a baseline x86-64 (SSE2) and the loop vectorizer picks 128-bit
vectors or none. Target machines are built once per process and shared.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import llvmlite
import llvmlite.binding as llvm

PTX_TRIPLE = "nvptx64-nvidia-cuda"
PTX_ARCH = "sm_90"
# PTX ISA 8.0 is the first with sm_90; ptxas from CUDA 12+ accepts it.
PTX_FEATURES = "+ptx80"


@functools.cache
def initialize() -> None:
    """Initialise LLVM's native and NVPTX back ends once per process."""
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()


@dataclass(frozen=True)
class HostTarget:
    """The host CPU as LLVM sees it, and the identity that object code cached for it depends on."""

    triple: str
    cpu: str
    features: str

    @property
    def cache_identity(self) -> str:
        """What a cached object depends on besides its IR: CPU, features, llvmlite/LLVM versions."""
        version = ".".join(map(str, llvm.llvm_version_info))
        return f"{self.triple}|{self.cpu}|{self.features}|llvmlite {llvmlite.__version__}|llvm {version}"

    def has_feature(self, name: str) -> bool:
        return f"+{name}" in self.features.split(",")


@functools.cache
def host() -> HostTarget:
    """The process's host target (triple, CPU name, CPU features)."""
    initialize()
    return HostTarget(llvm.get_process_triple(), llvm.get_host_cpu_name(),
                      llvm.get_host_cpu_features().flatten())


@functools.cache
def host_machine(opt: int = 3) -> "llvm.TargetMachine":
    """A target machine for the host CPU: O3 (the default) for kernels, used for optimisation and
    for object code; O0 for the glue around them (``engine.glue_object_code``)."""
    h = host()
    target = llvm.Target.from_triple(h.triple)
    return target.create_target_machine(cpu=h.cpu, features=h.features, opt=opt,
                                        reloc="static", codemodel="jitdefault")


@functools.cache
def ptx_machine() -> "llvm.TargetMachine":
    """A target machine emitting PTX for ``PTX_ARCH``."""
    initialize()
    target = llvm.Target.from_triple(PTX_TRIPLE)
    return target.create_target_machine(cpu=PTX_ARCH, features=PTX_FEATURES, opt=3)
