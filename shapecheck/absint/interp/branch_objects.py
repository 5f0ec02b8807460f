"""What the two branches of an ``if``, or the passes of a loop, store on the objects in scope
(``self.qkv = nn.Linear(dim, dim * 2)`` in one, ``nn.Linear(dim, dim * 3)`` in the other).

A frame's names are joined where branches meet; an object's attributes live on the object, so a
branch the analysis cannot decide wrote over the other's stores: the attribute held the last
branch's value, as if that branch always ran, and a method reading it under the other branch's
condition (``if self.use_global: ... reshape(B, N, 2, ...)``) met a layer that branch never builds.
Here each branch starts from the objects as they were, and the attributes either changed are the
join of both branches' values after the ``if``.
"""

from __future__ import annotations

from ..core.join import Joiner
from ..core.values import Instance
from .semantics import env_equal, forget_changed


class BranchObjects:
    """The objects a frame names directly, their attributes as the ``if`` found them and as its
    first branch left them."""

    def __init__(self, env: dict):
        self.objects = _named_objects(env)
        self.before = [dict(o.attrs) for o in self.objects]
        self.first: list[dict] = []
        # what each object's table was when the branch began, and when the second began (``_stamp``):
        # one neither branch changed is neither restored nor joined (most ``if`` statements change no
        # object: diffusers' 30,000 went over every attribute of ``self`` three times)
        self.stamps = [_stamp(o) for o in self.objects]

    def second_branch(self) -> None:
        """The first branch is done: keep what it left, and give the second the objects as they were."""
        first = []
        for i, (obj, before) in enumerate(zip(self.objects, self.before)):
            if _stamp(obj) == self.stamps[i]:
                first.append(before)   # (unchanged: the second branch finds it as it was)
                continue
            first.append(dict(obj.attrs))
            _restore(obj, before)
            self.stamps[i] = _stamp(obj)
        self.first = first

    def join(self, joiner: Joiner) -> None:
        """Both branches are done: an attribute either changed holds the join of their values."""
        for obj, before, first, stamp in zip(self.objects, self.before, self.first, self.stamps):
            if first is before and _stamp(obj) == stamp:
                continue   # neither branch changed it
            second = obj.attrs
            for name in {*first, *second}:
                a, b = first.get(name), second.get(name)
                if a is b or (a is before.get(name) and b is before.get(name)):
                    continue
                second[name] = b if a is None else a if b is None else joiner.value(a, b)


class LoopObjects:
    """The objects a frame names directly, their attributes joined over a loop's passes as its names
    are. A method the body calls changes them in place (scikit-learn's ``while
    self.splittable_nodes: self.split_next()``, which does ``self.n_nodes += 2``), where no name
    changes: without this the loop's fixpoint ended after one pass, and the count was 3 after it, as
    if the loop always ran exactly once (a false SC201 on ``predictor.nodes.shape[0] == 5``)."""

    def __init__(self, env: dict):
        self.objects = _named_objects(env)
        self.entry = [dict(o.attrs) for o in self.objects]
        self.state = list(self.entry)   # the loop's state: the entry, joined with each pass's end
        # each object's table as the last restore left it, and the state it was restored to: a pass
        # that changed no object is neither joined nor undone (``_stamp``)
        self.stamps = [_stamp(o) for o in self.objects]
        self.restored = list(self.state)

    def start_pass(self) -> None:
        """A pass starts from the loop's state."""
        for i, (obj, state) in enumerate(zip(self.objects, self.state)):
            if state is self.restored[i] and _stamp(obj) == self.stamps[i]:
                continue   # it holds that state already
            _restore(obj, state)
            self.stamps[i], self.restored[i] = _stamp(obj), state

    def end_pass(self, joiner: Joiner, last: bool) -> bool:
        """Join what the pass left into the loop's state; whether nothing changed. ``last``: the
        passes ran out, and what still changes becomes unknown (``forget_changed``)."""
        settled = True
        for i, obj in enumerate(self.objects):
            if self.state[i] is self.restored[i] and _stamp(obj) == self.stamps[i]:
                continue   # the pass did not change it
            state, now = self.state[i], obj.attrs
            joined = dict(state)
            for name in {*state, *now}:
                a, b = state.get(name), now.get(name)
                if a is b or b is None:
                    continue
                joined[name] = b if a is None else joiner.value(a, b)
            if not env_equal(joined, state):
                settled = False
                self.state[i] = forget_changed(self.entry[i], joined) if last else joined
        return settled

    def leave(self) -> None:
        """After the loop: the objects hold the loop's state (no pass, or any number of them)."""
        self.start_pass()

    def restore_entry(self) -> None:
        """The objects as the loop found them (an unrolling that gave up)."""
        for i, (obj, entry) in enumerate(zip(self.objects, self.entry)):
            _restore(obj, entry)
            self.stamps[i], self.restored[i] = _stamp(obj), entry


def _named_objects(env: dict) -> list[Instance]:
    """The objects a frame's names hold, each once."""
    return list({id(v): v for v in env.values() if type(v) is Instance}.values())


def _stamp(obj: Instance) -> tuple:
    """Which table an object holds and how often each changed (a new table counts on the object:
    ``Mutable``): equal stamps, the same contents."""
    attrs = obj.attrs
    return id(attrs), obj.__dict__.get("_revision", 0), attrs.version


def _restore(obj: Instance, before: dict) -> None:
    attrs = obj.attrs
    for name in [n for n in attrs if n not in before]:
        del attrs[name]
    for name, value in before.items():
        if attrs.get(name) is not value:
            attrs[name] = value
