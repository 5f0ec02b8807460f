"""Call keys up to a renaming of every name they hold, objects' included (alpha_keys.py)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from shapecheck.absint.core.values import UNKNOWN, Array, Bool, Int, Tuple, Unknown
from shapecheck.absint.driver.alpha_keys import AlphaSummaries, alpha_key
from shapecheck.absint.driver.renaming import Renaming
from shapecheck.absint.driver.summaries import MAX_MISSES, KeyCache, Node, Same, Summary, Worth
from shapecheck.constraints import dims as D
from shapecheck.constraints.predicates import eq
from shapecheck.constraints.shapes import Middle, Shape

FN = Same(object())   # a function, by identity as a key holds it


def _array(*dims, middle: Middle | None = None) -> Array:
    return Array(Shape(tuple(D.sym(d) if type(d) is str else d for d in dims), middle is not None, (), middle))


def _object(**attrs) -> Node:
    return Node(("I", FN, False, tuple(attrs.items())))


def _key(*args) -> tuple:
    return (FN, (None, (), True), tuple(args), ())


def test_calls_alike_but_for_the_names_their_objects_hold_have_one_key() -> None:
    """A layer holding ``w`` of (d, 2d) called on (n, d), and another holding (e, 2e) called on (m, e)."""
    cache = KeyCache()
    first = alpha_key(_key(_object(w=_array("d#1", D.sym("d#1") * 2)), _array("n#2", "d#1")), cache)
    second = alpha_key(_key(_object(w=_array("e#7", D.sym("e#7") * 2)), _array("m#9", "e#7")), cache)
    assert first[0] == second[0]
    assert first[1] == Renaming((), (), ("d#1", "n#2")) and second[1] == Renaming((), (), ("e#7", "m#9"))
    assert first[1].onto(second[1]).symbols == {"d#1": D.sym("e#7"), "n#2": D.sym("m#9")}


def test_a_name_shared_by_the_object_and_the_argument_is_told_from_two_names() -> None:
    """Only the first call relates its argument to the layer's ``w``: a run of it decides what the
    second's cannot."""
    cache = KeyCache()
    linked = alpha_key(_key(_object(w=_array("d#1", "d#1")), _array("n#2", "d#1")), cache)
    apart = alpha_key(_key(_object(w=_array("d#1", "d#1")), _array("n#2", "k#3")), cache)
    assert linked[0] != apart[0]


def test_one_object_met_twice_is_not_two_alike_objects() -> None:
    cache = KeyCache()
    layer = _object(w=_array("d#1"))
    twice = alpha_key(_key(layer, layer), cache)
    two = alpha_key(_key(layer, _object(w=_array("e#4"))), cache)
    assert twice[0] != two[0]
    assert twice[1].symbols == ("d#1",) and two[1].symbols == ("d#1", "e#4")


def test_a_signed_symbol_a_middle_and_a_derived_token_are_names_of_their_kind() -> None:
    cache = KeyCache()
    signed = alpha_key(_key(Int(D.sym("k#1~"))), cache)
    unsigned = alpha_key(_key(Int(D.sym("k#1"))), cache)
    assert signed[0] != unsigned[0]
    one = alpha_key(_key(_array("a#1", middle=Middle("x", "m.py:f")), Unknown(derived=5)), cache)
    other = alpha_key(_key(_array("b#2", middle=Middle("x", "m.py:g")), Unknown(derived=8)), cache)
    assert one[0] == other[0]
    assert one[1] == Renaming(("m.py:f",), (5,), ("a#1",)) and other[1] == Renaming(("m.py:g",), (8,), ("b#2",))


def test_a_returned_predicate_s_symbols_are_renamed_with_the_rest() -> None:
    """``t.numel() == 0`` kept in an object: its symbols are the array's, so two calls alike but for
    them are one, and one whose predicate is about another symbol is not."""
    cache = KeyCache()
    def call(a: str, b: str):
        return alpha_key(_key(Tuple((_array(a), Bool(pred=eq(D.sym(b), 0))))), cache)[0]
    assert call("n#1", "n#1") == call("m#5", "m#5")
    assert call("n#1", "n#1") != call("n#1", "m#5")


def test_a_key_without_names_has_no_alpha_key() -> None:
    assert alpha_key(_key(_array(2, 3), _object(w=_array(4))), KeyCache()) is None


def _layer_call(name: str) -> tuple:
    """A layer holding ``w`` of (d, d) called on (n, d), ``d`` named ``name``."""
    return _key(_object(w=_array(name, name)), _array("n#0", name))


def test_a_function_s_calls_are_keyed_from_its_second_call_and_answered_up_to_names() -> None:
    alpha = AlphaSummaries(KeyCache())
    fn = SimpleNamespace(node=object(), scope="m.py:f")
    summary = Summary(_array("n#0", "d#1"), (), (), range(0))
    assert alpha.find(fn, _layer_call("d#1")) == (None, None)   # its first call: nothing made
    alpha.keep(fn, _layer_call("d#1"), summary, None)
    found, (_, renaming) = alpha.find(fn, _layer_call("e#2"))
    assert found.result == summary.result and found.renaming.onto(renaming).symbols == {"d#1": D.sym("e#2")}


def test_a_function_whose_alpha_keys_find_nothing_is_keyed_no_more() -> None:
    """MAX_MISSES misses per call answered, and once more: the walks cost more than the runs they save."""
    alpha = AlphaSummaries(KeyCache())
    fn = SimpleNamespace(node=object(), scope="m.py:f")
    def miss(i: int) -> tuple:   # calls related to their layers each in a way of its own
        return _key(_object(w=_array(*(f"d#{i}",) * (i + 1))), _array("n#0", f"d#{i}"))
    alpha.keep(fn, miss(0), Summary(UNKNOWN, (), (), range(0)), None)
    for i in range(1, MAX_MISSES + 1):
        found, key = alpha.find(fn, miss(i))
        assert found is None and key
        alpha.keep(fn, miss(i), Summary(UNKNOWN, (), (), range(0)), key)
    assert alpha.find(fn, miss(1)) == (None, False)   # it would have been found: it is asked no more


_BODIES = [
    "return x @ self.w",
    "return x * self.b",
    "y = x @ self.w\n        return y + self.b",
    "return (x @ self.w).reshape(x.shape[0], -1)",
    "return np.concatenate([x, x @ self.w], axis=1)",
    "return x[:, :2] @ self.w[:2]",
    "if x.shape[1] == self.w.shape[0]:\n            return x @ self.w\n        return x",
    "return np.einsum('nd,de->ne', x, self.w)",
    "h = x @ self.w\n        return self.inner.apply(h) if self.inner is not None else h",
]
_SIZES = ["@", "2 * @", "@ + 1", "k", "3", "1", "@ * k"]


def _mirrored_layers(rng: random.Random) -> str:
    """Layers built twice, once of ``i`` and once of ``j`` (``@``), called on inputs of their own
    width, of the other's, or of a size of their own: calls alike up to names, and calls not."""
    lines = ["import numpy as np", ""]
    classes = rng.randint(1, 3)
    for c in range(classes):
        lines += [f"class L{c}:", "    def __init__(self, w, b, inner=None):", "        self.w = w",
                  "        self.b = b", "        self.inner = inner", "", "    def apply(self, x):",
                  "        " + rng.choice(_BODIES), ""]
    lines += ["def f(x, y, z):", "    n, i = x.shape", "    m, j = y.shape", "    p, k = z.shape"]
    layers: list[str] = []
    for o in range(rng.randint(1, 3)):
        c, w0, w1, b = rng.randrange(classes), rng.choice(_SIZES), rng.choice(_SIZES), rng.choice(_SIZES)
        inner = rng.choice(["None", *layers])
        for side, size in (("a", "i"), ("b", "j")):
            built = f"L{c}(np.zeros(({w0}, {w1})), np.zeros(({b},)), inner={inner if inner == 'None' else inner + side})"
            lines.append(f"    o{o}{side} = " + built.replace("@", size))
        layers.append(f"o{o}")
    for _ in range(rng.randint(2, 6)):
        layer, kind, width = rng.choice(layers), rng.random(), rng.choice(_SIZES)
        for side, size, own, rows in (("a", "i", "x", "n"), ("b", "j", "y", "m")):
            arg = own if kind < 0.4 else f"np.zeros(({rows}, {width}))".replace("@", size) if kind < 0.8 else "xy"[own == "x"]
            lines.append(f"    reveal_shape({layer}{side}.apply({arg}))")
    return "\n".join(lines) + "\n"


def test_alpha_keys_change_no_finding(monkeypatch) -> None:
    """Generated layers: the same findings and the same shapes with alpha keys as without, where
    a summary answered calls (a dim joined from two branches' may be named after the other one)."""
    from shapecheck.absint.driver import alpha_keys
    from shapecheck.api import check_source
    answered: list = []
    find = AlphaSummaries.find

    def counted(self, fn, key):
        found = find(self, fn, key)
        answered.append(found[0] is not None)
        return found

    monkeypatch.setattr(AlphaSummaries, "find", counted)
    rng = random.Random(11)
    for n in range(40):
        source = _mirrored_layers(rng)
        runs = []
        for enabled in (False, True):
            monkeypatch.setattr(alpha_keys, "ENABLED", enabled)
            runs.append([(d.line, d.code) for d in check_source(source, f"layers{n}.py").diagnostics])
        assert runs[0] == runs[1], source
    assert sum(answered) >= 100   # calls the alpha keys answered (155 in this draw)


def test_a_second_key_is_made_while_it_finds_a_summary_per_eight_misses() -> None:
    """``Worth``, which gates alpha keys and projections alike: one summary found buys eight misses more."""
    worth, fn = Worth(), SimpleNamespace(node=object())
    worth.tell(fn, True)
    for _ in range(2 * MAX_MISSES - 1):
        worth.tell(fn, False)
        assert worth.asking(fn)
    worth.tell(fn, False)
    assert not worth.asking(fn) and worth.asking(SimpleNamespace(node=object()))


def test_a_key_of_objects_nested_past_max_depth_has_no_alpha_key() -> None:
    """A chain of 2,000 linked objects (which a key's walk keys) makes no form, where a short one does."""
    def chain(length: int, size: str) -> Node:
        node = _object(w=_array(size))
        for _ in range(length):
            node = Node(("I", FN, False, (("next", node), ("w", _array(size)))))
        return node
    cache = KeyCache()
    assert alpha_key(_key(chain(2_000, "d#1"), _array("d#1")), cache) is None
    assert alpha_key(_key(chain(50, "d#1"), _array("d#1")), cache)[0] == alpha_key(_key(chain(50, "e#2"), _array("e#2")), cache)[0]
