"""A club night behind one address (issue 39), for `python -m bench.venue --one-address`: every phone of a venue
from one loopback address, as its Wi-Fi behind NAT, against `scorekeeper serve` with its default settings, and
with `--hostile KIND` one hostile client (bench/hostile.py's) from another address beside it, in a process of its
own: an attacker is another computer, and in the venue's process its thousands of connections delayed the
phones' own event loop by up to 2.7 s, which the phones' figures then counted as the server's. The figures say
how late this process's own loop ran (it should be a few ms), and how many connections waited in the kernel's
queue of connections the server had not yet accepted (which every address shares, in arrival order)."""

from __future__ import annotations

import asyncio
import bisect
import collections
import json
import random
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from . import hostile, long_game
from .server import Server
from .venue import VERSION, cpu_seconds, exchange, pct

VENUE_ADDRESS = "127.0.0.3"  # the venue's one public address: every phone of the night comes from it (NAT)
LATE = 2.0  # seconds: an update that takes longer is late (issue 39)
TABLE_PLAYERS = {**{f"player.{k}": name for k, name in enumerate(long_game.PLAYERS)}, "dealer": "0"}


class Night:
    """A club night behind one address, as the server sees it: each table's scoring phone starts its game for the
    night (within `start_within` seconds), then saves a round every `every` seconds; the scorer and `watchers`
    phones follow each table, `night_phones` phones follow the night. Every phone has its own device cookie."""

    def __init__(self, port: int, args):
        self.port, self.args = port, args
        self.began = time.monotonic()
        self.end = self.began + args.seconds
        self.started: list[float] = []  # seconds from the night's start to each table's game made
        self.saves: dict[str, list[tuple[float, int]]] = {}  # game -> each save's sending time, the version it made
        self.followed: list[tuple[str, list[tuple[float, int]]]] = []  # a game, when a phone had which version
        self.all_saves: list[float] = []
        self.save_times: list[float] = []
        self.delays: list[float] = []  # a save sent -> a phone following its table has it
        self.night_delays: list[float] = []  # the oldest save a phone of the night had not seen -> its news
        self.missing = 0  # updates a phone never had, their save more than LATE before the end
        self.statuses: collections.Counter[str] = collections.Counter()  # answers other than the expected ones
        self.asked = 0  # requests the venue's phones sent

    async def ask(self, method: str, path: str, cookie: str = "", body: bytes = b"") -> tuple[int, dict, bytes]:
        """One request of a phone of the venue (htmx's headers; its cookie if it has one)."""
        headers = {"HX-Request": "true", "Accept-Language": "en", **({"Cookie": cookie} if cookie else {})}
        self.asked += 1
        try:
            return await exchange(self.port, method, path, headers, body, source=VENUE_ADDRESS)
        except OSError:
            return 0, {}, b""

    async def opened(self, path: str, cookie: str = "") -> tuple[str, int] | None:
        """A phone opens a page (a game's, or the night's): its cookie and the version the page shows."""
        while time.monotonic() < self.end:
            status, head, body = await self.ask("GET", path, cookie)
            found = VERSION.search(body)
            if status == 200 and found:
                return cookie or head.get("set-cookie", "").split(";")[0], int(found.group(1))
            self.statuses[f"page {status}"] += 1
            await asyncio.sleep(1)
        return None

    async def table(self, k: int, event_id: str) -> None:
        """A table: its game started for the night (asked again after a refusal, as a player would), its
        followers, then a round every `every` seconds until the end."""
        await asyncio.sleep(random.random() * self.args.start_within)
        body = urlencode({**TABLE_PLAYERS, "event": event_id}).encode()
        while time.monotonic() < self.end:
            status, head, _ = await self.ask("POST", "/new/everest-abyss", body=body)
            if status == 303:
                break
            self.statuses[f"start {status}"] += 1
            await asyncio.sleep(float(head.get("retry-after") or 5))
        else:
            return
        self.started.append(time.monotonic() - self.began)
        url, cookie = head["location"], head["set-cookie"].split(";")[0]
        self.saves[url] = []
        followers = [self.follow(url, cookie)] + [self.follow(url) for _ in range(self.args.watchers)]
        await asyncio.gather(self.score(url, cookie), *followers)

    async def score(self, url: str, cookie: str) -> None:
        """The scoring phone's rounds, one every `every` seconds; each save's time and the version it made."""
        await asyncio.sleep(random.random() * self.args.every)
        number = 1
        while time.monotonic() < self.end:
            sent = time.monotonic()
            self.all_saves.append(sent)
            status, _, body = await self.ask(
                "POST", f"{url}/rounds", cookie, urlencode(long_game.form(number)).encode()
            )
            self.save_times.append(time.monotonic() - sent)
            found = VERSION.search(body)
            if status == 200 and found:
                self.saves[url].append((sent, int(found.group(1))))
                number += 1
            else:
                self.statuses[f"save {status}"] += 1
            await asyncio.sleep(max(0.0, sent + self.args.every - time.monotonic()))

    async def follow(self, url: str, cookie: str = "") -> None:
        """A phone following a table (its game page open): when each version reached its board."""
        found = await self.opened(url, cookie)
        if found is None:
            return
        cookie, seen = found
        had = [(time.monotonic(), seen)]  # when it had which version
        while time.monotonic() < self.end:
            got = await self.poll(f"{url}/poll", cookie, seen)
            if got is not None:
                seen = got
                had.append((time.monotonic(), seen))
        self.followed.append((url, had))

    def updates(self) -> None:
        """Each save's round on each board following its table: how long after the save was sent (a save made
        before the phone opened the page is on it already; one it never had counts when it is LATE old)."""
        for url, had in self.followed:
            for sent, version in self.saves[url]:
                if version <= had[0][1]:
                    continue
                when = next((moment for moment, seen in had if seen >= version), None)
                if when is not None:
                    self.delays.append(when - sent)
                elif self.end - sent > LATE:
                    self.missing += 1

    async def poll(self, path: str, cookie: str, seen: int) -> int | None:
        """One long poll as follow.js sends it; the version it brought (None if nothing new), after the wait a
        poll told to ask again later was given."""
        status, head, body = await self.ask("GET", f"{path}?version={seen}&wait=20", cookie)
        if status == 200:
            found = VERSION.search(body)
            return int(found.group(1)) if found else seen + 1
        if status == 204 and "retry-after" in head:
            self.statuses["poll told to ask again"] += 1
        elif status != 204:
            self.statuses[f"poll {status}"] += 1
        if status != 204 or "retry-after" in head:
            await asyncio.sleep(float(head.get("retry-after") or 1))
        return None

    async def night_phone(self, event_url: str) -> None:
        """A phone on the night's page: each answer with news, and the oldest save it had not seen till then."""
        found = await self.opened(event_url, f"device=night-phone-{random.randrange(10**9)}")
        if found is None:
            return
        cookie, seen = found
        since = time.monotonic()
        while time.monotonic() < self.end:
            got = await self.poll(f"{event_url}/poll", cookie, seen)
            if got is not None:
                now, seen = time.monotonic(), got
                unseen = self.all_saves[bisect.bisect_right(self.all_saves, since) :]
                if unseen:
                    self.night_delays.append(now - unseen[0])
                since = now

    def figures(self) -> dict:
        """What the night saw."""
        self.updates()
        return {
            "tables started": f"{len(self.started)} of {self.args.tables}",
            "last table started s": round(max(self.started, default=float("nan")), 1),
            "saves": len(self.save_times),
            "save p50 / p99 / max ms": spread(self.save_times),
            "updates": len(self.delays),
            "update p50 / p99 / max ms": spread(self.delays),
            f"updates later than {LATE:.0f} s": sum(1 for d in self.delays if d > LATE),
            "updates never had": self.missing,
            "night's news": len(self.night_delays),
            "night's news p50 / p99 / max ms": spread(self.night_delays),
            "requests per s": round(self.asked / self.args.seconds, 1),
            "other answers": dict(self.statuses),
        }


class Watch:
    """How late this process's event loop runs, and how many connections wait to be accepted by the server on
    `port`, sampled every quarter second; and how much of the run some process of the machine waited for a CPU
    (the machine is shared: /proc/pressure/cpu)."""

    def __init__(self, port: int):
        self.port = port
        self.lags: list[float] = []
        self.queued: list[int] = []
        self.pressure = (0.0, 0.0)

    async def run(self, end: float) -> None:
        """Sample until `end`."""
        began = (time.monotonic(), cpu_waited())
        while time.monotonic() < end:
            asked = time.monotonic()
            await asyncio.sleep(0.25)
            self.lags.append(time.monotonic() - asked - 0.25)
            self.queued.append(accept_queue(self.port))
        self.pressure = (time.monotonic() - began[0], cpu_waited() - began[1])

    def figures(self) -> dict:
        """The loop's lateness (p99, max) and the accept queue's length (mean, max)."""
        return {
            "bench's own loop late p99 / max ms": f"{pct(self.lags, 99):.0f} / {max(self.lags, default=0) * 1000:.0f}",
            "connections waiting to be accepted mean / max": (
                f"{sum(self.queued) / max(1, len(self.queued)):.0f} / {max(self.queued, default=0)}"
            ),
            "machine: some process waiting for a CPU, % of the run": round(
                100 * self.pressure[1] / max(self.pressure[0], 1e-9)
            ),
        }


def cpu_waited() -> float:
    """Seconds so far during which some process of the machine waited for a CPU (0 without pressure figures)."""
    try:
        with open("/proc/pressure/cpu") as pressure:
            return int(pressure.readline().split("total=")[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


def accept_queue(port: int) -> int:
    """Connections the kernel holds for the server listening on `port`, not yet accepted (the listening socket's
    receive queue in /proc/net/tcp)."""
    local = f":{port:04X}"
    with open("/proc/net/tcp") as table:
        for line in table:
            fields = line.split()
            if fields[1].endswith(local) and fields[3] == "0A":  # 0A: listening
                return int(fields[4].split(":")[1], 16)
    return 0


async def attack(port: int, args, target: str) -> dict:
    """bench/hostile.py's client of `args.hostile` kind against the server on `port`, in a process of its own,
    for the run; what it got."""
    command = [sys.executable, "-m", "bench.hostile", args.hostile, "--against", str(port), "--target", target]
    command += ["--connections", str(args.hostile_connections), "--seconds", str(args.seconds)]
    process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    return {"kind": args.hostile, "connections": args.hostile_connections, **json.loads(out)}


def spread(values: list[float]) -> str:
    """p50 / p99 / max, in ms."""
    return f"{pct(values, 50):.0f} / {pct(values, 99):.0f} / {max(values, default=0) * 1000:.0f}"


async def club_night(server: Server, args) -> dict:
    """The night (and, with `--hostile`, one hostile client from another address beside it) for `args.seconds`."""
    night = Night(server.port, args)
    status, head, _ = await night.ask(
        "POST", "/events", body=urlencode({"name": "Venue night", "day": "2026-11-27"}).encode()
    )
    assert status == 303, status
    event_url = head["location"]
    event_id = event_url.rsplit("/", 1)[1]
    pids = [server.process.pid, *server.workers()]
    cpu0 = cpu_seconds(pids)
    jobs: list[Coroutine[Any, Any, Any]] = [night.table(k, event_id) for k in range(args.tables)]
    jobs += [night.night_phone(event_url) for _ in range(args.night_phones)]
    watch = Watch(server.port)
    jobs.append(watch.run(night.end))
    if args.hostile:
        # its target: a game of its own (another address's), so the venue's games keep their seats (WAITING_PER_GAME)
        jobs.append(attack(server.port, args, hostile.Table(server.port).url))
    done = await asyncio.gather(*jobs)
    found = night.figures() | watch.figures()
    found["server CPU s/s"] = round((cpu_seconds(pids) - cpu0) / args.seconds, 2)
    if args.hostile:
        found["hostile"] = done[-1]
    return found


def one_address(args) -> dict:
    """A club night behind one address against `scorekeeper serve` with its default settings."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-night-") as folder:
        server = Server(Path(folder), args.workers, None, args.worker_class)
        try:
            found = asyncio.run(club_night(server, args))
        finally:
            server.stop()
    return found
