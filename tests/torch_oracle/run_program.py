"""Run a program under real PyTorch, one top-level statement at a time, and print what happened.

Executed in a child interpreter that has torch (never in the analyser's process): prints JSON
``{"raised": {line: "error text"}, "reveals": {line: [shape or null, ...]}, "ran": [line, ...],
"missing": [module, ...]}`` where ``raised`` holds the first line of every top-level statement that
raised, ``reveals`` the shape of every ``reveal_shape(...)`` argument (a tuple of ints; null for a
value without a shape), ``ran`` every line of the program torch executed (a function body runs only
where the program calls it), and ``missing`` the modules a top-level import could not find here.
"""

from __future__ import annotations

import ast
import json
import sys


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
        reveals.setdefault(line, []).append(list(shape) if shape is not None else None)
        return value

    env = {"reveal_shape": reveal_shape, "__name__": "__oracle__"}
    for stmt in tree.body:
        code = compile(ast.Module([stmt], []), path, "exec")
        sys.settrace(trace_lines)
        try:
            exec(code, env)
        except ModuleNotFoundError as err:
            missing.append(err.name or "?")
            raised.setdefault(stmt.lineno, f"{type(err).__name__}: {err}")
        except Exception as err:  # noqa: BLE001 - every failure is data here
            raised.setdefault(stmt.lineno, f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}")
        finally:
            sys.settrace(None)
    return {"raised": raised, "reveals": reveals, "ran": sorted(ran), "missing": missing}


if __name__ == "__main__":
    import torch

    torch.manual_seed(0)
    print(json.dumps({path: run(path) for path in sys.argv[1:]}))
