"""The tabs a test process keeps from test to test (tests/phones.py): every test's app is served at the same
address (Door), so a tab keeps the static files it fetched; what a page kept on the phone for that address does not
outlive its test, nor does the page itself (it would ask the next test's app)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.phones import fresh, leave

pytestmark = pytest.mark.browser

KEEP = """() => {
  localStorage.setItem('kept', 'yes');
  sessionStorage.setItem('kept', 'yes');
  document.cookie = 'kept=yes';
}"""
KEPT = "() => [localStorage.getItem('kept'), sessionStorage.getItem('kept'), document.cookie.includes('kept=yes')]"


def test_the_next_test_finds_nothing_of_the_last_ones_pages(page: Page, live_server, phone_tab, browser_context_args):
    page.goto(live_server + "/")
    page.evaluate(KEEP)
    leave(page)  # the test is over
    assert page.url == "about:blank", "a page of the ended test is left open"
    again = fresh(phone_tab(), browser_context_args, live_server)  # the next test's phone
    assert again is page
    again.goto(live_server + "/")
    assert again.evaluate(KEPT) == [None, None, False]
