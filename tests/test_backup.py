"""`scorekeeper backup FILE` while rounds are being saved, and `scorekeeper restore FILE` once the server stops:
every round answered before the backup began is in the copy, the copy is sound, and the app serves it again."""

from __future__ import annotations

import sqlite3
import threading

from click.testing import CliRunner

from scorekeeper.cli import main
from tests import pick, postgresql
from tests.conftest import stop_serving
from tests.samples import normalised, sample
from tests.samples import start as setup
from tests.web.helpers import post_round

RULES_ID = pick.game(pick.one_form, pick.lasting(2))
GAME = sample(RULES_ID).full_game()  # each game the table plays: all its rounds but the last
ROUNDS = [sample(RULES_ID).posts(rnd, GAME)[0][1] for rnd in normalised(GAME)]  # each round's fields (one step)


def command(app, tmp_path, *args: str):
    """The command line run as an operator would, with the app's store as the configured one."""
    env = {"SCOREKEEPER_DATABASE": app.config["DATABASE"], "SCOREKEEPER_SECRET_KEY": "test"}
    env["SCOREKEEPER_INSTANCE"] = str(tmp_path / "instance")
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


class Table:
    """A phone saving rounds, one after another, in games it stops one round before their last (so the game of any
    round saved is still under way), from a thread of its own."""

    def __init__(self, app):
        self.client = app.test_client()
        self.answered: list[tuple[str, int]] = []  # (game, round) once its save was answered
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.play)

    def play(self) -> None:
        """Save rounds until told to stop (and one game at least)."""
        while not self.stop.is_set() or not self.answered:
            url = setup(self.client, GAME)
            for number, fields in enumerate(ROUNDS[:-1], start=1):
                if self.stop.is_set() and self.answered:
                    return
                assert post_round(self.client, url, number, "round", fields).status_code == 303
                self.answered.append((url.rsplit("/", 1)[-1], number))


def rounds_in(path) -> set[tuple[str, int]]:
    """The rounds a store file holds, and whether SQLite finds it sound."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        return {tuple(row) for row in conn.execute("select game_id, number from rounds")}
    finally:
        conn.close()


def test_a_backup_taken_while_rounds_are_saved_holds_every_answered_one_and_restores(app, tmp_path):
    app.config["CREATE_LIMIT"] = "1000 per minute"
    table = Table(app)
    table.thread.start()
    while len(table.answered) < 20:  # the table is well under way
        table.stop.wait(0.01)
    before = list(table.answered)  # answered before the backup began
    copy = tmp_path / "backup.sqlite"
    done = command(app, tmp_path, "backup", str(copy))
    table.stop.set()
    table.thread.join(30)
    assert done.exit_code == 0, done.output
    held = rounds_in(copy)
    assert set(before) <= held  # every round answered before the backup began
    assert held <= set(table.answered)  # and nothing that was not answered
    assert f"{len(held)} rounds" in done.output

    refused = command(app, tmp_path, "restore", str(copy))  # the app still holds the store open: refused
    assert refused.exit_code == 1 and "stop every Scorekeeper server" in refused.output
    assert rounds_in(app.config["DATABASE"]) == set(table.answered)  # untouched

    stop_serving(app)
    restored = command(app, tmp_path, "restore", str(copy))
    assert restored.exit_code == 0, restored.output
    assert rounds_in(app.config["DATABASE"]) == held
    game, number = [saved for saved in table.answered if saved in held][-1]  # the copy's last round, served again
    page = table.client.get(f"/games/{game}", headers={"Accept-Language": "en"})
    assert page.status_code == 200 and f"Round {number + 1}" in page.get_data(as_text=True)
    assert post_round(table.client, f"/games/{game}", number + 1, "round", ROUNDS[number]).status_code == 303


def test_a_backup_into_the_store_itself_or_from_a_damaged_file_is_refused(app, tmp_path):
    database = app.config["DATABASE"]
    assert "the store itself" in command(app, tmp_path, "backup", database).output
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x07" * 5000)
    stop_serving(app)
    refused = command(app, tmp_path, "restore", str(damaged))
    assert refused.exit_code == 1 and "FILE" in refused.output
    assert rounds_in(database) == set()  # the store is as it was


def test_a_backup_into_a_folder_or_a_missing_one_says_so_and_leaves_nothing(app, tmp_path):
    # both ended in "Something went wrong with this file; nothing was written.", the folder's with a .partial beside it
    (tmp_path / "backups").mkdir()
    refused = command(app, tmp_path, "backup", str(tmp_path / "backups"))
    assert refused.exit_code == 1 and "is a folder: name the file to write" in refused.output
    refused = command(app, tmp_path, "backup", str(tmp_path / "nowhere" / "copy.sqlite"))
    assert refused.exit_code == 1 and f"No folder {tmp_path / 'nowhere'}" in refused.output
    assert not list((tmp_path / "backups").iterdir()) and not (tmp_path / "nowhere").exists()
    assert not list(tmp_path.rglob("*.partial"))


def test_on_postgresql_the_backup_says_what_to_run(tmp_path):
    url = postgresql.fresh_store().replace("postgres@", "postgres:secret@")
    env = {"SCOREKEEPER_DATABASE": url, "SCOREKEEPER_SECRET_KEY": "test", "SCOREKEEPER_INSTANCE": str(tmp_path)}
    done = CliRunner().invoke(main, ["backup", "copy.dump"], env=env, catch_exceptions=False)
    assert done.exit_code == 1 and "pg_dump --format=custom --file copy.dump" in done.output
    assert "secret" not in done.output and "Nothing was written" in done.output
    done = CliRunner().invoke(main, ["restore", "copy.dump"], env=env, catch_exceptions=False)
    assert done.exit_code == 1 and "pg_restore" in done.output and "stop every Scorekeeper server" in done.output
