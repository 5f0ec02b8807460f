"""``shapecheck.jit`` end to end: trace -> IR pipeline -> LLVM -> call, against NumPy.

Skipped only while the IR pipeline (``shapecheck.ir.pipeline``, another part of the project)
does not exist yet; once it exists these run.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

pytestmark = pytest.mark.skipif(importlib.util.find_spec("shapecheck.ir.pipeline") is None,
                                reason="shapecheck.ir.pipeline (compile_to_loops) not written yet")


def chain(a, b, c):
    return a * b + np.exp(-c * c)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_decorated_function_matches_numpy():
    f = shapecheck.jit(chain)
    rng = np.random.default_rng(0)
    args = [rng.standard_normal((8, 33)).astype(np.float32) for _ in range(3)]
    np.testing.assert_allclose(f(*args), chain(*args), rtol=1e-5)
    assert len(f.specializations) == 1
    f(*args)
    assert len(f.specializations) == 1          # the second call reuses the specialization


def test_symbolic_shapes_serve_every_n():
    f = shapecheck.jit(softmax, shapes={"x": ("n", 16)})
    for n in (1, 5, 100):
        x = np.random.default_rng(n).standard_normal((n, 16)).astype(np.float32)
        np.testing.assert_allclose(f(x), softmax(x), rtol=1e-5, atol=1e-7)
    assert len(f.specializations) == 1


def test_lower_as_text_levels():
    lowered = shapecheck.jit(chain).lower((4, 8), (4, 8), (4, 8))
    assert "define" in lowered.as_text("llvm")
    assert lowered.as_text("ir").strip()
    assert ".target sm_90" in lowered.as_text("ptx")


def unsupported(x):
    return sorted(x)


def test_unsupported_code_raises_or_falls_back():
    x = np.arange(4.0, dtype=np.float32)
    with pytest.raises(shapecheck.ir.jit.UnsupportedError, match="unsupported"):
        shapecheck.jit(unsupported)(x)
    with pytest.warns(RuntimeWarning, match="plain Python"):
        assert shapecheck.jit(unsupported, fallback=True)(x) == sorted(x)


def test_of_two_refusals_the_one_that_read_further_is_told_at_its_line():
    def whole_array_first(x):       # no loop: the graph front end reads it first and stops at argmax's axis,
        m = np.argmax(x, axis=1)    # which loop code reads; loop code stops two lines further
        table = {1: 2}
        return m + table[1]

    def both_stop_there(x):         # both stop at reduceat: told at its line
        y = np.tanh(x) @ x.T
        z = np.add.reduceat(y, [0, 1])
        return z
    first = whole_array_first.__code__.co_firstlineno
    with pytest.raises(UnsupportedError, match=f"line {first + 2}: unsupported expression \\(dict\\)"):
        shapecheck.jit(whole_array_first)(np.ones((3, 3)))
    first = both_stop_there.__code__.co_firstlineno
    with pytest.raises(UnsupportedError, match=f"line {first + 2}: .*reduceat"):
        shapecheck.jit(both_stop_there)(np.ones((3, 3)))


def test_compile_cli_emits_llvm(tmp_path):
    source = tmp_path / "model.py"
    source.write_text("import numpy as np\n\ndef f(x):\n    return np.tanh(x) * 2.0\n")
    from shapecheck.cli.compile import main
    assert main([f"{source}::f", "--shape", "x=32,784", "--emit", "llvm"]) == 0
    assert main([f"{source}::g", "--shape", "x=32,784"]) == 2


def total(x):
    return np.sum(x)


def test_native_fast_path_dispatches_between_specializations():
    f = shapecheck.jit(chain)
    rng = np.random.default_rng(1)
    big = [rng.standard_normal((8, 33)) for _ in range(3)]
    small = [x[:4] for x in big]            # not contiguous: copied by the Python path
    assert f._fast is None
    np.testing.assert_allclose(f(*big), chain(*big), rtol=1e-12)
    assert f._fast is not None              # the latest specialization answers natively
    np.testing.assert_allclose(f(*small), chain(*small), rtol=1e-12)
    np.testing.assert_allclose(f(*big), chain(*big), rtol=1e-12)   # guard fails: dispatched
    assert len(f.specializations) == 2
    with pytest.raises(TypeError, match="chain\\(\\): missing a required argument: 'b'"):
        f(big[0])
    with pytest.raises(TypeError, match="argument 'a' must be a NumPy array, a list of numbers or a number, got str"):
        f("1.0", big[1], big[2])
    np.testing.assert_allclose(f(1.5, big[1], c=big[2]), chain(1.5, big[1], big[2]), rtol=1e-12)


def test_full_reductions_still_return_scalars():
    g = shapecheck.jit(total)
    x = np.arange(10.0)
    assert g(x) == 45.0 and not isinstance(g(x), np.ndarray)
    assert g._fast is not None              # the native entry makes the NumPy scalar itself
    assert type(g(x)) is np.float64 and g(x) == 45.0


def rms_rows(x):
    return np.sqrt((x * x).mean(axis=1))


def test_symbolic_kernel_compiles_once_for_five_sizes():
    """``shapes={"x": ("n", 1024)}``: one compile at decoration serves every n (issue 12, item 5)."""
    f = shapecheck.jit(rms_rows, shapes={"x": ("n", 1024)})
    assert f.compiles == 1
    for n in (1, 3, 64, 257, 1000):
        x = np.random.default_rng(n).standard_normal((n, 1024)).astype(np.float32)
        np.testing.assert_allclose(f(x), rms_rows(x), rtol=1e-5)
    assert f.compiles == 1 and len(f.specializations) == 1
    with pytest.raises(ValueError, match="x: expected dim 1024, got 1000"):
        f(np.ones((4, 1000), np.float32))


def test_a_file_edited_after_import_compiles_the_function_that_was_imported(tmp_path):
    # jit compiles on the first call, from source: the file is read when jit wraps the function
    # (at import), so an edit saved in between (lines added above it, its body changed) does
    # not hand the compiler other code at the old line numbers.
    path = tmp_path / "edited_module.py"
    path.write_text("import numpy as np\nimport shapecheck\n\n\n@shapecheck.jit\n"
                    "def scale(x):\n    return x * 2.0 + 1.0\n")
    spec = importlib.util.spec_from_file_location("edited_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path.write_text("import numpy as np\nimport shapecheck\n# a comment\n# another\n\n\n@shapecheck.jit\n"
                    "def scale(x):\n    return x - 100.0\n\n\ndef other(x):\n    return x\n")
    x = np.arange(4.0)
    np.testing.assert_array_equal(module.scale(x), x * 2.0 + 1.0)


GAIN = 3.0
STEPS = 4
CLAMP = True
TABLE = np.arange(4.0)


def scaled(x):
    return x * GAIN + STEPS


def loop_scaled(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        v = x[i] * GAIN
        if CLAMP and v > STEPS:
            v = float(STEPS)
        out[i] = v
    return out


def shadowed(x, GAIN):
    return x * GAIN


def with_table(x):
    return x + TABLE


def adder(c):
    def add(x):
        return x + c
    return add


def test_numbers_from_globals_and_closures_are_compiled_in_as_numba_freezes_them():
    x = np.arange(5.0)
    np.testing.assert_array_equal(shapecheck.jit(scaled)(x), x * 3.0 + 4)
    np.testing.assert_array_equal(shapecheck.jit(loop_scaled)(x), np.minimum(x * 3.0, 4.0))
    np.testing.assert_array_equal(shapecheck.jit(shadowed)(x, 5.0), x * 5.0)   # the argument, not the global
    np.testing.assert_array_equal(shapecheck.jit(adder(10.0))(x), x + 10.0)
    x32 = x.astype(np.float32)
    assert shapecheck.jit(scaled)(x32).dtype == np.float32   # a Python float is weak, as a literal is
    from shapecheck.ir.jit import UnsupportedError
    with pytest.raises(UnsupportedError, match="'TABLE' is a NumPy array .* pass it as an argument"):
        shapecheck.jit(with_table)(np.arange(4.0))
    # Frozen at compile time, as in Numba: a version already compiled keeps the value it was built with.
    global GAIN
    compiled = shapecheck.jit(scaled)
    compiled(x)
    GAIN, before = 7.0, GAIN
    try:
        np.testing.assert_array_equal(compiled(x), x * 3.0 + 4)
    finally:
        GAIN = before
