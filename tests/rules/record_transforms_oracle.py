"""Record what JAX does with each program of transforms_programs.py (run where JAX is installed):

    python -m tests.rules.record_transforms_oracle   # writes tests/rules/transforms_oracle.json
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.rules.transforms_programs import program

COUNT = 300
ORACLE = Path(__file__).with_name("transforms_oracle.json")


def outcome(expr: str) -> dict:
    """JAX's result shape for ``expr``, or the exception it raised."""
    import jax
    import jax.numpy as jnp
    try:
        value = eval(expr, {"jax": jax, "jnp": jnp})   # noqa: S307 - the test's own generated programs
    except Exception as err:  # noqa: BLE001 - an exception is the outcome
        return {"error": type(err).__name__}
    return {"shape": list(value.shape)}


def record() -> dict:
    import jax
    return {"jax": jax.__version__, "programs": [{"expr": program(s), **outcome(program(s))} for s in range(COUNT)]}


if __name__ == "__main__":
    ORACLE.write_text(json.dumps(record(), indent=0) + "\n", encoding="utf-8")
