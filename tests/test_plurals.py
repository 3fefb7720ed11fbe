"""Messages with a count read right for every count, in every language (issue 27: "1 cards", "Ann, Ben all
have 88"): a count of things goes through the language's plural rule (ngettext in templates and views, Nn_ in
the rules), and a message counting things without it says why its count is never 1."""

from __future__ import annotations

import re

import pytest

from scorekeeper import rules
from scorekeeper.i18n import describe, ngettext
from scorekeeper.rules import Game, fields
from scorekeeper.rules.problems import Invalid, Nn_, problem
from tests import pick
from tests.messages import extracted
from tests.web.helpers import start, text

NOUNS = r"(?:card|round|token|point|hand|trick|player|name|side|renege|digit|character)s\b"
COUNTED = re.compile(r"%\((\w+)\)[sd] " + NOUNS)
NEVER_ONE = {  # a count of things written without a plural form, and why it is never 1
    "face": "the value of a red card (1 to 5), not a count",
    "max": "a rule's maximum, always more than 1",
    "hi": "the top of a range, always more than 1",
    "n": "players or sides of a game, at least 2; a game file's rounds past the limit",
    "count": "cards turned up when they were run (more than 1), or past a maximum",
    "least": "a pickup's least size, 3",
    "digits": "a number too long, more than 6 digits",
    "deck": "a deck of 52 or 32",
    "given": "more names than players, so more than 2",
}


def test_a_message_counting_things_has_plural_forms_or_a_count_never_one():
    wrong = []
    for filename, line, message, _comments, _context in extracted():
        if (isinstance(message, tuple) and message[1]) or not filename.startswith(("scorekeeper", "templates")):
            continue
        for name in COUNTED.findall(message):
            if name not in NEVER_ONE:
                wrong.append(f"{filename}:{line}: {message!r} counts %({name}) without plural forms")
    assert not wrong, "use ngettext (templates, views) or Nn_ (rules) with %(num)d:\n" + "\n".join(wrong)


DEALS = [
    ("en", "Anne deals 1 card each;", "Anne deals 2 cards each;"),
    ("fr", "Anne donne 1 carte à chacun", "Anne donne 2 cartes à chacun"),
    ("de", "Anne gibt jedem 1 Karte;", "Anne gibt jedem 2 Karten;"),
]


P3 = ["Anne", "Julien", "Sylvie"]


def one_card_first(bundle) -> bool:
    """Its hands are an option, and a first hand of one card is one it deals."""
    try:
        options = rules.get(bundle.id).check_setup(P3, {"hands": [1, 2]})
    except (Invalid, TypeError, ValueError):
        return False
    upcoming = rules.play(Game(bundle.id, P3, options)).upcoming
    return upcoming is not None and upcoming.cards == 1


@pytest.mark.parametrize(("lang", "one", "two"), DEALS, ids=[d[0] for d in DEALS])
def test_the_deal_line_of_a_one_card_hand_says_card(client, lang, one, two):
    url = start(client, pick.game(pick.option("hands"), one_card_first), P3, hands="1 2")
    page = text(client.get(url, headers={"Accept-Language": lang}))
    assert one in page and "1 cards" not in page and "1 cartes" not in page and "1 Karten" not in page
    singular = "%(dealer)s deals %(num)d card each; %(first)s bids and leads first."
    plural = "%(dealer)s deals %(num)d cards each; %(first)s bids and leads first."
    assert ngettext(singular, plural, 2, lang, dealer="Anne", first="Julien").startswith(two.rstrip(";"))


TRICKS = [
    ("en", 1, "each player was dealt 1 card: they must add up to 1."),
    ("en", 3, "each player was dealt 3 cards: they must add up to 3."),
    ("fr", 1, "chaque joueur a reçu 1 carte : ils doivent faire 1."),
    ("fr", 3, "chaque joueur a reçu 3 cartes : ils doivent faire 3."),
    ("de", 1, "jeder hat 1 Karte bekommen: Es muss genau 1 Stich sein."),
    ("de", 3, "jeder hat 3 Karten bekommen: Es müssen genau 3 Stiche sein."),
]


@pytest.mark.parametrize(("lang", "cards", "said"), TRICKS)
def test_a_refusal_counts_the_cards_in_the_language(lang, cards, said):
    [found] = fields.tricks_add_up([cards + 1, 0, 0], cards)
    assert describe(found.at_round(2), ["Anne"], lang).endswith(said)


def test_a_plural_problem_reads_in_english_without_a_catalogue():
    counted = Nn_("%(num)d point reached.", "%(num)d points reached.")
    assert problem(counted, num=1).text() == "1 point reached."
    assert problem(counted, num=0).text() == "0 points reached."
    assert describe(problem(counted, num=1), None, "fr") == "1 point atteint."
    assert describe(problem(counted, num=2), None, "de") == "2 Punkte erreicht."
