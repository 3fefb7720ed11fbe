"""Whether a table's changes cost anything to show and save (issue 35: "a game with 50 changes costs what a
game without them costs to show and save"; a benchmark, not a test).

Two Everest & Abyss games of six players and the same number of rounds, each stake 1 and the pot going round
the table (it never ends): one without changes, one with 50 (RULES.md section 8) spread over its rounds: a
latecomer joins before round 2, then before each round in turn someone sits out, a token moves from one
player to another, a seat is handed over to a new name, someone leaves, and comes back. Measured in-process through
Flask's test client over a throw-away database file, as bench/long_game.py measures a long game: the scorer's
game page (the first time, its result derived from the rounds and changes; then again), the changes page, and a
save of the next round (htmx) on a copy of the game each time.
Run: `.venv/bin/python -m bench.lineup_bench [RUNS]`; the ratios are taken within the one run.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from itertools import cycle
from typing import Any

from scorekeeper import create_app, gamefile, rules, store
from scorekeeper.db import get_db

from . import scenario
from .long_game import HX, timed

PLAYERS = ["Anne", "Julien", "Sylvie", "Pierre", "Marie", "Eve"]
DEVICE = "bench-lineup-000000000"
ROUNDS, CHANGES = 60, 50
FLAT = 1.2  # "costs what a game without them costs": within a fifth, the spread of two runs of one game


def next_players(document: dict) -> list[int]:
    """Who plays the game file's next round, as they sit."""
    upcoming = rules.play(gamefile.from_document(document)).upcoming
    assert upcoming is not None, "the bench's game ended"
    return list(upcoming.players) if upcoming.players is not None else list(range(len(document["players"])))


def round_of(members: list[int], n: int, number: int) -> dict:
    """A round in which the players `members` each stake 1 and one of them, in turn, takes the pot."""
    staked = [1 if p in members else None for p in range(n)]
    folded = [False if p in members else None for p in range(n)]
    return {
        "cote": "everest",
        "staked": staked,
        "folded": folded,
        "hands": [None] * n,
        "winner": members[number % len(members)],
    }


def changes_before(number: int, made: int, kinds) -> dict:
    """The change before round `number`: the latecomer first, then the next kind in turn (Sylvie, seat 2, is the
    one who leaves and comes back; the others sit out, move a token, hand over their seat)."""
    if number == 2:
        return {"before": 2, "join": 5, "after": 4}
    kind, seat = next(kinds), [0, 1, 3, 4, 5][number % 5]
    if kind == "sit_out":
        return {"before": number, "sit_out": [seat]}
    if kind == "adjust":
        moved = [0] * len(PLAYERS)
        moved[seat], moved[[0, 1, 3, 4, 5][(number + 1) % 5]] = -1, 1
        return {"before": number, "adjust": moved, "reason": "misdeal"}
    if kind == "seat":
        return {"before": number, "seat": seat, "to": f"Guest {made}"}
    return {"before": number, kind: 2}


def game(changed: bool) -> dict:
    """The bench's game file: ROUNDS rounds, with CHANGES changes spread over them or none."""
    kinds = cycle(["sit_out", "adjust", "seat", "leave", "join"])
    made = [changes_before(number, k, kinds) for k, number in enumerate(range(2, CHANGES + 2))] if changed else []
    document: dict[str, Any] = {"format": gamefile.FORMAT, "rules": "everest-abyss", "players": PLAYERS}
    document |= {"options": {"tokens": 200}, "rounds": []}  # enough that no one is out in 60 rounds
    for number in range(1, ROUNDS + 1):
        if changed:  # a change is recorded once the rounds before it are (the latecomer is not in round 1)
            document["changes"] = [change for change in made if change["before"] <= number]
        members = next_players(document) if changed and number > 1 else list(range(len(PLAYERS) - changed))
        document["rounds"].append(round_of(members, len(PLAYERS), number))
    return document


def form(document: dict) -> dict:
    """What the round form posts for the game file's next round (its players as they sit, the pot to one)."""
    members = next_players(document) if document.get("changes") else list(range(len(document["players"])))
    number = len(document["rounds"]) + 1
    fields = {f"staked.{k}": "1" for k in range(len(members))}
    return {"number": str(number), "step": "round", "cote": "everest", "winner": str(number % len(members)), **fields}


def seed(app, document: dict, copies: int) -> list[str]:
    """The game stored as the bench's phone's, and `copies` copies of it (one per save)."""
    with app.app_context():
        db = get_db()
        game_id = store.create(db, gamefile.from_document(document), DEVICE)
        return [game_id, *scenario.clone(db, game_id, copies)]


def measure(client, games: list[str], document: dict) -> dict:
    """The game page and the changes page again and again, and a save of the next round on each copy."""
    url, posted = f"/games/{games[0]}", form(document)
    pages, lineups, firsts, saves = [], [], [], []
    for copy in games[1:]:
        pages.append(timed(lambda: client.get(url)))
        lineups.append(timed(lambda: client.get(f"{url}/lineup")))
        firsts.append(timed(lambda copy=copy: client.get(f"/games/{copy}")))  # its result derived from the file
        saves.append(timed(lambda copy=copy: client.post(f"/games/{copy}/rounds", data=posted, headers=HX)))
        assert pages[-1][2].status_code == lineups[-1][2].status_code == 200, "a page was refused"
        assert saves[-1][2].status_code == 200, saves[-1][2].get_data(as_text=True)[:300]
    return {
        "first_cpu": statistics.median(t[1] for t in firsts),
        "page": statistics.median(t[0] for t in pages),
        "page_cpu": statistics.median(t[1] for t in pages),
        "lineup": statistics.median(t[0] for t in lineups),
        "lineup_cpu": statistics.median(t[1] for t in lineups),
        "save": statistics.median(t[0] for t in saves),
        "save_cpu": statistics.median(t[1] for t in saves),
        "kb": len(pages[-1][2].get_data()) / 1024,
    }


def main(runs: int = 40) -> dict:
    """Print a line for each game, the ratios, and whether the cost stays flat."""
    folder = tempfile.mkdtemp(prefix="scorekeeper-lineup-bench-")
    app = create_app({"DATABASE": os.path.join(folder, "bench.sqlite"), "SECRET_KEY": "bench"})
    client = app.test_client()
    client.set_cookie("device", DEVICE)
    documents = {"none": game(False), "50": game(True)}
    stored = {key: seed(app, document, runs) for key, document in documents.items()}
    measure(client, seed(app, documents["50"], 5), documents["50"])  # warm up: templates compiled
    results = {key: measure(client, stored[key], documents[key]) for key in documents}
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs; {runs} runs each")
    keys = ("first_cpu", "page", "page_cpu", "lineup", "lineup_cpu", "save", "save_cpu", "kb")
    print(
        "| changes | first page CPU ms | page p50 ms | page CPU ms | changes page ms | its CPU ms | save p50 ms "
        "| save CPU ms | page KB |"
    )
    print(
        "|--------:|------------------:|------------:|------------:|----------------:|-----------:|------------:"
        "|------------:|--------:|"
    )
    for key, r in results.items():
        print(f"| {key} | " + " | ".join(f"{r[k]:.1f}" for k in keys) + " |")
    ratios = {key: results["50"][key] / results["none"][key] for key in keys}
    for key in keys:
        verdict = "flat" if ratios[key] <= FLAT else "MORE"
        print(f"{ROUNDS} rounds, {CHANGES} changes / none, {key}: {ratios[key]:.2f} (flat ≤ {FLAT}) {verdict}")
    return {"results": results, "ratios": ratios}


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
