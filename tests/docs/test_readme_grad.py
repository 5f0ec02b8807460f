"""The README's gradient snippet runs as written, and its claims hold."""

import re
from pathlib import Path

import numpy as np

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_readme_gradient_snippet_runs(tmp_path, capsys):
    [block] = re.findall(r"### Gradients: `shapecheck.grad`, `vjp`, `jvp`\n\n```python\n(.*?)```", README, re.DOTALL)
    source = tmp_path / "readme_grad.py"     # grad reads the function's source: run it from a file
    source.write_text(block)
    env: dict = {"__name__": "readme_grad"}
    exec(compile(block, str(source), "exec"), env)
    assert np.isclose(env["dl"], (env["g1"] ** 2).sum() + (env["g2"] ** 2).sum())
    assert np.allclose(env["back"](np.float64(1.0))[0], env["g1"])
    assert "@loss_lin_T" in capsys.readouterr().out
