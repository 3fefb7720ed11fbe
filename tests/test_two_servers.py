"""Two app servers on one store (on SQLite: one file, two processes; on PostgreSQL: one database, as on two
machines): this test process is one server, `scorekeeper serve` in another process the second. A game made
on one opens on the other, a round saved on one reaches a phone watching through the other within a
second, the same round sent to both at once is stored once, and `kill -9` of one loses no answered round
while the other goes on."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from scorekeeper.client import DEVICE_COOKIE
from scorekeeper.db import connect
from scorekeeper.dbapi import is_postgresql
from scorekeeper.live.sqlite import BELLS, bell_path
from tests import pick, served
from tests.samples import normalised, sample, setup_fields
from tests.web.helpers import post_round, stored, undo, until

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

RULES_ID = pick.game(pick.one_form, pick.lasting(3))
GAME = sample(RULES_ID).full_game()
PLAYERS = setup_fields(GAME)
ROUNDS = normalised(GAME)


def fields(number: int) -> dict[str, str]:
    """The form fields of the game's round `number` (one step: the whole round)."""
    ((_step, found),) = sample(RULES_ID).posts(ROUNDS[number - 1], GAME)
    return found


class Server:
    """`scorekeeper serve` in a process (and its own process group) of its own, over the same store."""

    def __init__(self, database: str, folder):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {**os.environ, "SCOREKEEPER_DATABASE": database, "SCOREKEEPER_SECRET_KEY": "test"}
        env["SCOREKEEPER_INSTANCE"] = str(folder)
        command = served.command("serve", "--port", str(self.port), "--workers", "1")
        self.log = folder.parent / "second.log"
        with open(self.log, "wb") as log:  # what the server says, for a start that fails
            self.process = subprocess.Popen(
                command, env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + 90  # a machine busy with other test processes starts it slowly
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if self.ask("GET", "/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError("the second server did not start:\n" + self.log.read_text(errors="replace")[-2000:])

    def ask(self, method: str, path: str, form: dict | None = None, device: str = "") -> tuple[int, str]:
        """One request; its status and body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"Accept-Language": "en", **({"Cookie": f"{DEVICE_COOKIE}={device}"} if device else {})}
            body = urlencode(form) if form is not None else None
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=headers)
            answer = conn.getresponse()
            return answer.status, answer.read().decode()
        finally:
            conn.close()

    def listens(self, database: str) -> bool:
        """Whether this server watches the store for news, as it does once a phone waits on it (its watch starts
        with the first waiting request): on SQLite its doorbell is bound, on PostgreSQL its connection LISTENs."""
        pids = self.pids()
        if not is_postgresql(database):
            ours = bell_path(database).name.rsplit("-", 1)[0]
            bells = set(os.listdir(BELLS)) if BELLS.exists() else set()
            return any(f"{ours}-{pid}" in bells for pid in pids)
        db = connect(database)
        try:
            listener = "application_name = 'scorekeeper-listener' and query <> ''"  # its first statement: LISTEN
            sql = f"select client_port from pg_stat_activity where {listener}"
            return any(port in self.ports(pids) for (port,) in db.execute(sql).fetchall())
        finally:
            db.conn.close()

    def pids(self) -> set[str]:
        """The processes of this server (its session: master and worker)."""
        found = set()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            with contextlib.suppress(OSError):  # a process that ended meanwhile
                if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[3] == str(self.process.pid):
                    found.add(pid)
        return found

    @staticmethod
    def ports(pids: set[str]) -> set[int]:
        """The local TCP ports of the sockets these processes hold."""
        sockets = set()
        for pid in pids:
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        sockets.add(os.readlink(f"/proc/{pid}/fd/{fd}").removeprefix("socket:[").removesuffix("]"))
        ports = set()
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            for line in Path(table).read_text().splitlines()[1:]:
                column = line.split()
                if column[9] in sockets:
                    ports.add(int(column[1].rsplit(":", 1)[1], 16))
        return ports

    def kill(self) -> None:
        """kill -9, master and worker alike."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def second(app, tmp_path):
    """The second app server, over the store of this test's app."""
    server = Server(app.config["DATABASE"], tmp_path / "second")
    yield server
    server.kill()


def test_two_servers_share_the_games_their_news_and_their_guarantees(app, client, second):
    """One server start per engine (a second and a half of CPU each): the scenarios in turn, kill -9 last."""
    url = client.post(f"/new/{RULES_ID}", data=PLAYERS).headers["Location"]
    device = client.get_cookie(DEVICE_COOKIE).value
    status, page = second.ask("GET", url)
    assert status == 200 and GAME["players"][-1] in page  # made on one, opened on the other
    a_watcher_on_the_second_hears_a_round_saved_on_the_first(client, second, url)
    the_same_round_sent_at_once_to_both_is_stored_once(app, client, second, url, device)
    kill_9_of_the_second_loses_no_answered_round_and_the_first_goes_on(app, client, second, url, device)


def a_watcher_on_the_second_hears_a_round_saved_on_the_first(client, second: Server, url: str) -> None:
    """Round 1, saved on this server, reaches a phone waiting for news on the other within a second."""
    heard: list = []

    def watch() -> None:
        status, _ = second.ask("GET", f"{url}/poll?version=1&wait=10")
        heard.append((status, time.monotonic()))

    watcher = threading.Thread(target=watch)
    watcher.start()
    until(lambda: second.listens(client.application.config["DATABASE"]))  # the watcher's request waits there
    assert not heard  # nothing to hear yet
    saved = time.monotonic()
    assert post_round(client, url, 1, "round", fields(1)).status_code == 303
    watcher.join(15)
    assert heard and heard[0][0] == 200, heard
    assert heard[0][1] - saved < 1.0  # within a second of the save


def the_same_round_sent_at_once_to_both_is_stored_once(app, client, second: Server, url: str, device: str) -> None:
    """Round 2 sent at the same moment to both servers (a phone whose first try timed out, say)."""
    go = threading.Barrier(2)
    answers: list[tuple[int, str]] = []
    form = {"number": "2", "step": "round", **fields(2)}

    def on_second() -> None:
        go.wait()
        answers.append(second.ask("POST", f"{url}/rounds", form, device))

    other = threading.Thread(target=on_second)
    other.start()
    go.wait()
    here = post_round(client, url, 2, "round", fields(2), {"Accept-Language": "en"})
    answers.append((here.status_code, here.get_data(as_text=True)))
    other.join(15)
    assert sorted(status for status, _ in answers) == [200, 303], answers  # each phone sees the game with it
    assert "was already saved" in next(body for status, body in answers if status == 200)
    assert len(stored(app, url).game.rounds) == 2


def kill_9_of_the_second_loses_no_answered_round_and_the_first_goes_on(
    app, client, second: Server, url: str, device: str
) -> None:
    """Round 3, answered by the second server, is stored for good the moment it is answered."""
    status, _ = second.ask("POST", f"{url}/rounds", {"number": "3", "step": "round", **fields(3)}, device)
    assert status == 303
    second.kill()
    assert len(stored(app, url).game.rounds) == 3
    assert undo(client, url, 3).status_code == 303  # the first server goes on with the game as stored
    assert len(stored(app, url).game.rounds) == 2
