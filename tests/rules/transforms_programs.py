"""Random programs of JAX's transforms (vmap, nested vmap, grad, lax.scan, tree.map) on arrays of
small random shapes, one expression each, by seed: for tests/rules/test_transforms_oracle.py."""

from __future__ import annotations

import random

BODIES_2 = ["lambda a, b: a + b", "lambda a, b: a * b", "jnp.add", "lambda a, b: a - b.mean()", "lambda a, b: jnp.maximum(a, b)"]
BODIES_MAT = ["jnp.dot", "jnp.matmul", "lambda a, b: a @ b", "jnp.outer", "lambda a, b: jnp.tensordot(a, b, 1)"]


def shape(rng, rank, pool):
    return tuple(rng.choice(pool) for _ in range(rank))


def program(seed: int) -> str:
    """The expression of program ``seed`` (names used: ``jax``, ``jnp``)."""
    rng = random.Random(seed)
    kind = rng.choice(["vmap2", "vmapmat", "nested", "grad", "scan", "tree"])
    pool = [2, 3, 4]
    if kind in ("vmap2", "vmapmat", "nested"):
        body = rng.choice(BODIES_2 if kind != "vmapmat" else BODIES_MAT)
        ra, rb = rng.randint(1, 3), rng.randint(1, 3)
        a, b = shape(rng, ra, pool), shape(rng, rb, pool)
        ia = rng.choice([None] + list(range(-ra, ra)))
        ib = rng.choice([None] + list(range(-rb, rb)))
        out = rng.choice([0, 0, 1, -1])
        if ia is None and ib is None:
            ia = 0
        f = f"jax.vmap({body}, in_axes=({ia}, {ib}), out_axes={out})"
        if kind == "nested":
            f = f"jax.vmap({f}, in_axes=({rng.choice([0, 1, None])}, {rng.choice([0, None])}))"
        return f"{f}(jnp.ones({a}), jnp.ones({b}))"
    if kind == "grad":
        a = shape(rng, rng.randint(0, 3), pool)
        b = shape(rng, rng.randint(1, 2), pool)
        body = rng.choice(["lambda w, x: jnp.sum(w * x)", "lambda w, x: jnp.sum(x @ w)", "lambda w, x: (w * x).mean()"])
        argnums = rng.choice(["0", "1", "(0, 1)"])
        call = f"jax.grad({body}, argnums={argnums})(jnp.ones({a}), jnp.ones({b}))"
        return call + "[1]" if argnums.startswith("(") else call
    if kind == "scan":
        c = shape(rng, rng.randint(1, 2), pool)
        xs = (rng.choice(pool),) + shape(rng, rng.randint(0, 2), pool)
        body = rng.choice(["lambda c, x: (c + x, x)", "lambda c, x: (c * 2, (c * x).sum())", "lambda c, x: (c, c + x)"])
        return f"jax.lax.scan({body}, jnp.zeros({c}), jnp.ones({xs}))[1]"
    t = shape(rng, rng.randint(1, 3), pool)
    return f"jax.tree.map(lambda u, v: u + v, (jnp.ones({t}), [jnp.ones({t[:1]})]), (jnp.ones({t}), [jnp.ones({t[:1]})]))[0]"
