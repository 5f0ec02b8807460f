"""`shapecheck annotate FILE [--diff]`: write inferred shape signatures back as jaxtyping annotations.

libcst keeps every byte it is not asked to change, so the rewrite touches exactly the annotations
it adds and one import line. A parameter or return is annotated only when it has no annotation yet
and its signature has a single alternative of known rank; a dim that jaxtyping cannot spell (an
expression with spaces) becomes ``_`` (unchecked).

>>> src = "import numpy as np\\ndef f(x):\\n    n, k = x.shape\\n    return x.T\\n"
>>> print(annotate_source(src, "f.py"))  # doctest: +NORMALIZE_WHITESPACE
import numpy as np
from jaxtyping import Shaped
def f(x: Shaped[np.ndarray, "n k"]) -> Shaped[np.ndarray, "k n"]:
    n, k = x.shape
    return x.T
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from .. import api
from ..api import ShapeText, Signature
from .command import EXIT_OK, EXIT_USAGE, print_error

_TOKEN = re.compile(r"[A-Za-z0-9_+\-*/%()]+\Z")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = "shapecheck annotate FILE [--diff]"
    parser.description = "Add jaxtyping annotations for the inferred shapes."
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--diff", action="store_true", help="print the change instead of writing it")


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        print_error(f"no such file: {args.file}")
        return EXIT_USAGE
    source = path.read_text(encoding="utf-8")
    new = annotate_source(source, str(path))
    if args.diff:
        sys.stdout.writelines(difflib.unified_diff(source.splitlines(keepends=True), new.splitlines(keepends=True),
                                                   f"a/{args.file}", f"b/{args.file}"))
    elif new != source:
        path.write_text(new, encoding="utf-8")
    return EXIT_OK


def wrapper_for(dtype: str | None) -> str:
    """The jaxtyping dtype wrapper for a NumPy dtype name (``Shaped`` when unknown)."""
    if dtype is None:
        return "Shaped"
    if dtype.startswith("float"):
        return "Float"
    if dtype.startswith("int"):
        return "Int"
    if dtype.startswith("uint"):
        return "UInt"
    if dtype == "bool":
        return "Bool"
    if dtype.startswith("complex"):
        return "Complex"
    return "Shaped"


def spec_string(shape: ShapeText) -> str:
    """``("n", "3")`` -> ``"n 3"``; dims jaxtyping cannot read become ``_``."""
    return " ".join(d if _TOKEN.match(d) else "_" for d in shape.dims)


def _single(alternatives: tuple) -> ShapeText | None:
    if len(alternatives) == 1 and isinstance(alternatives[0], ShapeText):
        return alternatives[0]
    return None


class _Annotator(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, by_line: dict[int, Signature], array_type: str):
        self.by_line = by_line
        self.array_type = array_type
        self.wrappers: set[str] = set()
        self.stack: list[Signature | None] = []

    def _annotation(self, shape: ShapeText) -> cst.Annotation:
        wrapper = wrapper_for(shape.dtype)
        self.wrappers.add(wrapper)
        text = f'{wrapper}[{self.array_type}, "{spec_string(shape)}"]'
        return cst.Annotation(cst.parse_expression(text))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        line = self.get_metadata(PositionProvider, node).start.line
        # ast puts a decorated def at its `def` line; libcst at its first decorator
        sig = self.by_line.get(line)
        if sig is None:
            for offset in range(1, len(node.decorators) + 1 + sum(1 for _ in node.leading_lines)):
                sig = self.by_line.get(line + offset)
                if sig is not None and sig.name == node.name.value:
                    break
                sig = None
        self.stack.append(sig if sig is not None and sig.name == node.name.value else None)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        sig = self.stack.pop()
        if sig is None:
            return updated
        shapes = {name: _single(alts) for name, alts in sig.params}

        def annotate(param: cst.Param) -> cst.Param:
            shape = shapes.get(param.name.value)
            if param.annotation is not None or shape is None or param.name.value == "self":
                return param
            return param.with_changes(annotation=self._annotation(shape))

        params = updated.params
        params = params.with_changes(params=[annotate(p) for p in params.params],
                                     posonly_params=[annotate(p) for p in params.posonly_params],
                                     kwonly_params=[annotate(p) for p in params.kwonly_params])
        updated = updated.with_changes(params=params)
        ret = _single(sig.returns)
        if updated.returns is None and ret is not None:
            updated = updated.with_changes(returns=self._annotation(ret))
        return updated


def _numpy_name(module: cst.Module) -> str | None:
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        if cst.helpers.get_full_name_for_node(alias.name) == "numpy":
                            return alias.asname.name.value if alias.asname else "numpy"
    return None


def _add_imports(module: cst.Module, wrappers: set[str], numpy_name: str | None) -> cst.Module:
    """``from jaxtyping import ...`` (merged into an existing one) after the module's first imports."""
    body = list(module.body)
    for i, stmt in enumerate(body):
        if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.ImportFrom):
            imp = stmt.body[0]
            if imp.module is not None and cst.helpers.get_full_name_for_node(imp.module) == "jaxtyping" \
                    and not isinstance(imp.names, cst.ImportStar):
                have = {a.name.value for a in imp.names}
                missing = sorted(wrappers - have)
                if missing:
                    names = list(imp.names)
                    names[-1] = names[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                    names += [cst.ImportAlias(cst.Name(n), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                              for n in missing]
                    names[-1] = names[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    body[i] = stmt.with_changes(body=[imp.with_changes(names=names)])
                return module.with_changes(body=body)
    lines = []
    if numpy_name is None:
        lines.append(cst.parse_statement("import numpy as np\n"))
    lines.append(cst.parse_statement(f"from jaxtyping import {', '.join(sorted(wrappers))}\n"))
    at = 0
    for i, stmt in enumerate(body):
        if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], (cst.Import, cst.ImportFrom)):
            at = i + 1
        elif i == 0 and _is_docstring(stmt):
            at = 1
        else:
            break
    body[at:at] = lines
    return module.with_changes(body=body)


def _is_docstring(stmt) -> bool:
    return (isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr)
            and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


def annotate_source(source: str, path: str = "<string>") -> str:
    """``source`` with jaxtyping annotations for every inferred single-alternative shape."""
    sigs = api.signatures_of(path, source)
    if not sigs:
        return source
    by_line = {sig.node.lineno: sig for sig in sigs}
    module = cst.parse_module(source)
    numpy_name = _numpy_name(module)
    annotator = _Annotator(by_line, f"{numpy_name or 'np'}.ndarray")
    new = MetadataWrapper(module).visit(annotator)
    if not annotator.wrappers:
        return source
    return _add_imports(new, annotator.wrappers, numpy_name).code
