"""The real server process with a scripted stand-in for the analyzer, for testing the LSP plumbing.

The stand-in reads directives from comments, so a test states exactly what the "analysis" finds,
how long it takes, and what it reads from other files; the protocol, scheduling, conversions and
actions under test are the real ones. (The end-to-end tests in test_e2e.py use the real analyzer.)

Directives (one per line, in a trailing comment):
    # expect SC101: message      an error on this line's code (warning/info by the code's severity)
    # related: 2: message        ... with a related location at line 2 of this file
    # shape: (3, 4) float64      the name assigned on this line gets this shape (and its value too)
    # sig: (x: (n, k)) -> (n,)   the function defined on this line has this signature
    # hole: 784                  HOLE on this line is solved as 784 (an SC302 with a fix)
    # sleep: 0.5                 the analysis of this file takes this many seconds; cancelled, it
                                 stops there, with what it found on the lines above and an SC006
    # stuck: 0.5                 ... and does not stop when cancelled (a long solver question)
    # hold: NAME                 the analysis is under way until a file NAME exists beside this
                                 file (the test says when it ends: no race with a clock);
                                 cancelled, it stops as with sleep
    from mod import f            if mod.py (an open buffer, else the disk) says "# broken",
                                 this line gets an SC110
Each analysis appends "<path> <first line of text>" to the file named by $SCRIPTED_LOG.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from shapecheck.report.codes import CODES
from shapecheck.report.diagnostics import Diagnostic, FileReport, Fix, Related, ShapeNote, Span

_DIRECTIVE = re.compile(r"\s*(expect|related|shape|sig|hole|sleep|stuck|hold)\s*(SC\d+)?\s*:\s*(.*?)\s*$")
_ASSIGN = re.compile(r"^(\s*)([^\W\d][\w.]*)\s*=\s*(.*?)\s*(#|$)")
_DEF = re.compile(r"^\s*def\s+(\w+)")
_FROM = re.compile(r"^\s*from\s+(\w+)\s+import")


def _code_span(number: int, line: str) -> Span:
    body = line.split("#", 1)[0].rstrip()
    start = len(line) - len(line.lstrip())
    return Span(number, start + 1, number, max(len(body), start + 1) + 1)


def _sleep(seconds: float, cancellation) -> bool:
    """Sleep, as the analyzer works: until done (True) or cancelled (False)."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if cancellation is not None and cancellation.reason is not None:
            return False
        time.sleep(min(0.01, max(0.0, until - time.monotonic())))
    return True


def _hold(release: Path, cancellation) -> bool:
    """Wait, as a long analysis works, until ``release`` exists (True) or the run is cancelled
    (False). Bounded, so that a test that fails before releasing cannot hang its server."""
    until = time.monotonic() + 120.0
    while not release.exists() and time.monotonic() < until:
        if cancellation is not None and cancellation.reason is not None:
            return False
        time.sleep(0.01)
    return True


def scripted_check(source, path="<string>", *, project=None, options=None, cancellation=None) -> FileReport:
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    if os.environ.get("SCRIPTED_LOG"):
        with open(os.environ["SCRIPTED_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{path} {text.splitlines()[0] if text else ''}\n")
    report = FileReport(path=path)
    for number, line in enumerate(text.splitlines(), start=1):
        found = {m.group(1): m for m in map(_DIRECTIVE.match, line.split("#")[1:]) if m}
        if "stuck" in found:
            time.sleep(float(found["stuck"].group(3)))
        held = "hold" in found and not _hold(Path(path).parent / found["hold"].group(3), cancellation)
        if held or "sleep" in found and not _sleep(float(found["sleep"].group(3)), cancellation):
            report.diagnostics.append(Diagnostic(path, Span(number, 1, number, 1), "SC006", "info",
                                                 f"analysis stopped here: {cancellation.reason}"))
            break
        if "expect" in found:
            code = found["expect"].group(2)
            related = ()
            if "related" in found:
                at, message = found["related"].group(3).split(":", 1)
                at = int(at)
                related = (Related(path, Span(at, 1, at, 2), message.strip()),)
            report.diagnostics.append(Diagnostic(path, _code_span(number, line), code, CODES[code].severity,
                                                 found["expect"].group(3).strip(), related=related))
        if "shape" in found and (assign := _ASSIGN.match(line)):
            shape = found["shape"].group(3).strip()
            name_at = len(assign.group(1)) + 1
            report.notes.append(ShapeNote(Span(number, name_at, number, name_at + len(assign.group(2))),
                                          shape, "assign"))
            value_at = assign.start(3) + 1
            report.notes.append(ShapeNote(Span(number, value_at, number, assign.end(3) + 1), shape, "expr"))
        if "sig" in found and (define := _DEF.match(line)):
            at = define.start(1) + 1
            report.notes.append(ShapeNote(Span(number, at, number, at + len(define.group(1))),
                                          found["sig"].group(3).strip(), "def"))
        if "hole" in found and "HOLE" in line:
            at = line.index("HOLE") + 1
            span = Span(number, at, number, at + 4)
            value = found["hole"].group(3).strip()
            report.diagnostics.append(Diagnostic(path, span, "SC302", "info", f"HOLE = {value}", hole=value,
                                                 fix=Fix(f"Fill the hole with {value}", span, value)))
        if (imported := _FROM.match(line)) and project is not None:
            other = str(Path(path).parent / f"{imported.group(1)}.py")
            if "# broken" in (project.source_of(other) or ""):
                report.diagnostics.append(Diagnostic(path, _code_span(number, line), "SC110", "error",
                                                     f"{imported.group(1)} is broken"))
    report.diagnostics.sort(key=Diagnostic.sort_key)
    return report


if __name__ == "__main__":
    from shapecheck.lsp import server

    server.check_source = scripted_check
    sys.exit(server.main(sys.argv[1:]))
