"""Reading LSP messages from stdin so that one badly framed message costs that message, not the session.

The base protocol frames each JSON-RPC message as headers, a blank line and a body of exactly
``Content-Length`` bytes (LSP specification, "Base Protocol"). pygls 2.x reads the frames itself
(``pygls.io_.run_async``): it trusts the length, so a wrong one leaves it out of step for good (a
short length leaves the body's tail in front of the next header, which it then never matches), and
``Content-Length: 1000000000000`` makes it allocate that much (MemoryError kills the server).

:class:`ResyncingStream` stands between stdin and pygls: it finds each message itself and hands
pygls a clean stream of ``Content-Length: n\\r\\n\\r\\n`` + body, one message at a time. It
resynchronises on the next ``Content-Length`` header, which is safe because that header can never
be part of a JSON body: JSON has no bare words and no raw CR/LF inside strings (RFC 8259, section 7).

- A header found anywhere in a line is taken (the tail of a body cut short stands before it).
- A length over :data:`MAX_MESSAGE_BYTES` is dropped, and so is a zero length (pygls would stop).
- A body that holds a header was given too long a length: it is dropped at once and reading
  resumes at that header, without waiting for bytes that may never come.

>>> import io
>>> good = b'{"jsonrpc": "2.0", "method": "exit"}'
>>> raw = b"Content-Length: 3\\r\\n\\r\\n{}}" + b"Content-Length: %d\\r\\n\\r\\n" % len(good) + good
>>> reader = MessageReader(io.BytesIO(raw).read1)
>>> reader.next_message(), reader.next_message() == good, reader.next_message()
(b'{}}', True, None)
"""

from __future__ import annotations

import logging
import re
from collections import deque
from typing import BinaryIO, Callable

MAX_MESSAGE_BYTES = 64 * 1024 * 1024   # a didOpen of a 10 MB file (the CLI's cap) is well under this
CHUNK_BYTES = 64 * 1024
#: The header, wherever it stands; the length's digits are bounded so a bogus one is never a bignum.
HEADER = re.compile(rb"Content-Length:[ \t]*(\d{1,20})[ \t]*\r\n", re.IGNORECASE)
#: Bytes kept from a scan that found no header: a header split across two reads still matches.
_HEADER_TAIL = 64
#: Other headers (Content-Type) between Content-Length and the blank line: this much is plenty.
_MAX_HEADER_BLOCK = 8192

logger = logging.getLogger(__name__)


class MessageReader:
    """The message bodies of a byte stream, resynchronising after a bad frame (see the module doc).

    ``read_chunk`` returns the bytes available (blocking until there is at least one), b"" at the
    end of the stream: ``BufferedReader.read1``."""

    def __init__(self, read_chunk: Callable[[int], bytes], limit: int = MAX_MESSAGE_BYTES):
        self._read_chunk = read_chunk
        self._limit = limit
        self._buffer = bytearray()
        self._eof = False

    def next_message(self) -> bytes | None:
        """The next well-framed body; None at the end of the stream."""
        while True:
            length = self._headers()
            if length is None:
                return None
            body = self._body(length)
            if body is not None:
                return body

    def _fill(self) -> bool:
        """Read more into the buffer; False at the end of the stream."""
        if self._eof:
            return False
        chunk = self._read_chunk(CHUNK_BYTES)
        if not chunk:
            self._eof = True
            return False
        self._buffer += chunk
        return True

    def _headers(self) -> int | None:
        """Consume up to the end of the next usable header block; its length (None at the end)."""
        scanned = 0
        while True:
            match = HEADER.search(self._buffer, scanned)
            if match is None:
                self._drop_scanned()
                if not self._fill():
                    return None
                scanned = 0
                continue
            length, header_end = int(match.group(1)), match.end() - match.start()
            if match.start():
                if self._buffer[:match.start()].strip():
                    logger.warning("skipped %d bytes before an LSP header", match.start())
                del self._buffer[:match.start()]
            # The blank line closing the block; other headers (Content-Type) may come first.
            blank = self._buffer.find(b"\r\n\r\n", header_end - 2)
            if blank < 0:
                if len(self._buffer) > _MAX_HEADER_BLOCK:   # no blank line follows: not a header block
                    scanned = 1
                    continue
                if not self._fill():
                    return None
                scanned = 0
                continue
            again = HEADER.search(self._buffer, 1, blank + 2)
            if again is not None:       # a second header before the blank line: the later one frames
                scanned = again.start()
                continue
            del self._buffer[:blank + 4]
            if length == 0 or length > self._limit:
                logger.warning("dropped an LSP message with Content-Length %d (the limit is %d)",
                               length, self._limit)
                scanned = 0
                continue
            return length

    def _drop_scanned(self) -> None:
        """Forget a buffer that holds no header, but for a tail that may be the start of one."""
        if len(self._buffer) > _HEADER_TAIL:
            if self._buffer[:-_HEADER_TAIL].strip():
                logger.warning("skipped %d bytes that are not an LSP header", len(self._buffer) - _HEADER_TAIL)
            del self._buffer[:-_HEADER_TAIL]

    def _body(self, length: int) -> bytes | None:
        """The next ``length`` bytes; None when a header stands inside them (resume there)."""
        scanned = 0
        while True:
            window = min(len(self._buffer), length)
            stray = HEADER.search(self._buffer, max(0, scanned - _HEADER_TAIL), window)
            if stray is not None:
                logger.warning("dropped an LSP message whose Content-Length (%d) ran into the next header", length)
                del self._buffer[:stray.start()]
                return None
            if len(self._buffer) >= length:
                body = bytes(self._buffer[:length])
                del self._buffer[:length]
                return body
            scanned = window
            if not self._fill():
                return None


class ResyncingStream:
    """What pygls reads in place of stdin: the messages of :class:`MessageReader`, each framed
    anew. pygls calls ``readline()`` for the header lines and ``read(n)`` for the body (from one
    thread at a time)."""

    def __init__(self, raw: BinaryIO, limit: int = MAX_MESSAGE_BYTES):
        read_chunk = getattr(raw, "read1", None) or raw.read
        self._messages = MessageReader(read_chunk, limit)
        self._lines: deque[bytes] = deque()
        self._body = b""

    def readline(self) -> bytes:
        if not self._lines:
            body = self._messages.next_message()
            if body is None:
                return b""
            self._body = body
            self._lines.extend((b"Content-Length: %d\r\n" % len(body), b"\r\n"))
        return self._lines.popleft()

    def read(self, n: int = -1) -> bytes:
        body, self._body = self._body, b""
        return body


__all__ = ["MAX_MESSAGE_BYTES", "MessageReader", "ResyncingStream"]
