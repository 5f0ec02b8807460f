"""The N-layer MLP chain, forward and hand-written backward, as NumPy source for the IR frontend:
what the DTR tests and ``benchmarks/bench_dtr.py`` run. Every forward activation ``h_i`` is read
again by the backward pass, so storing everything needs N activations at once."""

from __future__ import annotations


def chain_source(n: int) -> str:
    """``train(x, w1..wn)``: ``h_i = tanh(h_{i-1} @ w_i)``, then the gradient of ``sum(h_n**2)/2``
    with respect to the weights, summed (one (d, d) accumulator instead of n gradients)."""
    weights = ", ".join(f"w{i}" for i in range(1, n + 1))
    lines = ["import numpy as np", "", "", f"def train(x, {weights}):", "    h0 = x"]
    lines += [f"    h{i} = np.tanh(h{i - 1} @ w{i})" for i in range(1, n + 1)]
    lines.append(f"    g = h{n}")
    for i in range(n, 0, -1):
        lines.append(f"    d = g * (1.0 - h{i} * h{i})")
        lines.append(f"    gw = h{i - 1}.T @ d" if i == n else f"    gw = gw + h{i - 1}.T @ d")
        if i > 1:
            lines.append(f"    g = d @ w{i}.T")
    lines.append("    return gw")
    return "\n".join(lines) + "\n"


def chain_shapes(n: int, batch: int, width: int) -> dict:
    return {"x": (batch, width), **{f"w{i}": (width, width) for i in range(1, n + 1)}}
