"""The glue that calls compiled kernels from Python (trampolines, native entry) is a module of its
own, emitted at O0 apart from the kernels (``lower.lower_glue``, ``engine.compile_ir``): the
kernels' module defines nothing else, the glue only declares the kernels, both objects load
together (and from one disk-cache entry), and calls through either path agree with NumPy."""

from __future__ import annotations

import os
import re
import sys
import threading

import numpy as np
import pytest

import shapecheck
from shapecheck.ir import runtime
from shapecheck.ir.codegen import engine

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "benchmarks"))
import kernels_numba_style as K  # noqa: E402


def chain(a, b):
    t = a * b + 1.0
    return np.exp(t) * a - b * t


def chain_reference(a, b):
    t = a * b + 1.0
    return np.exp(t) * a - b * t


def _defined(text: str) -> set[str]:
    return set(re.findall(r'^define [^@]*@"?([\w.]+)"?\(', text, re.MULTILINE))


def test_kernels_and_glue_are_separate_modules():
    f = shapecheck.jit(chain)
    a = np.linspace(-1, 1, 12).astype(np.float32)
    f(a, a)
    (spec,) = f.specializations.values()
    kernels = runtime.llvm_ir(spec.loops)
    kernel_symbols = set(kernels.symbols.values())
    assert _defined(kernels.ir_text) == kernel_symbols
    glue_defined = _defined(kernels.glue_text)
    assert glue_defined == set(kernels.trampolines.values()) | {kernels.entry}
    for symbol in kernel_symbols:   # called from the glue, defined in the other object
        assert re.search(rf'^declare [^@]*@"?{symbol}"?\(', kernels.glue_text, re.MULTILINE)
    assert kernels.text.startswith(kernels.ir_text) and kernels.text.endswith(kernels.glue_text)


def test_both_paths_call_the_kernels_of_the_other_object():
    f = shapecheck.jit(chain)
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((2, 40)).astype(np.float32)
    np.testing.assert_allclose(f(a, b), chain_reference(a, b), rtol=1e-5, atol=1e-5)   # native entry
    assert f._fast is not None
    strided = rng.standard_normal(80).astype(np.float32)[::2]   # copied by the Python path first
    np.testing.assert_allclose(f(strided, b), chain_reference(strided, b), rtol=1e-5, atol=1e-5)


def test_a_cache_entry_holds_every_object_of_a_program():
    objects = [b"kernels\x00object", b"", b"glue"]
    assert engine._unpack(engine._pack(objects)) == objects
    packed = engine._pack(objects)
    assert engine._unpack(packed[:-1]) is None           # lengths that do not add up: not cached
    assert engine._unpack(packed + b"x") is None
    assert engine._unpack(b"") is None


def pick(x, idx):
    out = np.zeros(idx.shape[0])
    for i in range(idx.shape[0]):
        out[i] = x[int(idx[i])]
    return out


def test_entries_share_the_argument_and_fault_helpers():
    """Each entry calls the per-process helpers (``entryhelpers``) instead of carrying its own
    argument checks and table of faults, and what they decide is what the inline code decided:
    a matching call runs natively, a fault raises NumPy's exception through the native entry,
    anything else takes the Python path."""
    f = shapecheck.jit(pick)
    x = np.arange(5.0)
    np.testing.assert_array_equal(f(x, np.array([1.0, 4.0])), [1.0, 4.0])
    (spec,) = f.specializations.values()
    glue = runtime.llvm_ir(spec.loops).glue_text
    assert "PyErr_Format" not in glue and glue.count('call i1 @"sc_entry_check_array"') == 2
    native = f._fast
    assert native is not None
    np.testing.assert_array_equal(native(x, np.array([3.0, 0.0])), [3.0, 0.0])
    for bad, error, text in (([1.0, 7.0], IndexError, "index 7 is out of bounds for axis 0 with size 5"),
                             ([np.nan, 1.0], ValueError, "cannot convert float NaN to integer"),
                             ([np.inf, 1.0], OverflowError, "cannot convert float infinity to integer")):
        with pytest.raises(error, match=re.escape(text)):
            native(x, np.array(bad))
    # what the helper refuses goes to the Python path, which answers as NumPy does
    np.testing.assert_array_equal(native(x[::-1].copy(), np.array([0.0, 1.0])), [4.0, 3.0])
    np.testing.assert_array_equal(native(np.arange(10.0)[::2], np.array([1.0, 2.0])), [2.0, 4.0])
    np.testing.assert_array_equal(native(x.astype(np.float32), np.array([1.0, 2.0])), [1.0, 2.0])
    with pytest.raises(TypeError):
        native(x, np.array([1.0, 2.0]), x)


@pytest.mark.parametrize("n, released", [(1_000, False), (200_000, True)])
def test_a_fixed_program_decides_the_gil_when_compiled(n, released):
    """A fully specialised entry knows how many elements its kernels move: it releases the GIL
    around them (from ``RELEASE_GIL_MIN_ELEMENTS``) or not, with no branch left to run, and
    calls from several threads agree with NumPy either way."""
    f = shapecheck.jit(K.cumulative_sum)
    x = np.random.default_rng(n).standard_normal(n)
    np.testing.assert_allclose(f(x), np.cumsum(x), rtol=1e-9)
    (spec,) = f.specializations.values()
    entry = runtime.llvm_ir(spec.loops).glue_text
    entry = entry[entry.index("_entry"):]
    assert entry.count('call i8* @"sc_rt_PyEval_SaveThread"()') == released
    assert "icmp sge" not in entry
    results = []

    def work():
        results.extend(np.allclose(f(x), np.cumsum(x), rtol=1e-9) for _ in range(20))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 60
