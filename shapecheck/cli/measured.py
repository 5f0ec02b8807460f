"""``FILE::FUNC --shape x=B,T,768 --set config.n_head=12``: the call ``shapecheck cost`` and
``shapecheck memory`` measure, read from the command line (``FILE::FUNC``, ``--shape`` and
``--dtype`` as ``shapecheck ir`` reads them), and the shared parts of their output.

>>> dims("B, T, 768"), dims("()")
(['B', 'T', 768], [])
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from .. import api
from ..constraints import dims as D
from ..ir.ops import NUMPY_DTYPES
from . import target
from .command import Failure


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE::FUNC (a function, ``Class.method``, or ``Class`` for its forward), --shape, --dtype, --set."""
    target.add_arguments(parser)
    parser.add_argument("--set", dest="values", action="append", default=[], metavar="NAME=INT",
                        help="evaluate a named dim, e.g. config.n_head=12 (repeat per dim)")
    parser.add_argument("--output-format", choices=("text", "json"), default="text")


def dims(text: str) -> list:
    """``"n, 784"`` -> ``["n", 784]``; ``()`` is a scalar."""
    text = text.strip()
    if text in ("()", ""):
        return []
    return [int(p) if p.strip().lstrip("-").isdigit() else p.strip() for p in text.split(",")]


def dtype_name(spec: str) -> str | None:
    """``f32``/``float32`` -> ``"float32"``; ``bfloat16`` (which NumPy lacks) stays itself."""
    if not spec:
        return None
    if spec == "bfloat16":
        return spec
    try:
        return np.dtype(NUMPY_DTYPES.get(spec, spec)).name
    except TypeError:
        raise Failure(f"--dtype: {spec!r} is not a dtype (f32, f64, i32, i64, bool, bfloat16, or a NumPy name)") from None


def measure(args: argparse.Namespace) -> tuple[Any, dict[str, int]]:
    """The measured call the arguments name, and the --set values. :class:`Failure` on bad input."""
    path, sep, func = args.target.rpartition("::")
    if not sep or not path or not func:
        raise Failure(f"expected FILE::FUNC, got {args.target!r}")
    shapes = {name: dims(spec) for name, spec in target.pairs(args.shape, "shape").items()}
    dtypes = {name: dtype_name(spec) for name, spec in target.pairs(args.dtype, "dtype").items()}
    values = {}
    for name, value in target.pairs(args.values, "set").items():
        try:
            values[name] = int(value)
        except ValueError:
            raise Failure(f"--set expects NAME=INT, got {name}={value}") from None
    try:
        return api.measure(path, func, shapes, dtypes), values
    except api.TargetNotFound:
        raise Failure(f"{path} has no function, method or class {func!r}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise Failure(f"cannot read {path}: {error}") from None
    except SyntaxError as error:
        raise Failure(f"cannot parse {path}: {error}") from None
    except TypeError as error:   # a --dtype NumPy does not know
        raise Failure(str(error)) from None


def as_json_value(d: D.Dim | None, names: dict) -> int | str | None:
    """An int stays an int; a polynomial is its text (``"24*B*T*C**2 + ..."``)."""
    if d is None or type(d) is int:
        return d
    return D.show_polynomial(d, names)


def dump(payload: dict) -> str:
    return json.dumps(payload, indent=2) + "\n"
