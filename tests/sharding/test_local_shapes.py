"""The local shapes of placed values, as reveal_shape shows them: a ``# local: (8, 8)`` comment on a
``# reveal:`` line of ``tests/cases/sharding/*.py`` is the piece one device holds (the case runner
checks the global shape; this checks the local one), and the tensor-parallel example of the corpus
reveals its layers' local outputs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapecheck.api import Project, check_source

CASES = Path(__file__).resolve().parent.parent / "cases" / "sharding"
CORPUS_TP = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "pytorch-examples" / "distributed"
             / "tensor_parallelism")
_LOCAL = re.compile(r"#\s*local:\s*(\([^)]*\))")


def _reveals(source: str, path: str) -> dict[int, str]:
    report = check_source(source, path, project=Project(roots=[str(Path(path).parent)]))
    return {d.span.line: d.message for d in report.diagnostics if d.code == "SC301"}


@pytest.mark.parametrize("path", sorted(CASES.glob("*.py")), ids=lambda p: p.name)
def test_revealed_local_shapes(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    wanted = {n: m.group(1) for n, line in enumerate(source.splitlines(), 1) if (m := _LOCAL.search(line))}
    shown = _reveals(source, str(path))
    for line, local in wanted.items():
        assert shown.get(line, "").endswith(f"local {local}"), (line, shown.get(line))


def test_corpus_tensor_parallel_example_reveals_local_shapes() -> None:
    """pytorch/examples' tensor_parallel_example.py with two reveal_shape lines after its forward call:
    in_proj (ColwiseParallel) hands back its local columns, out_proj (RowwiseParallel) the summed output."""
    path = CORPUS_TP / "tensor_parallel_example.py"
    if not path.is_file():
        pytest.skip(f"no corpus at {CORPUS_TP.resolve()}")
    source = path.read_text(encoding="utf-8")
    call = "    output = tp_model(inp)\n"
    assert call in source
    source = source.replace(call, call + "    reveal_shape(output)\n    reveal_shape(tp_model.in_proj(inp))\n")
    line = source.splitlines().index("    reveal_shape(output)") + 1
    shown = _reveals(source, str(path))
    assert shown[line].startswith("reveal_shape: shape: (20, 5)")
    assert shown[line + 1].startswith("reveal_shape: shape: (20, 32//_world_size)")
