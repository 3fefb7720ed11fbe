"""The browser tests' phones: one tab of each kind kept per test process, reset before each test (a plugin that
tests/conftest.py loads: the fixtures `page`, `phone`, `no_js_phone`, `second_phone`, `context`)."""

from __future__ import annotations

import weakref

import pytest

# A new browser context and tab cost a second or more of CPU each (a renderer process starts): one tab of each
# kind is kept per test process and reset before every test instead: its cookies, what the live server's address
# keeps on it (fresh), routes, the network and the screen; left blank after each test (leave).
TABS = {
    "phone": {},
    "axe": {"bypass_csp": True},  # a phone whose pages let a test inject axe-core (the app's CSP allows only its own)
    "no_js": {"java_script_enabled": False},  # a phone with JavaScript off
    "second": {},  # another phone at the same table (its own cookies): a watcher, a helper, another table
}


@pytest.fixture(scope="session")
def phone_tab(browser, browser_context_args):
    """The test process's tab of each kind in TABS (opened again should a test close it)."""
    tabs: dict = {}

    def get(kind: str = "phone"):
        if kind not in tabs or tabs[kind].is_closed():
            context = browser.new_context(**browser_context_args, **TABS[kind])
            tabs[kind] = context.new_page()
        return tabs[kind]

    yield get
    for tab in tabs.values():
        if not tab.is_closed():
            tab.context.close()


def fresh(page, browser_context_args, address: str):
    """The kept tab as a fresh phone: blank, online, no cookies, nothing kept for `address` (the test process's
    live server: its local storage), no routes, the phone's own screen."""
    context = page.context
    if page.url != "about:blank":  # left as a test left it (leave)
        page.goto("about:blank")
    context.set_offline(False)
    context.clear_cookies()
    context.clear_permissions()
    storage(page).send("Storage.clearDataForOrigin", {"origin": address, "storageTypes": KEPT_DATA})
    context.unroute_all(behavior="ignoreErrors")
    page.unroute_all(behavior="ignoreErrors")
    page.set_viewport_size(browser_context_args["viewport"])
    page.emulate_media(media="screen", color_scheme="light", reduced_motion="no-preference", forced_colors="none")
    return page


# What a site keeps on a phone besides cookies and the files it fetched (a tab's cache, kept: conftest.Door)
KEPT_DATA = "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,storage_buckets"


def storage(page):
    """A DevTools session of the tab, to clear what an address keeps on the phone (opened once a tab)."""
    if page not in SESSIONS:
        SESSIONS[page] = page.context.new_cdp_session(page)
    return SESSIONS[page]


SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # by kept tab


def leave(page) -> None:
    """The test is over: its tab is blank, so that no page of it asks the next test's app (one address serves
    them all: conftest.Door). A tab that cannot go blank is closed (a new one is opened for the next test)."""
    from playwright.sync_api import Error as PlaywrightError  # imported by the browser tests only

    try:
        page.goto("about:blank")
    except PlaywrightError:
        page.context.close()


def kept(kind: str, name: str, doc: str):
    """The fixture `name`: the test process's tab of `kind`, fresh for each test, left blank after it."""

    def tab(phone_tab, browser_context_args, door):
        made = fresh(phone_tab(kind), browser_context_args, door.url)
        yield made
        leave(made)

    tab.__doc__ = doc
    return pytest.fixture(tab, name=name)


page = kept("phone", "page", "The phone's tab, as a fresh phone.")
phone = kept("axe", "phone", "A fresh phone whose pages let the test inject axe-core (tests/browser/audit.py).")
no_js_phone = kept("no_js", "no_js_phone", "A fresh phone with JavaScript off: every form works without it.")
second_phone = kept(
    "second", "second_phone", "Another fresh phone, for a test of two phones: a new one cost 0.15 s of CPU more."
)


@pytest.fixture
def context(page):
    """The context of the phone's tab."""
    return page.context
