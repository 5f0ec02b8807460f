"""What a construction leaves on its object, kept as an effect (driver/effects.py): the recording
walks every value the object holds, and what it finds there decides whether the effect may be
shared with the process's other files (shared_summaries.py, S1)."""

from __future__ import annotations

import ast
from dataclasses import replace

from shapecheck.absint.core.values import Array, Class, HeapClock, Instance
from shapecheck.absint.driver.effects import holds_kept_objects_only, record_effect
from shapecheck.constraints.shapes import Shape


def _object(cls: Class, **attrs) -> Instance:
    return Instance(cls, dict(attrs))


def test_an_effect_knows_whether_it_holds_another_file_s_object() -> None:
    """An effect holding only what its run made (a layer) may be shared; one holding an object
    passed in (the checked file's own, in no kept module) may not. The recording's verdict is the
    one a walk of the snapshot gives, which a thawed effect (no verdict) still takes."""
    cls = Class(ast.ClassDef(name="Block"), None, "Block")
    passed = _object(cls, w=Array(Shape((3,))))
    frozen = _object(cls)
    frozen.attrs.owner = object()   # a kept module's object (shared_modules.freeze)
    for given, shared in ((None, True), (passed, False), (frozen, True)):
        receiver, start = _object(cls), HeapClock.made
        layer = _object(cls, w=Array(Shape((4, 4))))
        receiver.attrs.update(layer=layer, scale=Array(Shape((4,))))
        if given is not None:
            receiver.attrs["given"] = given
        effect = record_effect(receiver, start)
        assert effect is not None and effect.kept_only is shared
        assert holds_kept_objects_only(effect) is shared
        assert holds_kept_objects_only(replace(effect, kept_only=None)) is shared
