"""Transcendental functions through libm, vectorized through glibc's libmvec.

LLVM's loop vectorizer turns a call into a vector call only when it knows a vector variant.
llvmlite 0.50 builds its ``TargetLibraryInfo`` without a vector library and LLVM 22 no longer
has the ``-vector-library`` command-line option, so we state the variants ourselves: each scalar
call goes to a private name (``__sc_exp``, bound to libm's ``exp``) whose declaration carries the
``vector-function-abi-variant`` attribute listing libmvec's entry points (x86-64 vector function
ABI names, e.g. ``_ZGVdN4v_exp`` = AVX2, unmasked, 4 lanes, one vector argument). The private name
matters: were it ``exp``, LLVM would recognise the libcall, turn it into ``llvm.exp`` and vectorize
that into a scalarised ``llvm.exp.v4f64`` instead of the libmvec call.

Vector declarations must stay alive until the vectorizer runs, so they are listed in
``@llvm.compiler.used`` (see :func:`keep_alive`).

References: the x86 vector function ABI (https://sourceware.org/glibc/wiki/libmvec), LLVM's
``VFABIDemangling.cpp`` for the attribute's grammar.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import platform

import llvmlite.binding as llvm
from llvmlite import ir

from . import target

# Loop-IR / NumPy function name -> (libm name for float64, number of arguments). The float32
# name adds "f". Every entry has libmvec variants (see ``nm -D libmvec.so.1``).
LIBM = {
    "pow": ("pow", 2), "erf": ("erf", 1),
    "exp": ("exp", 1), "exp2": ("exp2", 1), "expm1": ("expm1", 1),
    "log": ("log", 1), "log2": ("log2", 1), "log10": ("log10", 1), "log1p": ("log1p", 1),
    "sin": ("sin", 1), "cos": ("cos", 1), "tan": ("tan", 1),
    "arcsin": ("asin", 1), "arccos": ("acos", 1), "arctan": ("atan", 1),
    "sinh": ("sinh", 1), "cosh": ("cosh", 1), "tanh": ("tanh", 1),
    "arcsinh": ("asinh", 1), "arccosh": ("acosh", 1), "arctanh": ("atanh", 1),
    "cbrt": ("cbrt", 1),
    "power": ("pow", 2), "arctan2": ("atan2", 2), "hypot": ("hypot", 2),
}

# x86-64 vector ABI ISA letters and register widths, best first for each width.
_ISAS = (("e", 512, "avx512f"), ("d", 256, "avx2"), ("c", 256, "avx"), ("b", 128, "sse2"))


def libm_name(function: str, ty: ir.Type) -> str:
    """The libm symbol computing ``function`` for scalars of type ``ty`` (``exp`` / ``expf``)."""
    base, _ = LIBM[function]
    return base + "f" if isinstance(ty, ir.FloatType) else base


@functools.cache
def _libmvec_loaded() -> bool:
    """Load libmvec into the process so JIT-ed code resolves ``_ZGV*`` symbols; False if absent."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    try:
        path = _load("mvec", "libmvec.so.1", ctypes.RTLD_GLOBAL)._name
        llvm.load_library_permanently(path)
    except OSError:
        return False
    return True


@functools.cache
def _libm() -> ctypes.CDLL:
    return _load("m", "libm.so.6")


def _load(name: str, soname: str, mode: int = ctypes.DEFAULT_MODE) -> ctypes.CDLL:
    """glibc's library by its soname, else wherever ``find_library`` finds it: the soname first,
    because ``find_library`` runs ``ldconfig -p`` (or a compiler) in a subprocess, ~20 ms of a
    first compile."""
    try:
        return ctypes.CDLL(soname, mode=mode)
    except OSError:
        return ctypes.CDLL(ctypes.util.find_library(name) or soname, mode=mode)


@functools.cache
def bind_scalar(name: str) -> str:
    """Bind the private symbol ``__sc_<name>`` to libm's ``name`` in the JIT; return the symbol."""
    symbol = "__sc_" + name
    llvm.add_symbol(symbol, ctypes.cast(getattr(_libm(), name), ctypes.c_void_p).value)
    return symbol


def vector_variants(name: str, nargs: int, ty: ir.Type) -> list[tuple[str, int]]:
    """libmvec entry points usable on this host for ``name``: ``[(symbol, lanes), ...]``."""
    if not _libmvec_loaded():
        return []
    host = target.host()
    lane_bits = 32 if isinstance(ty, ir.FloatType) else 64
    variants, widths = [], set()
    for letter, bits, feature in _ISAS:
        if bits in widths or not host.has_feature(feature):
            continue
        widths.add(bits)
        lanes = bits // lane_bits
        variants.append((f"_ZGV{letter}N{lanes}{'v' * nargs}_{name}", lanes))
    return variants


def declare(module: ir.Module, function: str, ty: ir.Type) -> tuple[ir.Function, list[ir.Function]]:
    """Declare the scalar function for ``function`` on ``ty`` and its vector variants in ``module``.

    Returns the scalar function to call and the vector declarations to pass to :func:`keep_alive`.
    """
    name = libm_name(function, ty)
    nargs = LIBM[function][1]
    symbol = bind_scalar(name)
    existing = module.globals.get(symbol)
    if existing is not None:
        return existing, []
    scalar = ir.Function(module, ir.FunctionType(ty, [ty] * nargs), symbol)
    vectors, mappings = [], []
    for vname, lanes in vector_variants(name, nargs, ty):
        vty = ir.VectorType(ty, lanes)
        vectors.append(ir.Function(module, ir.FunctionType(vty, [vty] * nargs), vname))
        mappings.append(f"_ZGV_LLVM_N{lanes}{'v' * nargs}_{symbol}({vname})")
    raw = ["nounwind", "willreturn", "memory(none)"]
    if mappings:
        raw.append(f'"vector-function-abi-variant"="{",".join(mappings)}"')
    for attr in raw:
        set.add(scalar.attributes, attr)  # llvmlite only knows pre-LLVM-16 spellings; bypass its list
    return scalar, vectors


def keep_alive(module: ir.Module, functions: list[ir.Function]) -> None:
    """List ``functions`` in ``@llvm.compiler.used`` so no pass deletes them before vectorizing."""
    if not functions:
        return
    ptr = ir.IntType(8).as_pointer()
    array = ir.ArrayType(ptr, len(functions))
    used = ir.GlobalVariable(module, array, "llvm.compiler.used")
    used.linkage = "appending"
    used.section = "llvm.metadata"
    used.initializer = ir.Constant(array, [f.bitcast(ptr) for f in functions])
