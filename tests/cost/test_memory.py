"""`shapecheck memory`: liveness over the analysed body (default) and over the IR (--ir), and DTR
under --budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapecheck import api
from shapecheck.cli import app

from .chain import chain_source
from .test_cost import MINGPT, NUMPY_MLP

SHAPES = ["--shape", "x=n,784", "--shape", "w1=784,128", "--shape", "b1=128", "--shape", "w2=128,10",
          "--shape", "b2=10"]


def _run(tmp_path, source: str, *argv: str, capsys, status: int = 0):
    path = tmp_path / "m.py"
    path.write_text(source)
    assert app.main(["memory", f"{path}::{argv[0]}", *argv[1:]]) == status
    return capsys.readouterr()


def test_analysed_body_peak_and_line(tmp_path, capsys):
    out = json.loads(_run(tmp_path, NUMPY_MLP, "mlp", *SHAPES, "--output-format", "json", capsys=capsys).out)
    # line 5: x @ w1 (n, 128) float32 is 512*n bytes; `+ b1` makes another while the product is
    # read; maximum's result replaces the product (read for the last time by the add)
    assert out["peak"] == [{"line": 5, "bytes": "1024*n"}]
    assert [entry["live_bytes"] for entry in out["lines"]] == ["512*n", "1024*n", "1024*n", "552*n", "80*n"]


def test_ir_peak(tmp_path, capsys):
    out = _run(tmp_path, NUMPY_MLP, "mlp", *SHAPES, "--ir", capsys=capsys).out
    # the same two (n, 128) arrays, and the 0-d constant 0.0 of np.maximum (4 bytes)
    assert "peak: 1024*n + 4 bytes at %h (binding 3)" in out


def test_budget_runs_dtr_and_meets_it(tmp_path, capsys):
    shapes = ["--shape", "x=8,4", *(f"--shape=w{i}=4,4" for i in range(1, 9))]
    result = _run(tmp_path, chain_source(8), "train", *shapes, "--budget", "1024", "--output-format", "json",
                  capsys=capsys)
    out = json.loads(result.out)
    assert out["peak"] <= 1024 < out["store_all"]
    assert out["same_result"] and out["extra_flops"] > 0 and out["evictions"] > 0


def test_budget_too_small_exits_1(tmp_path, capsys):
    shapes = ["--shape", "x=8,4", *(f"--shape=w{i}=4,4" for i in range(1, 5))]
    result = _run(tmp_path, chain_source(4), "train", *shapes, "--budget", "64", capsys=capsys, status=1)
    assert "budget 64 bytes" in result.err


def test_budget_needs_sizes(tmp_path, capsys):
    result = _run(tmp_path, NUMPY_MLP, "mlp", *SHAPES, "--budget", "4096", capsys=capsys, status=2)
    assert "give every size" in result.err


@pytest.mark.skipif(not MINGPT.exists(), reason="the shared minGPT corpus is not checked out")
def test_mingpt_block_peak_is_symbolic_in_batch_and_length():
    report = api.memory_of(api.measure(str(MINGPT), "Block", {"x": ["B", "T", 768]}), {"config.n_head": 12})
    peaks = [report.show(b) for _, b in report.peaks]
    # softmax's input and output (B, 12, T, T) float32 side by side, beside q, k, v and the
    # (B, T, 3C) projection they view; the causal mask slice's `== 0` bools, (T, T) but for the clamp
    # to block_size rows that Block alone cannot rule out
    assert peaks[0] == "96*B*T**2 + 12288*B*T + min(T, config.block_size)**2"
    # the MLP's four (B, T, 4C) float32 GELU temporaries and the (B, T, C) input
    assert "52224*B*T" in peaks
