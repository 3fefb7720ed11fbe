"""Every htmx swap of a game page leaves one of each region (issue 27): after Undo the round form was drawn
inside itself. A swap by an extension ("replace", static/swap.js) is looked up by htmx from the element that
sent the request; when the answer first swaps out of band the region that element is in, htmx no longer finds
the extension and falls back to innerHTML: the new region inside the old one. So such an element must be
inside its own target (which the answer replaces last), and an answer never carries a region twice."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from scorekeeper import registry
from tests.samples import HX, enter, first, sample

from .helpers import undo

GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Tree(HTMLParser):
    """Each element's attributes and the ids of the elements around it."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.open: list[dict] = []
        self.found: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, **{k: v or "" for k, v in attrs}, "within": [e.get("id") for e in self.open]}
        self.found.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        while self.open and self.open.pop()["tag"] != tag:
            pass


def extension_swaps_inside_their_target(html: str) -> list[str]:
    """The elements swapping by an extension that are not inside their target."""
    wrong = []
    for element in Tree(html).found:
        swap, target = element.get("hx-swap", ""), element.get("hx-target", "")
        if swap.split(" ")[0] == "replace" and not (target.startswith("#") and target[1:] in element["within"]):
            wrong.append(f"<{element['tag']} hx-target={target!r} hx-swap={swap!r}> in {element['within']}")
    return wrong


def regions(html: str) -> list[str]:
    """The ids of the page regions an answer carries (its top-level elements and those swapped out of band)."""
    tree = Tree(html)
    return [e["id"] for e in tree.found if e.get("id") and (not e["within"] or "hx-swap-oob" in e)]


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_swap_by_extension_is_sent_from_inside_its_target(client, rules_id):
    url = enter(client, first(sample(rules_id).GAME, 1))
    page = client.get(url).get_data(as_text=True)
    assert 'class="undo"' in page and "round-entry" in page
    assert extension_swaps_inside_their_target(page) == []


@pytest.mark.parametrize("rules_id", GAMES)
def test_each_answer_carries_each_region_once(client, rules_id):
    game = sample(rules_id).GAME
    url = enter(client, first(game, 1))
    answers = {
        "undo": undo(client, url, 1, HX),
        "page": client.get(url, headers=HX),
    }
    step, fields = sample(rules_id).posts(game["rounds"][0], game)[0]
    answers["step"] = client.post(f"{url}/rounds", data={"number": "1", "step": step, **fields}, headers=HX)
    for name, answer in answers.items():
        found = regions(answer.get_data(as_text=True))
        assert found.count("round-form") == 1 and len(found) == len(set(found)), (name, found)
