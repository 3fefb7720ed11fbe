"""Do the rate limits hold for the whole deployment? One address asks for new games as fast as it can for 15 s:
first of one `scorekeeper serve --workers 2` on SQLite, then of two such servers sharing a PostgreSQL database
(bench/pgcluster.py), spread over them in turn as a proxy would. What was answered, and how many games the
store holds, against the stated limit (CREATE_LIMIT, 60 a minute by default).

    python -m bench.shared_limits [--seconds 15] [--clients 8] [--storage memory://]   # memory://: per worker
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from scorekeeper.db import connect

from . import pgcluster
from .client import Connection, build
from .server import HOST, Server

FORM = urlencode({"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0"}).encode()


def new_game(port: int) -> bytes:
    """The request that starts a game on the server at `port`."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    return build("POST", "/new/inferno", headers, FORM, host=f"{HOST}:{port}")


def hammer(ports: list[int], seconds: float, clients: int) -> collections.Counter:
    """`clients` connections from one address, each asking in turn of every server until `seconds` are over;
    how many answers of each status."""
    answered: collections.Counter = collections.Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(first: int) -> None:
        """One connection per server, asked in turn."""
        connections = {port: Connection(HOST, port) for port in ports}
        for port in itertools.islice(itertools.cycle(ports), first, None):
            if time.monotonic() > deadline:
                break
            status = connections[port].request(new_game(port)).status
            with lock:
                answered[status] += 1
        for connection in connections.values():
            connection.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answered


def stored(database: str) -> int:
    """The games the store holds."""
    db = connect(database)
    try:
        return db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.close()


def run(database: str | None, servers: int, args, folder: Path) -> dict:
    """Start `servers` servers of 2 workers on one store (an SQLite file in the first's folder by default),
    hammer them, stop them; what happened."""
    started: list[Server] = []
    try:
        for n in range(servers):
            settings = {"RATELIMIT_STORAGE_URI": args.storage} if args.storage else None
            started.append(Server(folder / f"server{n}", workers=2, database=database, settings=settings))
        answered = hammer([server.port for server in started], args.seconds, args.clients)
    finally:
        for server in started:
            server.stop()
    where = database or str(folder / "server0" / "scorekeeper.sqlite")
    return {"servers": servers, "workers": 2 * servers, "answered": dict(answered), "games stored": stored(where)}


def stated(args) -> dict:
    """What was asked, for the printed line."""
    return {"seconds": args.seconds, "limit": "60 per minute", "storage": args.storage or "scorekeeper://"}


def main() -> None:
    """Measure on SQLite, then on PostgreSQL when it is installed; print one JSON line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--storage", help="where limits count (RATELIMIT_STORAGE_URI); default the store")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        result = run(None, 1, args, Path(folder))
        print(json.dumps({"engine": "sqlite", **stated(args), **result}))
    if pgcluster.binaries() is None:
        return
    url, cluster = pgcluster.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            result = run(url, 2, args, Path(folder))
            print(json.dumps({"engine": "postgresql", **stated(args), **result}))
    finally:
        pgcluster.stop(cluster)


if __name__ == "__main__":
    main()
