"""The stores a method makes on its receiver (interp/attribute_stores.py): found among its statements
alone where its text names no ``setattr``, in the order a walk of every node gives them."""

from __future__ import annotations

import ast
import textwrap

from shapecheck.absint.interp.attribute_stores import _receiver_stores, receiver_stores

_METHOD = textwrap.dedent("""\
    def step(self, x):
        self.a = x
        try:
            self.b += 1
        except ValueError:
            self.c: int = 2
        finally:
            self.attn.n = 3
        for i in range(3):
            with ctx:
                self.d, (self.e, y) = 1, (2, 3)
        match x:
            case 1:
                self.__dict__["f"] = 4
        def inner(other):
            self.g = other
        if x:
            self.h = 5
        else:
            self.b = 6
        return [z for z in range(3)]
    """)


def test_the_statements_give_the_stores_a_walk_of_every_node_gives_in_its_order() -> None:
    fn = ast.parse(_METHOD).body[0]
    stores = list(_receiver_stores(fn, calls=False))
    assert stores == list(_receiver_stores(fn, calls=True))
    # breadth first: the body's own, then those one statement (or clause) down, then two
    assert stores == [("a", "set"), ("b", "augmented"), ("attn.n", "stored"), ("g", "stored"), ("h", "stored"),
                      ("b", "stored"), ("c", "stored"), ("d", "stored"), ("e", "stored"), ("f", "stored")]


def test_a_method_naming_setattr_is_walked_whole() -> None:
    text = "def step(self, v):\n    self.a = v\n    print(setattr(self, 'b', v))\n"
    fn = ast.parse(text).body[0]
    assert receiver_stores(fn, text.splitlines()) == (("a", "set"), ("b", "stored"))
    assert list(_receiver_stores(fn, calls=False)) == [("a", "set")]


def test_a_store_says_whether_it_keeps_what_the_attribute_held() -> None:
    text = textwrap.dedent("""\
        def parallelize(self, value, *, other=None):
            self.wte = self.wte.to(self.first_device)
            self.h.mlp = self.h.mlp.cuda()
            self.lm_head = value
            self.head = self.lm_head.to("cpu")
            self.norm = value.to("cpu")
            self.a, self.b = value, value
            self.c = other
            self.d: int = value
        """)
    fn = ast.parse(text).body[0]
    assert receiver_stores(fn, text.splitlines()) == (
        ("wte", "moved"), ("h.mlp", "moved"), ("lm_head", "set"), ("head", "stored"), ("norm", "stored"),
        ("a", "stored"), ("b", "stored"), ("c", "set"), ("d", "set"))


def test_the_objects_an_unknown_may_be_are_those_the_frame_reaches_each_once_within_the_bound() -> None:
    from shapecheck.absint.core.values import Class, Dict, Instance, Int, List, Str, TorchModule, Tuple
    from shapecheck.absint.interp import attribute_stores
    from shapecheck.absint.interp.attribute_stores import aliased_objects

    cls = Class(None, None, "Layer")
    first, second, third = (Instance(cls, {"mode": Str("s")}) for _ in range(3))
    net = Instance(Class(None, None, "Net"), {
        "seq": TorchModule("Sequential", (("0", first), ("1", second))),
        "layers": List((second,)),
        "by_name": Dict((("t", Tuple((third,))),)),
        "width": Int(3)})
    found = list(aliased_objects([net, net, Int(2)]))
    assert found == [net, first, second, third]   # breadth first, each object once
    bound, attribute_stores.MAX_ALIASED_VALUES = attribute_stores.MAX_ALIASED_VALUES, 3
    try:
        assert list(aliased_objects([net])) == [net]   # the walk stops at its bound of values
    finally:
        attribute_stores.MAX_ALIASED_VALUES = bound
