"""`shapecheck cost` against hand counts (the conventions of docs/cost.md).

Every expected number is derived in the comment beside it, from the layer sizes, so a change of
convention shows up here as arithmetic to redo, not as a golden file to regenerate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapecheck import api
from shapecheck.cli import app

MINGPT = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "minGPT" / "mingpt" / "model.py"

NUMPY_MLP = """\
import numpy as np


def mlp(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    return h @ w2 + b2
"""

TORCH_MLP = """\
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        return self.fc2(h)
"""

LAYERS = """\
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3)
        self.norm = nn.LayerNorm(30)
        self.attn = nn.MultiheadAttention(64, 4, batch_first=True)

    def forward(self, x, q):
        y = self.conv(x)
        z = self.norm(y)
        a, _ = self.attn(q, q, q)
        s = F.scaled_dot_product_attention(q, q, q)
        return z, a, s
"""

JAX = """\
import jax
import jax.numpy as jnp


def layer(x, w):
    return jax.nn.relu(jnp.dot(x, w)).sum()
"""

LOOP = """\
import numpy as np


def power(x, w, n):
    for _ in range(n):
        x = x @ w
    return x
"""


def _cost(tmp_path, source: str, target: str, *options: str, capsys) -> dict:
    path = tmp_path / "m.py"
    path.write_text(source)
    status = app.main(["cost", f"{path}::{target}", "--output-format", "json", *options])
    out = capsys.readouterr().out
    assert status == 0, out
    return json.loads(out)


def test_numpy_mlp_matches_hand_count(tmp_path, capsys):
    report = _cost(tmp_path, NUMPY_MLP, "mlp", "--shape", "x=n,784", "--shape", "w1=784,128", "--shape", "b1=128",
                   "--shape", "w2=128,10", "--shape", "b2=10", capsys=capsys)
    lines = {entry["line"]: entry for entry in report["lines"]}
    # line 5: x @ w1 is 2*n*784*128 = 200704*n, + b1 and maximum one per element of (n, 128): 256*n
    assert lines[5]["flops"] == "200960*n"
    # line 6: h @ w2 is 2*n*128*10 = 2560*n, + b2 10*n
    assert lines[6]["flops"] == "2570*n"
    assert report["total"]["flops"] == "203530*n"
    assert report["total"]["params"] == 0   # a function's weights are its arguments
    # bytes read at line 6 (float32 without --dtype): h 512*n and w2 5120, then y 40*n and b2 40
    assert lines[6]["bytes_read"] == "552*n + 5160"
    assert report["function"] == "mlp"


def test_macs_count_contractions_only(tmp_path, capsys):
    report = _cost(tmp_path, NUMPY_MLP, "mlp", "--macs", "--shape", "x=32,784", "--shape", "w1=784,128",
                   "--shape", "b1=128", "--shape", "w2=128,10", "--shape", "b2=10", capsys=capsys)
    # 32*784*128 + 32*128*10 multiply-accumulates; sizes given, so ints
    assert report["total"]["macs"] == 32 * 784 * 128 + 32 * 128 * 10
    assert report["total"]["flops"] == 2 * (32 * 784 * 128 + 32 * 128 * 10) + 32 * 128 * 2 + 32 * 10


def test_torch_mlp_layers_and_params(tmp_path, capsys):
    report = _cost(tmp_path, TORCH_MLP, "MLP", "--shape", "x=b,784", capsys=capsys)
    # fc1: 2*b*784*128 + bias b*128; relu b*128; fc2: 2*b*128*10 + bias b*10
    assert report["total"]["flops"] == f"{2 * 784 * 128 + 128 + 128 + 2 * 128 * 10 + 10}*b"
    # 784*128 + 128 + 128*10 + 10 parameters, built in __init__
    assert report["total"]["params"] == 784 * 128 + 128 + 128 * 10 + 10
    assert report["function"] == "MLP.forward"


def test_convolution_norm_and_attention(tmp_path, capsys):
    report = _cost(tmp_path, LAYERS, "Net", "--shape", "x=2,3,32,32", "--shape", "q=2,10,64", capsys=capsys)
    lines = {entry["line"]: entry for entry in report["lines"]}
    out = 2 * 16 * 30 * 30                       # conv output elements
    assert lines[14]["flops"] == 2 * out * 3 * 3 * 3 + out        # 3 in-channels x 3x3 kernel, + bias
    assert lines[15]["flops"] == 7 * out                           # layer norm with affine weight and bias
    # MultiheadAttention(64, 4), batch 2, length 10: q/k/v/out projections 4 * 2*20*64*64 (+ biases
    # 4*20*64), scores and weighted sum 2 * 2*(2*10*10*64), scale + softmax 6 per score (2*4*10*10)
    projections, scores = 4 * 2 * 20 * 64 * 64 + 4 * 20 * 64, 2 * 4 * 10 * 10
    assert lines[16]["flops"] == projections + 2 * 2 * (2 * 10 * 10 * 64) + 6 * scores
    # scaled_dot_product_attention: q @ k^T and @ v, 2*(2*10*10*64) each, 6 per score (2*10*10)
    assert lines[17]["flops"] == 2 * 2 * (2 * 10 * 10 * 64) + 6 * 2 * 10 * 10
    # conv 16*3*3*3 + 16, norm 2*30, attention 4*64*64 + 4*64
    assert report["total"]["params"] == 16 * 27 + 16 + 60 + 4 * 64 * 64 + 4 * 64


def test_jax_functions(tmp_path, capsys):
    report = _cost(tmp_path, JAX, "layer", "--shape", "x=n,8", "--shape", "w=8,4", capsys=capsys)
    # dot 2*n*8*4, relu n*4, sum n*4
    assert report["total"]["flops"] == "72*n"


def test_a_loop_counts_once_per_iteration(tmp_path, capsys):
    report = _cost(tmp_path, LOOP, "power", "--shape", "x=m,4", "--shape", "w=4,4", capsys=capsys)
    # (m, 4) @ (4, 4) is 32*m FLOPs, n times (n: the loop's trip count, a named dim)
    assert report["total"]["flops"] == "32*m*n"


@pytest.mark.skipif(not MINGPT.exists(), reason="the shared minGPT corpus is not checked out")
def test_mingpt_block_matches_hand_count():
    measured = api.measure(str(MINGPT), "Block", {"x": ["B", "T", 768]})
    report = api.cost_of(measured, {"config.n_head": 12})
    C, H = 768, 12
    hs = C // H
    # line 91, x + attn(ln_1(x)), per (B*T): ln_1 7*C; c_attn 2*C*3C + 3C; c_proj 2*C*C + C; residual C
    attention_bt = 7 * C + 2 * C * 3 * C + 3 * C + 2 * C * C + C + C
    # per B*T*T: q@k^T and att@v 2*hs each per head; scale, masked_fill 1 and softmax 5 per head
    attention_btt = H * (2 * hs + 2 * hs + 1 + 1 + 5)
    # line 92, x + mlp(ln_2(x)), per (B*T): ln_2 7*C; c_fc 2*C*4C + 4C; NewGELU 8 elementwise ops on
    # 4C; c_proj 2*4C*C + C; residual C
    mlp_bt = 7 * C + 2 * C * 4 * C + 4 * C + 8 * 4 * C + 2 * 4 * C * C + C + C
    # the causal mask's `== 0` over (1, 1, T', T'): the buffer sliced `[:, :, :T, :T]` is clamped to
    # its block_size rows as Python clamps it (Block alone has no `T <= block_size`, GPT.forward's assert)
    mask = "min(T, config.block_size)**2"
    assert report.show(report.total.flops) == f"{attention_btt}*B*T**2 + {attention_bt + mlp_bt}*B*T + {mask}"
    # ln 2C twice, c_attn C*3C + 3C, c_proj C*C + C, c_fc C*4C + 4C, mlp c_proj 4C*C + C
    assert report.params == 12 * C * C + 13 * C
    assert not report.uncounted


def test_a_missing_function_is_a_usage_error(tmp_path, capsys):
    path = tmp_path / "m.py"
    path.write_text(NUMPY_MLP)
    assert app.main(["cost", f"{path}::nope"]) == 2
    assert "no function, method or class 'nope'" in capsys.readouterr().err


def test_text_output_has_lines_and_totals(tmp_path, capsys):
    path = tmp_path / "m.py"
    path.write_text(NUMPY_MLP)
    assert app.main(["cost", f"{path}::mlp", "--shape", "x=n,784", "--shape", "w1=784,128", "--shape", "b1=128",
                     "--shape", "w2=128,10", "--shape", "b2=10"]) == 0
    out = capsys.readouterr().out
    assert "total FLOPs: 203530*n" in out
    assert "matmul, add, maximum" in out


def test_signatures_print_each_functions_total(tmp_path, capsys):
    path = tmp_path / "m.py"
    path.write_text("import numpy as np\n\n\ndef layer(x, w):\n    n, k = x.shape\n    assert w.shape == (k, 10)\n"
                    "    return x @ w\n")
    assert app.main(["signatures", "--cost", str(path)]) == 0
    out = capsys.readouterr().out
    # (n, k) @ (k, 10): 2*n*k*10 FLOPs; reads x (4*n*k bytes) and w (40*k), writes (n, 10)
    assert "def layer(x: (n, k), w: (k, 10)) -> (n, 10)\n    cost: 20*k*n FLOPs, 4*k*n + 40*k bytes read, 40*n written" in out
