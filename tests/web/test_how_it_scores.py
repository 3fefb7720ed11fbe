"""Each game says how it scores in its own words, in every language (its folder's scoring/<lang>.txt: what is
recorded, how a round scores, how the game ends, the options), and the new-game form and the game page show
it in a disclosure that opens without a script, so a table can settle a question without the box."""

from __future__ import annotations

import pytest

from scorekeeper import i18n, registry
from tests.markup import parse
from tests.samples import sample

GAMES = [pytest.param(bundle, id=bundle.id) for bundle in registry.GAMES]
HEADINGS = ("What is recorded", "How a round scores", "How the game ends", "The options")


def disclosure(page: str) -> str:
    """The page's "How it scores" disclosure, as a player reads it."""
    found = parse(page).all("details", class_="how-it-scores")
    assert found, "the page has no How it scores"
    return found[0].text()


@pytest.mark.parametrize("bundle", GAMES)
def test_every_game_says_how_it_scores_in_each_language_in_four_parts(bundle):
    texts = {lang: bundle.how_it_scores(lang) for lang in i18n.LANGUAGES}
    assert all(len(parts) == 4 for parts in texts.values()), {lang: len(p) for lang, p in texts.items()}
    assert len({parts[1] for parts in texts.values()}) == len(i18n.LANGUAGES)  # translated, not copied


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("bundle", GAMES)
def test_the_new_game_form_and_the_game_page_show_how_it_scores(client, bundle, lang):
    headers = {"Accept-Language": lang}
    parts = bundle.how_it_scores(lang)
    shown = " ".join(disclosure(client.get(f"/new/{bundle.id}", headers=headers).get_data(as_text=True)).split())
    assert all(part in shown for part in parts)
    assert all(i18n.gettext(heading, lang) in shown for heading in HEADINGS)
    url = client.post("/games/import", json=sample(bundle.id).GAME).headers["Location"]
    page = client.get(url, headers=headers).get_data(as_text=True)
    assert parts[2] in " ".join(disclosure(page).split())
