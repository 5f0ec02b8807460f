"""codes.md is generated from codes.py; editors link to it, so it must not drift."""

from pathlib import Path

import shapecheck
from shapecheck.report.codes import CODES, anchor, render_markdown


def test_codes_md_is_current() -> None:
    path = Path(shapecheck.__file__).parent / "report" / "codes.md"
    assert path.read_text(encoding="utf-8") == render_markdown(), "regenerate with render_markdown()"


def test_every_code_has_its_anchor() -> None:
    text = render_markdown()
    for code in CODES:
        heading = f"## {code} {CODES[code].name}"
        assert heading in text
        assert anchor(code) == f"{code.lower()}-{CODES[code].name}"
