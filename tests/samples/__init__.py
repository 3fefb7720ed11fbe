"""Each registered game's sample: a short game file (GAME), another valid first round (OTHER_FIRST), the
form posts that enter a round (`posts`), and the words its blank pad prints (BLANK). The module of a
game is the one its registry line names (`tests/samples/<module>.py`); the contract test and the
scenarios every game shares play them through every piece.

This module holds what the samples share: how a game file is typed into the forms, and what the rules
derive from it.
"""

from __future__ import annotations

from types import ModuleType

from scorekeeper import gamefile, registry, rules
from tests.web.helpers import HX

__all__ = ["HX", "Posts", "all_fields", "enter", "expected", "first", "normalised", "post", "sample", "start"]

Posts = list[tuple[str, dict[str, str]]]  # (step, form fields), in the order they are sent


def sample(rules_id: str) -> ModuleType:
    """The sample module of a registered game."""
    return registry.load(registry.get(rules_id).sample)


def seats(name: str, values) -> dict[str, str]:
    """Form fields name.0, name.1, ... from a list."""
    return {f"{name}.{k}": str(v) for k, v in enumerate(values)}


def option_text(value) -> str:
    """An option's value as typed in the new-game form (a list of hands as "3 2", yes or no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def setup_fields(document: dict) -> dict[str, str]:
    """The new-game form that sets a game file's players, first dealer and options."""
    fields = seats("player", document["players"])
    fields["dealer"] = str(document.get("first_dealer", 0))
    fields.update({f"option.{name}": option_text(v) for name, v in document.get("options", {}).items()})
    return fields


def all_fields(posts: Posts) -> dict[str, str]:
    """Every field of a round's posts at once, as the correction form sends them."""
    return {k: v for _step, fields in posts for k, v in fields.items()}


def expected(document: dict) -> dict:
    """The result section the rules derive from a game file."""
    return gamefile.result_document(rules.play(gamefile.from_document(document)))


def normalised(document: dict) -> list[dict]:
    """A game file's rounds as the rules record them."""
    return [r.round for r in rules.play(gamefile.from_document(document)).rounds]


def first(document: dict, count: int) -> dict:
    """The game file cut after its first `count` rounds."""
    return {**document, "rounds": document["rounds"][:count]}


def start(client, document: dict) -> str:
    """Start a game file's game (no rounds yet) through the new-game form; its address."""
    response = client.post(f"/new/{document['rules']}", data=setup_fields(document))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def post(client, url: str, number: int, step: str, fields: dict, headers=None):
    """Post one step of round `number`; the response."""
    return client.post(f"{url}/rounds", data={"number": str(number), "step": step, **fields}, headers=headers or {})


def enter(client, document: dict, headers=None, url: str | None = None) -> str:
    """Start a game file's game through the new-game form (unless `url` is given) and type in every
    round, checking each answer (a redirect, or with htmx the new form and board); its address."""
    url = url or start(client, document)
    module = sample(document["rules"])
    for number, rnd in enumerate(document["rounds"], start=1):
        for step, fields in module.posts(rnd, document):
            response = post(client, url, number, step, fields, headers)
            said = response.get_data(as_text=True)
            if headers:
                assert response.status_code == 200, said
                assert said.lstrip().startswith('<section id="round-form"') and "<html" not in said
            else:
                assert response.status_code == 303, said
    return url
