"""A template's print (absint/driver/template_prints.py): equal exactly for templates equal up to
renaming what their builds made."""

from __future__ import annotations

from shapecheck.absint.core.values import Array, Int, Unknown
from shapecheck.absint.driver.relocation import DefinitionRef, InstanceRef
from shapecheck.absint.driver.template_prints import Start, template_print
from shapecheck.constraints.dims import sym
from shapecheck.constraints.shapes import Shape

LAYER = DefinitionRef("m.py", "Layer", "class Layer:\ndef __init__ (('w', False),)", True)


def _template(w, n, token: int, shares: bool = False) -> InstanceRef:
    """A layer holding an array ``w``, a size ``n``, a derived value and a sub-layer (``self.inner``;
    ``shares``: the sub-layer is the template itself)."""
    outer = InstanceRef(LAYER, True)
    inner = outer if shares else InstanceRef(LAYER, False, {"w": w})
    outer.attrs = {"w": w, "n": Int(n), "scale": Unknown(derived=token), "inner": inner}
    return outer


def _print(w, n, token: int, first: Start, shares: bool = False) -> str | None:
    return template_print(_template(w, n, token, shares), first)


def test_what_the_build_made_is_compared_up_to_renaming() -> None:
    first = _print(Array(Shape((sym("d#12"), sym("h#13")))), sym("h#13"), 50, Start(10, 40))
    again = _print(Array(Shape((sym("d#31"), sym("h#32")))), sym("h#32"), 90, Start(30, 80))
    assert first is not None and first == again


def test_a_renaming_must_be_one_to_one() -> None:
    first = _print(Array(Shape((sym("d#12"), sym("h#13")))), sym("h#13"), 50, Start(10, 40))
    # the size is now the first dim, not the second: no renaming makes the two equal
    other = _print(Array(Shape((sym("d#31"), sym("h#32")))), sym("d#31"), 90, Start(30, 80))
    assert first != other


def test_what_existed_before_the_build_keeps_its_name() -> None:
    """A module global's dim (numbered before the build) or derived value is that very one."""
    before = _print(Array(Shape((sym("g#3"), 4))), 2, 7, Start(10, 40))
    assert before == _print(Array(Shape((sym("g#3"), 4))), 2, 7, Start(30, 80))
    assert before != _print(Array(Shape((sym("g#5"), 4))), 2, 7, Start(30, 80))
    assert before != _print(Array(Shape((sym("g#3"), 4))), 2, 8, Start(30, 80))


def test_sharing_is_part_of_the_value() -> None:
    w = Array(Shape((sym("d#12"),)))
    assert _print(w, 2, 50, Start(10, 40), shares=True) != _print(w, 2, 50, Start(10, 40))
    assert _print(w, 2, 50, Start(10, 40), shares=True) == _print(w, 2, 50, Start(10, 40), shares=True)


def test_a_value_without_content_to_compare_has_no_print() -> None:
    template = _template(Array(Shape((3,))), 2, 1)
    template.attrs["table"] = {"a": 1}   # a mutable dict: freeze never keeps one, nor does a print
    assert template_print(template, Start(1, 1)) is None
