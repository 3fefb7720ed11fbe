"""Two phones scoring one table at 390x844 (issue 27): each follows what the other saves (bids, a round, a
correction, an undo, a rename) without a reload, keeping its own taps on a step nobody else saved; and every swap
leaves one round form, never one inside another.

Following another phone is one building block for every game (static/follow.js and offline.js, the round form
swapped out of band): what changes from game to game is the round's shape, one save or the bids saved before the
tricks (news of the bids alone moves the form on a step), and whether a script of the game's own acts on the form
the news replaces. So the follow test plays one game of each shape, one with a script of its own where a shape has
one (drawn.one_of_each_shape); the tests of one shape's news play the first game of that shape.

The other phone is this phone's cookies posting the sample's rounds (page.request): the server cannot tell
it from a second phone, and it costs no second browser."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry
from tests import pick
from tests.markup import parse
from tests.samples import all_fields, sample, setup_fields

from .drawn import shaped
from .helpers import board_rounds, round_number, shot, step, totals
from .touch import press

pytestmark = pytest.mark.browser

FOLLOWS = 3000  # ms: what another phone saved shows within 3 s
ANY = pick.game()  # for what every game does alike
BIDS_FIRST = pick.game(pick.bids_first)  # for news of the bids alone


def new_game(page: Page, base: str, rules_id: str) -> tuple[str, dict]:
    """The game of the sample's players and options, started from this phone and opened; its URL and sample."""
    game = sample(rules_id).GAME
    form: dict[str, str | float | bool] = {**setup_fields(game)}
    answer = page.request.post(f"{base}/new/{rules_id}", form=form, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]
    url = (
        base + answer.headers["location"] if answer.headers["location"].startswith("/") else answer.headers["location"]
    )
    page.goto(url)
    expect(page.locator("#round-form")).to_be_visible()
    return url, game


def elsewhere(page: Page, url: str, rules_id: str, number: int, steps: slice = slice(None)) -> None:
    """Another phone saves round `number` of the sample (or only some of its steps)."""
    game = sample(rules_id).GAME
    for name, fields in sample(rules_id).posts(game["rounds"][number - 1], game)[steps]:
        form: dict[str, str | float | bool] = {"number": str(number), "step": name, **fields}
        answer = page.request.post(f"{url}/rounds", form=form, max_redirects=0)
        assert answer.status == 303, answer.text()[:300]


def one_round_form(page: Page) -> None:
    """Exactly one round form, not inside another."""
    expect(page.locator("section#round-form")).to_have_count(1)
    expect(page.locator("#round-form #round-form")).to_have_count(0)


# the undo of a first round saved elsewhere, for one game: every game's undo is swapped in by the same page parts,
# and test_flow's taps-in-view undoes a round of each game and finds one round form there too
def test_undo_leaves_one_round_form(page: Page, live_server):
    rules_id = ANY
    url, _game = new_game(page, live_server, rules_id)
    elsewhere(page, url, rules_id, 1)
    page.reload()
    assert board_rounds(page) == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.undo button").click()
    expect(page.locator("#game-message")).to_be_visible()
    one_round_form(page)
    assert board_rounds(page) == 0 and round_number(page) == 1
    shot(page, f"live-undo-{rules_id}")


def test_after_an_undo_the_bids_saved_elsewhere_leave_one_current_notice(page: Page, live_server):
    """This phone undoes round 1 and taps a bid; another phone saves round 1's bids first. This phone then
    says one thing, what became of its taps, and no longer that the round was undone (two notices, one stale)."""
    rules_id = BIDS_FIRST
    url, game = new_game(page, live_server, rules_id)
    elsewhere(page, url, rules_id, 1)
    page.reload()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.undo button").click()
    expect(page.locator("#game-message")).to_contain_text("manche 1 a été annulée")
    tap_one(page, sample(rules_id).posts(sample(rules_id).OTHER_FIRST, game)[0][1])
    before = step(page)  # read before the other phone saves: the news may be followed before a later read
    elsewhere(page, url, rules_id, 1, slice(0, 1))
    expect(page.locator("#round-entry input[name=step]")).not_to_have_value(before, timeout=FOLLOWS)
    notices = page.locator("#round-form .notice")
    expect(notices).to_have_count(1)
    expect(notices).to_have_id("saved-elsewhere")
    expect(notices).to_contain_text("n’est pas enregistré et est effacé")  # the taps: not saved, and gone
    one_round_form(page)
    shot(page, f"live-undo-elsewhere-{rules_id}")


def post(page: Page, address: str, form: dict) -> None:
    """Another phone posts a form (a plain post: the server answers with a redirect)."""
    fields: dict[str, str | float | bool] = {**form}
    answer = page.request.post(address, form=fields, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]


def rename_last(page: Page, url: str, game: dict) -> None:
    """Another phone renames the last player Zoé; this phone's board follows."""
    names = [*game["players"][:-1], "Zoé"]
    post(
        page, f"{url}/players", {"was": json.dumps(game["players"]), **{f"player.{k}": n for k, n in enumerate(names)}}
    )
    expect(page.locator("#scoreboard thead")).to_contain_text("Zoé", timeout=FOLLOWS)


def last_round(page: Page, url: str) -> str:
    """The last round as another phone's page shows it (what its undo and correction forms post back)."""
    return parse(page.request.get(url).text()).value("was")


def tap_one(page: Page, fields: dict) -> tuple[str, str]:
    """Tap one of the entries `fields` would post (a chip, or a box typed in) on this phone's form, one that
    changes what the form shows (a tap on a chip already checked is no tap to keep)."""
    for name, value in fields.items():
        box = page.locator(f"#round-entry input[name='{name}']")
        if not box.count() or (
            not box.first.is_visible() and box.first.get_attribute("type") not in ("radio", "checkbox")
        ):
            continue
        if box.first.get_attribute("type") in ("radio", "checkbox"):
            label = page.locator(f"#round-entry label:has(input[name='{name}'][value='{value}'])")
            if not label.count() or not label.first.is_visible() or label.first.locator("input").is_checked():
                continue
            label.first.click()
        elif box.first.input_value() == value:
            continue
        else:
            box.first.fill(value)
        expect(page.locator(f"#round-entry input[name='{name}'][value='{value}']").or_(box.first)).not_to_have_count(0)
        return name, value
    raise AssertionError(f"nothing of {sorted(fields)} to tap")


def kept(page: Page, name: str, value: str) -> None:
    """The tap is still on the form."""
    box = page.locator(f"#round-entry input[name='{name}']").first
    if box.get_attribute("type") in ("radio", "checkbox"):
        expect(page.locator(f"#round-entry input[name='{name}'][value='{value}']")).to_be_checked()
    else:
        expect(box).to_have_value(value)


@pytest.mark.parametrize("rules_id", shaped(pick.own_script))
def test_a_scoring_phone_follows_what_another_saves(page: Page, live_server, rules_id):
    url, game = new_game(page, live_server, rules_id)
    posts = sample(rules_id).posts(game["rounds"][0], game)
    expect(page.locator("#poll")).to_have_attribute("data-following", "asking")
    page.evaluate("window.notReloaded = true")

    # the first step saved elsewhere while this phone had tapped it: what was saved shows, said once
    tap_one(page, posts[0][1])
    elsewhere(page, url, rules_id, 1, slice(0, 1))
    if len(posts) > 1:
        expect(page.locator("#round-entry input[name=step]")).to_have_value(posts[1][0], timeout=FOLLOWS)
    else:
        expect(page.locator("#scoreboard #round-1")).to_be_attached(timeout=FOLLOWS)
        assert round_number(page) == 2
    expect(page.locator("#saved-elsewhere")).to_have_count(1)
    expect(page.locator("#saved-elsewhere")).to_contain_text("Manche 1 : un autre téléphone")
    expect(page.locator("#flash")).to_contain_text("un autre téléphone")  # said to screen readers too
    one_round_form(page)
    shot(page, f"live-elsewhere-{rules_id}")

    # a rename elsewhere: the board, the deal line and the form follow; this phone's taps stay, nothing more is said
    later = posts[1][1] if len(posts) > 1 else sample(rules_id).posts(game["rounds"][1], game)[0][1]
    name, value = tap_one(page, later)
    rename_last(page, url, game)
    expect(page.locator("#round-form")).to_contain_text("Zoé")
    kept(page, name, value)
    expect(page.locator("#saved-elsewhere")).to_have_count(1)  # still on the form, at the step it is about
    expect(page.locator("#flash")).not_to_contain_text("un autre téléphone")  # said once, not again
    one_round_form(page)

    # the rest of the round, a correction and an undo elsewhere
    if len(posts) > 1:
        elsewhere(page, url, rules_id, 1, slice(1, None))
        expect(page.locator("#scoreboard #round-1")).to_be_attached(timeout=FOLLOWS)
    before = totals(page)
    other = sample(rules_id).OTHER_FIRST
    shown = page.locator("#scoreboard tfoot").text_content()  # the totals before the correction
    post(page, f"{url}/rounds/1", {"was": last_round(page, url), **all_fields(sample(rules_id).posts(other, game))})
    page.wait_for_function(
        "t => document.querySelector('#scoreboard tfoot').textContent !== t", arg=shown, timeout=FOLLOWS
    )
    assert totals(page) != before
    post(page, f"{url}/rounds/1/undo", {"was": last_round(page, url)})
    expect(page.locator("#scoreboard #round-1")).to_have_count(0, timeout=FOLLOWS)
    assert round_number(page) == 1 and step(page) == posts[0][0]
    one_round_form(page)
    assert page.evaluate("window.notReloaded") is True


# the games whose players stake tokens (their round form has stake fields)
STAKES = [
    pytest.param(b.id, id=b.id) for b in registry.GAMES if 'name="staked.' in (b.folder / "board.html").read_text()
]


def stakes(page: Page) -> dict[int, list[str]]:
    """Each player's stake chips on the form, by seat: the stakes one tap enters (read in one call, not two for
    each of 30 chips)."""
    found: dict[int, list[str]] = {}
    boxes = page.locator("#round-entry input[name^='staked.']").evaluate_all(
        "all => all.map(b => [b.getAttribute('name'), b.getAttribute('value')])"
    )
    for name, value in boxes:
        found.setdefault(int(name.split(".")[1]), []).append(value)
    return found


@pytest.mark.parametrize("rules_id", STAKES)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_any_stake_is_one_tap_and_the_chips_say_why_they_stop(page: Page, live_server, rules_id, theme):
    page.emulate_media(color_scheme=theme)
    _url, game = new_game(page, live_server, rules_id)
    offered = stakes(page)
    assert offered and all(values == [str(n) for n in range(1, len(values) + 1)] for values in offered.values())
    for seat, values in offered.items():
        held = int(page.locator(f"#player-{seat}").get_attribute("data-held") or 0)
        assert len(values) == min(held, 12)  # every stake the rules allow, none above what the player holds
        why = page.locator(f"#player-{seat} .ea-stakes").get_attribute("aria-describedby")
        said = page.locator(f"#{why}")
        expect(said).to_be_visible()  # said on screen, and to screen readers as the chips' description
        expect(said).to_contain_text(game["players"][seat])
        if held <= 12:
            expect(page.locator(f"#player-{seat} label.chip:has(input[value='{held}'])")).to_contain_text("tapis")
    # the biggest stake for everyone: one tap each, the pot adds up
    taps = 0
    for seat, values in offered.items():
        press(page, f"#player-{seat} label.chip:has(input[value='{values[-1]}'])")
        taps += 1
        expect(page.locator(f"#player-{seat} [data-ea-tapis]")).to_be_visible()
    assert taps == len(offered)
    expect(page.locator(".ea-pot output")).to_have_text(str(sum(int(v[-1]) for v in offered.values())))
    page.locator("#player-0").scroll_into_view_if_needed()
    shot(page, f"live-stakes-{rules_id}-{theme}")
    page.set_viewport_size({"width": 360, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.set_viewport_size({"width": 195, "height": 422})  # 390 px at 200% zoom
    assert page.evaluate("document.documentElement.scrollWidth") <= 195


@pytest.mark.parametrize("rules_id", STAKES)
def test_stakes_are_tapped_in_without_javascript(no_js_phone: Page, live_server, rules_id):
    page = no_js_phone
    _url, game = new_game(page, live_server, rules_id)
    game_round = game["rounds"][0]
    for name, value in sample(rules_id).posts(game_round, game)[0][1].items():
        label = page.locator(f"#round-entry label:has(input[name='{name}'][value='{value}'])").first
        if not label.is_visible():  # in a section the player opens (the cards shown): a tap on its summary
            page.locator(f"#round-entry details:has(input[name='{name}']) > summary").click()
        label.click()
    page.locator("#round-entry button[type=submit]").click()
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    shot(page, f"live-stakes-nojs-{rules_id}")


def test_a_phone_changing_its_bids_keeps_them_through_news_about_something_else(page: Page, live_server):
    """Back at the bids to change them, a phone keeps its form when another phone renames a player; when the
    other phone saves other bids (the sample's other first round's), the form moves on to the tricks with those,
    and says so."""
    rules_id = BIDS_FIRST
    url, game = new_game(page, live_server, rules_id)
    bids = sample(rules_id).posts(game["rounds"][0], game)[0]
    other = sample(rules_id).posts(sample(rules_id).OTHER_FIRST, game)[0]
    assert bids[0] == other[0] == "bids" and bids[1] != other[1], "the sample's two first rounds bid alike"
    elsewhere(page, url, rules_id, 1, slice(0, 1))
    page.goto(f"{url}?step=bids")
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")
    name, value = tap_one(page, other[1])
    rename_last(page, url, game)
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")
    kept(page, name, value)
    expect(page.locator("#saved-elsewhere")).to_have_count(0)
    post(page, f"{url}/rounds", {"number": "1", "step": "bids", **other[1]})
    expect(page.locator("#round-entry input[name=step]")).to_have_value("tricks", timeout=FOLLOWS)
    expect(page.locator("#saved-elsewhere")).to_have_count(1)
