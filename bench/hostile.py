"""One hostile client against the real server, another table served meanwhile (a benchmark, not a test).

Starts `scorekeeper serve` (gunicorn, 2 gevent workers) on loopback. The hostile client (127.0.0.1) holds
CONNECTIONS connections of one kind at once, each asking again (or reconnecting) the moment it is answered
or cut; the other table (127.0.0.2, another address of the loopback) opens its game page and saves a round
every half second, each on a connection of its own. Then the memory: the news of 80 long games (1,000
rounds each) in three languages with every round drawn (?rounds=all), against each worker's memory before.
Targets (issue 25): the other table's page and save each under 2 s throughout; memory at most 150 MB more.
The flood of issue 38: `flood` (500 kept-alive connections asking /healthz as fast as they are answered) or
`flood-polls` (a poll with an old version, answered at once), each worker pacing the address (worker.py).
Run: `.venv/bin/python bench/hostile.py [polls|uploads|flood|flood-polls|memory ...] [--connections 3000]
[--seconds 30]`. With `--against PORT --target GAME_URL`, only the hostile client of the one kind named, against a
server already running (bench/night.py runs it so, in a process of its own beside the venue's phones), printing
what it got as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.long_game import PLAYERS, form, played
from bench.server import Server
from scorekeeper import gamefile

HOSTILE, TABLE = "127.0.0.1", "127.0.0.2"
TARGET_SECONDS, TARGET_MB = 2.0, 150
SETTINGS = {"CREATE_LIMIT": "100000 per minute"}  # the bench imports its long games at full speed


def ask(port: int, method: str, path: str, body: bytes = b"", headers: dict | None = None, source=TABLE):
    """One request on a connection of its own from `source`: (status, headers, body, seconds)."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), data, time.perf_counter() - started
    finally:
        conn.close()


class Table:
    """The other table: its phone's cookie, its game, and the round it saves next."""

    def __init__(self, port: int):
        self.port, self.number = port, 1
        fields = {f"player.{k}": name for k, name in enumerate(PLAYERS)} | {"dealer": "0"}
        body = "&".join(f"{k}={v}" for k, v in fields.items()).encode()
        status, headers, _, _ = ask(port, "POST", "/new/everest-abyss", body, FORM)
        assert status == 303, status
        self.cookie = headers["Set-Cookie"].split(";")[0]
        self.url = headers["Location"]

    def turn(self) -> tuple[float, float]:
        """Open the game page, then save the next round: the seconds each took (inf if it failed)."""
        page = self._timed("GET", self.url, b"")
        body = "&".join(f"{k}={v}" for k, v in form(self.number).items()).encode()
        save = self._timed("POST", self.url + "/rounds", body, FORM)
        self.number += save != float("inf")
        return page, save

    def _timed(self, method, path, body, headers=None) -> float:
        try:
            status, _, _, took = ask(self.port, method, path, body, {**(headers or {}), "Cookie": self.cookie})
        except OSError:
            return float("inf")
        return took if status in (200, 303) else float("inf")


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def served_meanwhile(table: Table, seconds: float, stop: threading.Event) -> list[tuple[float, float]]:
    """The other table's turns, one every half second, for `seconds`."""
    turns, end = [], time.monotonic() + seconds
    while time.monotonic() < end and not stop.is_set():
        turns.append(table.turn())
        time.sleep(0.5)
    return turns


# what each kind of connection asks, again and again on the one connection: a long poll that waits (polls), or,
# as fast as it is answered (issue 38's flood), the trivial route or a poll with an old version answered at once
ASKS = {
    "polls": "{target}/poll?version={version}&wait=20",
    "flood": "/healthz",
    "flood-polls": "{target}/poll?version=0",
}


class Hostile:
    """CONNECTIONS connections from one address, each holding what it can (a long poll, or an upload that
    trickles) or asking as fast as it is answered (a flood), reopened the moment the server closes it."""

    def __init__(self, port: int, count: int, kind: str, target: str, version: int):
        self.port, self.count, self.kind = port, count, kind
        self.target, self.version = target, version
        self.open = 0  # connections open right now
        self.held_max = 0
        self.refused = 0  # connections closed by the server before any answer
        self.answers: dict[int, int] = {}

    def figures(self) -> dict:
        """What it held and what it was answered."""
        answers = dict(sorted(self.answers.items()))
        return {"held at most": self.held_max, "closed unanswered": self.refused, "answers": answers}

    async def run(self, seconds: float) -> None:
        """Keep `count` connections busy for `seconds`."""
        end = time.monotonic() + seconds
        await asyncio.gather(*(self._one(end) for _ in range(self.count)))

    async def _one(self, end: float) -> None:
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(HOSTILE, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            self.open += 1
            self.held_max = max(self.held_max, self.open)
            try:
                await asyncio.wait_for(self._use(reader, writer, end), max(0.1, end - time.monotonic()))
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                pass
            finally:
                self.open -= 1
                writer.close()

    async def _use(self, reader, writer, end: float) -> None:
        """Ask on this connection again and again (long polls), or trickle one upload, until it is cut."""
        while time.monotonic() < end:
            if self.kind in ASKS:
                path = ASKS[self.kind].format(target=self.target, version=self.version)
                writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nHX-Request: true\r\n\r\n".encode())
            else:
                head = "POST /games/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                writer.write(f"{head}Content-Length: 1000000\r\n\r\n{{".encode())
            await writer.drain()
            if self.kind == "uploads":
                trickle = asyncio.ensure_future(self._trickle(writer))
            try:
                status = await self._answer(reader)
            finally:
                if self.kind == "uploads":
                    trickle.cancel()
            self.answers[status] = self.answers.get(status, 0) + 1
            if self.kind == "uploads":
                return

    async def _trickle(self, writer) -> None:
        while True:
            await asyncio.sleep(2)
            writer.write(b" ")
            await writer.drain()

    async def _answer(self, reader) -> int:
        line = await reader.readline()
        if not line:
            self.refused += 1
            raise ValueError("closed")
        status, length = int(line.split()[1]), 0
        while (header := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = header.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        if length:
            await reader.readexactly(length)
        return status


def hold(port: int, kind: str, count: int, seconds: float, table: Table, target: str) -> dict:
    """The other table's turns while one address holds `count` connections of `kind`."""
    hostile = Hostile(port, count, kind, target, 1)  # the target game is new: version 1, so every poll waits
    stop = threading.Event()

    def later() -> list[tuple[float, float]]:
        time.sleep(5)  # the table starts once the hostile connections are open
        return served_meanwhile(table, seconds - 8, stop)

    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(later)
        asyncio.run(hostile.run(seconds))
        stop.set()
        turns = future.result()
    pages = [p for p, _ in turns]
    saves = [s for _, s in turns]
    return {
        "kind": kind,
        "connections": count,
        "held at most": hostile.held_max,
        "closed unanswered": hostile.refused,
        "answers": dict(sorted(hostile.answers.items())),
        "answers per s": round(sum(hostile.answers.values()) / seconds),
        "turns": len(turns),
        "page p50 s": round(statistics.median(pages), 3),
        "page max s": round(max(pages), 3),
        "save p50 s": round(statistics.median(saves), 3),
        "save max s": round(max(saves), 3),
        "met": max(pages + saves) < TARGET_SECONDS,
    }


def rss_mb(pids: list[int]) -> list[float]:
    """Each process's resident memory now, in MB."""
    found = []
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                found.append(round(int(line.split()[1]) / 1024, 1))
    return found


def memory(server: Server, games: int = 80, rounds: int = 1000) -> dict:
    """Each worker's memory before and after the news of `games` long games in three languages, all rounds."""
    document = {"format": gamefile.FORMAT, "rules": "everest-abyss", "players": PLAYERS, "rounds": played(rounds)}
    body = json.dumps(document).encode()
    before = rss_mb(server.workers())
    with ThreadPoolExecutor(4) as pool:
        made = list(
            pool.map(lambda _: ask(server.port, "POST", "/games/import", body, JSON)[1]["Location"], range(games))
        )
        news = [(url, lang) for url in made for lang in ("fr", "en", "de")]
        headers = {"HX-Request": "true", "Accept-Encoding": "br, gzip"}
        sizes = list(
            pool.map(
                lambda n: len(
                    ask(
                        server.port,
                        "GET",
                        f"{n[0]}/poll?version=0&rounds=all",
                        b"",
                        {**headers, "Accept-Language": n[1]},
                    )[2]
                ),
                news,
            )
        )
    after = rss_mb(server.workers())
    grown = [round(a - b, 1) for a, b in zip(after, before, strict=False)]
    return {
        "news answers": len(sizes),
        "bytes sent (compressed)": sum(sizes),
        "workers MB before": before,
        "workers MB after": after,
        "grown MB": grown,
        "both workers MB": round(sum(grown), 1),
        "met": all(each <= TARGET_MB for each in grown),  # per worker, as the issue measured (61 MB -> 1.2 GB each)
    }


JSON = {"Content-Type": "application/json"}


def main() -> None:
    """Run the chosen parts and print their figures as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["polls", "uploads", "memory"])
    parser.add_argument("--connections", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--set", action="append", default=[], help="a server setting, KEY=VALUE (repeatable)")
    parser.add_argument("--against", type=int, help="the port of a server already running: the hostile client only")
    parser.add_argument("--target", help="with --against: the game its polls watch")
    args = parser.parse_args()
    if args.against:
        attacker = Hostile(args.against, args.connections, args.parts[0], args.target, 1)
        asyncio.run(attacker.run(args.seconds))
        print(json.dumps(attacker.figures()), flush=True)
        return
    settings = SETTINGS | dict(each.split("=", 1) for each in args.set)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-hostile-") as folder:
        server = Server(Path(folder), workers=2, settings=settings)
        try:
            table = Table(server.port)
            target = Table(server.port).url  # the game the hostile client watches (another phone's)
            for part in args.parts:
                if part == "memory":
                    print(json.dumps(memory(server)), flush=True)
                else:
                    print(
                        json.dumps(hold(server.port, part, args.connections, args.seconds, table, target)), flush=True
                    )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
