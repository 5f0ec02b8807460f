"""The runnable examples in public docstrings stay runnable."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "shapecheck", "shapecheck.api", "shapecheck.constraints.dims", "shapecheck.constraints.signature",
    "shapecheck.ir", "shapecheck.absint.driver.relocation",
    "shapecheck.ir.ad", "shapecheck.ir.ad.emit", "shapecheck.ir.ad.cost", "shapecheck.ir.ad.programs",
    "shapecheck.ir.ad.transforms",
    *(f"shapecheck.sharding.{name}" for name in ("layout", "plan", "simulate", "cost", "moves", "traffic", "notation")),
    "shapecheck.cli.shard_cost", "shapecheck.cli.shard_plan",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0, f"{name} has no example to run"
