"""Messages name both sides, in the code's own terms (issue 14): what a reader needs to see."""

from __future__ import annotations

from shapecheck.api import Options, check_source


def _message(source: str, code: str) -> str:
    [finding] = [d for d in check_source(source, "m.py").diagnostics if d.code == code]
    return finding.message


def test_an_assertion_against_a_literal_shows_the_literal_too():
    message = _message("import numpy as np\nd = np.zeros((2, 6))\nassert (3, 4) == d.flatten().shape\n", "SC201")
    assert message.endswith("(d.flatten().shape is (12,); the other side is (3, 4))")


def test_an_assertion_between_two_values_shows_both():
    message = _message("import numpy as np\nc = np.zeros((3, 4))\nd = np.zeros((2, 6))\n"
                       "assert c.shape == d.flatten().shape\n", "SC201")
    assert message.endswith("(c.shape is (3, 4), d.flatten().shape is (12,))")


def test_a_size_the_analysis_made_up_is_no_invented_name():
    """A mask's count of True values has no name in the code: ``(?,)``, not ``(k,)`` (issue 14:
    ``(b.flatten().shape is (r,))``); a name the code gave (``n``) and a hole stay."""
    message = _message("import numpy as np\nc = np.zeros((2, 5))\nd = c[c > 0]\n"
                       "assert d.flatten().shape == (3, 4)\n", "SC201")
    assert message.endswith("(d.flatten().shape is (?,); the other side is (3, 4))")
    named = _message("import numpy as np\ndef f(a):\n    n, k = a.shape\n    assert a[:, 0].shape == (3, 4)\n",
                     "SC201")
    assert named.endswith("(a[:, 0].shape is (n,); the other side is (3, 4))")
    hole = _message("import numpy as np\nfrom shapecheck import HOLE\nx = np.zeros((HOLE, 3))\n"
                    "assert x.flatten().shape == (5, 2)\n", "SC201")
    assert hole.endswith("(x.flatten().shape is (HOLE*3,); the other side is (5, 2))")


def test_a_reshape_target_is_shown_as_written_and_as_evaluated():
    message = _message("import numpy as np\nh = np.zeros((2, 3))\nm = h.reshape(h.shape[0], 4)\n", "SC103")
    assert message.endswith("into shape (h.shape[0], 4), which is (2, 4)")
    plain = _message("import numpy as np\nh = np.zeros((2, 3))\nm = h.reshape(5)\n", "SC103")
    assert plain.endswith("into shape (5,)")


def test_a_possible_failure_names_its_condition_as_a_person_would():
    """--strict's SC120 says ``C%h.n == 0``, not ``B*C*T == B*T*h.n*(C//h.n)`` (issue 14)."""
    source = "import numpy as np\ndef heads(x, h):\n    B, T, C = x.shape\n    return x.reshape(B, T, h.n, C // h.n)\n"
    [finding] = [d for d in check_source(source, "m.py", options=Options(strict=True)).diagnostics if d.code == "SC120"]
    assert finding.message.endswith("(fails unless C%h.n == 0)")



def test_two_dims_of_one_name_are_told_apart():
    """Two heads counts, both named ``h`` by the code: one message shows them as ``h`` and ``h'``,
    the same way in its condition, never ``h is h`` (vit-pytorch's xcit)."""
    source = ("import torch\nfrom torch import nn, einsum\nfrom einops import rearrange\n"
              "class Attention(nn.Module):\n"
              "    def __init__(self, heads, kv_heads):\n"
              "        super().__init__()\n"
              "        self.heads = heads\n"
              "        self.kv_heads = kv_heads\n"
              "    def forward(self, q, k):\n"
              "        h = self.heads\n"
              "        q = rearrange(q, 'b n (h d) -> b h n d', h = h)\n"
              "        h = self.kv_heads\n"
              "        k = rearrange(k, 'b n (h d) -> b h n d', h = h)\n"
              "        return einsum('b h i d, b h j d -> b h i j', q, k)\n")
    [finding] = [d for d in check_source(source, "m.py", options=Options(strict=True)).diagnostics
                 if d.code == "SC120" and "subscript 'h'" in d.message]
    assert "is h in q is (q0, h, q1, q2//h) but h' in k is (k0, h', k1, k2//h')" in finding.message
    assert finding.message.endswith("(fails unless h == h')")


def test_vdot_counts_the_elements_of_each_side():
    message = _message("import numpy as np\nnp.vdot(np.ones((2, 3)), np.ones(4))\n", "SC102")
    assert message == "vdot: np.ones((2, 3)) is (2, 3), 6 elements, but np.ones(4) is (4,), 4"
