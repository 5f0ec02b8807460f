"""`shapecheck annotate`: byte-preserving rewrites, --diff, and the round-trip property
(signature -> jaxtyping annotations -> the annotated file re-checks clean, same signatures)."""

from __future__ import annotations

import difflib
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapecheck.api import Options, check_source, signatures_of
from shapecheck.cli.annotate import annotate_source
from shapecheck.cli.app import main

pytestmark = pytest.mark.needs_analyzer

MESSY = textwrap.dedent('''\
    """Module docstring."""
    import numpy   as   np   # odd spacing kept
    from jaxtyping import Float

    @staticmethod
    def f(x,   # a comment inside the parameters
          w):
        n, k = x.shape ; k2, m = w.shape
        assert k == k2
        return x @ w   # trailing comment

    def keep(x: Float[np.ndarray, "a b"], y):
        return x

    def g(v):
        n, = v.shape
        return v[None]
    ''')


def _changed_lines(old: str, new: str) -> list[str]:
    return [line for line in difflib.ndiff(old.splitlines(), new.splitlines()) if line[:1] in "+-"]


def test_only_signatures_and_import_change():
    new = annotate_source(MESSY, "messy.py")
    changed = sorted(_changed_lines(MESSY, new))
    assert changed == sorted([
        "- from jaxtyping import Float",
        "+ from jaxtyping import Float, Shaped",
        "- def f(x,   # a comment inside the parameters",
        "-       w):",
        '+ def f(x: Shaped[np.ndarray, "n k"],   # a comment inside the parameters',
        '+       w: Shaped[np.ndarray, "k m"]) -> Shaped[np.ndarray, "n m"]:',
        "- def g(v):",
        '+ def g(v: Shaped[np.ndarray, "n"]) -> Shaped[np.ndarray, "1 n"]:',
        '- def keep(x: Float[np.ndarray, "a b"], y):',
        '+ def keep(x: Float[np.ndarray, "a b"], y) -> Shaped[np.ndarray, "a b"]:',
    ]), changed


def test_existing_annotations_are_kept():
    new = annotate_source(MESSY, "messy.py")
    assert 'def keep(x: Float[np.ndarray, "a b"], y) -> ' in new


def test_nothing_inferred_leaves_the_file_alone():
    source = "def f(x):\n    return x\n"
    assert annotate_source(source, "f.py") == source


def test_import_added_after_docstring_and_imports():
    source = '"""Doc."""\nimport numpy as np\n\ndef f(x):\n    n, = x.shape\n    return x\n'
    new = annotate_source(source, "f.py")
    assert new.splitlines()[:3] == ['"""Doc."""', "import numpy as np", "from jaxtyping import Shaped"]


def test_cli_diff_and_write(tmp_path, capsys):
    path = tmp_path / "m.py"
    source = "import numpy as np\ndef f(x):\n    n, k = x.shape\n    return x.T\n"
    path.write_text(source)
    assert main(["annotate", str(path), "--diff"]) == 0
    out = capsys.readouterr().out
    assert '+def f(x: Shaped[np.ndarray, "n k"]) -> Shaped[np.ndarray, "k n"]:' in out
    assert path.read_text() == source
    assert main(["annotate", str(path)]) == 0
    assert path.read_text() == annotate_source(source, str(path))


# -- the round trip over random well-typed functions ----------------------------------------------

#: steps that are well-typed for a 2-D value of shape (r, c); each gives the new (r, c) (None: 1-D)
STEPS = [
    ("y = y.T", lambda r, c: (c, r)),
    ("y = np.tanh(y) * 2", lambda r, c: (r, c)),
    ("y = y @ w", None),               # needs c == k: only right after the start
    ("y = np.concatenate([y, y])", lambda r, c: (f"{r}*2", c)),
    ("y = y + np.zeros(y.shape[1])", lambda r, c: (r, c)),
    ("y = y[:, None, :].sum(axis=1)", lambda r, c: (r, c)),
    ("y = np.stack([y, y], axis=-1).mean(axis=-1)", lambda r, c: (r, c)),
]


@st.composite
def programs(draw):
    steps = draw(st.lists(st.sampled_from([s for s in STEPS if s[1] is not None]), min_size=1, max_size=4))
    matmul = draw(st.booleans())
    body = ["    n, k = x.shape", "    k2, m = w.shape", "    assert k == k2", "    y = x"]
    if matmul:
        body.append("    y = y @ w")
    body += [f"    {text}" for text, _ in steps]
    reduce_last = draw(st.booleans())
    body.append("    return y.sum(axis=0)" if reduce_last else "    return y")
    return "import numpy as np\n\n\ndef f(x, w):\n" + "\n".join(body) + "\n"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_annotated_program_rechecks_clean(source):
    before = [s.text() for s in signatures_of("prog.py", source)]
    annotated = annotate_source(source, "prog.py")
    assert "Shaped[np.ndarray" in annotated
    report = check_source(annotated, "prog.py", options=Options(strict=True))
    problems = [d for d in report.diagnostics if d.severity in ("error", "warning")]
    assert not problems, (annotated, [d.message for d in problems])
    assert [s.text() for s in signatures_of("prog.py", annotated)] == before
