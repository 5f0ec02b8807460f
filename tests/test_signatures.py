"""`shapecheck signatures`: golden signature text for small functions, and the CLI around it."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from shapecheck.api import signatures_of
from shapecheck.cli.app import main

pytestmark = pytest.mark.needs_analyzer

CASES = [
    ("def layer(x, w):\n    n, k = x.shape\n    k2, m = w.shape\n    assert k == k2\n    return x @ w\n",
     "def layer(x: (n, k), w: (k, m)) -> (n, m)"),
    ("def chunk(x):\n    n, = x.shape\n    return x.reshape(-1, 4)\n",
     "def chunk(x: (n,)) -> (n//4, 4)\n    requires n%4 == 0"),
    ("def square(x):\n    n, m = x.shape\n    assert n == m\n    return x @ x\n",
     "def square(x: (n, n)) -> (n, n)"),
    ("def mm(x):\n    n, k = x.shape\n    return x @ np.ones((3, 5))\n",
     "def mm(x: (n, 3)) -> (n, 5)"),
    ("from jaxtyping import Float\n"
     "def ann(x: Float[np.ndarray, 'b 784'], w: Float[np.ndarray, '784 h']):\n    return x @ w\n",
     "def ann(x: (b, 784), w: (784, h)) -> (b, h)"),
    ("def total(x):\n    return x.sum()\n",
     "def total(x) -> ()"),
    ("def vec(x):\n    return x @ np.ones(3)\n",
     "def vec(x: (3,) | (x0, 3)) -> () | (x0,)"),
    ("def gelu(x):\n    return 0.5 * x * (1 + np.tanh(x))\n",
     "def gelu(x) -> (*x)"),
    # a view into heads requires a divisibility, printed as one (issue 14), not B*C*T == B*T*h*(C//h)
    ("def heads(x, config):\n    B, T, C = x.shape\n    return x.reshape(B, T, config.n_head, C // config.n_head)\n",
     "def heads(x: (B, T, C), config) -> (B, T, config.n_head, C//config.n_head)\n    requires C%config.n_head == 0"),
]


@pytest.mark.parametrize("body,expected", CASES, ids=[c[1].split("(")[0][4:] for c in CASES])
def test_signature_text(body, expected, tmp_path):
    source = "import numpy as np\n" + body
    path = tmp_path / "m.py"
    path.write_text(source)
    sigs = signatures_of(str(path))
    assert [s.text() for s in sigs][-1] == expected


CASES = Path(__file__).parent / "cases" / "signatures"
_SIGNATURE = re.compile(r"#\s*signature:\s*(.*)$")


def _signature_cases():
    return sorted(p for p in CASES.glob("*.py") if "# signature:" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", _signature_cases(), ids=lambda p: p.name)
def test_signature_case_file(path):
    """A ``def`` line's ``# signature: ...`` comment is the signature printed for that function."""
    lines = path.read_text(encoding="utf-8").splitlines()
    expected = {i: m.group(1).strip() for i, line in enumerate(lines, 1) if (m := _SIGNATURE.search(line))}
    got = {s.node.lineno: s.text().splitlines()[0] for s in signatures_of(str(path))}
    problems = [f"line {line}: expected {want!r}, got {got.get(line)!r}"
                for line, want in expected.items() if got.get(line) != want]
    assert not problems, "\n".join(problems)


def test_methods_and_cross_module(tmp_path):
    (tmp_path / "layers.py").write_text(textwrap.dedent("""\
        import numpy as np
        def dense(x, w):
            n, k = x.shape
            k2, m = w.shape
            assert k == k2
            return x @ w
        """))
    (tmp_path / "model.py").write_text(textwrap.dedent("""\
        import numpy as np
        from layers import dense
        class Net:
            def __init__(self, d):
                self.w = np.zeros((d, 10))
            def forward(self, x):
                n, d = x.shape
                return dense(x, self.w)
        """))
    texts = [s.text() for s in signatures_of(str(tmp_path / "model.py"))]
    assert texts == ["def Net.__init__(self, d: int) -> None", "def Net.forward(self, x: (n, d)) -> (n, 10)"]


def test_scalar_defaults_stay_scalars_and_config_fields_keep_their_names(tmp_path):
    (tmp_path / "gen.py").write_text(textwrap.dedent("""\
        import numpy as np
        class Sampler:
            def __init__(self, config):
                self.n_head = config.n_head
            def split(self, x):
                B, T, C = x.shape
                return x.reshape(B, T, self.n_head, C // self.n_head)
            def generate(self, logits, temperature=1.0, steps=3, greedy=False):
                return logits / temperature
        """))
    texts = [s.text() for s in signatures_of(str(tmp_path / "gen.py"))]
    assert "temperature: float" in texts[2] and "steps: int" in texts[2] and "greedy: bool" in texts[2]
    assert texts[1].startswith("def Sampler.split(self, x: (B, T, C))")
    # the dim is shown by the attribute the method reads it through (self.n_head), not as d4
    assert "-> (B, T, n_head, C//n_head)" in texts[1] and "d4" not in texts[1]


def test_cli_prints_every_file(tmp_path, capsys):
    (tmp_path / "a.py").write_text("import numpy as np\ndef f(x):\n    n, = x.shape\n    return x[None]\n")
    (tmp_path / "b.py").write_text("def g(y):\n    return y\n")
    assert main(["signatures", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "def f(x: (n,)) -> (1, n)" in out and "def g(y) -> ?" in out


def test_cli_missing_path(capsys):
    assert main(["signatures", "/no/such/place"]) == 2
