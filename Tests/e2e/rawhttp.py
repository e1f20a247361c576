"""HTTP/1.1 over a plain socket, for requests `requests` will not send as they are: bodies larger
than the server accepts, oversized headers, bytes that are not UTF-8, NUL in the request target.

Every read has a socket timeout: it turns a server that never answers into a failure instead of a
hang (it is not a speed requirement; the timeout is far above any normal answer).
"""
from __future__ import annotations

import json
import select
import socket
from dataclasses import dataclass, field

READ_TIMEOUT = 60


@dataclass
class RawResponse:
    status: int
    headers: dict[str, str]
    body: bytes
    # True when the server closed the connection after this response.
    closed: bool = False
    extra: dict = field(default_factory=dict)

    def json(self):
        return json.loads(self.body)


def _read_response(sock: socket.socket) -> RawResponse:
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed before a response head; got {buffer[:200]!r}")
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body, rest = _read_chunked(sock, rest)
    else:
        while len(rest) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            rest += chunk
        body = rest[:length]
    return RawResponse(status, headers, body)


def _read_chunked(sock: socket.socket, data: bytes) -> tuple[bytes, bytes]:
    body = b""
    while True:
        while b"\r\n" not in data:
            data += sock.recv(65536)
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        while len(data) < size + 2:
            data += sock.recv(65536)
        body += data[:size]
        data = data[size + 2:]
        if size == 0:
            return body, data


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closes the connection (reads until EOF or an error; a timeout means open)."""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def exchange(port: int, head: bytes, body_chunks=(), *, expect_close: bool = False,
             timeout: float = READ_TIMEOUT) -> RawResponse:
    """Sends `head` (request line and headers, without the blank line) and the body chunks, then
    reads one response. A server that answers before the whole body is sent may close the
    connection meanwhile: sending then stops, and the response already sent is read.
    With `expect_close`, also waits to see whether the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head + b"\r\n\r\n")
        _send_until_answered(sock, body_chunks, timeout)
        response = _read_response(sock)
        if expect_close:
            response.closed = _closed_by_server(sock)
        return response


def _send_until_answered(sock: socket.socket, body_chunks, timeout: float) -> None:
    """Sends the body, but stops as soon as the server answers (or stops reading): an early
    answer is read before the server's close could reset the connection and discard it."""
    pending = b""
    chunks = iter(body_chunks)
    while True:
        if not pending:
            pending = next(chunks, b"")
            if not pending:
                return
        readable, writable, _ = select.select([sock], [sock], [], timeout)
        if readable:
            return
        if not writable:
            raise TimeoutError("the server neither reads the body nor answers")
        try:
            sent = sock.send(pending[:65536])
        except (BrokenPipeError, ConnectionResetError):
            return
        pending = pending[sent:]


def request_head(method: str, path: str, headers: dict[str, str] | list[tuple[str, str]]) -> bytes:
    items = headers.items() if isinstance(headers, dict) else headers
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"] + [f"{name}: {value}" for name, value in items]
    return "\r\n".join(lines).encode("latin-1")


def send(port: int, method: str, path: bytes | str, body: bytes = b"", headers: dict[str, str] | None = None) -> RawResponse:
    """One request with an exact body (bytes as given, no encoding) and `Connection: close`."""
    target = path if isinstance(path, bytes) else path.encode("latin-1")
    fields = {"Content-Length": str(len(body)), "Connection": "close", **(headers or {})}
    head = method.encode() + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "\r\n".join(
        f"{name}: {value}" for name, value in fields.items()).encode("latin-1")
    return exchange(port, head, [body] if body else [])
