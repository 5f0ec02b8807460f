"""CUDA: loop IR to PTX through LLVM's NVPTX back end.

Each kernel becomes a ``ptx_kernel`` entry ``k(T0* b0, ..., i64 s0, ...)`` over device pointers.
A kernel whose body is one parallel loop (``codegen.lower.split_loop``) spreads that loop over
every thread of the grid with a grid-stride loop (iteration ``t`` runs on thread
``t mod (gridDim.x * blockDim.x)``), so any launch shape is correct; any other kernel runs on
thread 0 only. Math functions come from NVIDIA's libdevice (``__nv_exp`` ...), linked in as
bitcode and internalised so the optimizer drops what is unused.

``ptx_text(loop_module)`` needs no GPU; ``ptxas -arch=sm_90`` assembles its output (the tests
check this). ``cuda.py`` launches it on a GPU through the CUDA driver API.
"""

from __future__ import annotations

import glob
import hashlib
import os

import llvmlite.binding as llvm
from llvmlite import ir

from shapecheck.ir import loops as L
from shapecheck.ir.codegen import lower, shelf, target, vecmath
from shapecheck.ir.codegen.optimize import optimize

_SREGS = ("tid.x", "ntid.x", "ctaid.x", "nctaid.x")
LIBDEVICE_ENV = "SHAPECHECK_LIBDEVICE"


def _special_register(scope: lower.Scope, name: str) -> ir.Value:
    symbol = f"llvm.nvvm.read.ptx.sreg.{name}"
    fn = scope.module.globals.get(symbol) or ir.Function(scope.module, ir.FunctionType(shelf.I32, []), symbol)
    return scope.builder.zext(scope.builder.call(fn, []), shelf.I64)


def _cuda_schedule(scope: lower.Scope, kernel: L.Kernel, extra) -> None:
    b = scope.builder
    tid, ntid, ctaid, nctaid = (_special_register(scope, r) for r in _SREGS)
    global_id = b.add(b.mul(ctaid, ntid), tid)
    split = lower.split_loop(kernel)
    if split is None:
        with b.if_then(b.icmp_signed("==", global_id, shelf.I64(0))):
            lower.lower_block(scope, kernel.body)
        return
    start, stop = lower.lower_expr(scope, split.start), lower.lower_expr(scope, split.stop)
    step = shelf.I64(split.step)
    # Grid-stride over the loop's values: thread g runs start + (g + k*threads) * step.
    first = b.add(start, b.mul(global_id, step))
    stride = b.mul(b.mul(ntid, nctaid), step)
    with shelf.for_range(b, first, stop, stride, name=split.var.hint) as var:
        lower.lower_loop_body(scope, split, var)


def _libdevice_math(module: ir.Module, function: str, ty: ir.Type):
    symbol = "__nv_" + vecmath.libm_name(function, ty)
    existing = module.globals.get(symbol)
    if existing is None:
        nargs = vecmath.LIBM[function][1]
        existing = ir.Function(module, ir.FunctionType(ty, [ty] * nargs), symbol)
    return existing, []


CUDA = lower.Flavor("cuda", (), _cuda_schedule, _libdevice_math, calling_convention="ptx_kernel")


def libdevice_path() -> str | None:
    """libdevice bitcode: ``$SHAPECHECK_LIBDEVICE``, else the CUDA toolkit's copy, else None."""
    candidates = [os.environ.get(LIBDEVICE_ENV, "")]
    for root in (os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"):
        if root:
            candidates += sorted(glob.glob(os.path.join(root, "nvvm", "libdevice", "libdevice*.bc")))
    candidates += sorted(glob.glob("/usr/local/cuda*/nvvm/libdevice/libdevice*.bc"))
    return next((c for c in candidates if c and os.path.exists(c)), None)


def llvm_ir(module: L.LoopModule, *, fastmath: bool = False) -> tuple[str, dict[str, str]]:
    """Unoptimised NVPTX LLVM IR for ``module`` and each kernel's entry symbol."""
    text = str(lower.lower_module(module, fastmath=fastmath, flavor=CUDA))
    suffix = hashlib.sha256(text.encode()).hexdigest()[:16]
    text = text.replace(lower.SUFFIX_TOKEN, suffix)
    return text, {k.name: lower.kernel_symbol(k, suffix) for k in module.kernels}


def optimized_module(ir_text: str, entry_points) -> "llvm.ModuleRef":
    """Parse ``ir_text``, link libdevice if it calls ``__nv_*``, optimise for ``sm_90``."""
    target.initialize()
    machine = target.ptx_machine()
    module = llvm.parse_assembly(ir_text)
    module.triple = target.PTX_TRIPLE
    module.data_layout = str(machine.target_data)
    if "__nv_" in ir_text:
        path = libdevice_path()
        if path is None:
            raise RuntimeError("kernels call math functions but libdevice was not found; "
                               f"set {LIBDEVICE_ENV} to libdevice.10.bc")
        with open(path, "rb") as f:
            libdevice = llvm.parse_bitcode(f.read())
        libdevice.triple = module.triple
        libdevice.data_layout = module.data_layout
        module.link_in(libdevice)
        keep = set(entry_points)
        for fn in module.functions:
            if not fn.is_declaration and fn.name not in keep:
                fn.linkage = llvm.Linkage.internal
    module.verify()
    optimize(module, machine)
    return module


def ptx_text(module: L.LoopModule, *, fastmath: bool = False) -> str:
    """PTX assembly (``sm_90``) for every kernel of ``module``."""
    text, symbols = llvm_ir(module, fastmath=fastmath)
    return ptx_from_ir(text, tuple(symbols.values()))


def ptx_from_ir(ir_text: str, entry_points) -> str:
    return target.ptx_machine().emit_assembly(optimized_module(ir_text, entry_points))
