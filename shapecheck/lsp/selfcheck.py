"""``shapecheck lsp --check``: can an editor start the server? Answered by doing what an editor does.

An editor runs the command it was configured with (``shapecheck lsp``, found on its ``PATH``),
sends ``initialize`` over stdio and waits for the capabilities. So does this check: it starts the
server as a child process the way the editor would, performs the handshake with a deadline, then
``shutdown``/``exit``, and prints one line per step. The usual failures are each named: the
command is not on ``PATH`` (the editor would find nothing), the server dies on start (its stderr is
shown), or it does not answer in time.

Standard library only (plus the server's own framing reader): the check must run where the server
itself might not.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from typing import Sequence

from ..version import __version__
from .framing import MessageReader

HANDSHAKE_SECONDS = 30.0   # a cold start imports z3 and the analyser: seconds, not minutes
WANTED_CAPABILITIES = ("textDocumentSync", "notebookDocumentSync", "hoverProvider", "codeActionProvider")


@dataclass(frozen=True)
class Step:
    """One line of the check's report: what was checked, whether it passed, and the detail."""

    ok: bool
    what: str
    detail: str

    def text(self) -> str:
        return f"{'ok  ' if self.ok else 'FAIL'} {self.what}: {self.detail}"


def frame(message: dict) -> bytes:
    """One JSON-RPC message in the LSP base protocol's framing."""
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def editor_command() -> list[str] | None:
    """``shapecheck lsp`` as an editor configured per the README would run it, if on PATH."""
    found = shutil.which("shapecheck")
    return [found, "lsp"] if found else None


def handshake(command: Sequence[str], timeout: float = HANDSHAKE_SECONDS) -> tuple[dict | None, str]:
    """Start ``command``, initialize it, shut it down. The ``initialize`` result (None on failure),
    and a word on what happened (the server's stderr when it failed)."""
    try:
        child = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
    except OSError as error:
        return None, f"cannot run {command[0]}: {error.strerror or error}"
    replies: queue.Queue[bytes | None] = queue.Queue()
    reader = MessageReader(child.stdout.read1)

    def pump() -> None:   # a thread, so the wait for the reply can have a deadline
        while (message := reader.next_message()) is not None:
            replies.put(message)
        replies.put(None)

    threading.Thread(target=pump, daemon=True).start()
    try:
        child.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": os.getpid(), "rootUri": None,
            # as a client that syncs notebooks (VS Code): servers offer notebook sync only to those
            "capabilities": {"notebookDocument": {"synchronization": {}}},
            "clientInfo": {"name": "shapecheck lsp --check"}}}))
        child.stdin.flush()
        result = _reply_to(1, replies, timeout)
        if result is None:
            return None, _failure(child, f"no answer to initialize within {timeout:.0f} s")
        child.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        child.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        child.stdin.flush()
        _reply_to(2, replies, timeout)
        child.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
        child.stdin.close()
        child.wait(timeout)
        return result, f"exit status {child.returncode}"
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, _failure(child, str(error))
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _reply_to(request_id: int, replies: queue.Queue, timeout: float) -> dict | None:
    """The ``result`` of the response to ``request_id`` (None: no such response in time)."""
    while True:
        try:
            message = replies.get(timeout=timeout)
        except queue.Empty:
            return None
        if message is None:
            return None
        try:
            decoded = json.loads(message)
        except ValueError:
            continue
        if decoded.get("id") == request_id and "method" not in decoded:
            return decoded.get("result") or {}


def _failure(child: subprocess.Popen, what: str) -> str:
    if child.poll() is None:
        child.kill()
    _, stderr = child.communicate()
    tail = stderr.decode(errors="replace").strip().splitlines()[-5:]
    return what + (f" (exit status {child.returncode}; stderr: {' | '.join(tail)})" if tail else "")


def check_steps(own_command: Sequence[str]) -> list[Step]:
    """Each step of the check: this install's server, then the ``shapecheck`` an editor finds."""
    steps = []
    result, detail = handshake(own_command)
    if result is None:
        steps.append(Step(False, "this install's server starts", detail))
        return steps
    info = result.get("serverInfo") or {}
    capabilities = result.get("capabilities") or {}
    missing = [name for name in WANTED_CAPABILITIES if name not in capabilities]
    steps.append(Step(True, "this install's server starts",
                      f"{info.get('name', '?')} {info.get('version', '?')} answered initialize ({detail})"))
    steps.append(Step(not missing, "capabilities",
                      f"missing {', '.join(missing)}" if missing else ", ".join(WANTED_CAPABILITIES)))
    command = editor_command()
    if command is None:
        steps.append(Step(False, "`shapecheck` on PATH",
                          "not found: an editor configured with cmd = {\"shapecheck\", \"lsp\"} cannot "
                          f"start it; add {os.path.dirname(sys.executable)} to PATH or give the full path"))
        return steps
    result, detail = handshake(command)
    version = ((result or {}).get("serverInfo") or {}).get("version")
    ok = result is not None and version == __version__
    detail = (f"{command[0]} answered initialize" if ok else
              f"{command[0]} is shapecheck {version}, this is {__version__}" if result is not None else
              f"{command[0]}: {detail}")
    steps.append(Step(ok, "`shapecheck lsp` as an editor runs it", detail))
    return steps


def run_check(own_command: Sequence[str]) -> int:
    """Print the check's steps; 0 when an editor can start the server, 1 when not."""
    steps = check_steps(own_command)
    for step in steps:
        print(step.text())
    ok = all(step.ok for step in steps)
    print("An LSP client can start `shapecheck lsp`." if ok else
          "An LSP client cannot start `shapecheck lsp` as configured; see FAIL above.")
    return 0 if ok else 1
