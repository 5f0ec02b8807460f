"""The native entry of symbolic-shape kernels (``shapes={"x": ("n", 64)}``) and its arena
(``ir.entryplan``, ``codegen.pyentry``): one compile serves every size through compiled guards,
a mismatched or rejected argument is the Python path's exception (in a child process, where a
crash fails the test), and the intermediates of a call share one allocation."""

from __future__ import annotations

import os
import textwrap

import numpy as np
import pytest
from child_process import run_json_child

import shapecheck

HERE = os.path.dirname(os.path.abspath(__file__))


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def chain(a, b):
    t = a * b + 1.0
    u = np.exp(t) * a
    v = u - b
    return v * t + u, t


def chain_reference(a, b):
    t = a * b + 1.0
    u = np.exp(t) * a
    return (u - b) * t + u, t


def test_one_compile_serves_every_size_through_the_native_entry():
    f = shapecheck.jit(softmax, shapes={"x": ("n", 64)})
    assert f._fast is not None                     # the builtin, not the Python path
    rng = np.random.default_rng(5)
    for n in (1, 2, 17, 300, 4):
        x = rng.standard_normal((n, 64)).astype(np.float32)
        np.testing.assert_allclose(f(x), softmax(x), rtol=1e-5, atol=1e-6)
    assert f.compiles == 1


@pytest.mark.parametrize("n", [0, 1, 7, 1000, (1 << 20) + 3])   # the last runs on threads (Python path)
def test_symbolic_chains_match_numpy_at_every_size(n):
    g = shapecheck.jit(chain, shapes={"a": ("n",), "b": ("n",)})
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    for got, want in zip(g(a, b), chain_reference(a, b)):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_the_intermediates_share_one_arena():
    g = shapecheck.jit(chain, shapes={"a": ("n",), "b": ("n",)})
    text = g.lower(np.ones(5, np.float32), np.ones(5, np.float32)).as_text("llvm-raw")
    entry = text[text.index("_entry"):]
    # two outputs (v*t+u and t) and one arena: the other intermediates are offsets into it
    assert entry.count('call i8* @"sc_rt_PyArray_Empty"') == 3, entry


CHILD = textwrap.dedent("""
    import json, sys
    import numpy as np
    sys.path.insert(0, {here!r})
    import shapecheck
    from test_symbolic_entry import chain, chain_reference

    g = shapecheck.jit(chain, shapes={{"a": ("n",), "b": ("n",)}})
    f32 = np.ones(6, np.float32)
    cases = {{
        "ok": (f32, f32 * 2),
        "other_n": (np.ones(9, np.float32), np.ones(9, np.float32)),
        "mismatch": (f32, np.ones(7, np.float32)),
        "rank": (f32.reshape(2, 3), f32.reshape(2, 3)),
        "strided": (np.ones(12, np.float32)[::2], f32),
        "float64": (np.ones(6), np.ones(6)),
        "list": ([1.0] * 6, f32),
        "too_few": (f32,),
        "not_an_array": ("abc", f32),
    }}
    out = {{}}
    for name, args in cases.items():
        try:
            got = g(*args)
            want = chain_reference(*(np.asarray(a, dtype=np.result_type(*[np.asarray(x) for x in args]))
                                     for a in args))
            out[name] = "ok" if all(np.allclose(x, y) for x, y in zip(got, want)) else "WRONG ANSWER"
        except (TypeError, ValueError) as error:
            out[name] = type(error).__name__ + ": " + str(error)
    out["compiles"] = g.compiles
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_json_child(CHILD.format(here=HERE), tmp_path_factory.mktemp("symbolic-entry"))


def test_accepted_arguments_give_numpys_answer(outcomes):
    for case in ("ok", "other_n", "strided", "float64", "list"):
        assert outcomes[case] == "ok", (case, outcomes[case])


@pytest.mark.parametrize("case, message", [
    ("mismatch", "ValueError: chain(): b: dim n is 6 elsewhere, got 7"),
    ("rank", "ValueError"),
    ("too_few", "TypeError: chain(): missing a required argument: 'b'"),
    ("not_an_array", "TypeError: chain(): argument 'a' must be a NumPy array"),
])
def test_rejected_arguments_are_the_python_paths_errors(outcomes, case, message):
    assert outcomes[case].startswith(message), outcomes[case]


def test_other_dtypes_compile_once_more_not_per_size(outcomes):
    # per dtype signature, never per size: (f32, f32), (f64, f64), (f64 from the list, f32)
    assert outcomes["compiles"] == 3
