"""A badly framed message costs that message, not the session (issue 11, item 7: fuzzing).

End to end: raw bytes into a real ``shapecheck lsp`` process over stdio, answers read back from its
stdout. Then the framing reader itself, on the cases the fuzz run found and a few around them.
"""

from __future__ import annotations

import io
import json
import queue
import subprocess
import sys
import threading

import pytest

from shapecheck.lsp.framing import MessageReader

BOUND = 20.0  # seconds any answer may take before the test fails instead of hanging


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(msg_id: int, method: str, params=None) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}


INITIALIZE = request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}


class RawServer:
    """``shapecheck lsp`` fed raw bytes; its answers (by id) collected from stdout by a thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "shapecheck.lsp.server"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line == b"\r\n" and length is not None:
                    break
            self.answers.put(json.loads(stream.read(length)))

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def answer(self, msg_id: int) -> dict:
        while True:
            message = self.answers.get(timeout=BOUND)
            if message.get("id") == msg_id:
                return message

    def close(self) -> int:
        self.send(frame(request(99, "shutdown")))
        self.answer(99)
        self.send(frame({"jsonrpc": "2.0", "method": "exit"}))
        self.process.stdin.close()
        return self.process.wait(BOUND)


@pytest.fixture
def server():
    raw = RawServer()
    try:
        raw.send(frame(INITIALIZE))
        assert "capabilities" in raw.answer(1)["result"]
        raw.send(frame(INITIALIZED))
        yield raw
    finally:
        if raw.process.poll() is None:
            raw.process.kill()
            raw.process.wait(BOUND)


HOVER = {"textDocument": {"uri": "file:///nowhere.py"}, "position": {"line": 0, "character": 0}}


@pytest.mark.parametrize("bad", [
    # too short: the body's tail stands in front of the next header
    b"Content-Length: 10\r\n\r\n" + json.dumps(request(2, "textDocument/hover", HOVER)).encode(),
    # too long: the next message's header stands inside the declared body
    b"Content-Length: 5000\r\n\r\n" + json.dumps(request(2, "textDocument/hover", HOVER)).encode(),
    # no number, and a length no one could mean (pygls allocated it: MemoryError)
    b"Content-Length: x\r\n\r\n{}",
    b"Content-Length: 1000000000000\r\n\r\n{}",
    b"Content-Length: 0\r\n\r\n",
    b"garbage without any header\r\n\r\n",
])
def test_server_answers_after_a_badly_framed_message(server, bad):
    server.send(bad)
    server.send(frame(request(3, "textDocument/hover", HOVER)))
    assert server.answer(3)["id"] == 3
    assert server.close() == 0


def test_server_answers_every_request_after_several_bad_frames(server):
    for msg_id in range(10, 15):
        server.send(b"Content-Length: 3\r\n\r\n{\"jsonrpc\": \"2.0\"}")
        server.send(frame(request(msg_id, "textDocument/hover", HOVER)))
        server.answer(msg_id)
    assert server.close() == 0


# -- the reader alone --------------------------------------------------------------------------------
def messages(raw: bytes, limit: int = 1 << 20, chunk: int | None = None) -> list[bytes]:
    stream = io.BytesIO(raw)
    reader = MessageReader((lambda n: stream.read(chunk)) if chunk else stream.read1, limit)
    out = []
    while (body := reader.next_message()) is not None:
        out.append(body)
    return out


GOOD = [frame(request(i, "m", {"text": "Content-Length: 5\r\n" * i})) for i in range(3)]


@pytest.mark.parametrize("chunk", [None, 1, 7])
def test_reader_keeps_well_framed_messages_whatever_the_read_size(chunk):
    bodies = [json.loads(b) for b in messages(b"".join(GOOD), chunk=chunk)]
    assert [b["id"] for b in bodies] == [0, 1, 2]


def test_reader_takes_other_headers_and_any_case():
    body = b'{"jsonrpc": "2.0"}'
    raw = (b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body)
           + body + GOOD[0])
    assert messages(raw) == [body, GOOD[0].split(b"\r\n\r\n", 1)[1]]


def test_reader_drops_an_oversized_message_without_reading_it_whole():
    raw = b"Content-Length: 99999999999999\r\n\r\n" + b"x" * 100_000 + GOOD[1]
    assert [json.loads(b)["id"] for b in messages(raw, limit=1000)] == [1]


def test_reader_ends_at_the_end_of_the_stream_mid_message():
    assert messages(GOOD[0][:-3]) == []
    assert messages(b"Content-Length: 12\r\n") == []
