"""Random programs of JAX's transforms (vmap, nested vmap, grad, lax.scan, tree.map) and jax.lax's
structural ops (dynamic_slice, pad, dot_general, slice, broadcast_in_dim, top_k, ...) on arrays of
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
    kind = rng.choice(["vmap2", "vmapmat", "nested", "grad", "scan", "tree", "lax", "lax"])
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
    if kind == "lax":
        return lax_program(rng)
    t = shape(rng, rng.randint(1, 3), pool)
    return f"jax.tree.map(lambda u, v: u + v, (jnp.ones({t}), [jnp.ones({t[:1]})]), (jnp.ones({t}), [jnp.ones({t[:1]})]))[0]"


def lax_program(rng: random.Random) -> str:
    """One of jax.lax's structural ops on a random operand, its arguments sometimes out of range."""
    pool = [1, 2, 3, 4, 5]
    a = shape(rng, rng.randint(1, 3), pool)
    x = f"jnp.ones({a})"
    op = rng.choice(["dynamic_slice", "pad", "dot_general", "slice", "broadcast_in_dim", "top_k", "concatenate",
                     "dynamic_update_slice", "reduce_sum", "transpose", "collapse", "binary"])
    if op == "dynamic_slice":
        sizes = tuple(rng.randint(1, d + 1) for d in a)
        return f"jax.lax.dynamic_slice({x}, {tuple(0 for _ in a)}, {sizes})"
    if op == "dynamic_update_slice":
        upd = tuple(rng.randint(1, d + 1) for d in a)
        return f"jax.lax.dynamic_update_slice({x}, jnp.zeros({upd}), {tuple(0 for _ in a)})"
    if op == "pad":
        config = tuple((rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2)) for _ in a)
        return f"jax.lax.pad({x}, 0.0, {config})"
    if op == "slice":
        limits = tuple(rng.randint(0, d + 1) for d in a)
        strides = tuple(rng.randint(1, 3) for _ in a)
        return f"jax.lax.slice({x}, {tuple(0 for _ in a)}, {limits}, {strides})"
    if op == "dot_general":
        b = shape(rng, rng.randint(1, 3), pool)
        lc, rc = rng.randrange(len(a)), rng.randrange(len(b))
        return f"jax.lax.dot_general({x}, jnp.ones({b}), ((({lc},), ({rc},)), ((), ())))"
    if op == "broadcast_in_dim":
        target = a + shape(rng, rng.randint(0, 2), pool)
        where = tuple(range(len(a)))
        return f"jax.lax.broadcast_in_dim({x}, {target}, {where})"
    if op == "top_k":
        return f"jax.lax.top_k({x}, {rng.randint(1, 6)})[0]"
    if op == "concatenate":
        b = tuple(d if i else rng.choice(pool) for i, d in enumerate(a)) if rng.random() < 0.7 else shape(rng, len(a), pool)
        return f"jax.lax.concatenate([{x}, jnp.ones({b})], 0)"
    if op == "reduce_sum":
        axes = tuple(sorted(rng.sample(range(len(a)), rng.randint(1, len(a)))))
        return f"jax.lax.reduce_sum({x}, {axes})"
    if op == "transpose":
        perm = list(range(len(a)))
        rng.shuffle(perm)
        return f"jax.lax.transpose({x}, {tuple(perm)})"
    if op == "collapse":
        start = rng.randint(0, len(a) - 1)
        return f"jax.lax.collapse({x}, {start}, {rng.randint(start + 1, len(a))})"
    b = shape(rng, rng.choice([0, len(a), len(a)]), pool) if rng.random() < 0.8 else shape(rng, len(a) + 1, pool)
    return f"jax.lax.{rng.choice(['add', 'mul', 'max', 'sub'])}({x}, jnp.ones({b}))"
