"""`shapecheck shard-cost FILE::FUNC`: strategies written as Python functions, measured per device,
agree with the closed-form MLP model of sharding/cost.py (the bundled docs/examples/mlp_strategies.py),
whether the placements are written in the code, given on the command line, or a shard_map's; and
`shapecheck cost` counts the collectives of a shard_map body."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapecheck import api
from shapecheck.cli import app
from shapecheck.sharding.cost import DATA_PARALLEL, MEGATRON, mlp_block
from shapecheck.sharding.layout import Mesh

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mlp_strategies.py"
T, D, F = 8192, 4096, 16384
SHAPES = ["--shape", f"x={T},{D}", "--shape", f"w1={D},{F}", "--shape", f"w2={F},{D}"]
MESH = Mesh((("x", 8),))
GELU = T * F // 8   # the closed form counts matmuls only; a function counts its gelu too (per device)


def _rows(out: str) -> dict[str, list[int]]:
    rows = {}
    for line in out.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 5 and parts[1][0].isdigit():
            rows[parts[0]] = [int(p.replace(",", "")) for p in parts[1:]]
    return rows


def test_the_two_strategies_written_as_code_match_the_closed_form(capsys):
    status = app.main(["shard-cost", f"{EXAMPLE}::megatron_mlp", f"{EXAMPLE}::data_parallel_mlp",
                       f"{EXAMPLE}::megatron_shard_map", *SHAPES, "--dtype", "bfloat16"])
    rows = _rows(capsys.readouterr().out)
    assert status == 0
    for name, strategy in (("megatron_mlp", MEGATRON(MESH, "x")), ("data_parallel_mlp", DATA_PARALLEL(MESH, "x"))):
        forward, step = mlp_block(T, D, F, strategy), mlp_block(T, D, F, strategy, training=True)
        assert rows[name] == [forward.flops + GELU, forward.bytes, step.flops + 3 * GELU, step.bytes]
    assert rows["megatron_shard_map"] == rows["megatron_mlp"]   # the same block, its psum written out
    assert rows["megatron_mlp"][1] == 117_440_512 and rows["data_parallel_mlp"][3] == 469_762_048


def test_fully_sharded_data_parallel_moves_one_and_a_half_times_data_parallel(capsys):
    """ZeRO-3/FSDP: each weight all-gathered for forward and again for backward, its gradient
    reduce-scattered: 3 * (n-1)/n of the weights against data parallel's all-reduce, 2 * (n-1)/n."""
    assert app.main(["shard-cost", f"{EXAMPLE}::fsdp_mlp", f"{EXAMPLE}::data_parallel_mlp", *SHAPES]) == 0
    rows = _rows(capsys.readouterr().out)
    weights = 2 * D * F * 2   # both weights, bfloat16
    assert rows["fsdp_mlp"][0] == rows["data_parallel_mlp"][0]
    assert rows["fsdp_mlp"][1] == 7 * weights // 8
    assert 2 * rows["fsdp_mlp"][3] == 3 * rows["data_parallel_mlp"][3] == 3 * 2 * 7 * weights // 8


@pytest.fixture
def plain_mlp(tmp_path):
    path = tmp_path / "mlp.py"
    path.write_text("import numpy as np\n\ndef mlp(x, w1, w2):\n    return np.tanh(x @ w1) @ w2\n")
    return path


def test_layouts_on_the_command_line_give_what_the_code_would(capsys, plain_mlp):
    megatron = ["--layout", "w1=P(None, 'x')", "--layout", "w2=P('x', None)"]
    assert app.main(["shard-cost", f"{plain_mlp}::mlp", "--mesh", "x=8", *SHAPES, *megatron]) == 0
    assert app.main(["shard-cost", f"{EXAMPLE}::megatron_mlp", *SHAPES]) == 0
    by_flag, in_code = (_rows(part) for part in capsys.readouterr().out.split("per device")[1:])
    assert by_flag["mlp"] == in_code["megatron_mlp"]
    assert app.main(["shard-cost", f"{plain_mlp}::mlp", "--mesh", "x=8", *SHAPES, "--layout", "x=P('x')"]) == 0
    data_parallel = _rows(capsys.readouterr().out)["mlp"]
    assert data_parallel[1] == 0 and data_parallel[3] == mlp_block(T, D, F, DATA_PARALLEL(MESH, "x"), training=True).bytes


def test_symbolic_sizes_and_bad_input_are_reported_not_guessed(capsys, plain_mlp):
    assert app.main(["shard-cost", f"{plain_mlp}::mlp", "--shape", "x=n,4", "--shape", "w1=4,8", "--shape", "w2=8,4"]) == 0
    assert "cannot count: line 4's FLOPs is" in capsys.readouterr().out
    assert app.main(["shard-cost", f"{plain_mlp}::mlp", "--layout", "x=P('x')"]) == 2
    assert "needs --mesh" in capsys.readouterr().err
    assert app.main(["shard-cost", "--mesh", "x=8"]) == 2
    assert app.main(["shard-cost", f"{plain_mlp}::mlp", "--mesh", "x=8", "--shape", "x=8,4", "--layout", "x=P(None, 'x')"]) == 2
    assert "does not split evenly" in capsys.readouterr().err
    assert app.main(["shard-cost", f"{plain_mlp}::nope", *SHAPES]) == 2


def test_cost_counts_the_collectives_of_a_shard_map_body():
    measured = api.measure(str(EXAMPLE), "megatron_shard_map", {"x": [T, D], "w1": [D, F], "w2": [F, D]},
                           {"x": "bfloat16", "w1": "bfloat16", "w2": "bfloat16"})
    report = api.cost_of(measured)
    assert report.total.communicated == 2 * 7 * (T * D * 2) // 8   # psum: a ring all-reduce of (T, D)
    assert 2 * report.total.macs == mlp_block(T, D, F, MEGATRON(MESH, "x")).flops   # one device's pieces


def test_the_same_block_through_pytorch_tensor_parallel_styles(capsys):
    """parallelize_module's Colwise/Rowwise split costs what the JAX code does; with sequence
    parallelism each rank holds 1/8 of the tokens and moves the same bytes (all-gather + reduce-scatter
    instead of one all-reduce)."""
    torch_example = EXAMPLE.parent / "mlp_torch.py"
    assert app.main(["shard-cost", f"{torch_example}::megatron", *SHAPES]) == 0
    assert app.main(["shard-cost", f"{torch_example}::sequence_parallel", "--shape", f"x={T // 8},{D}"]) == 0
    assert app.main(["shard-cost", f"{EXAMPLE}::megatron_mlp", *SHAPES]) == 0
    megatron, sequence, jax_megatron = (_rows(part) for part in capsys.readouterr().out.split("per device")[1:])
    assert megatron["megatron"] == sequence["sequence_parallel"] == jax_megatron["megatron_mlp"]


def test_fsdp2_fully_shard_costs_what_the_jax_fsdp_block_does(capsys):
    """fully_shard on each rank's 1/8 of the tokens: the weights all-gathered for forward (logged per
    call of each sharded layer) and backward, their gradients reduce-scattered."""
    torch_example = EXAMPLE.parent / "mlp_torch.py"
    assert app.main(["shard-cost", f"{torch_example}::fully_sharded", "--shape", f"x={T // 8},{D}"]) == 0
    assert app.main(["shard-cost", f"{EXAMPLE}::fsdp_mlp", *SHAPES]) == 0
    torch_rows, jax_rows = (_rows(part) for part in capsys.readouterr().out.split("per device")[1:])
    assert torch_rows["fully_sharded"] == jax_rows["fsdp_mlp"]
