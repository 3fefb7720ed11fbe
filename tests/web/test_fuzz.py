"""Seeded fuzzing: over a thousand malformed posts a run, across every form of every game (setup, each
step of a round, corrections, undo, the table's changes, their corrections and undo) and the import. None may answer
5xx, take long, build anything large, or store anything when refused. FUZZ_SEED=n replays another run; a
failure prints its seed."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import random
import time
from urllib.parse import quote_plus, urlencode

import pytest
from werkzeug.test import EnvironBuilder

from scorekeeper import gamefile, registry, rules
from scorekeeper.db import connect
from scorekeeper.rules import Invalid
from tests import memory
from tests.markup import Element, parse
from tests.samples import first, sample

from .helpers import HX

SEED = int(os.environ.get("FUZZ_SEED", "20261123"))
REQUESTS = 1100
KINDS = ["round", "correction", "undo", "lineup", "change correction", "lineup undo", "setup", "import"]
LINEUP_KINDS = ["join", "back", "sit_out", "leave", "seat", "adjust", "stop"]  # the lineup page's forms
POSTED = frozenset(("input", "select", "textarea", "button"))  # what a form sends
SLOW = 2.0  # CPU seconds: far above any honest request (a few ms), far below a worker's time-out

HOSTILE = [
    "",
    " ",
    "-1",
    "0",
    "-0",
    "+5",
    " 7 ",
    "1" * 7,
    "9" * 25,
    "1" * 4300,
    "9" * 5000,
    "1e9",
    "1.5",
    "0x10",
    "1_000",
    "١٢",
    "③",
    "²",
    "abc",
    "\x00",
    "A\x00B",
    "\u202eennA",
    "\r\nSet-Cookie: x=1",
    "\t",
    "%s%d%(x)s",
    "{{ 7*7 }}",
    "<script>alert(1)</script>",
    "'\"",
    "[" * 1000,
    "{}",
    "null",
    "true",
    "x" * 50_000,
    "all",
    "nothing",
    "none",
    "minor",
    "major",
    "points",
    "tie",
    "cards",
    "everest",
    "abyss",
    "secret",
    "open",
    "yes",
    "no",
    "stand",
    "run",
    "bids",
    "tricks",
    "round",
    "stored",
    "all",
    "A",
    "10",
    "J",
    "99",
    "999",
]
JSON_HOSTILE: list = [
    None,
    True,
    -1,
    0,
    10**30,
    1.5,
    "",
    "x" * 10_000,
    [],
    {},
    [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]],
    {"a": {"b": {}}},
    "\x00",
    "\u202e",
    list(range(3000)),
    {"k" * 100: 1},
    "NaN",
]
RAW_JSON = [
    "[" * 1000 + "]" * 1000,
    "{" * 5000,
    '"\\ud800"',
    "9" * 5000,
    "NaN",
    "-Infinity",
    "1e999",
    '"\\udc80x"',
    "\x00",
]


def samples_in_progress() -> dict[str, dict]:
    """A game of each registered kind with two rounds played and an adjustment after them: every form,
    correction and undo applies, a change's correction too."""
    games = {bundle.id: adjusted(first(sample(bundle.id).full_game(), 2)) for bundle in registry.GAMES}
    for rules_id, document in games.items():
        assert not rules.play(gamefile.from_document(document)).finished, f"{rules_id}: over after two rounds"
    return games


def adjusted(document: dict) -> dict:
    """The game file with an adjustment before its next round: a point moved from the first side to the second
    where the game takes that (tokens move, they are not made), else a point given to the first side."""
    sides = len(rules.play(gamefile.from_document(document)).sides)
    for points in ([1, -1] + [0] * (sides - 2), [1] + [0] * (sides - 1)):
        changed = {**document, "changes": [{"before": 3, "adjust": points, "reason": "misdeal"}]}
        try:
            rules.play(gamefile.from_document(changed))
        except Invalid:
            continue
        return changed
    raise AssertionError(f"{document['rules']}: no adjustment taken")


def snapshot(db) -> dict[str, str]:
    """Everything stored about each game, as one fingerprint a game."""
    games = db.execute("select id, version, draft, score_token, players, changes from games order by id").fetchall()
    rounds = db.execute("select game_id, number, data from rounds order by game_id, number").fetchall()
    return {
        game[0]: hashlib.sha256(repr((game, [r for r in rounds if r[0] == game[0]])).encode()).hexdigest()
        for game in games
    }


class Stored:
    """What is stored, as `snapshot` reads it, read again only once the app has committed something: SQLite's
    data_version changes at every commit of another connection (reading all after each of 1,100 requests
    cost a connection, two selects and a hash over every round each time)."""

    def __init__(self, app):
        self.db = connect(app.config["DATABASE"])
        self.version: int | None = None
        self.games: dict[str, str] = {}

    def __call__(self) -> dict[str, str]:
        """The fingerprint of each game now."""
        version = self.db.execute("pragma data_version").fetchone()[0]
        if version != self.version:  # read before the fingerprint: a commit in between is seen next time
            self.version, self.games = version, snapshot(self.db)
        return self.games


FORM_SAFE = "!$'()*,/:;?@"  # what the test client leaves unescaped in a form (werkzeug.urls._urlencode)


@functools.cache
def quoted(text: str, safe: str = "", encoding: str | None = None, errors: str | None = None) -> str:
    """quote_plus, once a text: the same hostile values come back in a thousand forms (a "[" * 100_000 is
    100,000 escapes a time)."""
    return quote_plus(text, safe, encoding, errors)


def form_body(data: dict[str, list[str] | str]) -> bytes:
    """The form's body as the test client would send it, each field in order, a list as that many fields."""
    fields = [(name, v) for name, values in data.items() for v in (values if isinstance(values, list) else [values])]
    return urlencode(fields, safe=FORM_SAFE, quote_via=quoted).encode("ascii")


def names_on(page: Element) -> list[str]:
    """The field names a page's forms post (their buttons' too)."""
    named = {e.attrs.get("name", "") for e in page.all() if e.tag in POSTED}
    return sorted(named - {"", "password", "file"})


def held(page: Element, name: str, otherwise: str = "") -> str:
    """The value the page's first field named `name` holds, or `otherwise` where it has none."""
    return page.value(name) if any(e.attrs["name"] == name for e in page.fields(name)) else otherwise


def was_on(page: Element) -> str:
    """The round a correction or undo form says it is about."""
    return held(page, "was")


class Fuzzer:
    """Builds malformed requests from what the pages show, with one seeded random source."""

    def __init__(self, client, rnd: random.Random, games: dict[str, str], documents: dict[str, dict]):
        self.client, self.rnd, self.games, self.documents = client, rnd, games, documents
        self.took = 0.0
        self.pages: dict[str, Element] = {}  # what the forms look like, read once (again after a change)
        self.named: dict[int, list[str]] = {}  # what was read from them, by id of the page
        self.values: dict[tuple[int, str], str] = {}  # and by field

    def page(self, path: str) -> Element:
        """A page as the phone last saw it, parsed."""
        if path not in self.pages:
            self.pages[path] = parse(self.client.get(path).get_data())
        return self.pages[path]

    def forget(self, game_id: str) -> None:
        """Read the pages of this game again when next asked for (it changed)."""
        for path in [p for p in self.pages if f"/games/{game_id}" in p]:
            del self.pages[path]
        self.named.clear()  # by id: a page let go may lend its id to a new one
        self.values.clear()

    def names(self, page: Element) -> list[str]:
        """names_on(page), read once a page (walking a page's elements for each request was a tenth of the test)."""
        if id(page) not in self.named:
            self.named[id(page)] = names_on(page)
        return self.named[id(page)]

    def held(self, page: Element, name: str, otherwise: str = "") -> str:
        """held(page, name, otherwise), read once a page."""
        if (id(page), name) not in self.values:
            self.values[id(page), name] = held(page, name, otherwise)
        return self.values[id(page), name]

    def post(self, path: str, **kwargs):
        """Send the malformed request; `took` is the CPU time the server spent on it (the test client runs
        the app in this thread), which a machine busy with other work does not inflate."""
        if isinstance(kwargs.get("data"), dict):  # a form: encoded here, not within `took`
            kwargs.update(data=form_body(kwargs["data"]), content_type="application/x-www-form-urlencoded")
        started = time.thread_time()
        response = self.client.post(path, **kwargs)
        self.took = time.thread_time() - started
        return response

    def value(self, valid: str | None = None) -> str:
        """A hostile value, now and then a valid one (so the other fields' checks run too)."""
        if valid is not None and self.rnd.random() < 0.4:
            return valid
        return self.rnd.choice(HOSTILE)

    def fields(self, names: list[str]) -> dict[str, list[str]]:
        """Each field kept, dropped, spoiled or sent twice, and a few made-up ones."""
        data: dict[str, list[str]] = {}
        for name in names:
            roll = self.rnd.random()
            if roll < 0.15:
                continue
            data[name] = [self.value(str(self.rnd.randint(0, 6)))]
            if roll > 0.95:
                data[name].append(self.value())
        for _ in range(self.rnd.choice([0, 0, 1, 5, 60])):
            field = self.rnd.choice(["tricks", "bids", "reneges", "red", "other", "staked", "hands", "turn_up"])
            data[f"{field}.{self.rnd.choice(['9', '-1', '99999', 'x', '0.9', '1' * 30])}"] = [self.value()]
        return data

    def round_post(self, url: str, page: Element):
        """One step of the next round, spoiled."""
        data = self.fields(self.names(page))
        data["number"] = [self.value(self.held(page, "number", "3"))]
        if self.rnd.random() < 0.5:
            data["step"] = [self.value()]
        return self.post(f"{url}/rounds", data=data, headers=self.headers())

    def correction(self, url: str):
        """A correction of round 1 or 2, spoiled, with a damaged or stale copy of the round now and then."""
        number = self.rnd.choice([1, 2, 1, 3, 0])
        edit = self.page(f"{url}/rounds/{min(max(number, 1), 2)}/edit")
        data = self.fields(self.names(edit))
        was = self.held(edit, "was")
        data["was"] = [self.rnd.choice([was, was, "[" * 100_000, "{}", "x", was[:-1], "9" * 5000, '{"a":1}'])]
        return self.post(f"{url}/rounds/{number}", data=data, headers=self.headers())

    def undo(self, url: str):
        """An undo that is wrong about the round, or damaged."""
        last = self.held(self.page(url), "was")
        stale = json.dumps({**json.loads(last), "stale": 1}) if last.startswith("{") else "{}"
        was = self.rnd.choice([stale, "", "[" * 100_000, "9" * 5000, "null", '{"bids":[1]}'])
        number = self.rnd.choice([2, 2, 1, 3, 0])
        return self.post(f"{url}/rounds/{number}/undo", data={"was": was}, headers=self.headers())

    def lineup(self, url: str):
        """A change of the table (RULES.md section 8), spoiled: any form of the lineup page's, its fields mixed
        with the other forms' (a join with a reason, tokens moved in a game of points)."""
        page = self.page(f"{url}/lineup")
        data = self.fields(self.names(page))
        data["kind"] = [self.rnd.choice([*LINEUP_KINDS, self.value()])]
        data["version"] = [self.value(self.held(page, "version", "1"))]
        return self.post(f"{url}/lineup", data=data, headers=self.headers())

    def change_correction(self, url: str):
        """A correction of the game's change (or of one it does not have), spoiled, with a damaged or stale copy
        of the change now and then."""
        edit = self.page(f"{url}/lineup/1")
        data = self.fields(self.names(edit))
        was = self.held(edit, "was")
        data["was"] = [self.rnd.choice([was, was, "[" * 1500, "{}", was[:-1], "9" * 5000, '{"before":3,"stop":true}'])]
        index = self.rnd.choice([1, 1, 1, 2, 0, 99999])
        return self.post(f"{url}/lineup/{index}", data=data, headers=self.headers())

    def lineup_undo(self, url: str):
        """An undo of the last change that is wrong about it, or damaged."""
        last = self.held(self.page(f"{url}/lineup"), "was")
        stale = json.dumps({**json.loads(last), "before": 1}) if last.startswith("{") else '{"before":1,"stop":true}'
        was = self.rnd.choice([stale, "", "[" * 100_000, "[" * 1500, "9" * 5000, "null", '{"join":0}', "{}"])
        return self.post(f"{url}/lineup/undo", data={"was": was}, headers=self.headers())

    def setup(self, rules_id: str):
        """A new-game form, spoiled."""
        page = self.page(f"/new/{rules_id}")
        return self.post(f"/new/{rules_id}", data=self.fields(self.names(page)), headers=self.headers())

    def game_file(self):
        """A game file with one part spoiled, broken JSON, or bytes that are not text."""
        document = copy.deepcopy(self.rnd.choice(list(self.documents.values())))
        roll = self.rnd.random()
        if roll < 0.6:
            self.spoil(document)
            body: str | bytes = json.dumps(document)
        elif roll < 0.9:
            text = json.dumps(document)
            cut = self.rnd.randrange(len(text))
            body = text[:cut] + self.rnd.choice(RAW_JSON) + text[cut + self.rnd.choice([0, 1, 5]) :]
        else:
            body = bytes(self.rnd.randrange(256) for _ in range(self.rnd.choice([1, 50, 5000])))
        return self.post("/games/import", data=body, content_type="application/json", headers=self.headers())

    def spoil(self, node, depth: int = 0) -> None:
        """Replace one value somewhere in a parsed game file (keys included) with a hostile one."""
        if isinstance(node, dict) and node:
            key = self.rnd.choice(list(node))
            if (depth > 0 and self.rnd.random() < 0.3) or not isinstance(node[key], dict | list):
                if self.rnd.random() < 0.1:
                    node[self.rnd.choice(["\ud800", "x" * 300, "result", ""])] = node.pop(key)
                else:
                    node[key] = copy.deepcopy(self.rnd.choice(JSON_HOSTILE))
            else:
                self.spoil(node[key], depth + 1)
        elif isinstance(node, list) and node:
            k = self.rnd.randrange(len(node))
            if self.rnd.random() < 0.4 or not isinstance(node[k], dict | list):
                node[k] = copy.deepcopy(self.rnd.choice(JSON_HOSTILE + ["A\ud800", "\udc80"]))
            else:
                self.spoil(node[k], depth + 1)

    def headers(self) -> dict:
        """htmx or not, French or English."""
        headers = dict(HX) if self.rnd.random() < 0.85 else {}  # htmx is what phones send; plain posts too
        headers["Accept-Language"] = self.rnd.choice(["fr", "en"])
        return headers

    def one(self):
        """Send one malformed request somewhere."""
        rules_id = self.rnd.choice(list(self.games))
        url = self.games[rules_id]
        kind = self.rnd.choices(KINDS, [5, 2, 1, 2, 1, 1, 1, 2])[0]
        if kind == "round":
            return kind, self.round_post(url, self.page(url))
        if kind == "correction":
            return kind, self.correction(url)
        if kind == "undo":
            return kind, self.undo(url)
        if kind == "lineup":
            return kind, self.lineup(url)
        if kind == "change correction":
            return kind, self.change_correction(url)
        if kind == "lineup undo":
            return kind, self.lineup_undo(url)
        if kind == "setup":
            return kind, self.setup(rules_id)
        return kind, self.game_file()


@pytest.fixture
def fuzzer(client):
    """A game of each kind in progress, and the fuzzer that spoils their forms."""
    documents = samples_in_progress()
    games = {}
    for rules_id, document in documents.items():
        response = client.post("/games/import", data=json.dumps(document), content_type="application/json")
        assert response.status_code == 303, response.get_data(as_text=True)
        games[rules_id] = response.headers["Location"]
    return Fuzzer(client, random.Random(SEED), games, documents)


@pytest.fixture
def stored(app):
    """What the app's database holds, as `Stored` reads it, through a connection of the test's own."""
    reader = Stored(app)
    yield reader
    reader.db.conn.close()


def test_a_thousand_malformed_requests_never_crash_hang_or_store(fuzzer, stored):
    refused, kinds = 0, set()
    before = stored()
    for k in range(REQUESTS):
        kind, response = fuzzer.one()
        took = fuzzer.took
        where = f"request {k} ({kind}) of seed {SEED}"
        assert response.status_code < 500, f"{where}: {response.status_code}"
        assert took < SLOW, f"{where}: {took:.1f} s"
        assert len(response.get_data()) < 300_000, f"{where}: {len(response.get_data())} bytes"
        after = stored()
        if 400 <= response.status_code < 500:
            refused += 1
            kinds.add(kind)
            assert after == before, f"{where}: refused ({response.status_code}) but something was stored"
        for game_id in set(after) ^ set(before) | {g for g in after if after[g] != before.get(g)}:
            fuzzer.forget(game_id)  # an input that happened to be valid changed a game: read its forms again
        before = after
    assert refused >= 1000, refused
    assert kinds == set(KINDS)


def test_a_form_is_sent_as_the_test_client_would_send_it():
    data = {"bids.0": HOSTILE[:30], "tricks.1": HOSTILE[30:], "was": "[" * 100, "é x": ["+", "a b", "@:;/?!$'()*,"]}
    assert form_body(data) == EnvironBuilder(method="POST", data=data).get_environ()["wsgi.input"].read()


def filled(char: str, room: int, boxes: int) -> str:
    """`char` repeated as often as `boxes` boxes of it fit in `room` bytes of a posted form."""
    return char * (room // (boxes * len(quote_plus(char))))


def test_the_worst_inputs_build_nothing_large(app, client, fuzzer):
    """Memory stays bounded: every box of every form (the lineup page's forms at once) filled with the largest
    and deepest values a form may carry (FORM_MAX_BYTES: a larger one is refused before it is read), and the
    largest game files."""
    room = app.config["FORM_MAX_BYTES"] - 4096  # what the filled boxes may take, besides their names
    for url in fuzzer.games.values():
        edit, change = fuzzer.page(f"{url}/rounds/1/edit"), fuzzer.page(f"{url}/lineup/1")
        forms = [
            (f"{url}/rounds", names_on(fuzzer.page(url)), {"number": "3"}, HX),
            (f"{url}/rounds/1", names_on(edit), {"was": was_on(edit)}, {}),
            (f"{url}/rounds/2/undo", ["was"], {}, {}),
            (f"{url}/lineup", names_on(fuzzer.page(f"{url}/lineup")), {"kind": "adjust"}, {}),
            (f"{url}/lineup/undo", ["was"], {}, {}),
            (f"{url}/lineup/1", names_on(change), {"was": was_on(change)}, {}),
        ]
        for path, names, rest, headers in forms:
            for value in [filled(char, room, len(names)) for char in "91[x"] + ["1000000000000000000000000"]:
                response, peak = traced(client, path, data={**dict.fromkeys(names, value), **rest}, headers=headers)
                assert response.status_code < 500 and response.status_code != 413, (path, value[:10])  # read
                assert peak < 40_000_000, (path, value[:10], peak)
    for body in ("[" * 500_000, '{"a": ' + "9" * 500_000 + "}", '"' + "\\ud800" * 100_000 + '"'):
        response, peak = traced(client, "/games/import", data=body, content_type="application/json")
        assert response.status_code == 400 and peak < 40_000_000


def traced(client, path: str, **kwargs):
    """The answer to a post, and the most memory the app took at once meanwhile (tests/memory.py)."""
    return memory.peak(lambda: client.post(path, **kwargs))
