"""`make bench` (`python -m bench`): start the real server as `make run` does, on loopback with a throw-away
instance folder, load it with 1 and 8 concurrent clients, and print latency, throughput, bytes over the
wire, score-sheet build times and the server's peak memory, with the targets of BENCHMARKS.md."""

from __future__ import annotations

import argparse
import collections
import contextlib
import datetime
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from . import report, scenario, sheets, wire
from .client import Connection, Exhausted, Run, build, load
from .render import render
from .server import HOST, Server

ACCEPT_ENCODING = "gzip, deflate, br, zstd"  # what Chrome on a phone sends


@dataclass
class Route:
    """One thing a phone asks the server, repeated under load."""

    key: str
    label: str
    expect: int
    supply: Callable[[], bytes]  # a function returning the next request's bytes (raises Exhausted when out)
    note: str = ""


def parse(argv) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds per route and client count")
    parser.add_argument(
        "--reference", type=float, default=1.0, help="measured seconds of the trivial route before each of the others"
    )
    parser.add_argument("--warmup", type=float, default=0.3, help="unmeasured seconds before each")
    parser.add_argument("--clients", default="1,8", help="concurrent clients, comma-separated")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: scorekeeper serve's)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: scorekeeper serve's)")
    parser.add_argument("--worker-class", choices=["gevent", "gthread"], help="default: scorekeeper serve's")
    parser.add_argument(
        "--only",
        help="measure only these routes under load (comma-separated keys: "
        "trivial,page,save,poll,pdf; sheets for the in-process sheets)",
    )
    parser.add_argument("--saves", type=int, default=8000, help="games prepared for round saves")
    parser.add_argument("--json", type=Path, help="also write the raw results to this file")
    return parser.parse_args(argv)


def headers(server: Server, **extra) -> dict:
    """What a phone's browser sends with every request to the game (it started the game: its cookie)."""
    return {
        "User-Agent": "scorekeeper-bench",
        "Accept": "*/*",
        "Accept-Encoding": ACCEPT_ENCODING,
        "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8",
        "Cookie": f"device={scenario.DEVICE}",
        **extra,
    }


def htmx_headers(server: Server, game_id: str, **extra) -> dict:
    """The headers htmx adds to its requests from the game page."""
    return headers(
        server,
        **{
            "HX-Request": "true",
            "HX-Current-URL": f"http://{HOST}:{server.port}/games/{game_id}",
            "Sec-Fetch-Site": "same-origin",
            **extra,
        },
    )


def save_request(server: Server, game_id: str) -> bytes:
    """The POST htmx sends for the tricks step: it records round SAVED of that game."""
    body = urlencode(scenario.save_form(scenario.SAVED)).encode()
    extra = {
        "HX-Target": "round-form",
        "HX-Trigger": "round-entry",
        "Origin": f"http://{HOST}:{server.port}",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    return build(
        "POST", f"/games/{game_id}/rounds", htmx_headers(server, game_id, **extra), body, host=f"{HOST}:{server.port}"
    )


def routes(server: Server, games: scenario.Games, pool: collections.deque) -> list[Route]:
    """The routes measured under load."""
    host = f"{HOST}:{server.port}"

    def fixed(raw):
        return lambda: raw

    def next_save():
        try:
            return save_request(server, pool.popleft())
        except IndexError:
            raise Exhausted from None

    page = games.page
    return [
        Route("trivial", "GET /healthz (trivial)", 200, fixed(build("GET", "/healthz", headers(server), host=host))),
        Route(
            "page",
            "game page (6 rounds in)",
            200,
            fixed(build("GET", f"/games/{page}", headers(server, Accept="text/html"), host=host)),
        ),
        Route("save", f"round save (POST round {scenario.SAVED}, htmx)", 200, next_save),
        Route(
            "poll",
            "watch poll (nothing new: 204)",
            204,
            fixed(
                build(
                    "GET",
                    f"/games/{page}/poll?version={games.page_version}",
                    htmx_headers(server, page, **{"HX-Trigger": "poll"}),
                    host=host,
                )
            ),
        ),
        Route(
            "pdf",
            "completed sheet PDF (7 rounds)",
            200,
            fixed(build("GET", f"/games/{games.done}/sheet.pdf", headers(server), host=host)),
        ),
    ]


def available(server: Server, route: Route) -> str:
    """Why a route cannot be measured ('' if it can)."""
    response = Connection(HOST, server.port).request(route.supply())
    if response.status != route.expect:
        return f"answered {response.status} (expected {route.expect})"
    return ""


def machine() -> dict:
    """What ran the benchmark."""
    meminfo = Path("/proc/meminfo").read_text().split("\n")[0].split()
    model = ""
    with contextlib.suppress(OSError, StopIteration):
        model = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="minutes"),
        "cpus": len(os.sched_getaffinity(0)),
        "cpu": model or platform.machine(),
        "memory_gib": round(int(meminfo[1]) / 1024 / 1024, 1),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def server_settings(args) -> dict:
    """The gunicorn settings in use: the ones given, else `scorekeeper serve`'s defaults."""
    from scorekeeper.cli import serve

    defaults = {p.name: p.default for p in serve.params}
    return {
        "workers": args.workers or defaults["workers"],
        "threads": args.threads or defaults["threads"],
        "worker_class": args.worker_class or defaults["worker_class"],
    }


def line(route: Route, clients: int, run: Run, base: Run | None = None) -> dict:
    """One line of the load table; `base` is the trivial route measured just before, for the ratios."""
    found = {
        "route": route.key,
        "label": route.label,
        "clients": clients,
        "requests": run.count,
        "seconds": round(run.seconds, 3),
        "p50": run.percentile(50),
        "p99": run.percentile(99),
        "mean": run.mean,
        "throughput": run.throughput,
        "errors": run.errors,
        "exhausted": run.exhausted,
    }
    if base is not None:
        found.update(base_throughput=base.throughput, base_p50=base.percentile(50))
    print(
        f"  {route.key:8} {clients} client(s): {run.count} answers, p50 {report.ms(run.percentile(50))} ms",
        file=sys.stderr,
        flush=True,
    )
    return found


def run_load(server: Server, measured: list[Route], counts: list[int], args) -> list[dict]:
    """Every route with every client count, each right after the trivial route with as many clients, so that
    their ratio compares the two under the same conditions; the trivial lines sum up all those runs."""
    trivial = next((r for r in measured if r.key == "trivial"), None)
    if trivial is None:
        raise RuntimeError("the trivial route does not answer: nothing to compare with")
    others = [r for r in measured if r is not trivial]
    references: dict[int, list] = {clients: [] for clients in counts}
    rows = []
    for route in others:
        for clients in counts:
            base = load(HOST, server.port, trivial.supply, trivial.expect, clients, args.reference, args.warmup)
            run = load(HOST, server.port, route.supply, route.expect, clients, args.seconds, args.warmup)
            references[clients].append(base)
            rows.append(line(route, clients, run, base))
    for clients in counts:
        if not references[clients]:
            references[clients].append(
                load(HOST, server.port, trivial.supply, trivial.expect, clients, args.seconds, args.warmup)
            )
    return [line(trivial, clients, Run.merge(references[clients])) for clients in counts] + rows


def run_wire(server: Server, games: scenario.Games, pool: collections.deque) -> dict:
    """A first visit to the game page and one round save, as served."""
    host = f"{HOST}:{server.port}"
    conn = Connection(HOST, server.port)
    try:
        visit, found = wire.first_visit(conn, host, f"/games/{games.page}", headers(server, Accept="text/html"))
        save = wire.one(conn, save_request(server, pool.popleft()), 200)
    finally:
        conn.close()
    return {"first_visit": vars(visit), "assets": found, "save": vars(save)}


def main(argv=None) -> int:
    """Run everything, print the tables."""
    args = parse(argv)
    began, before = time.perf_counter(), machine()
    counts = [int(c) for c in args.clients.split(",")]
    print("Preparing the games and starting the server…", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        instance = Path(tmp)
        games = scenario.prepare(instance / "scorekeeper.sqlite", args.saves)
        pool = collections.deque(games.saves)
        server = Server(instance, args.workers, args.threads, args.worker_class)
        skipped = {}
        try:
            all_routes = routes(server, games, pool)
            wanted = set(args.only.split(",")) if args.only else None
            measured = []
            for route in all_routes:
                if wanted and route.key not in wanted | {"trivial"}:
                    continue
                why = "" if route.key == "save" else available(server, route)
                if why:
                    skipped[route.key] = f"{route.label}: {why}"
                else:
                    measured.append(route)
            wire_result = run_wire(server, games, pool)
            print("Under load:", file=sys.stderr, flush=True)
            rows = run_load(server, measured, counts, args)
            memory = server.peak_memory()
        finally:
            server.stop()
    print("Building score sheets in-process…", file=sys.stderr, flush=True)
    sheet_result = sheets.measure() if not args.only or "sheets" in args.only else {"skipped": "not asked"}
    results = {
        "machine": before,
        "server": server_settings(args),
        "rows": rows,
        "skipped": skipped,
        "wire": wire_result,
        "sheets": sheet_result,
        "memory": memory,
        "elapsed": round(time.perf_counter() - began, 1),
        "seconds": args.seconds,
        "reference": args.reference,
    }
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
