"""The benchmark's parts that can be checked without timing anything: its tables, the verdicts on the
targets, the HTTP client it loads the server with, the games it prepares, and the test suite's CPU summed up."""

import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bench import phone_replay, render, report, scenario, suite_cpu, wire
from bench.client import Connection, build


def test_table_pads_columns_and_aligns_numbers_right():
    text = report.table(["route", "p50 ms"], [["page", "12.5"], ["healthz", "0.9"]])
    lines = text.splitlines()
    assert lines[0] == "| route   | p50 ms |"
    assert lines[1] == "|---------|-------:|"
    assert lines[3] == "| healthz |    0.9 |"


def fake_results(save_rate, visit_bytes):
    """Results as main() gathers them, with made-up numbers."""
    row = dict(p50=1.0, p99=2.0, mean=1.0, errors={}, exhausted=False, requests=100, seconds=1)
    return {
        "machine": dict(
            date="2025-11-22T10:00", cpus=2, cpu="x", memory_gib=4, python="3.11", system="Linux", load=[0, 0, 0]
        ),
        "server": dict(workers=2, threads=4, worker_class="gthread"),
        "seconds": 1,
        "elapsed": 60,
        "rows": [
            {**row, "route": "trivial", "label": "GET /healthz", "clients": 1, "throughput": 1000},
            {**row, "route": "save", "label": "round save", "clients": 1, "throughput": save_rate},
        ],
        "skipped": {},
        "sheets": {"skipped": "none here"},
        "wire": {
            "first_visit": dict(requests=4, wire=visit_bytes, body=visit_bytes, plain=80000, encodings=("gzip",)),
            "save": dict(requests=1, wire=2000, body=1800, plain=14000, encodings=("gzip",)),
        },
        "memory": {"master": 40000, "workers": [50000, 50000]},
    }


def test_targets_are_judged_met_or_missed():
    good = render.render(fake_results(600, 29000))
    assert "| round saves ≥ 0.5 × trivial req/s, 1 client(s) | 0.60     | met" in good
    assert "first visit ≤ 30 KB compressed" in good and "MISSED" not in good.split("| target")[1].split("served")[0]
    bad = render.render(fake_results(100, 31000))
    assert "| 0.10     | MISSED" in bad and "| 31.0 KB  | MISSED" in bad
    assert "136.7" in bad  # all processes' peak memory together, MiB


def test_the_first_visit_fetches_style_sheets_and_scripts():
    html = (
        '<link rel="stylesheet" href="/static/app.css?v=1&amp;x=2"><script defer src="/static/a.js?v=2">'
        '</script><a href="/games/x">x</a><script src="/static/a.js?v=2"></script>'
    )
    assert wire.assets(html) == ["/static/app.css?v=1&x=2", "/static/a.js?v=2"]


class Handler(http.server.BaseHTTPRequestHandler):
    """Answers with a fixed length, chunked, or nothing (204), on one kept-alive connection."""

    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path == "/chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        elif self.path == "/empty":
            self.send_response(204)
            self.end_headers()
        else:
            self.send_response(200)
            self.send_header("Content-Length", "5")
            self.end_headers()
            self.wfile.write(b"hello")

    def log_message(self, *args):
        pass


def test_client_reads_every_kind_of_body_on_one_connection():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    # shutdown() waits for the loop's next look: every 0.5 s by default, each run of the test idle that long
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        conn = Connection("127.0.0.1", server.server_port)
        host = f"127.0.0.1:{server.server_port}"
        fixed = conn.request(build("GET", "/", host=host))
        assert (fixed.status, fixed.body) == (200, b"hello") and fixed.wire > len(b"hello")
        assert conn.request(build("GET", "/chunked", host=host)).body == b"abcde"
        assert conn.request(build("GET", "/empty", host=host)).status == 204
        assert conn.request(build("GET", "/", host=host)).body == b"hello"
        conn.close()
    finally:
        server.shutdown()


def test_the_replayed_answers_lose_only_the_part_their_variant_names():
    form = '<section id="round-form" class="card">\n<h2>Round 7</h2><form><fieldset></fieldset></form>\n</section>\n'
    chart = '<figure class="chart" id="score-chart"><svg><path d="M0 0"/></svg></figure>'
    rest = f'<div id="flash" hx-swap-oob="innerHTML"></div><div id="board-tail" hx-swap-oob="replace">{chart}</div>'
    cases = phone_replay.variants(form + rest)
    assert cases["as is"] == (form + rest, None) and cases["no :has()"][0] == form + rest
    assert cases["form kept"][0] == rest and "round-form" in cases["form kept"][1]
    assert cases["no chart"][0] == form + rest.replace(chart, "")
    assert "chart in answer" not in cases
    parts = '<div id="flash" {}="innerHTML"></div><template><tfoot id="board-foot" {}="replace"></tfoot></template>'
    placed, oob = parts.format("data-swap", "data-swap"), parts.format("hx-swap-oob", "hx-swap-oob")
    assert phone_replay.variants(form + placed)["out of band"][0] == form + oob
    chips = '<span class="chips"><label class="chip">1</label><label class="chip">2</label></span>'
    assert phone_replay.variants(chips)["spaced"][0] == chips.replace("</label><label", "</label>\n    <label")
    place = '<figure class="chart" id="score-chart" hx-get="/games/g/chart" hx-trigger="load"></figure>'
    left = phone_replay.variants(form + rest.replace(chart, place), chart)
    assert phone_replay.PLACE.search(form + rest.replace(chart, place))[1] == "/games/g/chart"
    assert left["chart in answer"][0] == form + rest and left["no chart"][0] == form + rest.replace(chart, "")


def test_prepared_games_wait_for_the_round_a_save_records(tmp_path):
    from scorekeeper import db, phones, store

    games = scenario.prepare(tmp_path / "s.sqlite", 3)
    conn = db.connect(str(tmp_path / "s.sqlite"))
    page, done = store.load(conn, games.page), store.load(conn, games.done)
    assert len(page.game.players) == 6 and len(page.game.rounds) == scenario.SAVED
    assert done.finished and len(done.game.rounds) == 7
    assert len(set(games.saves)) == 3
    for game_id in games.saves:
        waiting = store.load(conn, game_id)
        assert len(waiting.game.rounds) == scenario.SAVED - 1 and waiting.draft["number"] == scenario.SAVED
        assert phones.given(conn, scenario.DEVICE, game_id)["role"] == "owner"
    conn.conn.close()


def test_the_suites_cpu_is_summed_by_file_leaving_out_the_controllers_relayed_reports(tmp_path):
    def line(test: str, worker: str, tree: float) -> str:
        return json.dumps({"id": test, "wall": 2 * tree, "cpu": tree / 2, "tree": tree, "worker": worker}) + "\n"

    (tmp_path / "gw0-1.jsonl").write_text(line("tests/a.py::one", "gw0", 1.5) + line("tests/b.py::two", "gw0", 0.5))
    (tmp_path / "gw1-2.jsonl").write_text(line("tests/a.py::three", "gw1", 2.0))
    (tmp_path / "main-3.jsonl").write_text(line("tests/a.py::one", "main", 9.0))  # the controller's view
    for name, cpu in (("gw0-1", 3.0), ("gw1-2", 2.5), ("main-3", 0.5)):
        (tmp_path / f"total-{name}.json").write_text(json.dumps({"process": name, "cpu": cpu}))
    lines = suite_cpu.summary(tmp_path).splitlines()
    assert lines[0] == "3 tests, CPU 4.0 s in the tests, 6.0 s in the test processes altogether"
    assert lines[2].split() == ["tests/a.py", "2", "7.0", "1.8", "3.5"]
    assert lines[3].split() == ["tests/b.py", "1", "1.0", "0.2", "0.5"]
    assert lines[5].split() == ["2.00", "4.00", "tests/a.py::three"]


def test_the_suites_timeline_says_when_the_first_test_began_and_how_far_apart_the_processes_ended(tmp_path):
    def line(worker: str, at: float, wall: float) -> str:
        return json.dumps({"id": "tests/a.py::t", "at": at, "wall": wall, "cpu": 0, "tree": 0, "worker": worker}) + "\n"

    (tmp_path / "gw0-1.jsonl").write_text(line("gw0", 1004.0, 1.0) + line("gw0", 1005.0, 50.0))
    (tmp_path / "gw1-2.jsonl").write_text(line("gw1", 1003.5, 40.0))
    for name, began in (("main-3", 1000.0), ("gw0-1", 1001.0), ("gw1-2", 1001.5)):
        (tmp_path / f"total-{name}.json").write_text(json.dumps({"process": name, "cpu": 1, "began": began}))
    lines = suite_cpu.summary(tmp_path).splitlines()
    said = "first test 3.5 s after the start, last 55.0 s; test processes ended their last test within 11.5 s of"
    assert lines[1] == said + " each other"


# a project whose first process starts a process as it is configured (as tests/conftest.py starts PostgreSQL), and
# notes which cgroup that process is counted in
STARTS_A_SERVER = """
import os, subprocess
from pathlib import Path

def pytest_configure(config):
    config.server = subprocess.Popen(["sleep", "60"])

def pytest_unconfigure(config):
    counted = Path(f"/proc/{config.server.pid}/cgroup").read_text()
    Path("counted").write_text(f"{os.getpid()} {counted}")
    config.server.kill()
"""


@pytest.mark.skipif(not os.access(suite_cpu.CGROUPS, os.W_OK), reason="no cgroup v1 cpuacct to write (root only)")
def test_a_server_the_runs_first_process_starts_as_it_is_configured_counts_in_its_cpu(tmp_path):
    """The tests' PostgreSQL server, started by the run's first process as it is configured, is counted in that
    process's figure (it was not: the process moved into the cgroup that counts it after starting the server)."""
    (tmp_path / "conftest.py").write_text(STARTS_A_SERVER)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(PYTHONPATH=str(Path(suite_cpu.__file__).parent.parent), SUITE_CPU=str(tmp_path / "cpu"))
    plugins = ["-p", "bench.suite_cpu", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:playwright"]
    subprocess.run([sys.executable, "-m", "pytest", *plugins], cwd=tmp_path, env=env, capture_output=True, timeout=60)
    pid, counted = (tmp_path / "counted").read_text().split(" ", 1)
    groups = [line.split(":", 2) for line in counted.splitlines()]  # id:controllers:path
    counting = [path for _, controllers, path in groups if "cpuacct" in controllers.split(",")]
    assert counting == [f"/suite-cpu-main-{pid}"]


def test_a_round_saves_path_is_counted_module_by_module():
    from bench import save_path

    seen = save_path.calls_of_a_save()
    assert {"scorekeeper.views.rounds", "scorekeeper.store", "scorekeeper.live", "scorekeeper.client"} <= set(seen)
    assert "scorekeeper.views.events" not in seen  # a game's save draws no club night


def test_every_games_saves_wait_for_the_step_that_adds_a_board_row(tmp_path):
    from bench import phone_games
    from scorekeeper import db, registry, rules, store

    saves = phone_games.prepare(tmp_path / "s.sqlite", 3, [])
    assert {s.rules for s in saves} == {b.id for b in registry.GAMES}
    conn = db.connect(str(tmp_path / "s.sqlite"))
    for save in saves:
        waiting = store.load(conn, save.game)
        steps = rules.get(save.rules).steps
        assert len(waiting.game.rounds) == save.number - 1 >= 1
        assert (waiting.draft or {}).get("number") == (save.number if len(steps) > 1 else None)
        assert save.fields  # the last step's fields, typed in by the phone
    conn.conn.close()


def test_a_process_is_seen_taking_connections_once_its_event_loop_watches_the_listening_socket():
    """bench.server's readiness of each worker: this process, listening, is not seen taking connections until an
    epoll of its own watches the socket (as a booted worker's loop does), and then is."""
    import select
    import socket

    from bench import server

    with socket.socket() as listener:
        listener.bind((server.HOST, 0))
        listener.listen()
        listening = server.listening(listener.getsockname()[1])
        assert len(listening) == 1
        with select.epoll() as loop:
            assert not server.accepting(os.getpid(), listening)
            loop.register(listener.fileno(), select.EPOLLIN)
            assert server.accepting(os.getpid(), listening)
