"""README and .ci/run tell the same story as the code."""

from __future__ import annotations

import re
from pathlib import Path

from shapecheck.report.codes import CODES
from shapecheck.cli.config import _KEYS
from shapecheck.cli.output import FORMATS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
CI = (ROOT / ".ci" / "run").read_text()
TEST_COMMAND = "python -m pytest"


def test_quick_start_is_two_commands_and_ci_runs_the_same_test_command():
    assert "pip install . && shapecheck check examples/" in README
    assert f"pip install '.[test]' && {TEST_COMMAND}\n" in README
    commands = [line.strip() for line in CI.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert "pip install '.[test]'" in commands
    assert f"{TEST_COMMAND} || status=$?" in commands
    assert "set -euo pipefail" in commands


def test_readme_documents_every_code_format_and_config_key():
    for code, row in CODES.items():
        assert re.search(rf"\| `{code}` \| {row.name} \| {row.severity} \|", README), code
    for fmt in FORMATS:
        assert f"`{fmt}`" in README
    for key in _KEYS:
        assert f"\n{key} = " in README, key
