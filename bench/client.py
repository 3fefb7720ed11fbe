"""A lean HTTP/1.1 keep-alive client and a closed-loop load generator, so the client costs little of the
CPU the server under test needs (both share the machine)."""

from __future__ import annotations

import socket
import statistics
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Response:
    """One answer: status, headers (lower-case names), body as sent, bytes received on the socket."""

    status: int
    headers: dict
    body: bytes
    wire: int


def build(method: str, path: str, headers: dict | None = None, body: bytes = b"", host: str = "") -> bytes:
    """The bytes of one request."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


class Connection:
    """One kept-alive connection; it reconnects when the server closes it."""

    def __init__(self, host: str, port: int):
        self.address = (host, port)
        self.sock: socket.socket | None = None
        self.buffer = b""

    def _open(self) -> None:
        """Connect, without Nagle's delay on small requests."""
        self.sock = socket.create_connection(self.address, timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def close(self) -> None:
        """Close the socket, if open."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _fill(self) -> int:
        """Read what has arrived; raise if the server closed the connection."""
        assert self.sock is not None, "read before the connection was opened"
        chunk = self.sock.recv(262144)
        if not chunk:
            raise ConnectionError("closed by the server")
        self.buffer += chunk
        return len(chunk)

    def _take(self, size: int) -> tuple[bytes, int]:
        """Exactly `size` bytes, and how many bytes had to be read from the socket for them."""
        read = 0
        while len(self.buffer) < size:
            read += self._fill()
        data, self.buffer = self.buffer[:size], self.buffer[size:]
        return data, read

    def _line(self) -> bytes:
        """One CRLF-terminated line (without the CRLF)."""
        while b"\r\n" not in self.buffer:
            self._fill()
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line

    def request(self, raw: bytes, retry: bool = True) -> Response:
        """Send one request and read its whole answer."""
        if self.sock is None:
            self._open()
        assert self.sock is not None
        try:
            self.sock.sendall(raw)
            return self._read(raw.startswith(b"HEAD "))
        except (ConnectionError, OSError):
            self.close()
            if not retry:
                raise
            return self.request(raw, retry=False)

    def _read(self, head: bool) -> Response:
        """Parse the status line, headers and body (Content-Length or chunked)."""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        top, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        wire = len(top) + 4
        lines = top.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if head or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "content-length" in headers:
            body, _ = self._take(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            body, wire = self._chunked(wire)
        else:
            body = self._until_closed()
        wire += len(body)
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Response(status, headers, body, wire)

    def _chunked(self, wire: int) -> tuple[bytes, int]:
        """A chunked body, and the wire count including the chunk framing."""
        parts: list[bytes] = []
        while True:
            line = self._line()
            size = int(line.split(b";")[0], 16)
            wire += len(line) + 2
            if size == 0:
                while self._line():
                    pass
                return b"".join(parts), wire + 2
            data, _ = self._take(size + 2)
            parts.append(data[:-2])
            wire += 2

    def _until_closed(self) -> bytes:
        """A body that ends when the connection does."""
        try:
            while True:
                self._fill()
        except ConnectionError:
            body, self.buffer = self.buffer, b""
            self.close()
            return body


@dataclass
class Run:
    """What one load run measured."""

    clients: int
    seconds: float
    latencies: list = field(default_factory=list)
    errors: dict = field(default_factory=dict)
    exhausted: bool = False

    @classmethod
    def merge(cls, runs: list[Run]) -> Run:
        """Several runs of the same route as one."""
        merged = cls(runs[0].clients, sum(r.seconds for r in runs))
        for run in runs:
            merged.latencies += run.latencies
            merged.exhausted = merged.exhausted or run.exhausted
            for status, n in run.errors.items():
                merged.errors[status] = merged.errors.get(status, 0) + n
        return merged

    @property
    def count(self) -> int:
        """Answers received within the measured window."""
        return len(self.latencies)

    @property
    def throughput(self) -> float:
        """Answers per second over the measured window."""
        return self.count / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        """Latency percentile in milliseconds (nearest rank)."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
        return ordered[rank] * 1000

    @property
    def mean(self) -> float:
        """Mean latency in milliseconds."""
        return statistics.fmean(self.latencies) * 1000 if self.latencies else float("nan")


class Exhausted(Exception):
    """The supply of requests ran out (each round save needs a game waiting for that round)."""


def load(host: str, port: int, next_request, expect: int, clients: int, seconds: float, warmup: float = 0.5) -> Run:
    """`clients` closed-loop clients, each on its own kept-alive connection, sending `next_request()`
    back to back; answers completed during the first `warmup` seconds are not counted."""
    barrier = threading.Barrier(clients + 1)
    lock = threading.Lock()
    out_of_requests = threading.Event()
    run, done = Run(clients, seconds), []
    window: dict = {}

    def client():
        conn = Connection(host, port)
        mine, errors = [], {}
        barrier.wait()
        try:
            while not out_of_requests.is_set():
                try:
                    raw = next_request()
                except Exhausted:
                    window.setdefault("exhausted", time.perf_counter())
                    out_of_requests.set()
                    break
                t0 = time.perf_counter()
                if t0 >= window["end"]:
                    break
                response = conn.request(raw)
                t1 = time.perf_counter()
                if response.status != expect:
                    errors[response.status] = errors.get(response.status, 0) + 1
                else:
                    mine.append((t1, t1 - t0))
        finally:
            conn.close()
            with lock:
                done.extend(mine)
                for status, n in errors.items():
                    run.errors[status] = run.errors.get(status, 0) + n

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    now = time.perf_counter()
    window.update(start=now + warmup, end=now + warmup + seconds)
    barrier.wait()
    for thread in threads:
        thread.join()
    end = min(window["end"], window.get("exhausted", window["end"]))
    run.exhausted = "exhausted" in window
    run.seconds = max(0.0, end - window["start"])
    run.latencies = [latency for t1, latency in done if window["start"] <= t1 <= end]
    return run
