"""Random Numba-style programs, run by Python and by ``shapecheck.jit``: the same results (NumPy's
values and dtypes, NaN where Python has NaN) or the same exception type. Seeded, so every run
checks the same programs.

The grammar is the loop code people bring to a JIT, weighted to what is easy to get wrong:
arrays rebound inside loops and read before the rebinding (``w = v * c; v = w * 0.5``), temporaries
made in a loop and bound again in the same body (``p = m @ v`` twice), element
writes into a rebound array, reductions and matmuls of it, scalar accumulators of two kinds,
``if``/``else`` and ``and``/``or`` conditions, ``break``/``continue``, ``while`` counters, integer
``//`` and ``%``, ``argmin``/``argmax``, reductions along axes and running sums, slice writes, calls of other functions (inlined) and ``math``, and the loop
forms (``range`` either way, over an array or its rows, ``enumerate``, ``zip``), slices of a
name rebound in the loop read (``v[1:]`` after ``v = w * 0.5``) and written (``v[1:] = v[:-1] * 0.5``), arrays made in the loop bound to ``v`` (``v = z``),
slices, transposes and reshapes bound to names (NumPy's views: ``r = out[:i + 1]; r[-1] += 0.5``
writes ``out``), sorts (``np.sort``, ``out.sort()``, ``np.searchsorted``) and arrays sized from the int
argument's value (``np.zeros(k + 1)``), a name holding rows of ``m`` in turn (``cur = nxt``), boolean masks
(``v[v > c] = s``, ``x[x > c].sum()``, a loop over ``x[x > c]``, rows of ``m`` selected and reduced, ``where=``),
assignment through integer arrays with repeated and negative indices (``out[ix] = v``, ``v[ix] += y``, past the end:
IndexError) and ``np.add.at``/``np.maximum.at``, lists built by append (``lst.append(t)``, ``len(lst)``,
the list returned)."""

from __future__ import annotations

import importlib.util
import random

import numpy as np
import pytest

import shapecheck

PROGRAMS = 80

_BODY = [
    "s += x[i] * {c}",
    "out[i] = v[i] + s",
    "w = v * {c} + y\n{ind}v = w * 0.5",
    "v = v * 0.5 + x",
    "s += np.sum(v * y)",
    "s = max(s, v[i])",
    "t += 1",
    "v[i] = s * 0.125",
    "p = m @ v\n{ind}s += p[i] - p[0]",
    "s += v.max() - v.min()",
    "out[i] += np.dot(m[i], v)",
    "if v[i] > {c}:\n{ind}    out[i] += 1.0\n{ind}else:\n{ind}    t += 2",
    "if s > {big}:\n{ind}    break",
    "if x[i] < {c}:\n{ind}    continue",
    "j = 0\n{ind}while j < k:\n{ind}    s += v[j % v.shape[0]] * 0.5\n{ind}    j += 1",
    "s += halve(v[i]) + math.sqrt(abs(x[i]))",
    "t += (i * 7) // 3 - (i % 2)",
    "if i > 0 and v[i - 1] < {c} or t > 3:\n{ind}    s -= 1.0",
    "for row in m:\n{ind}    s += row[0] * 0.5 - row.sum() * 0.125",
    "out[i:] = out[i:] * 0.5 + v[i]",
    "out[1:] = out[:-1] * 0.5 + v[1:]",
    "s += v[1:].sum() - v[:-1].max() + v[::-1].sum()",
    "s += clip(v[i], {c})",
    "t += np.argmax(v[i:]) - m[i].argmin()\n{ind}s += v[v.argmin()]",
    "v[1:] = v[:-1] * 0.5 + v[1:]",
    "v[:i] = x[:i] - v[:i]",
    "z = v * {c} + y\n{ind}if z[0] > s:\n{ind}    v = z",
    "z = np.empty_like(v)\n{ind}z[:] = v[::-1]\n{ind}v = z",
    "r = x[i:]\n{ind}q = r[::2]\n{ind}s += q.sum() + r[-1]",
    "r = out[:i + 1]\n{ind}r[-1] += 0.5\n{ind}r += s * 0.125\n{ind}s += r.sum()",
    "s += m.T[i].sum() * 0.5 - m.reshape(-1)[i] + np.transpose(m)[0, i]",
    "mt = m.T\n{ind}mt[i, 0] += 0.25\n{ind}s += m[0].sum()",
    "s += m.sum(axis=0)[i] - m.max(axis=1, keepdims=True)[i, 0] + np.argmax(m, axis=1)[i]",
    "s += np.cumsum(v)[-1] - m.cumsum(axis=1)[i, -1] + np.mean(m, axis=(0, 1))",
    "for q in (0.5, -0.25, 2.0):\n{ind}    s += q * np.clip(v[i], -1.0, 1.0)",
    "s += np.tril(m)[i].sum() - np.linspace(0.0, 1.0, x.shape[0])[i]",
    "out[i] = (v / s if s > 0.0 else v)[i]",
    "z = np.sort(v)\n{ind}s += z[0] - z[-1] + np.searchsorted(z, v[i]) - np.searchsorted(z, y, side='right')[0]",
    "out.sort()\n{ind}s += out[0] * 0.5",
    "z = np.zeros(k + 1)\n{ind}z[k] = s\n{ind}s += z.sum() * 0.5 + np.arange(x.shape[0] - k).sum() * 0.125",
    "nxt = m[(i + 1) % m.shape[0]]\n{ind}s += (nxt - cur).sum()\n{ind}cur = nxt\n{ind}cur[0] += 0.25",
    "v[v > {c}] = s * 0.5",
    "out[(out < {c}) & ~(x > 0.5)] += 1.0",
    "s += v[v < {c}].sum() + len(x[x > {c}]) - np.sum(y, where=y > {c}) + np.max(v, where=v < {c}, initial=-1.0)",
    "for e in x[x > {c}]:\n{ind}    s += e * 0.5",
    "sel = m[m[:, 0] > {c}]\n{ind}s += sel.sum(axis=0)[0] + sel.shape[0] + (sel * 2.0 - y).mean()",
    "if np.any(v > {c}):\n{ind}    s += v[v > {c}].min() + x[v > {c}].max()",
    "s += x[np.argsort(v, kind='stable')][i] - m[np.argsort(x, kind='stable')[::-1]].sum(axis=1)[0]",
    "ix = np.arange(x.shape[0]) // 2 - i\n{ind}out[ix] = v * {c}\n{ind}v[ix] += y",
    "np.add.at(out, np.arange(x.shape[0]) % (k + 1), v * {c})\n{ind}np.maximum.at(v, -1 - np.arange(x.shape[0]) // 2, s * 0.125)",
    "m[np.argsort(x, kind='stable')[:2]] += v * {c}\n{ind}s += m.sum()",
    "out[np.arange(x.shape[0]) + k] = {c}",
    "lst.append(v[i] * {c})",
    "if x[i] > {c}:\n{ind}    lst.append(t)\n{ind}s += len(lst) * 0.125",
]

_LOOPS = [
    ("for i in range(x.shape[0]):", ""),
    ("for i in range(x.shape[0] - 1, -1, -2):", ""),
    ("for i, e in enumerate(x):", "s += e * 0.25"),
    ("for i, (e, g) in enumerate(zip(x, y)):", "s += e - g"),
    ("for i in range(k % 2, x.shape[0], k + 1):", ""),   # a step known at run time
    ("for i in range(x.shape[0] - 1, -1, -k - 1):", ""),
]


def program(seed: int) -> str:
    rng = random.Random(seed)
    lines = ["import math", "", "import numpy as np", "", "", "def halve(a):", "    return a * 0.5", "", "",
             "def clip(a, c):", "    if a > c + 1.0:", "        return c + 1.0", "    elif a < c - 1.0:",
             "        return c - 1.0", "    return a", "", "", "def f(x, y, m, k):", "    v = x.copy()", "    out = np.zeros(x.shape[0])",
             "    cur = m[0]", "    lst = []",
             "    s = 0.0", "    t = 0"]
    for _ in range(rng.randint(1, 2)):
        head, first = rng.choice(_LOOPS)
        lines.append("    " + head)
        ind = " " * 8
        if first:
            lines.append(ind + first)
        for _ in range(rng.randint(1, 4)):
            stmt = rng.choice(_BODY).format(c=rng.choice(["0.5", "-0.25", "2.0", "0.0"]), big=rng.choice(["1.0", "50.0"]),
                                            ind=ind)
            lines.append(ind + stmt)
    lines.append(f"    return {rng.choice(['out, v, s, t', 'v', 's + t', 'out * s', 'lst, s'])}")
    return "\n".join(lines) + "\n"


def arguments(seed: int):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 6))
    return (rng.standard_normal(n), rng.standard_normal(n), rng.standard_normal((n, n)) / n, int(rng.integers(0, 4)))


def _run(fn, args):
    try:
        return "ok", fn(*(a.copy() if isinstance(a, np.ndarray) else a for a in args))
    except Exception as exc:   # the same exception type from both sides is agreement
        return "raised", type(exc)


@pytest.mark.parametrize("seed", range(PROGRAMS))
def test_jit_computes_what_python_computes(seed, tmp_path):
    source = program(seed)
    path = tmp_path / f"generated_{seed}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"generated_{seed}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)   # the test's own generated program: run as the oracle
    args = arguments(seed)
    want = _run(module.f, args)
    got = _run(shapecheck.jit(module.f), args)
    assert got[0] == want[0], f"{source}\nPython: {want}\njit: {got}"
    if want[0] == "raised":
        assert issubclass(got[1], want[1]) or issubclass(want[1], got[1]), source
        return
    for g, w in zip(got[1] if isinstance(got[1], tuple) else (got[1],),
                    want[1] if isinstance(want[1], tuple) else (want[1],)):
        np.testing.assert_allclose(g, w, rtol=1e-9, atol=1e-12, equal_nan=True, err_msg=source)
        assert np.asarray(g).dtype == np.asarray(w).dtype, source
