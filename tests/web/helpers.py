"""Small steps shared by the web tests: start a game, post a round, read the page."""

from __future__ import annotations

import re
import subprocess

from click.testing import CliRunner

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.db import connect

HX = {"HX-Request": "true"}


def start(client, rules_id, players, dealer=0, **options):
    """Create a game through the setup form; return its URL."""
    data = {f"player.{k}": name for k, name in enumerate(players)}
    data["dealer"] = str(dealer)
    data.update({f"option.{k}": v for k, v in options.items()})
    response = client.post(f"/new/{rules_id}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def post_round(client, url, number, step, fields, headers=None):
    """Post one step of round `number`."""
    data = {"number": str(number), "step": step, **{k: str(v) for k, v in fields.items()}}
    return client.post(f"{url}/rounds", data=data, headers=headers or {})


def undo_was(client, url) -> str:
    """What the game page's undo button says it undoes (the last round, as JSON)."""
    html = client.get(url).get_data(as_text=True)
    found = re.search(r'name="was" value="([^"]*)"', html)
    return found.group(1).replace("&#34;", '"') if found else ""


def undo(client, url, number, headers=None, was=None):
    """Tap "Undo round N" as the game page shows it (the form carries the round it undoes)."""
    data = {"was": undo_was(client, url) if was is None else was}
    return client.post(f"{url}/rounds/{number}/undo", data=data, headers=headers or {})


def seats(name, values):
    """Form fields name.0, name.1, ... from a list."""
    return {f"{name}.{k}": v for k, v in enumerate(values)}


def text(response) -> str:
    """The page as text without tags, spaces folded, for asserting on what a player reads."""
    html = response.get_data(as_text=True)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def totals(response) -> list[str]:
    """The totals row of the scoreboard."""
    html = response.get_data(as_text=True)
    foot = re.search(r"<tfoot[^>]*>(.*?)</tfoot>", html, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", foot, re.S)]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command line run in this process, its output as text (an interpreter per call was slow).

    Exceptions are not caught here: one that escaped the command's own guard fails the test."""
    done = CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout, done.stderr)


def stored(app, url) -> store.Stored:
    """The game as stored, read straight from the database."""
    db = connect(app.config["DATABASE"])
    try:
        found = store.load(db, url.rsplit("/", 1)[-1])
    finally:
        db.conn.close()
    assert found is not None, "the game is not in the database"
    return found


def game_count(app) -> int:
    """How many games the database holds."""
    db = connect(app.config["DATABASE"])
    try:
        return db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.conn.close()
