"""Games in the store: what was said at the table goes in, Game objects come out.

Every change runs in one transaction that holds the game and re-reads it first (db.write), so a double
tap, a reload, a second phone or a second app server never records a round twice or loses one: the loser
of a race gets a Conflict (or AlreadySaved when it sent the very same round) and nothing is written.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from . import events, phones, rules, summaries
from .db import Database, write
from .kept import Derived
from .rules import N_, Game, Problem, problem
from .rules.problems import Nn_
from .rules.setup import printable_names


class Conflict(Exception):
    """The game changed since the page was loaded; the message says how."""

    def __init__(self, message: Problem):
        super().__init__(message.text())
        self.message = message


class AlreadySaved(Exception):
    """The same round was sent twice (a double tap or a reload): it is stored once."""

    def __init__(self, number: int):
        super().__init__(number)
        self.number = number


@dataclass
class Stored:
    """A game as stored: the Game itself plus its id, version, draft and links."""

    id: str
    game: Game
    version: int
    draft: dict | None
    score_token: str
    created: str
    updated: str
    finished: bool
    result: rules.Result | None = None  # the game played through, once derived (see derived())
    key: tuple = ()  # what the derived result depends on: the games row's set-up, links and version
    event: str | None = None  # the club night it was started for (events.py)


DERIVED = Derived()


def _done(stored: Stored) -> None:
    """After a change has committed: keep what it derived."""
    DERIVED.put(stored)


def derived(stored: Stored) -> rules.Result:
    """The game played through: kept from an earlier request at this version, else derived now and kept."""
    if stored.result is None:
        stored.result = rules.play(stored.game)
        DERIVED.put(stored)
    return stored.result


def now() -> str:
    """The current UTC time, ISO formatted."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    """An unguessable game id: 16 random URL-safe characters, never "-" first (a formula in a CSV)."""
    while (found := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return found


def _dump(value) -> str:
    """Compact JSON for a column."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def create(db: Database, game: Game, device: str | None, event: str | None = None) -> str:
    """Store a checked game (with any rounds it already has) and give `device` the right to score it; started
    for a club night (`event`), it is refused with events.Closed once that event is closed."""
    game = rules.checked(game)  # stored with its options complete
    result = rules.play(game)
    with write(db):
        game_id = _insert(db, game, result, device, event)
    return game_id


def rematch(db: Database, game_id: str, game: Game, device: str, event: str | None = None) -> str:
    """The finished game's rematch: the one started before (five taps at once make one game: the transaction
    holds the finished game, in every worker), else `game`, stored now and remembered by the finished game.
    The phones that score the finished game score the rematch: its owner owns it, the phones that joined with
    its current score link join the rematch's (a link of its own: the finished game's opens only that game),
    and `device`, a phone that scores the finished game, too though it joined after the rematch was made."""
    game = rules.checked(game)
    result = rules.play(game)
    with write(db, game_id):
        query = "select r.id, r.score_token from games g join games r on r.id = g.rematch where g.id = ?"
        found = list(db.query(query, [game_id]))
        fresh = found[0]["id"] if found else _insert(db, game, result, None, event)
        if not found:
            phones.pass_on(db, game_id, fresh, now())
            db.update("games", {"id": game_id}, {"rematch": fresh})
        given = phones.given(db, device, fresh)
        if given is None or given["role"] == "watcher":  # one the rematch's owner took the score link from stays out
            phones.grant(db, device, fresh, "scorer", now(), next(iter(db.query(query, [game_id])))["score_token"])
    return fresh


def _insert(db: Database, game: Game, result: rules.Result, device: str | None, event: str | None = None) -> str:
    """Store a game played through as `result` (inside the caller's transaction), its summary with it."""
    game_id, stamp = new_id(), now()
    table = events.admit(db, event) if event else None
    db.insert(
        "games",
        {
            "id": game_id,
            "rules": game.rules,
            "options": _dump(game.options),
            "players": _dump(game.players),
            "first_dealer": game.first_dealer,
            "created": stamp,
            "updated": stamp,
            "version": 1,
            "draft": None,
            "finished": int(result.finished),
            "score_token": secrets.token_urlsafe(12),
            "event_id": event,
            "event_table": table,
            "changes": _dump(game.changes) if game.changes else None,
        },
    )
    db.insert_all(
        "rounds",
        [
            {"game_id": game_id, "number": k + 1, "data": _dump(rnd), "created": stamp}
            for k, rnd in enumerate(game.rounds)
        ],
    )
    if device:
        phones.grant(db, device, game_id, "owner", stamp)
    summaries.store(db, game_id, 1, game, result)
    return game_id


def load(db: Database, game_id: str) -> Stored | None:
    """The stored game with that id, or None."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        return None
    row = rows[0]
    key = _key(row, row["version"])
    kept = DERIVED.get(game_id, key)
    if kept is None:
        query = "select data from rounds where game_id = ? order by number"
        rounds, result = [json.loads(r["data"]) for r in db.query(query, [game_id])], None
    else:
        rounds, result = list(kept[0]), kept[1]
    game = Game(row["rules"], json.loads(row["players"]), json.loads(row["options"]), row["first_dealer"], rounds)
    game.changes = json.loads(row["changes"]) if row.get("changes") else []  # players who came and went
    return Stored(
        row["id"],
        game,
        row["version"],
        json.loads(row["draft"]) if row["draft"] else None,
        row["score_token"],
        row["created"],
        row["updated"],
        bool(row["finished"]),
        result,
        key,
        row.get("event_id"),
    )


def _key(row: dict, version: int) -> tuple:
    """What a game's derived result depends on, from its games row: any change there but the draft's
    and the time's gives another key (a game copied into another database keeps its own)."""
    columns = ("rules", "players", "options", "first_dealer", "created", "score_token", "changes")
    return (*(row[c] for c in columns), version)


def version(db: Database, game_id: str) -> int | None:
    """Just the version of a game: the cheap question a watching phone asks."""
    rows = list(db.query("select version from games where id = ?", [game_id]))
    return rows[0]["version"] if rows else None


def _touch(db: Database, stored: Stored, finished: bool, *, played: bool = True, **columns) -> None:
    """Bump the game's version after a change, keeping the finished flag the list shows, and its summary
    (summaries.py) with it: made again when the rounds or names changed (`played`), else moved on to the
    new version; the result the change derived goes with it (kept once the transaction has committed)."""
    bumped = {"version": stored.version + 1, "updated": now(), "finished": int(finished), **columns}
    db.update("games", {"id": stored.id}, bumped)
    db.touch(stored.id)
    stored.version += 1
    stored.key = (*stored.key[:-1], stored.version) if stored.key else ()
    if stored.event:
        events.bump(db, stored.event)
    if played:  # the result the change played (not kept before the commit: the change may yet roll back)
        summaries.store(db, stored.id, stored.version, stored.game, stored.result)
    else:
        moved = [stored.version, stored.id, stored.version - 1]
        db.execute("update summaries set version = ? where game_id = ? and version = ?", moved)


def _reload(db, game_id: str) -> Stored:
    """The game inside a write transaction; it was there when the page was loaded."""
    stored = load(db, game_id)
    if stored is None:
        raise Conflict(problem(N_("This game has been deleted.")))
    return stored


def draft_token(stored: Stored, number: int) -> str:
    """The token of the stored draft of round `number` ("" when there is none): a page carries the one
    it showed, so bids replaced on another phone meanwhile are noticed."""
    draft = stored.draft
    if draft and draft.get("number") == number:
        return str(draft.get("token") or "")
    return ""


def bids_replaced(number: int) -> Conflict:
    """The draft a page was built on is no longer the stored one."""
    return Conflict(
        problem(
            N_(
                "The bids of round %(round)d were changed on another phone meanwhile: here they are as they "
                "stand now. Check them before entering the tricks."
            ),
            round=number,
        )
    )


def add_round(db: Database, game_id: str, number: int, rnd: dict, seen_draft: str | None = None) -> Stored:
    """Record round `number`; refuse a second copy or a round entered meanwhile on another phone, and
    (when the page says which draft it showed, `seen_draft`) a round whose bids were replaced since."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        have = len(stored.game.rounds)
        if number <= have:
            if _same_round(stored.game, number, rnd):
                raise AlreadySaved(number)
            raise Conflict(
                problem(
                    N_(
                        "Round %(round)d was already entered on another phone: here is the game "
                        "as it stands. Check it, and correct that round if needed."
                    ),
                    round=number,
                )
            )
        if number != have + 1:
            raise Conflict(
                problem(
                    Nn_(
                        "This page was out of date: the game has %(num)d round. Here it is as it stands.",
                        "This page was out of date: the game has %(num)d rounds. Here it is as it stands.",
                    ),
                    num=have,
                )
            )
        if seen_draft is not None and seen_draft != draft_token(stored, number):
            raise bids_replaced(number)
        stored.result = rules.play_on(stored.game, derived(stored), rnd)
        checked = stored.result.rounds[-1].round
        stored.game.rounds.append(checked)
        db.insert("rounds", {"game_id": game_id, "number": number, "data": _dump(checked), "created": now()})
        _touch(db, stored, stored.result.finished, draft=None)
    _done(stored)
    return stored


def _same_round(game: Game, number: int, rnd: dict) -> bool:
    """Whether `rnd` is what round `number` already says (so it was sent twice)."""
    try:
        checked, _ = rules.check_round(_upto(game, number - 1), rnd)
    except rules.Invalid:
        return False
    return checked == game.rounds[number - 1]


def _with_round(game: Game, rnd: dict, number: int | None = None) -> Game:
    """The same game with `rnd` as round `number` (by default a new last round)."""
    rounds = list(game.rounds)
    if number is None or number > len(rounds):
        rounds.append(rnd)
    else:
        rounds[number - 1] = rnd
    return replace(game, rounds=rounds)


def _upto(game: Game, count: int) -> Game:
    """The same game with only its first `count` rounds (and the changes made up to the next)."""
    changes = [c for c in game.changes if c["before"] <= count + 1]
    return replace(game, rounds=game.rounds[:count], changes=changes)


def replace_round(db: Database, game_id: str, number: int, was: dict | None, rnd: dict) -> Stored:
    """Correct round `number`, provided it still says what the correcting page showed (`was`)."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if number > len(stored.game.rounds):
            raise Conflict(problem(N_("Round %(round)d no longer exists: it was undone meanwhile."), round=number))
        if was is not None and stored.game.rounds[number - 1] != was:
            raise Conflict(
                problem(
                    N_("Round %(round)d was changed on another phone meanwhile: here it is as it stands now."),
                    round=number,
                )
            )
        # the later rounds must still hold: Invalid names the first that does not
        stored.result = rules.play(_with_round(stored.game, rnd, number))
        checked = stored.result.rounds[number - 1].round
        stored.game.rounds[number - 1] = checked
        db.update("rounds", {"game_id": game_id, "number": number}, {"data": _dump(checked)})
        _touch(db, stored, stored.result.finished)
    _done(stored)
    return stored


def undo_round(db: Database, game_id: str, number: int, was: dict) -> Stored:
    """Remove the last round, provided it is still round `number` and still says what the page showed (`was`)."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if number != len(stored.game.rounds) or number < 1:
            raise Conflict(
                problem(N_("Round %(round)d is no longer the last round: nothing was undone."), round=number)
            )
        if stored.game.rounds[number - 1] != was:
            raise Conflict(
                problem(
                    N_("Round %(round)d was changed on another phone meanwhile: nothing was undone. Here it is now."),
                    round=number,
                )
            )
        if any(c["before"] > number for c in stored.game.changes):
            raise Conflict(problem(N_("The table changed after round %(round)d: undo that first."), round=number))
        undone = stored.game.rounds.pop()
        db.execute("delete from rounds where game_id = ? and number = ?", [game_id, number])
        stored.result = rules.play(stored.game)
        # bids entered for the next round belong to a round that is no longer next; the round undone is
        # kept to put back on the form, to fix and save again, until that round is saved
        stored.draft = {"number": number, "undone": undone}
        _touch(db, stored, stored.result.finished, draft=_dump(stored.draft))
    _done(stored)
    return stored


def undone(stored: Stored) -> dict | None:
    """The round just undone, while the round of that number is being entered again."""
    draft = stored.draft
    if draft and draft.get("number") == len(stored.game.rounds) + 1 and isinstance(draft.get("undone"), dict):
        return draft["undone"]
    return None


def save_draft(
    db: Database, game_id: str, number: int, step: str, data: dict | None, seen: str | None = None
) -> Stored:
    """Keep the first steps of round `number` (the bids) until the rest is entered; None clears it.

    `seen` is the token of the draft the page showed ("" for none): bids saved meanwhile on another
    phone are not overwritten unnoticed (the same bids sent twice are kept once)."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if number != len(stored.game.rounds) + 1:
            raise Conflict(
                problem(
                    N_("Round %(round)d was already entered on another phone: here is the game as it stands."),
                    round=number,
                )
            )
        if data is not None:
            checked = rules.check_draft(stored.game, step, data, derived(stored))
            current = draft_token(stored, number)
            if seen is not None and seen != current:
                if stored.draft and stored.draft.get("step") == step and stored.draft.get("data") == checked:
                    return stored  # the very same bids, sent twice: kept once
                raise bids_replaced(number)
            data = {"number": number, "step": step, "data": checked, "token": secrets.token_urlsafe(9)}
            if undone(stored) is not None:
                data["undone"] = undone(stored)  # the rest of the undone round waits for the next step
        stored.draft = data
        _touch(db, stored, stored.finished, played=False, draft=_dump(data) if data else None)
    _done(stored)
    return stored


def rename(db: Database, game_id: str, was: list[str], players: list[str]) -> Stored:
    """Give the players the names `players` (seat by seat), provided the names are still those the page showed
    (`was`). Rounds refer to players by seat, so every round stays as it was; the names are checked as at
    setup (Invalid says which is wrong)."""
    with write(db, game_id):
        stored = _reload(db, game_id)
        if stored.game.players != was:
            raise Conflict(
                problem(N_("The names were changed on another phone meanwhile: here they are as they stand now."))
            )
        renamed = replace(stored.game, players=list(players))
        found = printable_names(renamed.players)
        try:  # as at setup; a table that changed must still play (RULES.md 8: a seat goes to a name no one has)
            rules.play(renamed)
        except rules.Invalid as exc:
            found += [p for p in exc.problems if p not in found]
        if found:
            raise rules.Invalid(found)
        stored.game, stored.result, stored.key = renamed, None, ()
        _touch(db, stored, stored.finished, players=_dump(players))
    _done(stored)
    return stored


def delete(db: Database, game_id: str) -> None:
    """Delete a game, its rounds and who could see it."""
    with write(db, game_id):
        rows = list(db.query("select event_id from games where id = ?", [game_id]))
        event = rows[0]["event_id"] if rows else None
        if event:
            events.bump(db, event)
        phones.forget(db, game_id)
        db.execute("delete from rounds where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])
        db.touch(game_id)


def new_score_token(db: Database, game_id: str) -> str:
    """Revoke the score link and make a new one; phones that joined with the old one can only watch."""
    token = secrets.token_urlsafe(12)
    with write(db, game_id):
        db.update("games", {"id": game_id}, {"score_token": token})
    return token
