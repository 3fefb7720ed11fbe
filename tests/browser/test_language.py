"""The language menu in a real browser: one button in the header at 390 px and at 200% zoom (195 CSS px), taps of
at least 44x44 px, and it works without JavaScript."""

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect

from scorekeeper import rules
from scorekeeper.i18n import translate
from tests import pick

from .touch import press

pytestmark = pytest.mark.browser
GAME = pick.game()  # any game's setup form


def box(page: Page, selector: str) -> FloatRect:
    """The element's box in CSS pixels."""
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


@pytest.mark.parametrize("width", [390, 195])
def test_the_menu_fits_the_header_and_every_tap_is_big_enough(page: Page, live_server, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")  # the phone asks for French
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    summary = box(page, "details.lang summary")
    assert summary["width"] >= 44 and summary["height"] >= 44
    assert summary["x"] + summary["width"] <= width
    brand = box(page, ".brand")
    assert brand["x"] + brand["width"] <= summary["x"]  # side by side, not on top of each other
    press(page, "details.lang summary")
    choices = page.locator("details.lang nav a, details.lang nav span")
    expect(choices).to_have_count(3)
    for k in range(3):
        choice = choices.nth(k).bounding_box()
        assert choice is not None and choice["width"] >= 44 and choice["height"] >= 44
        assert choice["x"] >= 0 and choice["x"] + choice["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    press(page, "details.lang nav a[lang=de]")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#my-games h2")).to_have_text("Partien auf diesem Handy")


def test_the_menu_works_without_javascript(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server}/new/{GAME}")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("details.lang summary").click()
    page.locator("details.lang nav a[lang=de]").click()
    expect(page).to_have_url(f"{live_server}/new/{GAME}")
    expect(page.locator("h1")).to_have_text(translate(rules.get(GAME).name, "de"))
    expect(page.locator("button[type=submit].primary")).to_have_text("Partie starten")
    context.close()


def test_the_open_menu_closes_on_a_tap_elsewhere_or_escape(page: Page, live_server):
    page.goto(live_server + "/")
    menu = page.locator("details.lang")
    page.locator("details.lang summary").click()
    expect(menu).to_have_attribute("open", "")
    page.locator("main h2").first.click()
    expect(menu).not_to_have_attribute("open", "")
    page.locator("details.lang summary").click()
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
