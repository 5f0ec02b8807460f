"""A kept class's method whose analysis names an attribute of the template (``h=self.heads``) is
shared with that naming, which the run that takes it makes too (absint/driver/template_namings.py)."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from shapecheck.absint.driver import calls, template_namings
from shapecheck.absint.driver.template_namings import Naming, named_attributes, namings_between
from shapecheck.absint.core.values import Int, Unknown
from shapecheck.constraints.dims import add, sym

from test_shared_summaries import _check, _write

ATTENTION = {
    "attn.py": """\
        import torch
        from torch import nn
        from einops import rearrange


        class Attention(nn.Module):
            def __init__(self, dim, heads=8):
                super().__init__()
                self.heads = heads
                self.to_qkv = nn.Linear(dim, dim * 3)

            def width(self):
                return self.to_qkv

            def project(self, x):
                return self.to_qkv(x)

            def forward(self, x):
                qkv = self.to_qkv(x).chunk(3, dim=-1)
                q = rearrange(qkv[0], 'b n (h d) -> b h n d', h=self.heads)
                return rearrange(q, 'b h n d -> b n (h d)')

            def split(self, x):
                return rearrange(x, 'b (h n) -> b h n', h=self.heads)


        class Stack(nn.Module):
            def __init__(self, dim, depth, heads):
                super().__init__()
                self.layers = nn.ModuleList([Attention(dim, heads=heads) for _ in range(depth)])

            def size(self):
                return len(self.layers)

            def forward(self, x):
                for attn in self.layers:
                    x = attn(x) + x
                return x
        """,
    "one.py": """\
        import torch
        from attn import Attention, Stack

        a = Attention(64, heads=4)
        y = a(torch.zeros(2, 10, 64))
        z = a.split(torch.zeros(3, 8))
        s = Stack(64, 2, 4)
        t = s(torch.zeros(2, 10, 64))
        """,
    "two.py": """\
        import torch
        from attn import Attention, Stack

        a = Attention(32, heads=2)
        w = a.width()
        y = a(torch.zeros(1, 5, 32))
        z = a.split(torch.zeros(3, 7))   # error: SC110
        s = Stack(32, 3, 2)
        n = s.size()
        t = s(torch.zeros(1, 5, 32))
        """,
}


#: The same, every method called so that it fails: a kept module's function's generic analysis is
#: made (and shared) only for a call of it that finds an error (``Calls._call``).
FAILING = {**ATTENTION, "one.py": """\
        import torch
        from attn import Attention, Stack

        a = Attention(64, heads=4)
        y = a(torch.zeros(2, 10, 63))
        z = a.split(torch.zeros(3, 10))
        s = Stack(64, 2, 4)
        t = s(torch.zeros(2, 10, 63))
        """, "two.py": """\
        import torch
        from attn import Attention, Stack

        a = Attention(32, heads=2)
        w = a.project(torch.zeros(1, 31))
        y = a(torch.zeros(1, 5, 31))
        z = a.split(torch.zeros(3, 7))
        s = Stack(32, 3, 2)
        n = s.size()
        t = s(torch.zeros(1, 5, 31))
        """}


def test_a_method_that_names_the_template_is_shared_and_findings_do_not_depend_on_the_order(
        tmp_path: Path, bodies_run: Counter) -> None:
    """``Attention.forward`` names the template's ``heads``, ``Stack.forward`` its layer's (a call of
    it): the second file takes their analyses (and ``split``'s, made on the template ``forward``
    named) and names its own templates alike; every order finds what each file finds alone. A file
    whose calls all hold takes its calls' summaries and runs no method."""
    _write(tmp_path, ATTENTION)
    names = ["one.py", "two.py"]
    alone = {name: _check(tmp_path, [name])[name] for name in names}
    assert alone["one.py"] == [] and [code for *_, code, _ in alone["two.py"]] == ["SC110"]
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == alone
    _write(tmp_path, FAILING)
    failing = {name: _check(tmp_path, [name])[name] for name in names}
    assert [code for *_, code, _ in failing["one.py"]] == ["SC110"] * 3
    for order in itertools.permutations(names):
        assert _check(tmp_path, list(order)) == failing
    _write(tmp_path, ATTENTION)
    bodies_run.clear()
    _check(tmp_path, ["one.py"])
    runs = Counter(bodies_run)
    bodies_run.clear()
    _check(tmp_path, ["one.py", "one.py"])
    # the second file takes the methods' generic analyses (and its calls' summaries): it runs none
    for method in ("Attention.forward", "Attention.split", "Attention.__init__", "Stack.forward", "Stack.__init__"):
        assert bodies_run[method] == runs[method], method


def test_a_taken_naming_leaves_the_template_a_run_of_the_analysis_leaves(tmp_path: Path, monkeypatch) -> None:
    """In verify mode each analysis a run would take is made again and compared with the shared one;
    ``two.py`` builds the template first (``project``'s failing call, which ``one.py`` never
    made), so the analyses its other failing calls take from ``one.py``'s run name it: as the run's
    own analyses name it. A reuse that left a template unnamed would differ."""
    _write(tmp_path, FAILING)
    monkeypatch.setattr(template_namings, "VERIFY", True)
    monkeypatch.setattr(calls, "VERIFIED", Counter())
    _check(tmp_path, ["one.py", "two.py"])
    assert calls.VERIFIED["same"] >= 2 and calls.VERIFIED["differs"] == 0
    monkeypatch.setattr(calls, "VERIFIED", Counter())
    monkeypatch.setattr(calls, "named_attributes", lambda attrs, namings, fresh: {})   # a wrong reuse
    _check(tmp_path, ["one.py", "two.py"])
    assert calls.VERIFIED["differs"] >= 1


def _objects(*attrs: dict) -> tuple:
    """A snapshot of objects holding ``attrs`` (the first the template, the others in its list)."""
    return tuple((() if i == 0 else (("attr", "layers"), ("item", i - 1)), SimpleNamespace(attrs=a), dict(a))
                 for i, a in enumerate(attrs))


def test_only_a_naming_is_a_naming() -> None:
    """N1: each changed attribute a parameter's value become one new bare symbol, every holder of
    that value in the objects it changed named with it; anything else is no naming."""
    heads, other = Unknown(scalar=True), Unknown(scalar=True)
    before = {"heads": heads, "copy": heads, "dim": other, "w": Int(3)}
    named = Int(sym("heads#12"))

    def between(after: dict, first: int = 10, inner: dict | None = None, inner_after: dict | None = None):
        objects = _objects(before, *([inner] if inner is not None else []))
        objects[0][1].attrs = after
        if inner_after is not None:
            objects[1][1].attrs = inner_after
        return namings_between(objects, first)

    both = ((((), "heads"), ((), "copy")), "heads")
    assert between({**before, "heads": named, "copy": named}) == (Naming(*both),)
    assert between({**before, "heads": named}) is None                       # ``copy`` still holds it
    assert between({**before, "heads": named, "copy": named}, first=13) is None   # not made by it
    assert between({**before, "w": Int(sym("w#12"))}) is None                # not a parameter's value
    assert between({**before, "dim": Int(add(sym("dim#12"), 1))}) is None   # not a bare symbol
    assert between({**before, "extra": named}) is None
    # a layer the template holds, named by a call of it (its own ``heads``, another value)
    layer = {"heads": other}
    assert between(before, inner=layer, inner_after={"heads": Int(sym("heads#11"))}) == (
        Naming((((("attr", "layers"), ("item", 0)), "heads"),), "heads"),)
    counter = iter(range(40, 50))
    fresh = lambda hint: sym(f"{hint}#{next(counter)}")   # noqa: E731
    objects = _objects(before)
    assert named_attributes(objects, (Naming(*both),), fresh) == {(): {"heads": Int(sym("heads#40")),
                                                                       "copy": Int(sym("heads#40"))}}
    assert named_attributes(objects, (Naming(((((), "heads"), ((), "dim"))), "heads"),), fresh) is None   # not one value
    assert named_attributes(objects, (Naming((((), "heads"),), "heads"),), fresh) is None   # ``copy`` holds it too
    assert named_attributes(objects, (Naming(((("x",), "heads"),), "heads"),), fresh) is None   # no such object
