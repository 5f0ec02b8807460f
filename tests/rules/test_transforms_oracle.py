"""JAX is the oracle for its transforms: 300 seeded random programs of vmap (nested, in/out axes),
grad (argnums), lax.scan and tree.map, whose outcome under JAX 0.10.2 is recorded in
transforms_oracle.json (``python -m tests.rules.record_transforms_oracle``). shapecheck must infer
exactly JAX's shape where JAX runs (never an error, never another shape) and report an error on
the line where JAX raises. Where JAX is installed, the recording itself is checked against it.
"""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from shapecheck.api import check_source
from tests.rules.record_transforms_oracle import ORACLE, outcome

_RECORDED = json.loads(ORACLE.read_text(encoding="utf-8"))
_SHAPE = re.compile(r"shape: \(([^)]*)\)")


def _analysed(expr: str) -> tuple[list, tuple | None]:
    report = check_source(f"import jax\nimport jax.numpy as jnp\nr = {expr}\nreveal_shape(r)\n", "program.py")
    errors = [d for d in report.diagnostics if d.severity == "error"]
    reveal = next((d.message for d in report.diagnostics if d.code == "SC301"), "")
    m = _SHAPE.search(reveal)
    shape = tuple(int(x) for x in m.group(1).split(",") if x.strip()) if m else None
    return errors, shape


def test_shapecheck_agrees_with_jax_on_every_recorded_program() -> None:
    problems = []
    for p in _RECORDED["programs"]:
        errors, shape = _analysed(p["expr"])
        if "shape" in p:
            if errors:
                problems.append(f"false error on {p['expr']}: {errors[0].message}")
            elif shape != tuple(p["shape"]):
                problems.append(f"{p['expr']}: JAX gives {tuple(p['shape'])}, shapecheck {shape}")
        elif not any(d.span.line == 3 for d in errors):
            problems.append(f"{p['expr']}: JAX raises {p['error']}, shapecheck reports nothing")
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="JAX is not installed here")
def test_the_recording_is_what_jax_does() -> None:
    for p in _RECORDED["programs"][:60]:
        assert outcome(p["expr"]) == {k: v for k, v in p.items() if k != "expr"}, p["expr"]
