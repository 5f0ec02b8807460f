"""Incremental re-analysis: a Project reused across edits gives exactly the fresh results, and an
edit inside one function re-analyses that function, not its neighbours."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

from shapecheck import api
from shapecheck.absint.driver import incremental
from shapecheck.api import Options, Project, check_source

SOURCE = textwrap.dedent('''
    import numpy as np


    def a(x):
        n, k = x.shape
        return x @ np.zeros((k, 3))


    def b(y):
        return y.reshape(2, -1)


    class Model:
        def __init__(self, d):
            self.w = np.zeros((d, 4))

        def __call__(self, x):
            return x @ self.w


    def broken():
        return np.zeros((2, 3)) @ np.zeros((4, 5))


    m = Model(3)
    out = m(np.zeros((5, 3)))
    reveal_shape(out)
    bad = a(np.zeros((2, 2))) + np.zeros(4)
''')


def _key(report):
    diags = sorted((d.span.line, d.span.column, d.code, d.message,
                    tuple((r.path, r.span.line, r.span.column) for r in d.related)) for d in report.diagnostics)
    notes = sorted((n.span.line, n.span.column, n.text, n.kind) for n in report.notes)
    return diags, notes, report.signatures


def test_cached_results_equal_fresh_ones() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    first = check_source(SOURCE, "m.py", project=project, options=options)
    second = check_source(SOURCE, "m.py", project=project, options=options)
    fresh = check_source(SOURCE, "m.py", options=options)
    assert _key(first) == _key(second) == _key(fresh)
    assert project.cache.last_reused >= 4   # a, b, broken and the class were all reused
    assert any(d.code == "SC102" for d in second.diagnostics)  # broken()'s error is replayed


def test_edit_inside_one_function_reanalyses_only_it() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("return y.reshape(2, -1)", "return y.reshape(3, -1)")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))
    reused = project.cache.last_reused
    assert reused >= 3 and reused < 5   # everything but b


def test_edit_that_changes_a_callee_invalidates_its_callers() -> None:
    source = SOURCE + "\n\ndef c(x):\n    return a(x)\n"
    options = Options()
    project = Project(options=options, incremental=True)
    check_source(source, "m.py", project=project, options=options)
    edited = source.replace("np.zeros((k, 3))", "np.zeros((k, 7))")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


def test_lines_typed_above_shift_cached_results() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("import numpy as np\n", "import numpy as np\n\n# a comment\nZ = 1\n")
    report = check_source(edited, "m.py", project=project, options=options)
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


def test_lines_inserted_in_one_function_shift_the_others() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    edited = SOURCE.replace("    return y.reshape(2, -1)\n", "    probe = 1\n    other = 2\n    return y.reshape(2, -1)\n")
    report = check_source(edited, "m.py", project=project, options=options)
    assert project.cache.last_reused == 4          # a, Model (two methods) and broken: the last two moved
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


# A torch model file as real ones are written: layers held on objects, objects of other classes held
# on objects (``self.attn = Attention(dim)``), a factory building the model.
MODEL = textwrap.dedent('''
    import torch
    from torch import nn


    class Attention(nn.Module):
        def __init__(self, dim, heads):
            super().__init__()
            self.heads = heads
            self.qkv = nn.Linear(dim, dim * 3)
            self.proj = nn.Linear(dim, dim)

        def forward(self, x):
            q, k, v = self.qkv(x).chunk(3, dim=-1)
            attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
            return self.proj(attn @ v)


    class Mlp(nn.Module):
        def __init__(self, dim, hidden):
            super().__init__()
            self.fc1 = nn.Linear(dim, hidden)
            self.act = nn.GELU()
            self.fc2 = nn.Linear(hidden, dim)

        def forward(self, x):
            return self.fc2(self.act(self.fc1(x)))


    class Block(nn.Module):
        def __init__(self, dim, heads):
            super().__init__()
            self.norm = nn.LayerNorm(dim)
            self.attn = Attention(dim, heads)
            self.mlp = Mlp(dim, 4 * dim)

        def forward(self, x):
            x = x + self.attn(self.norm(x))
            return x + self.mlp(self.norm(x))


    class Head(nn.Module):
        def __init__(self, dim, classes):
            super().__init__()
            self.fc = nn.Linear(dim, classes)

        def forward(self, x):
            return self.fc(x.mean(dim=1))


    def build(dim=64):
        return Block(dim, 4)(torch.zeros(2, 16, dim))
''')


def _edited(source: str, after: str, line: str) -> str:
    """``source`` with ``line`` inserted after the (unique) line ``after``."""
    assert source.count(after) == 1
    return source.replace(after, after + line)


def _reused_after(source: str, edited: str, runs: Counter | None = None) -> tuple[int, Counter]:
    """Check ``source`` then ``edited`` in one incremental project: the generic analyses the second
    check reused and the bodies it ran; its results must be a fresh check's."""
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(source, "model.py", project=project, options=options)
    if runs is not None:
        runs.clear()
    report = check_source(edited, "model.py", project=project, options=options)
    reused, ran = project.cache.last_reused, Counter(runs or ())
    assert _key(report) == _key(check_source(edited, "model.py", options=options))
    return reused, ran


def test_classes_holding_layers_and_objects_are_reused(bodies_run: Counter) -> None:
    """Their template instances hold nn layers and objects of other classes (relocation.py): an edit
    in Head.forward reuses Attention, Mlp and Block (6 methods), build and Head's constructor, and
    runs no body but Head.forward's."""
    edited = MODEL.replace("return self.fc(x.mean(dim=1))", "y = x.mean(dim=1)\n        return self.fc(y)")
    reused, ran = _reused_after(MODEL, edited, bodies_run)
    assert reused == 8
    assert ran == {"Head.forward": 1}


def test_an_edit_inside_a_method_reuses_what_does_not_name_its_class() -> None:
    edited = _edited(MODEL, "        q, k, v = self.qkv(x).chunk(3, dim=-1)\n", "        probe = 1\n")
    reused, _ = _reused_after(MODEL, edited)
    # Attention.__init__, Mlp's two methods, Block.__init__ (it builds an Attention, never calls
    # forward) and Head's two; not Block.forward nor build, which run Attention.forward
    assert reused == 6


def test_lines_typed_above_a_class_shift_its_reused_results() -> None:
    edited = _edited(MODEL, "from torch import nn\n", "\n\n# a comment\n")
    reused, _ = _reused_after(MODEL, edited)
    assert reused == 9


def test_an_error_typed_and_removed_again() -> None:
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(MODEL, "model.py", project=project, options=options)
    broken = _edited(MODEL, "        x = x + self.attn(self.norm(x))\n",
                     "        bad = torch.zeros(2, 3) @ torch.zeros(4, 5)\n")
    report = check_source(broken, "model.py", project=project, options=options)
    assert [d.code for d in report.diagnostics] == ["SC102"]
    assert _key(report) == _key(check_source(broken, "model.py", options=options))
    fixed = check_source(MODEL, "model.py", project=project, options=options)
    assert fixed.diagnostics == [] and project.cache.last_reused >= 4
    assert _key(fixed) == _key(check_source(MODEL, "model.py", options=options))


def test_a_class_whose_objects_have_no_name_is_not_kept() -> None:
    """An object made by a class defined in a function has no name a later run can find it by: the
    class holding it is analysed again (and gives the fresh results)."""
    source = MODEL.replace("def build(dim=64):\n    return Block(dim, 4)(torch.zeros(2, 16, dim))\n", textwrap.dedent('''
        def local_layer():
            class Local(nn.Module):
                def forward(self, x):
                    return x
            return Local()


        class Holder(nn.Module):
            def __init__(self):
                super().__init__()
                self.inner = local_layer()

            def forward(self, x):
                return self.inner(x)
    '''))
    assert "class Holder" in source
    edited = source.replace("return self.fc(x.mean(dim=1))", "return self.fc(x.mean(dim=1) + 0)")
    reused, _ = _reused_after(source, edited)
    # Attention's, Mlp's, Block's and Head.__init__: not local_layer (it returns one), Holder, nor
    # Head.forward
    assert reused == 7


def test_a_cost_is_measured_in_the_last_check(bodies_run: Counter) -> None:
    """A hover's cost of a line is one body run in the check the editor last made of that text (no
    second analysis of the file), and the same as measuring it in a run of its own."""
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(MODEL, "model.py", project=project, options=options)
    bodies_run.clear()
    counter = project.cache.symbol_counter
    measured = api.cost_of(api.measure("model.py", "Mlp.forward", source=MODEL, project=project))
    assert bodies_run == {"Mlp.forward": 1}
    assert project.cache.symbol_counter == counter   # no run of the project's was opened
    alone = api.cost_of(api.measure("model.py", "Mlp.forward", source=MODEL, project=Project(options=options)))
    assert measured.show(measured.total.flops) == alone.show(alone.total.flops)
    assert [(c.line, c.ops) for c in measured.lines] == [(c.line, c.ops) for c in alone.lines]
    # another text: a run of its own, which leaves the project's cache alone
    edited = MODEL.replace("self.fc2(self.act(self.fc1(x)))", "self.fc2(self.fc1(x))")
    api.measure("model.py", "Mlp.forward", source=edited, project=project)
    assert project.cache.symbol_counter == counter and project.cache.finished["model.py"].text == MODEL




# copies of corpus files the suite brings (tests/realcode/README.md): a fresh clone has no ../shared
CAIT = Path(__file__).resolve().parent / "realcode" / "vit_pytorch" / "cait.py"


def test_a_lambda_in_a_reused_method_gives_its_notes_once() -> None:
    """A lambda's generic analysis runs once per closure it is made with, and how many are made
    depends on which calls a summary answered: after an edit in CaiT, the reused Transformer and
    Attention left no summaries, so CaiT's calls run Attention.forward's body (and its lambda) where
    a fresh check took summaries. The report holds each note once (a real file of the corpus)."""
    _corpus_edit(CAIT, "        x = self.patch_transformer(x)\n")


def _corpus_edit(path: Path, anchor: str) -> None:
    """A line typed before ``anchor`` in a file of the corpus: the re-check reuses analyses and
    gives a fresh check's results."""
    text = path.read_text(encoding="utf-8")
    assert text.count(anchor) == 1
    edited = text.replace(anchor, "        probe = 0\n" + anchor)
    options = Options(notes=True)
    project = Project(roots=[str(path.parent)], options=options, incremental=True)
    check_source(text, str(path), project=project)
    report = check_source(edited, str(path), project=project)
    assert project.cache.last_reused >= 6
    fresh = check_source(edited, str(path), project=Project(roots=[str(path.parent)], options=options))
    assert _key(report) == _key(fresh)


def test_a_global_made_by_module_code_follows_the_function_that_makes_it() -> None:
    """``X = make()``: a function reading X depends on make's text though it does not name make (its
    reuse after an edit of make kept the old X: no error where a fresh check finds one)."""
    source = textwrap.dedent("""
        import numpy as np


        def make():
            return np.zeros((3, 4))


        X = make()


        def use():
            return X @ np.zeros((4, 5))


        def other(y):
            return y.T
    """)
    options = Options()
    project = Project(options=options, incremental=True)
    check_source(source, "m.py", project=project, options=options)
    edited = source.replace("np.zeros((3, 4))", "np.zeros((3, 7))")
    report = check_source(edited, "m.py", project=project, options=options)
    assert [(d.span.line, d.code) for d in report.diagnostics] == [(13, "SC102")]
    assert _key(report) == _key(check_source(edited, "m.py", options=options))


def test_keys_read_each_text_once(monkeypatch) -> None:
    """A key hashes the texts of the definitions it covers and the other modules' sources: a re-check
    after an edit reads (hashes, scans for names) only the edited definition's new text."""
    options = Options()
    project = Project(options=options, incremental=True)
    check_source(SOURCE, "m.py", project=project, options=options)
    scanned = []
    identifiers = incremental._IDENTIFIER

    class Counted:
        def findall(self, text):
            scanned.append(text)
            return identifiers.findall(text)

    monkeypatch.setattr(incremental, "_IDENTIFIER", Counted())
    edited = SOURCE.replace("return y.reshape(2, -1)", "return y.reshape(2, -1)  # a text no run read yet")
    check_source(edited, "m.py", project=project, options=options)
    assert len(scanned) == 1 and "no run read yet" in scanned[0]


def test_a_class_holding_an_object_known_by_name_is_reused(bodies_run: Counter) -> None:
    """A layer a method other than the constructor stores again (timm's ``reset_classifier``) is known
    by name in the template (an Opaque, ``self.head``): kept with the class, which an edit elsewhere
    then leaves alone (relocation.py)."""
    source = MODEL + textwrap.dedent('''

        class Classifier(nn.Module):
            def __init__(self, dim, classes):
                super().__init__()
                self.head = nn.Linear(dim, classes)

            def get_head(self):
                return self.head

            def reset(self, classes):
                self.head = nn.Linear(8, classes)

            def forward(self, x):
                return self.head(x)
    ''')
    edited = source.replace("return self.fc(x.mean(dim=1))", "y = x.mean(dim=1)\n        return self.fc(y)")
    reused, ran = _reused_after(source, edited, bodies_run)
    assert not any(name.startswith("Classifier.") for name in ran)
    assert reused == 12   # all but Head.forward


def test_an_object_a_module_binds_by_name_is_not_copied_into_a_later_run(bodies_run: Counter) -> None:
    """``cfg = make_cfg()`` at the top level is known by name (an Opaque) and every later run makes
    its own: a class holding it is analysed again rather than kept with a copy of the old one, which
    the new run's readers of ``cfg`` would not share."""
    source = textwrap.dedent('''
        import torch
        from torch import nn
        from somewhere import make_cfg

        cfg = make_cfg()
        width = cfg.width


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(cfg.width, 4)
                self.cfg = cfg

            def forward(self, x):
                return self.fc(x)


        def use():
            return torch.zeros(2, width) @ torch.zeros(width + 1, 3)
    ''')
    edited = source.replace("torch.zeros(width + 1, 3)", "torch.zeros(width + 2, 3)")
    reused, ran = _reused_after(source, edited, bodies_run)
    assert ran["Net.__init__"] == 1 and reused == 0


# What an analysis used, recorded as it ran (dependencies.py), decides what an edit re-analyses.
USES = textwrap.dedent('''
    import numpy as np
    from elsewhere import make

    SCALE = 3


    def bad_caller():
        return helper(np.zeros((3, 3)))


    def reads_scale():
        return np.zeros((2, 3)) @ np.zeros((SCALE, 4))


    class Encoder:
        def __init__(self, d):
            self.w = np.zeros((d, 8))

        def encode(self, x):
            return x @ self.w


    class Decoder:
        def __init__(self):
            self.enc = Encoder(5)

        def run(self, x):
            return self.enc.encode(x)


    def passes_class():
        return make(Encoder)


    def caller():
        return Decoder().run(np.zeros((2, 5)))


    def helper(x):
        return x.reshape(2, -1)
''')


def _checked_twice(source: str, edited: str, runs: Counter) -> tuple:
    """``source`` then ``edited`` in one incremental project: the second report (a fresh check's, as
    asserted), the generic analyses it reused and the bodies it ran."""
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    check_source(source, "uses.py", project=project, options=options)
    runs.clear()
    report = check_source(edited, "uses.py", project=project, options=options)
    reused, ran = project.cache.last_reused, Counter(runs)
    assert _key(report) == _key(check_source(edited, "uses.py", options=options))
    return report, reused, ran


def test_an_edit_in_a_method_another_class_calls_reanalyses_its_users_only(bodies_run: Counter) -> None:
    edited = USES.replace("return x @ self.w\n", "return x @ self.w.T\n")
    report, reused, ran = _checked_twice(USES, edited, bodies_run)
    assert [(d.code, d.span.line) for d in report.diagnostics if d.code == "SC110"][-1] == ("SC110", 37)
    assert ran["Encoder.encode"] and ran["Decoder.run"] and ran["caller"]
    # passes_class read the class (its shell, not encode's body); the others never reached it
    assert not {"passes_class", "bad_caller", "reads_scale", "helper"} & set(ran)
    # and the constructors' analyses are kept: they built the objects without calling encode
    assert reused == 6


def test_a_class_only_passed_on_leaves_its_reader_alone(bodies_run: Counter) -> None:
    """A function that reads a function only to pass it to code the analysis does not follow does not
    depend on its text (a class read is a use: its objects' attributes are its text)."""
    source = USES + "\n\ndef passes_function():\n    return make(helper)\n"
    edited = source.replace("return x.reshape(2, -1)", "return x.reshape(3, -1)")
    _, _, ran = _checked_twice(source, edited, bodies_run)
    assert "passes_function" not in ran and ran["bad_caller"] and ran["helper"]


def test_an_edit_of_a_module_constant_a_function_reads() -> None:
    edited = USES.replace("SCALE = 3", "SCALE = 4")
    report, _, _ = _checked_twice(USES, edited, Counter())
    assert ("SC102", 13) in [(d.code, d.span.line) for d in report.diagnostics]


def test_lines_inserted_between_a_caller_and_its_callee_move_the_callee_only(bodies_run: Counter) -> None:
    """bad_caller (reused, not moved) reports a failure inside helper (moved): the related location
    follows helper, not bad_caller."""
    edited = USES.replace("        return x @ self.w\n", "        probe = 1\n        return x @ self.w\n")
    report, reused, ran = _checked_twice(USES, edited, bodies_run)
    failure = next(d for d in report.diagnostics if d.code == "SC110" and d.span.line == 9)
    assert failure.related[0].span.line == 42
    assert "bad_caller" not in ran and reused >= 3


def _rechecked(project: Project, text: str, path: str = "uses.py"):
    """``text`` checked in the incremental ``project``: the report, which must be a fresh check's."""
    report = check_source(text, path, project=project, options=project.options)
    assert _key(report) == _key(check_source(text, path, options=project.options))
    return report


def test_an_error_typed_in_a_used_method_and_removed_again(bodies_run: Counter) -> None:
    project = Project(options=Options(notes=True), incremental=True)
    first = _rechecked(project, USES)
    broken = USES.replace("        return x @ self.w\n", "        bad = np.zeros((2, 3)) @ np.zeros((4, 5))\n"
                                                       "        return x @ self.w\n")
    report = _rechecked(project, broken)
    assert ("SC102", 21) in [(d.code, d.span.line) for d in report.diagnostics]
    bodies_run.clear()
    fixed = check_source(USES, "uses.py", project=project, options=project.options)
    assert _key(fixed) == _key(first)
    assert not {"bad_caller", "reads_scale", "helper"} & set(bodies_run)


def test_a_function_renamed_where_another_calls_it() -> None:
    project = Project(options=Options(notes=True), incremental=True)
    _rechecked(project, USES)
    renamed = USES.replace("def helper(x):", "def helper2(x):")
    report = _rechecked(project, renamed)
    assert "SC110" not in [d.code for d in report.diagnostics if d.span.line == 9]
    both = renamed.replace("return helper(np.zeros((3, 3)))", "return helper2(np.zeros((3, 3)))")
    report = _rechecked(project, both)
    assert ("SC110", 9) in [(d.code, d.span.line) for d in report.diagnostics]


def test_a_nested_function_keeps_its_signature_when_its_class_is_reused() -> None:
    """A function defined in a method is made anew by each run of the method: its signature is the
    one from the method's generic analysis (self's unknown sizes), kept with the reused class, not the
    one from a call's closure (vit-pytorch's na_vit_nested_tensor.py, ``split_heads``)."""
    source = textwrap.dedent('''
        import torch
        from torch import nn


        class Attn(nn.Module):
            def __init__(self, heads=8, dim_head=64):
                super().__init__()
                self.heads = heads
                self.dim_head = dim_head

            def forward(self, x):
                def split_heads(t):
                    return t.unflatten(-1, (self.heads, self.dim_head))
                return split_heads(x)


        def build():
            return Attn(16, 64)(torch.zeros(2, 3, 1024))
    ''')
    edited = source.replace("return Attn(16, 64)", "probe = 1\n    return Attn(16, 64)")
    project = Project(options=Options(notes=True), incremental=True)
    _rechecked(project, source, "attn.py")
    report = _rechecked(project, edited, "attn.py")
    assert project.cache.last_reused == 2   # Attn's two methods
    assert "16" not in report.signatures["Attn.forward.<locals>.split_heads"]


def test_a_method_that_changes_an_object_its_class_holds_makes_the_run_again() -> None:
    """The analyses of a class's methods are kept apart while none changes the template they read:
    an edit that makes one change an object the template holds (not the template itself, which its
    class's shell would show) reads differently in the other methods, as in a fresh check: there the
    stored value is one possibility (it may or may not have run), not the constructor's (3,)."""
    source = textwrap.dedent('''
        import numpy as np


        class Inner:
            def __init__(self):
                self.n = np.zeros(3)


        class Outer:
            def __init__(self):
                self.inner = Inner()

            def bump(self):
                return self.inner.n

            def other(self):
                reveal_shape(self.inner.n)
    ''')
    edited = source.replace("        return self.inner.n\n", "        self.inner.n = np.zeros(4)\n        return self.inner.n\n")
    project = Project(options=Options(notes=True), incremental=True)

    def revealed(report) -> list[str]:
        return [d.message for d in report.diagnostics if d.code == "SC301"]

    assert revealed(_rechecked(project, source, "outer.py")) == ["reveal_shape: shape: (3,), dtype: float64"]
    assert revealed(_rechecked(project, edited, "outer.py")) == ["reveal_shape: shape: unknown"]


def test_what_a_nested_function_finds_is_kept_with_its_enclosing_function() -> None:
    """A function defined and never called inside a method is analysed with it: its error is kept
    with the method's analysis and replayed when the method is reused."""
    source = MODEL.replace("        return self.fc(x.mean(dim=1))\n", textwrap.indent(textwrap.dedent('''
        def unused(y):
            return torch.zeros(2, 3) @ torch.zeros(4, 5)
        return self.fc(x.mean(dim=1))
    '''), "        "))
    edited = _edited(source, "        return self.fc2(self.act(self.fc1(x)))\n", "        probe = 1\n")
    project = Project(options=Options(notes=True), incremental=True)
    first = _rechecked(project, source, "model.py")
    assert [d.code for d in first.diagnostics] == ["SC102"]
    report = _rechecked(project, edited, "model.py")
    assert [d.code for d in report.diagnostics] == ["SC102"] and project.cache.last_reused >= 6


RVT = CAIT.parent / "rvt.py"


def test_what_a_reused_analysis_found_in_a_function_no_entry_keeps_is_replayed() -> None:
    """A call's run of Attention.forward (in the analysis of a class that calls it) makes lambdas
    analysed then with that call's shapes: their notes lie in Attention's lines but only that
    analysis makes them, so its reuse replays them (they went missing after an edit elsewhere)."""
    _corpus_edit(RVT, "        cls_token = self.cls_proj(cls_token)\n")


def test_a_reused_class_s_findings_are_not_kept_by_the_analysis_that_built_its_object() -> None:
    """make() (analysed first) builds a Block, whose reused analyses are replayed while make is
    analysed: they stay
    Block's, not make's, so an edit that moves lines inside Block.forward does not leave make's
    entry replaying them where they were (cct_3d.py: _cct and TransformerClassifier.forward)."""
    source = _edited(MODEL, "from torch import nn\n",
                     "\n\ndef width():\n    return 64\n\n\ndef make():\n    return Block(width(), 4)\n")
    project = Project(options=Options(notes=True), incremental=True)
    _rechecked(project, source)
    source = source.replace("    return 64\n", "    return 65\n")
    _rechecked(project, source)
    edited = _edited(source, "    def forward(self, x):\n        x = x + self.attn(self.norm(x))\n", "        probe = 1\n")
    _rechecked(project, edited)
    assert project.cache.last_reused >= 6


PRECONDITION = textwrap.dedent('''
    import numpy as np


    def caller():
        return heads(np.zeros((6, 5)))


    class Net:
        def __init__(self):
            self.k = 4

        def run(self, x):
            return heads(x)


    def heads(x):
        n, d = x.shape
        return x.reshape(n, 4, d // 4)


    def user():
        return Net().run(np.zeros((3, 6)))


    out = heads(np.zeros((2, 10)))
''')


def test_a_precondition_s_related_location_follows_lines_typed_above() -> None:
    """heads() requires d % 4 == 0; its callers' SC110s point at its reshape (a related location),
    from kept analyses of callers, of a method, and of module code, however lines move around it
    (and with --strict, the SC120 at the reshape itself)."""
    edits = [("\nimport numpy", "\n# above all\nimport numpy"), ("\ndef heads", "\n# above heads\ndef heads"),
             ("\ndef user", "\n\n\ndef user"), ("    n, d = x.shape\n", "    probe = 1\n    n, d = x.shape\n")]
    for strict in (False, True):
        options = Options(notes=True, strict=strict)
        for old, new in edits:
            edited = PRECONDITION.replace(old, new, 1)
            project = Project(options=options, incremental=True)
            check_source(PRECONDITION, "m.py", project=project, options=options)
            report = check_source(edited, "m.py", project=project, options=options)
            assert _key(report) == _key(check_source(edited, "m.py", options=options)), (strict, new)
            reshape = 1 + edited.splitlines().index("    return x.reshape(n, 4, d // 4)")
            calls = [d for d in report.diagnostics if d.code == "SC110"]
            assert len(calls) == 3 and all(d.related[-1].span.line == reshape for d in calls)


# A layer whose method fills a cache on the object (timm's attention-bias cache): analysing it
# changes the template, so its class and the classes calling it cannot be reused method by method.
CACHING = textwrap.dedent('''
    import torch
    from torch import nn


    class Attention(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.qkv = nn.Linear(dim, dim * 3)
            self.cache = {}

        def biases(self, key):
            if key not in self.cache:
                self.cache[key] = torch.zeros(4)
            return self.cache[key]

        def forward(self, x):
            b = self.biases("k")
            return self.qkv(x)


    class Stage(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.attn = Attention(dim)
            self.proj = nn.Linear(3 * dim, dim)

        def forward(self, x):
            return self.proj(self.attn(x))
''')


def test_an_edit_in_a_method_that_changes_its_object_keeps_the_constructors(bodies_run: Counter) -> None:
    """An edit in Attention.forward runs the methods of Attention and Stage again, on their
    templates as the constructors left them (Entry.pristine), not the constructors, which build
    the layers (and Attention again, for Stage's constructor's call)."""
    edited = _edited(CACHING, '        b = self.biases("k")\n', "        probe = 1\n")
    _, ran = _reused_after(CACHING, edited, bodies_run)
    assert ran["Attention.forward"] and ran["Stage.forward"]
    assert not {"Attention.__init__", "Stage.__init__"} & set(ran)
    # and an edit in a constructor runs it, and the constructor that builds its object
    edited = _edited(CACHING, "        self.cache = {}\n", "        probe = 1\n")
    _, ran = _reused_after(CACHING, edited, bodies_run)
    assert ran["Attention.__init__"] and ran["Stage.__init__"]


LAYERS = MODEL.split("\n\ndef build")[0] + "\n"


def test_a_constructor_edit_that_leaves_the_template_keeps_the_methods(bodies_run: Counter) -> None:
    """A line typed in Attention.__init__ that stores nothing on self runs the constructors again --
    Attention's, and Block's, which builds one (and so an Mlp) -- and no method: each template is
    built again equal to the kept one (template_prints.py), and the methods' analyses, which read
    the templates and not the texts that built them, are kept (an early cut-off)."""
    edited = _edited(LAYERS, "        self.heads = heads\n", "        probe = (heads, 2)\n")
    _, ran = _reused_after(LAYERS, edited, bodies_run)
    assert set(ran) == {"Attention.__init__", "Block.__init__", "Mlp.__init__"}


def test_a_constructor_edit_that_leaves_each_object_keeps_what_builds_one(bodies_run: Counter) -> None:
    """build makes a Block(64, 4), which makes an Attention(64, 4): a line typed in Attention's
    constructor that stores nothing runs the templates' constructors again (Attention's, Block's,
    whose calls are on unknown sizes and stand for what they read) and the call Attention(64, 4),
    whose outcome is the kept one (dependencies.CALL) -- and not build, its call Block(64, 4), nor
    a forward (each ran again before: what a call read was its caller's); and findings stay a cold
    check's when typed, undone and typed again."""
    source = LAYERS + "\n\ndef build():\n    return Block(64, 4)(torch.zeros(2, 16, 64))\n"
    edited = _edited(source, "        self.heads = heads\n", "        probe = (heads, 2)\n")
    _, ran = _reused_after(source, edited, bodies_run)
    # Attention's: its template, Block's template's call of it, Attention(64, 4) made again
    assert ran == {"Attention.__init__": 3, "Block.__init__": 1, "Mlp.__init__": 1}
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    for text in (source, edited, source, edited):
        report = check_source(text, "model.py", project=project, options=options)
        assert _key(report) == _key(check_source(text, "model.py", options=options))


def test_a_constructor_edit_that_changes_the_template_reanalyses_its_readers(bodies_run: Counter) -> None:
    """Attention's projection made twice as wide: its template changes, and with it Block's, which
    holds one; both forwards run again, and build's call of Block now fails (x + attn(x): 64 !=
    128), as a cold check finds (asserted at each step). Head, which reads neither, is kept."""
    source = LAYERS + "\n\ndef build():\n    return Block(64, 4)(torch.zeros(2, 16, 64))\n"
    edited = source.replace("self.proj = nn.Linear(dim, dim)", "self.proj = nn.Linear(dim, 2 * dim)")
    _, ran = _reused_after(source, edited, bodies_run)
    assert ran["Attention.forward"] and ran["Block.forward"]
    # Block's constructor and build run again: their calls of Attention's leave another object now
    assert ran["Block.__init__"] and ran["build"]
    assert not {"Head.__init__", "Head.forward"} & set(ran)
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    for text in (source, edited, source, edited):   # typed, undone, typed again: each a cold check's
        report = check_source(text, "model.py", project=project, options=options)
        assert _key(report) == _key(check_source(text, "model.py", options=options))
        assert ("SC110" in {d.code for d in report.diagnostics}) is (text is edited)


FACTORIES = textwrap.dedent('''
    import numpy as np


    def helper(x, n):
        return x.reshape(n, -1)


    def create(variant, n):
        return helper(np.zeros((4, 6)), n)


    def small():
        return create("small", 2)


    def large():
        return create("large", 3)
''')


def test_an_edit_in_a_factory_takes_its_callees_calls_from_earlier_runs(bodies_run: Counter) -> None:
    """A line typed in create runs it again for each call the factories made of it (each its own
    arguments), but not helper's calls that those make: their summaries, kept from the first run
    (kept_summaries.py), hold while helper's text does; nor the factories, whose calls of create
    give what they gave (dependencies.CALL)."""
    edited = _edited(FACTORIES, "def create(variant, n):\n", "    probe = 1\n")
    _, ran = _reused_after(FACTORIES, edited, bodies_run)
    assert ran["create"] == 3 and "small" not in ran and "large" not in ran   # its own analysis and two calls
    assert "helper" not in ran
    # helper's edit holds them no longer: its calls run again, and fail now (a cold check's errors)
    broken = edited.replace("return x.reshape(n, -1)", "return x.reshape(n, 5)")
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    for text in (FACTORIES, edited, broken):
        report = check_source(text, "model.py", project=project, options=options)
        assert _key(report) == _key(check_source(text, "model.py", options=options))
    assert {d.code for d in report.diagnostics} == {"SC110"}


def test_a_kept_call_summary_follows_the_module_it_calls_into(tmp_path, bodies_run: Counter) -> None:
    """A summary of a call into another module, and the generic analysis of the function called,
    hold while that module's source does (an open buffer edited in the editor, here)."""
    (tmp_path / "lib.py").write_text("def split(x, n):\n    return x.reshape(n, -1)\n", encoding="utf-8")
    buffers: dict = {}
    main = "import numpy as np\nfrom lib import split\n\n\ndef use():\n    return split(np.zeros((4, 6)), 2)\n"
    options = Options(notes=True)
    project = Project(roots=[str(tmp_path)], options=options, incremental=True, read_source=buffers.get)
    path = str(tmp_path / "main.py")
    edited = main.replace("def use():\n", "def use():\n    probe = 1\n")
    check_source(main, path, project=project, options=options)
    bodies_run.clear()
    check_source(edited, path, project=project, options=options)
    assert bodies_run == {"use": 1}   # split's call is kept, and its generic analysis (another module's)
    buffers[str(tmp_path / "lib.py")] = "def split(x, n):\n    return x.reshape(n, 5)\n"
    bodies_run.clear()
    report = check_source(main, path, project=project, options=options)
    assert bodies_run["split"] == 2   # its analysis and the call, whose summary no longer holds
    cold = check_source(main, path, project=Project(roots=[str(tmp_path)], options=options, read_source=buffers.get),
                        options=options)
    assert _key(report) == _key(cold) and {d.code for d in report.diagnostics} == {"SC110"}


def test_a_kept_call_summary_follows_the_module_constants() -> None:
    """helper reads a module constant: an edit of the statement that binds it holds no summary."""
    source = FACTORIES.replace("import numpy as np\n", "import numpy as np\n\nWIDTH = 6\n").replace(
        "return x.reshape(n, -1)", "return x.reshape(n, WIDTH)")
    options = Options(notes=True)
    project = Project(options=options, incremental=True)
    failing = []
    for text in (source, source.replace("WIDTH = 6", "WIDTH = 5"), source):
        report = check_source(text, "model.py", project=project, options=options)
        assert _key(report) == _key(check_source(text, "model.py", options=options))
        failing.append(len(report.diagnostics))
    assert failing[0] == failing[2] != failing[1]   # the constant decides which calls fail


def test_a_kept_summary_of_a_module_level_call_holds_while_the_globals_it_read_do(bodies_run: Counter) -> None:
    """The module's top level calls make, which reads W, rebound between the calls: a later run
    takes each call's summary only where W holds what it held then, checked by value (timm's model
    files call ``_cfg(...)`` ~160 times at their top level, every run)."""
    source = textwrap.dedent('''
        import numpy as np
        W = 3


        def make(k):
            return np.zeros((W, k))


        a = make(2)
        W = 4
        b = make(3)
        c = a + b
    ''')
    edited = source + "\n\ndef other():\n    return 1\n"
    report, _, ran = _checked_twice(source, edited, bodies_run)
    assert [d.code for d in report.diagnostics] == ["SC101"]   # (3, 2) + (4, 3), as a cold check finds
    assert "make" not in ran
    # the same call before and after W is rebound: the second does not take the first's summary
    same = source.replace("b = make(3)", "b = make(2)")
    report, _, ran = _checked_twice(same, same + "\n\ndef other():\n    return 1\n", bodies_run)
    assert [d.code for d in report.diagnostics] == ["SC101"]   # (3, 2) + (4, 2)


def test_kept_calls_are_named_by_their_whole_key() -> None:
    """A CALL dependency names a kept call by an id given once per key (a repr would not do:
    ``Unknown()`` and ``Unknown(scalar=True)`` both show as ``UNKNOWN``, and two calls differing
    only there shared an id, so that what read one compared the other's outcome)."""
    from shapecheck.absint.core.values import Unknown
    from shapecheck.absint.driver.kept_summaries import KeptSummaries

    kept = KeptSummaries({}, None, {}, {}, "", [])
    first, second = ("make", (Unknown(),)), ("make", (Unknown(scalar=True),))
    assert repr(first) == repr(second)
    assert kept._ident(first) != kept._ident(second) and kept._ident(first) == kept._ident(first)


# Another module's text is read from disk again only when its stat stamp changes (ProjectCache.disk_text).
LIB = "def split(x, n):\n    return x.reshape(n, -1)\n"
LIB_SAME_SIZE = "def split(x, n):\n    return x.reshape(n, 55)\n"   # as long as LIB: only the stamp's times tell
USER = "import numpy as np\nfrom lib import split\n\n\ndef use():\n    return split(np.zeros((4, 6)), 2)\n"


def _disk_project(tmp_path: Path) -> tuple[Project, str]:
    return Project(roots=[str(tmp_path)], options=Options(notes=True), incremental=True), str(tmp_path / "main.py")


def _write_old(path: Path, text: str, seconds_ago: int) -> None:
    """Write ``text`` with modification time ``seconds_ago`` in the past (past disk_text's racy window)."""
    import os
    import time
    path.write_text(text, encoding="utf-8")
    when = time.time_ns() - seconds_ago * 1_000_000_000
    os.utime(path, ns=(when, when))


def test_an_unchanged_module_on_disk_is_not_read_again(tmp_path, monkeypatch) -> None:
    from shapecheck.absint.driver import project as project_mod
    _write_old(tmp_path / "lib.py", LIB, 100)
    project, path = _disk_project(tmp_path)
    check_source(USER, path, project=project)
    reads: list = []
    real = project_mod.read_source
    monkeypatch.setattr(project_mod, "read_source", lambda p: reads.append(p) or real(p))
    edited = USER.replace("def use():\n", "def use():\n    probe = 1\n")
    report = check_source(edited, path, project=project)
    assert reads == []
    assert _key(report) == _key(check_source(edited, path, project=Project(roots=[str(tmp_path)], options=Options(notes=True)),
                                             options=Options(notes=True)))


def test_a_module_rewritten_on_disk_at_the_same_size_is_read_again(tmp_path) -> None:
    """A stale text (kept by size alone) would keep split's summary, and miss the error its new text has."""
    lib = tmp_path / "lib.py"
    _write_old(lib, LIB, 100)
    project, path = _disk_project(tmp_path)
    assert check_source(USER, path, project=project).diagnostics == []
    _write_old(lib, LIB_SAME_SIZE, 50)
    report = check_source(USER, path, project=project)
    cold = check_source(USER, path, project=Project(roots=[str(tmp_path)], options=Options(notes=True)),
                        options=Options(notes=True))
    assert _key(report) == _key(cold) and {d.code for d in report.diagnostics} == {"SC110"}


def test_a_module_just_written_is_read_again_whatever_its_stamp(tmp_path, monkeypatch) -> None:
    """A file written within the file system's time granularity may keep its stamp through a second
    write: its text is not kept (git's racily clean entries)."""
    from shapecheck.absint.driver import project as project_mod
    (tmp_path / "lib.py").write_text(LIB, encoding="utf-8")
    project, path = _disk_project(tmp_path)
    check_source(USER, path, project=project)
    reads: list = []
    real = project_mod.read_source
    monkeypatch.setattr(project_mod, "read_source", lambda p: reads.append(p) or real(p))
    check_source(USER, path, project=project)
    assert str(tmp_path / "lib.py") in reads


def test_the_opaques_of_a_module_are_listed_once_only_when_kept_and_run() -> None:
    """A kept module's namespace no longer changes once its top level has run (K4): its Opaques are
    listed once. One whose top level is running, or the checked module's, can still bind more: a
    list kept from before would let a later freeze keep a copy of an object known by name."""
    import ast
    from shapecheck.absint.core.module import ModuleInfo
    from shapecheck.absint.core.values import Opaque
    checked = ModuleInfo("model.py", "model", "", ast.parse(""))
    kept = ModuleInfo("lib.py", "lib", "", ast.parse(""), shared=True, running=True)
    firsts = {}
    for info in (checked, kept):
        assert incremental.module_opaques({info.path: info}) == []
        info.env["cfg"] = firsts[info.path] = Opaque("cfg")
        assert incremental.module_opaques({info.path: info}) == [firsts[info.path]]
    first = firsts["lib.py"]
    kept.running = False
    assert incremental.module_opaques({"lib.py": kept}) == [first]
    kept.env["late"] = Opaque("late")   # (K4 forbids it: this shows the list is not walked again)
    assert incremental.module_opaques({"lib.py": kept}) == [first]
    checked.env["late"] = late = Opaque("late")
    assert [o.name for o in incremental.module_opaques({"model.py": checked})] == ["cfg", "late"]


# A top-level assignment is replayed from an earlier run while its key and modules hold (kept_statements.py).
def _replays(monkeypatch) -> list:
    """The top-level lines replayed, appended as they are."""
    from shapecheck.absint.driver import kept_statements
    replayed: list = []
    real = kept_statements.KeptStatements.replay

    def replay(self, stmt):
        done = real(self, stmt)
        if done:
            replayed.append(stmt.lineno)
        return done
    monkeypatch.setattr(kept_statements.KeptStatements, "replay", replay)
    return replayed


def _same_as_cold(texts, path: str = "model.py", roots=(), read_source=None) -> list:
    """Check ``texts`` in turn in one incremental project; each report must be a cold check's."""
    options = Options(notes=True)
    project = Project(roots=list(roots), options=options, incremental=True, read_source=read_source)
    reports = []
    for text in texts:
        report = check_source(text, path, project=project, options=options)
        cold = check_source(text, path, project=Project(roots=list(roots), options=options, read_source=read_source),
                            options=options)
        assert _key(report) == _key(cold) and report.loaded_modules == cold.loaded_modules
        reports.append(report)
    return reports


WIDTHS = textwrap.dedent('''
    import numpy as np


    def width():
        return 3


    W = width()
    SHAPES = {"a": (2, W), "b": (W, 4)}


    def use():
        return np.zeros((2, W)) @ np.zeros((3, 5))
''')


def test_a_top_level_assignment_is_replayed_after_an_edit_elsewhere(monkeypatch) -> None:
    replayed = _replays(monkeypatch)
    edited = WIDTHS.replace("np.zeros((3, 5))", "np.zeros((4, 5))")
    reports = _same_as_cold([WIDTHS, edited, WIDTHS])
    assert [d.code for d in reports[1].diagnostics] == ["SC102"] and reports[2].diagnostics == []
    assert WIDTHS.splitlines().index("W = width()") + 1 in replayed


def test_a_top_level_assignment_follows_the_function_it_calls(monkeypatch) -> None:
    """A stale W (3) would leave use() without its error."""
    replayed = _replays(monkeypatch)
    edited = WIDTHS.replace("return 3", "return 4")
    reports = _same_as_cold([WIDTHS, WIDTHS, edited])
    assert reports[1].diagnostics == [] and [d.code for d in reports[2].diagnostics] == ["SC102"]
    assert replayed == [9, 10]   # in the second check only: width's edit holds neither W nor SHAPES


def test_a_top_level_assignment_follows_what_is_defined_before_it() -> None:
    """``W = width()`` above ``def width`` reads no width; moved below it, W is 3 and use() fails: the
    definitions before a statement are in its key."""
    above = textwrap.dedent('''
        import numpy as np

        W = width()


        def width():
            return 3


        def use():
            return np.zeros((2, W)) @ np.zeros((4, 5))
    ''')
    below = above.replace("W = width()\n", "").replace("def use():", "W = width()\n\n\ndef use():")
    reports = _same_as_cold([above, above, below, below, above])
    assert reports[1].diagnostics == [] and [d.code for d in reports[3].diagnostics] == ["SC102"]


def test_a_top_level_assignment_follows_the_module_it_imports(tmp_path, monkeypatch) -> None:
    """W comes from another module (an open buffer): its edit runs the statement again (a stale W, 3,
    would leave use() without its error)."""
    replayed = _replays(monkeypatch)
    buffers = {str(tmp_path / "lib.py"): "def width():\n    return 3\n"}
    (tmp_path / "lib.py").write_text(buffers[str(tmp_path / "lib.py")], encoding="utf-8")   # (found on disk)
    main = "import numpy as np\nfrom lib import width\n\nW = width()\n\n\ndef use():\n    return np.zeros((2, W)) @ np.zeros((3, 5))\n"
    edited = main.replace("(3, 5)", "(3, 6)")
    texts = [main, edited]
    options = Options(notes=True)
    project = Project(roots=[str(tmp_path)], options=options, incremental=True, read_source=buffers.get)
    path = str(tmp_path / "main.py")
    for text in texts + texts + [main]:
        if len(replayed) == 3:   # W kept and replayed: now width's module changes
            buffers[str(tmp_path / "lib.py")] = "def width():\n    return 4\n"
        report = check_source(text, path, project=project, options=options)
        cold = check_source(text, path, project=Project(roots=[str(tmp_path)], options=options, read_source=buffers.get),
                            options=options)
        assert _key(report) == _key(cold) and report.loaded_modules == cold.loaded_modules
    assert replayed == [4, 4, 4] and [d.code for d in report.diagnostics] == ["SC102"]


def test_a_top_level_statement_that_reports_is_not_kept(monkeypatch) -> None:
    """Its diagnostic is its run's: a replay would lose it."""
    replayed = _replays(monkeypatch)
    source = "import numpy as np\n\nBAD = np.zeros((2, 3)) @ np.zeros((4, 5))\n\n\ndef f():\n    return 1\n"
    edited = source.replace("return 1", "return 2")
    reports = _same_as_cold([source, source, edited])
    assert replayed == [] and [d.code for d in reports[2].diagnostics] == ["SC102"]
