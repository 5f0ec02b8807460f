"""Call summaries (issue 11, item 1): a call equal to an earlier one, objects compared by content,
is answered by that call's summary instead of running the body again; a body that changes what
it reaches, or a result holding an object, runs every call."""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

from shapecheck.absint.core.values import Array, Class, Dict, Instance, Int, List, Str, Tuple, TorchModule
from shapecheck.absint.driver.renaming import canonical
from shapecheck.absint.driver.summaries import KeyCache, _Keys, call_key, holds_object
from shapecheck.api import check_source
from shapecheck.cli.output import render_statistics
from shapecheck.constraints.dims import sym
from shapecheck.constraints.shapes import Shape


def check(text: str):
    return check_source(textwrap.dedent(text), "summaries.py")


def test_a_model_called_in_a_loop_is_analysed_once_per_distinct_call():
    report = check("""\
        import numpy as np

        class Layer:
            def __init__(self, n):
                self.w = np.zeros((n, n))

            def forward(self, x):
                return np.tanh(x @ self.w)

        layer = Layer(4)
        for step in range(10):
            y = layer.forward(np.zeros((2, 4)))
        reveal_shape(y)
        """)
    assert [d.message for d in report.diagnostics] == ["reveal_shape: shape: (2, 4), dtype: float64"]
    # one run for __init__, one for forward (the generic analyses are not calls); nine summaries
    assert report.calls_analysed == 2
    assert report.calls_summarised == 9
    assert "Calls of project functions: 2 analysed, 9 answered by a summary." in render_statistics([report])


def test_a_body_that_changes_its_object_runs_every_call():
    report = check("""\
        import numpy as np

        class Meter:
            def __init__(self):
                self.count = 0
                self.total = 0

            def update(self, x):
                self.count = self.count + 1
                self.total = self.total + x.sum()

        m = Meter()
        for step in range(5):
            m.update(np.zeros(3))
        reveal_shape(np.zeros(m.count))
        """)
    assert report.diagnostics[0].message.startswith("reveal_shape: shape: (5,)")
    assert report.calls_summarised == 0
    assert report.calls_analysed == 1 + 5


def test_a_change_that_reaches_a_fixed_point_is_summarised_from_then_on():
    """``total`` stays a float of unknown value after the first update: the body then changes
    nothing the next call could see, and the summary answers."""
    report = check("""\
        import numpy as np

        class Meter:
            def __init__(self):
                self.total = 0.0

            def update(self, x):
                self.total = self.total + float(x.sum())

        m = Meter()
        for step in range(5):
            m.update(np.zeros(3))
        """)
    assert report.calls_analysed < 1 + 5
    assert report.calls_summarised > 0


def test_an_error_found_by_a_summary_is_reported_at_each_call():
    report = check("""\
        import numpy as np

        def f(x, w):
            return x @ w

        a = np.zeros((2, 3))
        w = np.zeros((4, 5))
        f(a, w)
        f(a, w)
        """)
    assert [(d.code, d.span.line) for d in report.diagnostics] == [("SC110", 8), ("SC110", 9)]
    assert report.calls_analysed == 1
    assert report.calls_summarised == 1
    assert report.diagnostics[0].message == report.diagnostics[1].message


def test_keys_compare_objects_by_content():
    cls = Class(None, None, "Net")
    one = Instance(cls, {"w": Array(Shape((3, 4)))})
    same = Instance(cls, {"w": Array(Shape((3, 4)))})
    other = Instance(cls, {"w": Array(Shape((3, 5)))})
    fn = object.__new__(type("F", (), {}))   # any callee: compared by identity
    key = lambda *args: call_key(fn, list(args), {})[0]   # noqa: E731
    assert key(one) == key(same)
    assert key(one) != key(other)
    assert key(one, one) == key(one, same)      # sharing is seen only through a change: never summarised
    assert key(one, Int(3)) != key(one, Int(4))
    before = key(one)
    one.attrs["b"] = Array(Shape((4,)))
    assert key(one) != before                   # a changed object is another call
    one.attrs["me"] = one                       # a cycle: a reference up the walk
    again = Instance(cls, {"w": Array(Shape((3, 4))), "b": Array(Shape((4,)))})
    again.attrs["me"] = again
    assert key(one) == key(again)
    again.attrs["me"] = one
    assert key(one) != key(again)


def test_whether_a_value_holds_an_object_is_what_its_key_walk_counts():
    """A result holding an object is never summarised: the check walks the value to its first
    object, and agrees with a key's walk (which counts them) on every kind of value."""
    cls = Class(None, None, "Net")
    layer = TorchModule("Linear", (("in_features", Int(3)),))
    values = [Array(Shape((3, 4))), Int(sym("n#1")), Str("x"), layer,
              Dict(tuple((f"cfg{i}", Dict((("url", Str(f"u{i}")), ("size", Tuple((Int(224), Int(224)))))))
                         for i in range(20))),
              Tuple((Array(Shape((2,))), Dict((("net", Instance(cls)),)))),
              List(None, Instance(cls)), (("x", Int(2)), ("y", Instance(cls))), Instance(cls)]

    def counted(v) -> bool:
        walk = _Keys(KeyCache())
        walk.key(v)
        return walk.objects > 0

    assert [holds_object(v) for v in values] == [counted(v) for v in values] == [False] * 5 + [True] * 4


def test_the_symbols_of_the_arguments_are_the_ones_a_reuse_keeps():
    n = sym("n#1")
    cls = Class(None, None, "Net")
    _, given = call_key(object(), [Instance(cls, {"w": Array(Shape((n, 2)))}), Int(sym("k#2"))], {})
    assert given == {"n#1", "k#2"}


def test_an_object_table_counts_its_changes_and_copies_as_a_new_table():
    import copy
    import pickle

    from shapecheck.absint.core.values import Fields, HeapClock

    obj = Instance(Class(None, None, "Net"), {"w": Int(3)})
    assert type(obj.attrs) is Fields
    before, clock = obj.revision(), HeapClock.writes
    obj.attrs["b"] = Int(4)
    assert obj.revision() > before and HeapClock.writes > clock
    obj.template = True          # a field it already has: a change too
    assert obj.revision() > before + 1
    for clone in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)):
        assert dict(clone.attrs) == dict(obj.attrs) and type(clone.attrs) is Fields


def test_factories_passing_options_on_run_the_model_once_per_factory_at_most():
    # timm's form: each factory passes its options on to a builder, which passes them on to the
    # model. The first call with arguments of unknown number runs the builder's body; the builder's
    # own such call does not run the model's constructor again per factory (its generic analysis,
    # with every option unknown, already knows all the call could tell).
    factories = "\n".join(f"""
        def net{i}(pretrained=False, **kwargs):
            return _create('net{i}', pretrained, **dict(dict(depth={i}), **kwargs))
        """ for i in range(12))
    report = check(f"""\
        import numpy as np

        class Net:
            def __init__(self, depth=2, width=8, **kwargs):
                self.blocks = []
                for i in range(depth):
                    self.blocks.append(np.zeros((width, width)))

            def forward(self, x):
                for w in self.blocks:
                    x = x @ w
                return x

        def build(cls, variant, pretrained, **kwargs):
            return cls(**kwargs)

        def _create(variant, pretrained=False, **kwargs):
            return build(Net, variant, pretrained, **kwargs)
        {factories}

        def wrapper(x, **kwargs):
            return np.tanh(x, **kwargs)

        reveal_shape(wrapper(np.zeros((2, 3)), **{{}}))
        """)
    assert report.calls_analysed <= 12 + 2, report.calls_analysed   # 39 when each factory ran it
    assert [d.message for d in report.diagnostics] == ["reveal_shape: shape: (2, 3), dtype: float64"]


def test_keys_up_to_renaming_number_the_symbols_and_keep_their_signs():
    """``canonical``: arguments the same up to their symbols' names, display names included (a loop's
    widened ``j`` for the ``d`` it replaced), have one key; a symbol that may be negative is another."""
    fn = SimpleNamespace(scope="m.py:f")

    def key(*names: str):
        return canonical(fn, [Array(Shape(tuple(sym(n) for n in names)))], {})[0]

    assert key("b#1", "n#2", "d#3") == key("b#7", "n#8", "j#9")
    assert key("b#1", "n#2", "d#3") != key("b#1", "n#2", "n#2")
    assert key("b#1", "n#2", "d#3") != key("b#1", "n#2", "d#3~")


def test_a_reuse_renames_each_dim_object_once():
    """A copied construction's layers hold the one dim object many times (a conv's weight, its bias,
    the norm after it): ``Summary.instantiate``'s renaming renormalises it once, and every use gets
    the same renamed dim; a dim equal to it but another object, and a plain int, are answered right."""
    from shapecheck.absint.driver.summaries import _memoised
    from shapecheck.constraints import dims as D
    asked = []

    def rename(d):
        asked.append(d)
        return D.substitute(d, {"c#1": sym("c#9")})

    renamed = _memoised(rename)
    channels = D.add(sym("c#1"), 1)
    again = D.add(sym("c#1"), 1)
    assert channels is not again
    first = renamed(channels)
    assert renamed(channels) is first and str(first) == str(D.add(sym("c#9"), 1))
    assert renamed(again) == first and renamed(3) == 3 and renamed(sym("n")) == sym("n")
    assert asked == [channels, again, sym("n")]


def test_a_call_has_a_second_key_of_what_it_reads_of_its_objects():
    """A call's key holds its objects whole (kept per object: free on a hit); its second key, asked
    where the first has no summary, holds of each object the attributes the function's code reads
    (``KeyCache.object_reads``): equal for two encoders whose unread ``cache`` differs. A call
    that changes its object is kept under the whole key alone, as its effect on the whole table."""
    import ast

    from shapecheck.absint.core.values import Function
    from shapecheck.absint.driver.summaries import projected_key

    cls = Class(ast.parse("class Enc: pass").body[0], None, "Enc")
    fn = Function(ast.parse("def forward(self, x):\n    return x * self.scale").body[0], None, None, "Enc.forward")
    one = Instance(cls, {"scale": Int(2), "cache": Array(Shape((3,)))})
    other = Instance(cls, {"scale": Int(2), "cache": Array(Shape((4,)))})
    third = Instance(cls, {"scale": Int(3), "cache": Array(Shape((3,)))})
    cache = KeyCache()
    assert cache.object_reads(fn, 0, one) == ("scale",)
    assert call_key(fn, [one, Int(1)], {})[0] != call_key(fn, [other, Int(1)], {})[0]
    assert projected_key(fn, [one, Int(1)], {}, (), cache) == projected_key(fn, [other, Int(1)], {}, (), cache)
    assert projected_key(fn, [one, Int(1)], {}, (), cache) != projected_key(fn, [third, Int(1)], {}, (), cache)
    assert projected_key(fn, [Int(1), Int(1)], {}, (), cache) is None   # no object: the key itself
    whole = Function(ast.parse("def f(self):\n    return vars(self)").body[0], None, None, "f")
    assert projected_key(whole, [one], {}, (), cache) is None            # read whole: the key itself


def test_a_method_no_summary_answers_is_keyed_no_more(monkeypatch):
    """Each call of ``update`` changes its object, so no summary answers the next: after
    MAX_KEY_MISSES misses its calls run without the key's walk (calls.py), and what is found is
    what keying every call found."""
    from shapecheck.absint.driver import calls

    source = textwrap.dedent("""\
        import numpy as np

        class Meter:
            def __init__(self):
                self.count = 0

            def update(self, x):
                self.count = self.count + x.shape[0]

        m = Meter()
        """) + "m.update(np.zeros(1))\n" * 80 + "np.zeros(m.count) @ np.zeros(3)\n"
    keyed = []
    real = calls.call_key
    monkeypatch.setattr(calls, "call_key", lambda fn, *a, **k: keyed.append(fn.qualname) or real(fn, *a, **k))
    gated = check_source(source, "meter.py")
    gated_keys, limit = keyed.count("Meter.update"), calls.MAX_KEY_MISSES
    keyed.clear()
    monkeypatch.setattr(calls, "MAX_KEY_MISSES", 10**9)
    every = check_source(source, "meter.py")
    assert [(d.span.line, d.code, d.message) for d in gated.diagnostics] == \
        [(d.span.line, d.code, d.message) for d in every.diagnostics]
    assert [d.code for d in gated.diagnostics] == ["SC102"] and "80" in gated.diagnostics[0].message
    assert gated.calls_analysed == every.calls_analysed == 1 + 80
    assert limit <= gated_keys <= 2 * limit < keyed.count("Meter.update")


def test_a_function_summaries_answer_is_keyed_every_call():
    """A pure function's calls are answered from its first run's summary however many there are."""
    report = check("import numpy as np\n\ndef f(x):\n    return x.T\n\n" + "f(np.zeros((2, 3)))\n" * 80)
    assert report.calls_analysed == 1 and report.calls_summarised == 79


def _reads(source: str, name: str):
    import ast

    from shapecheck.absint.driver.summaries import _parameter_reads

    return _parameter_reads(ast.parse(textwrap.dedent(source)).body[0], name, False)


def test_what_code_reads_of_a_parameter_counts_writes_and_keyword_dictionaries():
    """Writes through the parameter count as reads of those attributes; a keyword dictionary holding
    it (scikit-learn's ``validate_data``: ``{"estimator": est}`` merged and passed on with ``**``) passes
    it to each function called with it under its keys; ``est is None`` reads nothing; a branch under
    ``isinstance(est, str)`` is left out (never taken by a project object: checked at its use)."""
    writes = _reads("""\
        def f(est, X):
            est.n = X.shape[1]
            setattr(est, "m", 1)
            delattr(est, "old")
            del est.gone
            return hasattr(est, "h")
        """, "est")
    assert writes == (("gone", "m", "n", "old"), (), (), False, ("h",))   # ``h``: whether it has it
    forwarded = _reads("""\
        def validate(est, X, **params):
            default = {"estimator": est}
            params = {**default, **params}
            if "estimator" not in params:
                pass
            if est is None or params.get("ensure_2d", True):
                check(X, **params)
            return convert(X, est)
        """, "est")
    assert forwarded == ((), (), (("check", "estimator"), ("convert", 1)), False, ())
    named = _reads("""\
        def name_of(est):
            if isinstance(est, str):
                return est
            return est.__class__.__name__
        """, "est")
    assert named == (("__class__",), (), (), True, ())
    # the dictionary handed back, or read for the object, or passed to a method: any use
    for use in ("return params", "x = params.get('estimator')", "self.check(**params)", "check(params)",
                "return {**params}", "check(**{**params, 'k': 1})"):
        assert _reads(f"def f(est):\n    params = {{'estimator': est}}\n    {use}\n", "est") is None
    assert _reads("def f(est):\n    check(**{'estimator': est})\n", "est") is None   # a display not assigned
    assert _reads("def f(est, k):\n    params = {k: est}\n    check(**params)\n", "est") is None


def test_what_code_reads_of_a_parameter_counts_names_and_text_apart():
    """``hasattr(est, name)`` and ``for k in vars(est)`` read which attributes it has (``LAYOUT``), not
    their values; text made of it (a message naming the estimator) reads nothing of it; ``vars(est)``
    used otherwise, or ``getattr`` of a name not written out, read it whole."""
    from shapecheck.absint.driver.summaries import LAYOUT

    fitted = _reads("""\
        def is_fitted(est, attributes=None):
            if attributes is not None:
                return all([hasattr(est, a) for a in attributes])
            if hasattr(est, "__sklearn_is_fitted__"):
                return est.__sklearn_is_fitted__()
            return len([v for v in vars(est) if v.endswith("_")]) > 0
        """, "est")
    assert fitted == ((LAYOUT, "__sklearn_is_fitted__"), (), (), False, ())
    texts = _reads("""\
        def check(est):
            if isclass(est):
                raise TypeError("{} is a class".format(est))
            if not hasattr(est, "fit"):
                raise TypeError("%s is no estimator" % (est,) + f" ({est!r})")
        """, "est")
    assert texts == ((), (), (("isclass", 0),), False, ("fit",))
    assert _reads("def f(est):\n    return vars(est)\n", "est") is None
    assert _reads("def f(est, k):\n    return getattr(est, k)\n", "est") is None
    assert _reads("def f(est):\n    return str(est) + 'x'\n", "est") == ((), (), (("str", 0),), False, ())


def test_a_call_that_writes_its_object_is_kept_as_what_it_wrote(monkeypatch):
    """``validate(est, X)`` reads the estimator's class, whether it has ``n_features_in_``, and writes
    that attribute: the next estimator of the class with the same ``X`` takes the first call's write
    (``effects.record_writes``, under the projected key) whatever its unread parameters, and keeps
    its own table otherwise; another ``X`` or a fitted estimator runs the body again."""
    from shapecheck.absint.driver import calls

    runs = []
    real = calls.Calls._run_call
    monkeypatch.setattr(calls.Calls, "_run_call",
                        lambda self, caller, node, fn, *a: runs.append(fn.qualname) or real(self, caller, node, fn, *a))
    report = check("""\
        import numpy as np

        class Est:
            def __init__(self, k):
                self.k = k

        def name_of(estimator):
            if isinstance(estimator, str):
                return estimator
            return estimator.__class__.__name__

        def check_array(X, *, estimator=None):
            name = name_of(estimator)
            return np.asarray(X)

        def validate(est, X, reset=True, **params):
            default = {"estimator": est}
            params = {**default, **params}
            if reset:
                est.n_features_in_ = X.shape[1]
                if hasattr(est, "stale_"):
                    delattr(est, "stale_")
            return check_array(X, **params)

        ests = [Est(1), Est(2), Est(3), Est(4)]
        for e in ests:
            validate(e, np.zeros((5, 3)))
        reveal_shape(np.zeros((ests[3].k, ests[3].n_features_in_)))
        validate(ests[1], np.zeros((5, 7)))
        reveal_shape(np.zeros((ests[1].k, ests[1].n_features_in_)))
        reveal_shape(np.zeros((ests[2].k, ests[2].n_features_in_)))
        """)
    assert [d.message.split(",")[0:2] for d in report.diagnostics] == [
        ["reveal_shape: shape: (4", " 3)"], ["reveal_shape: shape: (2", " 7)"], ["reveal_shape: shape: (3", " 3)"]]
    # once for the first estimator, once for the fitted one with another X
    assert runs.count("validate") == 2


def test_writes_keep_the_order_a_run_leaves():
    """An effect of writes alone sets what the call added after what the object had, and keeps an
    attribute it wrote again where it was; one that removed and added back an attribute (which moves
    it last) is not kept so."""
    from shapecheck.absint.driver.effects import record_writes

    cls = Class(None, None, "E")
    first = Int(1)
    obj = Instance(cls, {"a": first, "b": Int(2)})
    before = dict(obj.attrs)
    obj.attrs["a"] = Int(5)
    obj.attrs["c"] = Int(3)
    effect = record_writes(obj, 10**9, before, holds_object)
    assert [name for name, _ in effect.attrs] == ["a", "c"] and effect.removed == ()
    other = Instance(cls, {"a": first, "b": Int(9), "z": Int(0)})
    effect.apply(other, None)
    assert list(other.attrs) == ["a", "b", "z", "c"] and other.attrs["b"] == Int(9)
    moved = Instance(cls, {"a": first, "b": Int(2)})
    before = dict(moved.attrs)
    del moved.attrs["a"]
    moved.attrs["a"] = first
    assert record_writes(moved, 10**9, before, holds_object) is None
    gone = Instance(cls, {"a": first, "b": Int(2)})
    before = dict(gone.attrs)
    del gone.attrs["b"]
    effect = record_writes(gone, 10**9, before, holds_object)
    assert effect.removed == ("b",) and effect.attrs == ()
    # a value written over that held an object may be shared with what the key did not read
    holder = Instance(cls, {"a": Instance(cls, {}), "b": Int(2)})
    before = dict(holder.attrs)
    holder.attrs["a"] = Int(7)
    assert record_writes(holder, 10**9, before, holds_object) is None
