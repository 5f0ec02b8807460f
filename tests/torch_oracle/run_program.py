"""Run a program under real PyTorch, one top-level statement at a time, and print what happened.

Executed in a child interpreter that has torch (never in the analyser's process): prints JSON
``{"raised": {line: "error text"}, "reveals": {line: [shape or null, ...]}, "ran": [line, ...],
"missing": [module, ...]}`` where ``raised`` holds the first line of every top-level statement that
raised, ``reveals`` the shape of every ``reveal_shape(...)`` argument (a tuple of ints; null for a
value without a shape), ``ran`` every line of the program torch executed (a function body runs only
where the program calls it), and ``missing`` the modules a top-level import could not find here. A top-level function that the
program never calls and that takes no argument is called once after it, so its body runs too.
"""

from __future__ import annotations

import ast
import json
import sys
import types


def run(path: str) -> dict:
    source = open(path, encoding="utf-8").read()
    tree = ast.parse(source, filename=path)
    raised: dict[int, str] = {}
    reveals: dict[int, list] = {}
    ran: set[int] = set()
    missing: list[str] = []

    def trace_lines(frame, event, arg):
        # only the program's own frames: torch's internals stay untraced and fast
        if frame.f_code.co_filename != path:
            return None
        ran.add(frame.f_lineno)
        return trace_line

    def trace_line(frame, event, arg):
        if event == "line":
            ran.add(frame.f_lineno)
        return trace_line

    def reveal_shape(value):
        line = sys._getframe(1).f_lineno
        shape = getattr(value, "shape", None)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            shape = ()
        if shape is not None and not all(type(d) is int for d in shape):
            shape = None   # a jagged dim of a nested tensor (a SymInt): no concrete shape
        reveals.setdefault(line, []).append(list(shape) if shape is not None else None)
        return value

    def traced(line: int, run) -> None:
        sys.settrace(trace_lines)
        try:
            run()
        except ModuleNotFoundError as err:
            missing.append(err.name or "?")
            raised.setdefault(line, f"{type(err).__name__}: {err}")
        except Exception as err:  # noqa: BLE001 - every failure is data here
            raised.setdefault(line, f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}")
        finally:
            sys.settrace(None)

    # a module of its own in sys.modules: dataclasses and typing look a class's module up there
    module = types.ModuleType("__oracle__")
    sys.modules["__oracle__"] = module
    env = module.__dict__
    env["reveal_shape"] = reveal_shape
    for stmt in tree.body:
        code = compile(ast.Module([stmt], []), path, "exec")
        traced(stmt.lineno, lambda: exec(code, env))
    if not missing:
        # a function the program never calls but that needs no argument: called once, so its body
        # is judged too (what it raises is its def statement's, where its body's lines count)
        for stmt in tree.body:
            if _takes_no_argument(stmt) and stmt.body[0].lineno not in ran and callable(env.get(stmt.name)):
                traced(stmt.lineno, env[stmt.name])
    return {"raised": raised, "reveals": reveals, "ran": sorted(ran), "missing": missing}


def _takes_no_argument(stmt: ast.stmt) -> bool:
    if not isinstance(stmt, ast.FunctionDef) or stmt.decorator_list:
        return False
    a = stmt.args
    return len(a.defaults) == len(a.posonlyargs) + len(a.args) and all(d is not None for d in a.kw_defaults)


if __name__ == "__main__":
    import torch

    torch.manual_seed(0)
    print(json.dumps({path: run(path) for path in sys.argv[1:]}))
