"""A venue on one server (a benchmark, not a test): TABLES tables, each watched by WATCHERS phones and saving a
round every SAVE_EVERY seconds, against the real server (`scorekeeper serve`, gunicorn) on loopback.

Watching phones either ask every 3 s (`--mode poll`, what the watch page did before issue 18) or wait for
news (`--mode long`, long polling, what follow.js does now). Measured: the trivial route's p50 on the idle
server; then, with every phone connected, the saves' latency, how late each watcher gets each saved round
(from the moment the save was sent), the answer time of polls, errors, and the server's CPU time and
resident memory (master and workers, from /proc) against the idle server, per 100 watchers.

With `--database postgresql` the store is a PostgreSQL server of its own (bench/pgcluster.py, durable: fsync
and synchronous commits on, as in production) and `--servers N` runs N app servers on it, each table's saving
phone and watchers spread over them (a watcher is often on another server than the save); `--compare` runs
one server on SQLite, then two on PostgreSQL, one after the other, and prints both. The database's own CPU
is counted apart (`db_cpu_per_s`).

Run: `.venv/bin/python -m bench.venue --tables 300 --watchers 3 --mode long --seconds 30`.
Keep runs short on a shared machine: a run lasts about `--seconds` plus the set-up.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from scorekeeper import db as database
from scorekeeper import store

from . import hostile, pgcluster, scenario
from .server import HOST, Server

TICKS = os.sysconf("SC_CLK_TCK")
VERSION = re.compile(rb"poll\?version=(\d+)")
PROXY = {"TRUSTED_PROXY": HOST}  # the phones reach the servers through a proxy on loopback (Venue.headers)


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds used so far by these processes."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / TICKS


def rss_kib(pids: list[int]) -> int:
    """Resident memory of these processes now, KiB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


async def request(port: int, method: str, path: str, headers: dict, body: bytes = b"") -> tuple[int, bytes]:
    """One HTTP/1.1 request on a connection of its own; the status and the body."""
    status, _, found = await exchange(port, method, path, headers, body)
    return status, found


async def exchange(
    port: int, method: str, path: str, headers: dict, body: bytes = b"", source: str | None = None
) -> tuple[int, dict, bytes]:
    """One HTTP/1.1 request on a connection of its own, from the loopback address `source` if given; the status,
    the headers (names in lower case) and the body. A connection closed unanswered is status 0."""
    reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source, 0) if source else None)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        if body:
            head += f"Content-Length: {len(body)}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    status = int(raw.split(b" ", 2)[1]) if raw.startswith(b"HTTP/") else 0
    top, _, found = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")[1:]
    return status, {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}, found


class Venue:
    """The phones of the venue and what they saw."""

    def __init__(self, ports: list[int], games: list[str], version: int, args):
        self.ports, self.games, self.args = ports, games, args
        self.place = {game: k for k, game in enumerate(games)}
        self.versions = dict.fromkeys(games, version)
        self.saved_at: dict[str, float] = {}  # game -> when its save was sent
        self.saved_done: dict[str, float] = {}  # game -> when the save's answer came
        self.delays: list[float] = []  # per watcher and saved round: sent -> the watcher has the board
        self.after_answer: list[float] = []  # the same from the save's answer
        self.polls: list[float] = []  # answer times of polls (3 s polling: every poll; long: those with news)
        self.saves: list[float] = []
        self.errors: list[str] = []
        self.measuring = False
        self.stop = False

    def headers(self, game: str, **extra) -> dict:
        """A phone's headers: each table's phones come from an address of their own, forwarded by the proxy
        the servers trust (PROXY), as a venue's phones reach the app through Caddy; from one address they
        would meet the caps one client may hold (guard.py, worker.py)."""
        k = self.place[game]
        address = f"10.{k >> 16 & 255}.{k >> 8 & 255}.{k & 255}"
        return {"Accept-Encoding": "br, gzip", "HX-Request": "true", "X-Forwarded-For": address, **extra}

    def port(self, game: str, phone: int = 0) -> int:
        """The server a phone of a table talks to: the tables' phones spread over the servers."""
        return self.ports[(self.place[game] + phone) % len(self.ports)]

    async def watcher(self, game: str, phone: int = 1, scoring: bool = False) -> None:
        """One watching phone, following its table until the end of the run (`scoring`: a phone that scores the
        table too, with the scorer's cookie, as its game page follows the game since issue 27)."""
        seen, port = self.versions[game], self.port(game, phone)
        cookie = {"Cookie": f"device={scenario.DEVICE}"} if scoring else {}
        await asyncio.sleep(random.random() * 3)  # phones do not all open the page in the same second
        while not self.stop:
            query = {"version": seen, **({"wait": 20} if self.args.mode == "long" else {})}
            started = time.monotonic()
            try:
                status, body = await request(
                    port, "GET", f"/games/{game}/poll?{urlencode(query)}", self.headers(game, **cookie)
                )
            except OSError as exc:
                status, body = 0, str(exc).encode()
            now = time.monotonic()
            if status == 200:
                found = VERSION.search(body) if not body.startswith(b"\x1f") else None
                seen = int(found.group(1)) if found else seen + 1
                if self.measuring and game in self.saved_at:
                    self.delays.append(now - self.saved_at[game])
                    if game in self.saved_done:
                        self.after_answer.append(max(0.0, now - self.saved_done[game]))
            elif status != 204:
                if self.measuring and not self.stop:
                    self.errors.append(f"poll {status}")
                await asyncio.sleep(1)
            if self.measuring and (self.args.mode == "poll" or status == 200):
                self.polls.append(now - started)
            if self.args.mode == "poll":
                await asyncio.sleep(max(0.0, 3 - (time.monotonic() - started)))

    async def table(self, game: str) -> None:
        """The scoring phone of a table: saves round 6 once, at a random moment of the measured window."""
        await asyncio.sleep(self.args.warmup + random.random() * self.args.seconds)
        body = urlencode(scenario.save_form(scenario.SAVED)).encode()
        self.saved_at[game] = started = time.monotonic()
        status, _ = await request(
            self.port(game),
            "POST",
            f"/games/{game}/rounds",
            self.headers(game, Cookie=f"device={scenario.DEVICE}"),
            body,
        )
        self.saved_done[game] = time.monotonic()
        self.saves.append(self.saved_done[game] - started)
        if status != 200:
            self.errors.append(f"save {status}")


def pct(values: list[float], q: float) -> float:
    """The q-th percentile in ms (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


async def trivial(port: int, count: int) -> float:
    """The trivial route's p50 in ms, one request after the other."""
    times = []
    for _ in range(count):
        started = time.monotonic()
        await request(port, "GET", "/healthz", {})
        times.append(time.monotonic() - started)
    return statistics.median(times) * 1000


def database_cpu(postmaster: int | None) -> float:
    """CPU seconds used so far by a PostgreSQL server: the postmaster, its live processes and those gone."""
    if postmaster is None:
        return 0.0
    children = []
    for task in Path(f"/proc/{postmaster}/task").glob("*/children"):
        children += [int(pid) for pid in task.read_text().split()]
    fields = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
    gone = (int(fields[13]) + int(fields[14])) / TICKS  # cutime, cstime: its children that ended
    return cpu_seconds([postmaster, *children]) + gone


async def run(servers: list[Server], games: list[str], version: int, args, postmaster: int | None = None) -> dict:
    """Idle figures, then the venue for `args.seconds` with every phone connected."""
    server = servers[0]
    pids = [pid for each in servers for pid in (each.process.pid, *each.workers())]
    idle_p50 = await trivial(server.port, 300)
    idle_rss = rss_kib(pids)
    venue = Venue([each.port for each in servers], games, version, args)
    tables = games[: args.tables]
    watchers = [asyncio.create_task(venue.watcher(g, k + 1)) for g in tables for k in range(args.watchers)]
    watchers += [asyncio.create_task(venue.watcher(g, 0, scoring=True)) for g in tables for _ in range(args.scorers)]
    savers = [asyncio.create_task(venue.table(g)) for g in tables] if args.saves else []
    await asyncio.sleep(args.warmup)
    venue.measuring = True
    cpu0, db0, t0 = cpu_seconds(pids), database_cpu(postmaster), time.monotonic()
    await asyncio.sleep(args.seconds)
    cpu, db_cpu = cpu_seconds(pids) - cpu0, database_cpu(postmaster) - db0
    elapsed = time.monotonic() - t0
    rss = rss_kib(pids)
    busy_p50 = await trivial(server.port, 100)
    venue.measuring = False
    venue.stop = True
    for task in savers:
        task.cancel()
    await asyncio.sleep(0.5)
    for task in watchers:
        task.cancel()
    phones = max(1, len(watchers))
    return {
        "idle_trivial_p50": idle_p50,
        "busy_trivial_p50": busy_p50,
        "watchers": phones,
        "cpu_per_s": cpu / elapsed,
        "db_cpu_per_s": db_cpu / elapsed,
        "cpu_per_100": cpu / elapsed / phones * 100,
        "rss_mib": rss / 1024,
        "rss_per_100_mib": (rss - idle_rss) / 1024 / phones * 100,
        "saves": len(venue.saves),
        "save_p50": pct(venue.saves, 50),
        "save_p99": pct(venue.saves, 99),
        "seen_p50": pct(venue.delays, 50),
        "seen_p99": pct(venue.delays, 99),
        "after_save_p50": pct(venue.after_answer, 50),
        "after_save_p99": pct(venue.after_answer, 99),
        "poll_p50": pct(venue.polls, 50),
        "poll_p99": pct(venue.polls, 99),
        "polls": len(venue.polls),
        "errors": venue.errors,
    }


def main(argv=None) -> list[dict]:
    """Print the figures of each venue run (and the load average the machine had)."""
    parser = argparse.ArgumentParser(prog="python -m bench.venue", description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--watchers", type=int, default=3, help="watching phones per table")
    parser.add_argument("--mode", choices=["poll", "long"], default="long")
    parser.add_argument("--worker-class", choices=["gevent", "gthread"], default=None)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds (each table saves once in them)")
    parser.add_argument("--warmup", type=float, default=4)
    parser.add_argument("--no-saves", dest="saves", action="store_false", help="watchers only (cost per watcher)")
    parser.add_argument(
        "--scorers", type=int, default=0, help="scoring phones per table following it too (issue 27), among the phones"
    )
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--servers", type=int, default=1, help="app servers on the one store")
    parser.add_argument("--compare", action="store_true", help="1 server on SQLite, then 2 on PostgreSQL")
    night = parser.add_argument_group("a club night behind one address (issue 39): --one-address")
    night.add_argument("--one-address", action="store_true", help="every phone from one address, default settings")
    night.add_argument("--every", type=float, default=15, help="seconds between two rounds of a table")
    night.add_argument("--start-within", type=float, default=30, help="the tables start their games within this")
    night.add_argument("--night-phones", type=int, default=3, help="phones following the club night's page")
    night.add_argument("--hostile", choices=sorted(hostile.ASKS) + ["uploads"], help="a hostile client beside it")
    night.add_argument("--hostile-connections", type=int, default=500)
    args = parser.parse_args(argv)
    if args.one_address:
        from .night import one_address

        found = one_address(args)
        print(json.dumps(found, indent=1), flush=True)
        return [found]
    setups = [("sqlite", 1), ("postgresql", 2)] if args.compare else [(args.database, args.servers)]
    results = []
    for engine, count in setups:
        found = venue(engine, count, args)
        print(f"-- {engine}, {count} server(s)")
        for key, value in found.items():
            print(f"{key}: {value:.2f}" if isinstance(value, float) else f"{key}: {value}")
        results.append(found)
    return results


def venue(engine: str, count: int, args) -> dict:
    """One run: the store made and filled, `count` servers on it, the phones, then everything stopped."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-venue-"))
    cluster, postmaster = None, None
    if engine == "postgresql":
        location, cluster = pgcluster.start(durable=True)  # on the disk, as the SQLite file
        postmaster = int(Path(cluster, "data", "postmaster.pid").read_text().split()[0])
    else:
        location = str(folder / "scorekeeper.sqlite")
    servers: list[Server] = []
    try:
        games = scenario.prepare(location, args.tables).saves
        db = database.connect(location)
        version = store.version(db, games[0]) or 0
        db.close()
        shared = location if engine == "postgresql" else None
        for k in range(count):
            instance = folder / f"server-{k}" if shared else folder  # SQLite: the file in the instance folder
            instance.mkdir(exist_ok=True)
            servers.append(Server(instance, args.workers, None, args.worker_class, shared, settings=PROXY))
        load = os.getloadavg()
        found = asyncio.run(run(servers, games, version, args, postmaster))
    finally:
        for server in servers:
            server.stop()
        if cluster is not None:
            pgcluster.stop(cluster)
    found.update(engine=engine, servers=count, mode=args.mode, tables=args.tables, load=load)
    found.update(worker_class=args.worker_class or "gevent")
    found["saves_per_s"] = args.tables / args.seconds if args.saves else 0
    return found


if __name__ == "__main__":
    main()
