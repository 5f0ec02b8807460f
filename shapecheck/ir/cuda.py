"""Running compiled programs on NVIDIA GPUs: the CUDA driver API through ``ctypes`` on libcuda
(no CUDA Python packages needed), after Numba's ``cuda.cudadrv.driver``.

``CudaProgram(loop_module)`` builds PTX once (``ptx.py``) and loads it on first call. Calling it:

* with NumPy arrays: they are checked as on the host (``runtime.check_arguments``), copied to the
  device, the kernels run, and the outputs come back as NumPy arrays;
* with device arrays (:class:`DeviceArray`, or any object exposing ``__cuda_array_interface__``
  version 2 or 3, such as CuPy arrays and CUDA torch tensors): they are used in place, without a
  copy, and the outputs stay on the device as :class:`DeviceArray` s (which expose the interface
  in turn, so CuPy or torch can wrap them).

A program with run-time checks (loop code's ``Program.fault``) has its fault record in device
memory; after the launch the host reads it back and raises the failed check's exception, as
the host path does (``ir.faults``).

Shapes bind shape variables as on the host, and a symbolic program's size guards (``ir.guards``,
from ``frontend.trace_guarded``) are checked as the host's entry checks them: a call outside the
sizes the program computes exactly raises ``guards.OutsideSizes`` before anything is launched.
The intermediates of a call share one device arena
laid out by the memory plan (``memory.py``). A grid-stride loop makes any launch shape correct
(``ptx.py``); we launch ``ceil(trips / 256)`` blocks of 256 threads, at most 65535 blocks.

``bandwidth(...)`` times device-to-device copies with CUDA events: the ceiling an elementwise
kernel is measured against (``tools/gpu-check.sh``).

Without a GPU nothing here runs; ``unavailable()`` says why, and the tests skip with that reason.
The interface parsing (``device_view``) is pure Python and is tested everywhere.
"""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass

import numpy as np

from shapecheck.constraints import dims

from . import faults
from . import loops as L
from . import ptx, runtime
from .guards import Guards, OutsideSizes, outside_sizes
from .memory import plan_memory

__all__ = ["CudaError", "DeviceArray", "CudaProgram", "OutsideSizes", "device_view", "unavailable", "run", "bandwidth"]

THREADS_PER_BLOCK = 256
MAX_BLOCKS = 65535
# __cuda_array_interface__ typestr -> NumPy dtype (little-endian; "|b1" is bool).
_TYPESTRS = {np.dtype(t).str: np.dtype(t) for t in (np.float32, np.float64, np.int32, np.int64, np.bool_)}


class CudaError(RuntimeError):
    """A CUDA driver call failed (the message names the call and its status)."""


def unavailable() -> str | None:
    """Why programs cannot run on a GPU here, or None when they can."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return "no CUDA driver (libcuda.so.1) on this machine"
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return "the CUDA driver finds no GPU"
    return None


@functools.cache
def driver() -> ctypes.CDLL:
    reason = unavailable()
    if reason:
        raise CudaError(reason)
    cuda = ctypes.CDLL("libcuda.so.1")
    check(cuda.cuInit(0), "cuInit")
    cuda.cuEventElapsedTime.argtypes = [ctypes.POINTER(ctypes.c_float), ctypes.c_void_p, ctypes.c_void_p]
    return cuda


def check(status: int, what: str) -> None:
    if status != 0:
        raise CudaError(f"CUDA driver call {what} failed with status {status}")


@functools.cache
def context() -> ctypes.c_void_p:
    """GPU 0's primary context, made current for this thread."""
    cuda = driver()
    device, ctx = ctypes.c_int(), ctypes.c_void_p()
    check(cuda.cuDeviceGet(ctypes.byref(device), 0), "cuDeviceGet")
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), device), "cuDevicePrimaryCtxRetain")
    return ctx


def _current() -> ctypes.CDLL:
    cuda = driver()
    check(cuda.cuCtxSetCurrent(context()), "cuCtxSetCurrent")
    return cuda


# --- device memory ---------------------------------------------------------------------------

def _alloc(nbytes: int) -> int:
    cuda = _current()
    pointer = ctypes.c_uint64()
    check(cuda.cuMemAlloc_v2(ctypes.byref(pointer), max(nbytes, 1)), "cuMemAlloc")
    return pointer.value


class DeviceArray:
    """A C-contiguous array in GPU memory that this object owns (freed when it is collected)."""

    def __init__(self, shape: tuple, dtype, pointer: int | None = None):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = np.dtype(dtype)
        self.nbytes = int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize
        self._owned, self.pointer = False, 0   # until the allocation succeeds (__del__ frees)
        self.pointer = _alloc(self.nbytes) if pointer is None else pointer
        self._owned = pointer is None

    @classmethod
    def from_host(cls, array: np.ndarray) -> "DeviceArray":
        array = np.ascontiguousarray(array)
        out = cls(array.shape, array.dtype)
        check(_current().cuMemcpyHtoD_v2(ctypes.c_uint64(out.pointer), array.ctypes.data_as(ctypes.c_void_p),
                                         ctypes.c_size_t(array.nbytes)), "cuMemcpyHtoD")
        return out

    def copy_to_host(self) -> np.ndarray:
        out = np.empty(self.shape, self.dtype)
        check(_current().cuMemcpyDtoH_v2(out.ctypes.data_as(ctypes.c_void_p), ctypes.c_uint64(self.pointer),
                                         ctypes.c_size_t(self.nbytes)), "cuMemcpyDtoH")
        return out

    @property
    def __cuda_array_interface__(self) -> dict:
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self.pointer, False),
                "strides": None, "version": 3}

    def __del__(self):
        if getattr(self, "_owned", False) and self.pointer:
            try:
                driver().cuMemFree_v2(ctypes.c_uint64(self.pointer))
            except Exception:   # noqa: BLE001 (interpreter shutdown: the driver may be gone)
                pass

    def __repr__(self) -> str:
        return f"DeviceArray(shape={self.shape}, dtype={self.dtype})"


@dataclass(frozen=True)
class DeviceView:
    pointer: int
    shape: tuple
    dtype: np.dtype


def device_view(obj) -> DeviceView:
    """The device pointer, shape and dtype of an object exposing ``__cuda_array_interface__``
    (https://numba.readthedocs.io/en/stable/cuda/cuda_array_interface.html): TypeError for a
    dtype we do not compile, ValueError for a non-contiguous layout or a mask."""
    try:
        face = obj.__cuda_array_interface__
    except AttributeError:
        raise TypeError(f"{type(obj).__name__} does not expose __cuda_array_interface__") from None
    if not isinstance(face, dict) or face.get("version", 0) < 2:
        raise TypeError("__cuda_array_interface__ of version 2 or later is needed")
    shape = tuple(int(d) for d in face["shape"])
    dtype = _TYPESTRS.get(face["typestr"])
    if dtype is None:
        raise TypeError(f"device arrays of typestr {face['typestr']!r} are not supported; "
                        f"supported: {', '.join(sorted(_TYPESTRS))}")
    if face.get("mask") is not None:
        raise ValueError("masked device arrays are not supported")
    strides = face.get("strides")
    if strides is not None:
        contiguous = np.empty(shape, dtype).strides if all(shape) else None
        if contiguous is not None and tuple(strides) != contiguous:
            raise ValueError(f"device array strides {tuple(strides)} are not C-contiguous for shape {shape} "
                             "(copy it to a contiguous array first)")
    pointer = int(face["data"][0])
    if pointer % dtype.itemsize:
        raise ValueError("device array data pointer is not aligned to its element size")
    return DeviceView(pointer, shape, dtype)


# --- programs --------------------------------------------------------------------------------

class CudaProgram:
    """A loop program compiled to PTX, launched through the CUDA driver (see the module docstring)."""

    def __init__(self, module: L.LoopModule, *, fastmath: bool = False, guards: Guards = Guards()):
        if guards.scalars:   # Python scalars are inputs computed per call on the host (jit's path)
            raise TypeError(f"{module.program.name}(): Python scalar arguments are not supported on the GPU; "
                            "pass 0-d arrays")
        self.module = module
        self.sizes = guards.sizes
        text, self.symbols = ptx.llvm_ir(module, fastmath=fastmath)
        self.ptx = ptx.ptx_from_ir(text, tuple(self.symbols.values()))
        self.memory = plan_memory(module)
        self._functions: dict[str, ctypes.c_void_p] | None = None

    def _load(self) -> dict:
        if self._functions is None:
            cuda = _current()
            cu_module = ctypes.c_void_p()
            check(cuda.cuModuleLoadData(ctypes.byref(cu_module), self.ptx.encode() + b"\0"), "cuModuleLoadData")
            functions = {}
            for kernel in self.module.kernels:
                fn = ctypes.c_void_p()
                check(cuda.cuModuleGetFunction(ctypes.byref(fn), cu_module, self.symbols[kernel.name].encode()),
                      "cuModuleGetFunction")
                functions[kernel.name] = fn
            self._functions = functions
        return self._functions

    def __call__(self, *args):
        program = self.module.program
        if self.module.written_inputs():
            # (the device copy of a host argument would take the writes; not copied back yet)
            raise TypeError(f"{program.name}(): code that writes into its arguments runs on the host "
                            "only (shapecheck.jit), not on the GPU yet")
        if len(args) != len(program.inputs):
            raise TypeError(f"{program.name}() takes {len(program.inputs)} array arguments, got {len(args)}")
        if program.computed:
            raise TypeError(f"{program.name}(): an array whose size the data decides (x[mask]) is not made on "
                            "the GPU: run it on the host")
        on_device = [hasattr(a, "__cuda_array_interface__") for a in args]
        if any(on_device) and not all(on_device):
            raise TypeError(f"{program.name}(): pass all arguments as NumPy arrays or all as device arrays")
        if all(on_device) and args:
            if program.valued:
                raise TypeError(f"{program.name}(): a size computed from an argument's value is read on the "
                                "host: pass NumPy arrays")
            views = [device_view(a) for a in args]
            for buf, view in zip(program.inputs, views):
                if view.dtype != runtime.NUMPY_DTYPES[buf.dtype]:
                    raise TypeError(f"{program.name}(): argument {buf.name.hint!r} must have dtype "
                                    f"{runtime.NUMPY_DTYPES[buf.dtype]}, got {view.dtype}")
            env = runtime.bind_shapes(program, [np.broadcast_to(np.empty((), v.dtype), v.shape) for v in views])
            pointers = {b.name: v.pointer for b, v in zip(program.inputs, views)}
            keep: list = []
        else:
            arrays = runtime.check_arguments(program, args)
            env = runtime.bind_shapes(program, arrays)
        if outside_sizes(self.sizes, env):
            raise OutsideSizes(f"{program.name}(): these shapes lie outside the sizes this symbolic program "
                               "computes exactly (an empty slice or an empty max/min); compile it for them")
        runtime.negative_temp(program, env)
        if not (all(on_device) and args):
            keep = [DeviceArray.from_host(a) for a in arrays]
            pointers = {b.name: d.pointer for b, d in zip(program.inputs, keep)}
        outputs = self._launch(pointers, env, keep)
        if all(on_device) and args:
            return outputs[0] if len(outputs) == 1 else tuple(outputs)
        host = [o.copy_to_host() for o in outputs]
        return host[0] if len(host) == 1 else tuple(host)

    def _launch(self, pointers: dict, env: dict, keep: list) -> list:
        cuda = _current()
        functions = self._load()
        program = self.module.program
        arena = DeviceArray((dims.evaluate(self.memory.arena_bytes, env),), np.uint8)
        keep.append(arena)
        results = {}
        for temp in program.temps:
            shape = tuple(dims.evaluate(d, env) for d in temp.shape)
            offset = self.memory.offset(temp.name)
            if offset is None:
                results[temp.name] = DeviceArray(shape, runtime.NUMPY_DTYPES[temp.dtype])
                pointers[temp.name] = results[temp.name].pointer
            else:
                pointers[temp.name] = arena.pointer + dims.evaluate(offset, env)
        for call in program.calls:
            kernel = self.module.kernel(call.kernel)
            shape_args = [ctypes.c_int64(dims.evaluate(d, env)) for d in call.shape_args]
            values = [ctypes.c_uint64(pointers[name]) for name in call.buffers] + shape_args
            params = (ctypes.c_void_p * len(values))(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
            blocks, threads = launch_shape(kernel, [v.value for v in shape_args])
            check(cuda.cuLaunchKernel(functions[kernel.name], blocks, 1, 1, threads, 1, 1, 0, None, params, None),
                  "cuLaunchKernel")
        check(cuda.cuCtxSynchronize(), "cuCtxSynchronize")
        if program.fault is not None:   # a failed run-time check: its exception, as on the host
            record = DeviceArray((faults.RECORD_WORDS,), np.int64, pointers[program.fault])   # not owned
            faults.raise_recorded(record.copy_to_host())
        out = []
        for name in program.outputs:
            if name in results:
                out.append(results[name])
            else:   # an output that is an input (an identity): a copy, so the caller owns it
                buf = next(b for b in program.inputs if b.name == name)
                shape = tuple(dims.evaluate(d, env) for d in buf.shape)
                copy = DeviceArray(shape, runtime.NUMPY_DTYPES[buf.dtype])
                check(cuda.cuMemcpyDtoD_v2(ctypes.c_uint64(copy.pointer), ctypes.c_uint64(pointers[name]),
                                           ctypes.c_size_t(copy.nbytes)), "cuMemcpyDtoD")
                out.append(copy)
        return out

    def time(self, *device_args, repeat: int = 20) -> float:
        """Median seconds of one call on device arrays, by CUDA events (launches only)."""
        self(*device_args)
        return _median_event_seconds(lambda: self(*device_args), repeat)


def launch_shape(kernel: L.Kernel, shape_args: list) -> tuple[int, int]:
    """(blocks, threads per block) for ``kernel``: one thread per iteration of its parallel loop
    (grid-stride beyond 65535 blocks), or one thread for a kernel without one."""
    from .codegen import lower  # lazy: start-up time (llvmlite, LLVM's host target)

    split = lower.split_loop(kernel)
    if split is None:
        return 1, 1
    local = {p.key: int(v) for p, v in zip(kernel.shape_params, shape_args)}
    trip = runtime.trip_count(split, local)
    return max(1, min(MAX_BLOCKS, -(-trip // THREADS_PER_BLOCK))), THREADS_PER_BLOCK


def _median_event_seconds(work, repeat: int) -> float:
    cuda = _current()
    start, stop = ctypes.c_void_p(), ctypes.c_void_p()
    check(cuda.cuEventCreate(ctypes.byref(start), 0), "cuEventCreate")
    check(cuda.cuEventCreate(ctypes.byref(stop), 0), "cuEventCreate")
    times = []
    try:
        for _ in range(repeat):
            check(cuda.cuEventRecord(start, None), "cuEventRecord")
            work()
            check(cuda.cuEventRecord(stop, None), "cuEventRecord")
            check(cuda.cuEventSynchronize(stop), "cuEventSynchronize")
            ms = ctypes.c_float()
            check(cuda.cuEventElapsedTime(ctypes.byref(ms), start, stop), "cuEventElapsedTime")
            times.append(ms.value / 1e3)
    finally:
        cuda.cuEventDestroy_v2(start)
        cuda.cuEventDestroy_v2(stop)
    return float(np.median(times))


def bandwidth(nbytes: int = 1 << 28, repeat: int = 20) -> float:
    """Device-to-device copy bandwidth in bytes per second (each byte read once, written once,
    so ``2 * nbytes`` move per copy): the ceiling for an elementwise kernel."""
    source, dest = DeviceArray((nbytes,), np.uint8), DeviceArray((nbytes,), np.uint8)
    cuda = _current()

    def copy():
        check(cuda.cuMemcpyDtoD_v2(ctypes.c_uint64(dest.pointer), ctypes.c_uint64(source.pointer),
                                   ctypes.c_size_t(nbytes)), "cuMemcpyDtoD")
    copy()
    return 2 * nbytes / _median_event_seconds(copy, repeat)


def run(module: L.LoopModule, *arrays, guards: Guards = Guards()):
    """Run ``module`` once on GPU 0 with NumPy arrays (copied in and out)."""
    return CudaProgram(module, guards=guards)(*arrays)
