"""The browser tests' Chromium keeps every feature Playwright turns off, and turns off ours beside them."""

from tests.conftest import CHROMIUM_FLAGS, playwrights_disabled_features


def test_the_tests_chromium_keeps_playwrights_disabled_features_and_adds_ours():
    """Chromium reads only the last --disable-features: ours must repeat Playwright's, read from its driver."""
    theirs = playwrights_disabled_features()
    assert theirs, "Playwright's disabled features were not found in its driver: the tests' Chromium would be slower"
    lists = [flag for flag in CHROMIUM_FLAGS if flag.startswith("--disable-features=")]
    assert len(lists) == 1
    features = lists[0].removeprefix("--disable-features=").split(",")
    assert features[: len(theirs)] == theirs
    assert {"RenderDocument", "ProactivelySwapBrowsingInstance"} <= set(features[len(theirs) :])
