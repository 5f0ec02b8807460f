"""Random torch programs for the differential check: a few tensors of random shapes, then one op per line.

Each op line is ``rK = <op>; reveal_shape(rK)``. Arguments are drawn so that most ops are valid
(dims taken from the operand's own shape) and some are not (a neighbouring size, a dim past the
rank), so both shapes and errors get compared. Only the base tensors' shapes are tracked; an op's
operands are always base tensors, and the chained forms (``x.view(...).sum(d)``) are built from a
shape the generator knows.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

SIZES = (1, 2, 3, 4, 6)


@dataclass(frozen=True)
class Program:
    seed: int
    source: str


def _shape(rng: random.Random, rank: int) -> tuple[int, ...]:
    return tuple(rng.choice(SIZES) for _ in range(rank))


def _near(rng: random.Random, n: int) -> int:
    """Usually ``n``, sometimes a size that disagrees with it."""
    return n if rng.random() < 0.75 else rng.choice([s for s in SIZES if s != n] or [n + 1])


def _dim(rng: random.Random, rank: int) -> int:
    """A dim of a tensor of this rank; now and then one out of range."""
    if rank == 0 or rng.random() < 0.1:
        return rng.choice([rank, -rank - 1])
    d = rng.randrange(rank)
    return d - rank if rng.random() < 0.3 else d


def _factor_shape(rng: random.Random, n: int) -> tuple[int, ...]:
    parts = []
    while n > 1 and len(parts) < 3:
        divisors = [d for d in range(2, n + 1) if n % d == 0]
        d = rng.choice(divisors)
        parts.append(d)
        n //= d
    parts.append(n)
    rng.shuffle(parts)
    return tuple(parts)


def _tuple(dims) -> str:
    return "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def _ops(rng: random.Random, names: list[str], shapes: dict[str, tuple]) -> list[str]:
    """Candidate op expressions over the base tensors (one is picked per line)."""
    x = rng.choice(names)
    y = rng.choice(names)
    s, t = shapes[x], shapes[y]
    r = len(s)
    n = math.prod(s)
    out = [
        f"{x} + {y}", f"torch.maximum({x}, {y})", f"torch.where({x} > 0, {x}, {y})",
        f"{x} @ {y}", f"torch.sum({x}, dim={_dim(rng, r)})", f"{x}.mean({_dim(rng, r)}, keepdim=True)",
        f"{x}.max(dim={_dim(rng, r)})[0]", f"{x}.argmax({_dim(rng, r)})", f"F.softmax({x}, dim={_dim(rng, r)})",
        f"{x}.unsqueeze({rng.randint(-r - 2, r + 1)})", f"{x}.squeeze({_dim(rng, r)})",
        f"{x}.transpose({_dim(rng, r)}, {_dim(rng, r)})", f"{x}.flatten({_dim(rng, r)})",
        f"torch.cat([{x}, {y}], dim={_dim(rng, r)})", f"torch.stack([{x}, {y}], dim={_dim(rng, r + 1)})",
        f"{x}.cumsum({_dim(rng, r)})", f"{x}.repeat{_tuple([rng.choice((1, 2)) for _ in range(max(r + rng.choice((-1, 0, 0, 1)), 1))])}",
    ]
    if r:
        perm = list(range(r))
        rng.shuffle(perm)
        if rng.random() < 0.15:
            perm = perm[:-1] or [0, 0]
        out.append(f"{x}.permute{_tuple(perm)}")
        target = list(_factor_shape(rng, n))
        if rng.random() < 0.3:
            target[rng.randrange(len(target))] = -1
        elif rng.random() < 0.15:
            target[0] += 1
        out.append(f"{x}.view{_tuple(target)}")
        out.append(f"{x}.reshape(-1, {_near(rng, s[-1])})")
        out.append(f"{x}.view({_tuple(_factor_shape(rng, n))}).sum({rng.choice((0, -1))})")
        out.append(f"torch.split({x}, {rng.choice((1, 2, 3))}, dim={_dim(rng, r)})[0]")
        out.append(f"{x}.chunk({rng.choice((1, 2, 3))}, {_dim(rng, r)})[-1]")
        out.append(f"{x}.topk({rng.choice((1, 2, 3))}, dim={_dim(rng, r)})[1]")
        out.append(f"{x}.expand{_tuple([rng.choice((d, 3, -1)) if d == 1 else rng.choice((d, -1, _near(rng, d))) for d in s])}")
        out.append(f"nn.Linear({_near(rng, s[-1])}, {rng.choice(SIZES)})({x})")
        out.append(f"F.layer_norm({x}, {_tuple(s[-1:] if rng.random() < 0.6 else (_near(rng, s[-1]),))})")
        out.append(f"{x}.narrow({_dim(rng, r)}, {rng.choice((0, 1))}, {rng.choice((1, 2))})")
        out.append(f"F.pad({x}, {_tuple([rng.choice((0, 1, 2)) for _ in range(2 * rng.randint(1, r))])})")
    if r >= 2:
        out.append(f"torch.mm({x}, {y})")
        out.append(f"{x}.mT @ {y}")
        out.append(f"F.linear({x}, torch.randn({rng.choice(SIZES)}, {_near(rng, s[-1])}))")
    if r == 3:
        out.append(f"torch.bmm({x}, {y})")
        out.append(f"torch.einsum('bij,bjk->bik', {x}, {y})")
        out.append(f"nn.Conv1d({_near(rng, s[1])}, 2, {rng.choice((1, 2, 3))}, padding={rng.choice((0, 1))})({x})")
    if r == 4:
        k = rng.choice((1, 2, 3))
        out.append(f"nn.Conv2d({_near(rng, s[1])}, 5, {k}, stride={rng.choice((1, 2))}, padding={rng.choice((0, 1))})({x})")
        out.append(f"F.max_pool2d({x}, {rng.choice((1, 2))})")
        out.append(f"nn.BatchNorm2d({_near(rng, s[1])})({x})")
        out.append(f"F.adaptive_avg_pool2d({x}, {rng.choice((1, 2))})")
    return out


def generate(seed: int, lines: int = 14) -> Program:
    rng = random.Random(seed)
    head = ["import torch", "import torch.nn as nn", "import torch.nn.functional as F"]
    shapes: dict[str, tuple] = {}
    for i in range(rng.randint(2, 4)):
        name = f"t{i}"
        rank = rng.choice((1, 2, 2, 3, 3, 4))
        shapes[name] = _shape(rng, rank)
        head.append(f"{name} = torch.randn{_tuple(shapes[name])}")
    body = []
    names = list(shapes)
    for k in range(lines):
        expr = rng.choice(_ops(rng, names, shapes))
        body.append(f"r{k} = {expr}; reveal_shape(r{k})")
    return Program(seed, "\n".join(head + body) + "\n")
