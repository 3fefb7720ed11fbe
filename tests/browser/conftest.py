"""Fixtures of the browser tests beyond the kept tabs of tests/phones.py."""

from __future__ import annotations

import pytest


@pytest.fixture
def clocked(browser, browser_context_args):
    """Open a phone of its own whose clock the test drives (page.clock installed, time flowing until moved on),
    closed after the test: a clock installed on a kept tab stays with it for good, and every later test of the
    test process that takes that tab would run on it. `clocked(**args)` adds to (or changes) the phone's context
    arguments (bypass_csp=True: the audit's axe-core; service_workers="allow")."""
    contexts = []

    def open_phone(**args):
        context = browser.new_context(**{**browser_context_args, **args})
        contexts.append(context)
        page = context.new_page()
        page.clock.install()
        return page

    yield open_phone
    for context in contexts:
        context.close()
