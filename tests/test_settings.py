"""Every setting is in one typed table (settings.py): converted and checked when the app is built, named in
the operator's documentation, and, set from the environment to a valid value, leaves every page working."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper import create_app, settings
from scorekeeper.cli import main
from tests import pick
from tests.conftest import TEST_CONFIG, built_static, fresh_store, own_app
from tests.samples import enter, sample

ROOT = Path(__file__).resolve().parent.parent
OPERATING = (ROOT / "OPERATING.md").read_text()
NAMES = [setting.name for setting in settings.SETTINGS]
# gthread: serve's default, gevent, would patch this test process's threads and sockets before the settings stop
# it (a pool's thread then ended with a KeyError, and a later test could hang on a patched lock)
SERVE = ["serve", "--port", "1", "--worker-class", "gthread"]


def test_the_operators_guide_holds_every_setting_as_the_code_has_it():
    # `scorekeeper settings` prints the table; paste it into OPERATING.md when a setting changes
    assert settings.table() in OPERATING


def test_the_operators_guide_names_no_setting_that_does_not_exist():
    named = set(re.findall(r"`SCOREKEEPER_([A-Z_]+)`", OPERATING))
    assert named - set(NAMES) <= {"INSTANCE"}, named - set(NAMES)


LIMITS = OPERATING.split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
# what one client may cost: each such setting is said in the guide's Limits, with what it bounds (issue 38)
LIMIT_SETTINGS = [
    *("MAX_CONTENT_LENGTH", "FORM_MAX_BYTES", "BODY_SECONDS", "CREATE_LIMIT", "EVENT_CREATE_LIMIT"),
    *("RATELIMIT_STORAGE_URI", "CONNECTIONS_PER_ADDRESS", "WAITING_PER_ADDRESS", "WAITING_PER_GAME"),
    *("POLL_AGAIN_SECONDS", "SHEETS_AT_ONCE", "SHEETS_WAIT", "ADMIN_SIGN_IN_LIMIT", "ADMIN_SESSION_SECONDS"),
]


@pytest.mark.parametrize("name", LIMIT_SETTINGS)
def test_the_guides_limits_say_how_each_limit_is_changed(name):
    assert f"`SCOREKEEPER_{name}" in LIMITS, f"OPERATING.md's Limits do not name SCOREKEEPER_{name}"


def build(monkeypatch, tmp_path, empty_store, **environment):
    """An app built with SCOREKEEPER_<name>=<value> in the environment, over a fresh store."""
    for name, value in environment.items():
        monkeypatch.setenv(settings.PREFIX + name, value.format(instance=tmp_path))
    config = {key: value for key, value in TEST_CONFIG.items() if key not in environment}
    if "DATABASE" not in environment:
        config["DATABASE"] = fresh_store(empty_store, tmp_path)
    return create_app(config)


def pages_work(app) -> None:
    """Play a game through the forms and open every page a table sees: each answers as it should."""
    client = app.test_client()
    game = enter(client, sample(pick.game()).GAME)
    pages = ("/", f"/new/{pick.game()}", game, f"{game}/poll?v=0", f"{game}/export.json", "/history")
    for path in (*pages, "/events/new"):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code, answer.get_data(as_text=True)[:300])
    assert client.get(f"{game}/sheet.pdf").status_code == 200


@pytest.mark.parametrize("name", NAMES)
def test_each_setting_from_the_environment_leaves_every_page_working(name, monkeypatch, tmp_path, empty_store):
    setting = settings.BY_NAME[name]
    assert setting.example, f"{name} has no example value"
    if name == "STATIC_BUILD":  # the built files copied there first: only those missing are built in the folder
        built_static(Path(setting.example.format(instance=tmp_path)))
    app = build(monkeypatch, tmp_path, empty_store, **{name: setting.example})
    assert app.config[name] == setting.take(setting.example.format(instance=tmp_path))
    assert app.config[name] != setting.default, f"{name}'s example is its default"
    if name == "DATABASE":
        from scorekeeper.db import migrate

        migrate(app.config[name])
    pages_work(app)


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("LONG_POLL_SECONDS", "fifteen", "must be a whole number, from 0 to 60"),
        ("LONG_POLL_SECONDS", "600", "from 0 to 60"),
        ("POLL_SECONDS", "0", "from 1 to 60"),
        ("STORE_WAIT_SECONDS", "soon", "must be a number of seconds"),
        ("EVENT_SETTLE_SECONDS", "nan", "must be a number of seconds"),  # was let through: every club night poll a 500
        ("CREATE_LIMIT", "sixty a minute", "Flask-Limiter's notation"),
        ("PUBLIC_URL", "scores.example.org", "http:// or https://"),
        ("PUBLIC_URL", "https://scores.example.org/?x=1", "no query"),
        ("TRUSTED_PROXY", "caddy", "IP addresses"),
        ("SESSION_COOKIE_SECURE", "perhaps", "true or false"),
        ("FORM_MAX_BYTES", "1k", "whole number"),
    ],
)
def test_a_wrong_value_stops_the_app_naming_the_setting(name, value, said, monkeypatch, tmp_path, empty_store):
    with pytest.raises(settings.BadSetting) as raised:
        build(monkeypatch, tmp_path, empty_store, **{name: value})
    assert f"SCOREKEEPER_{name}={value!r}" in str(raised.value)
    assert said in str(raised.value)


@pytest.fixture
def limiter_put_back(tmp_path, empty_store):
    """The process's limiter (one for every app) counting in an app's own store again after the test (asked for
    before monkeypatch, so that the environment is put back first)."""
    yield
    own_app(empty_store, tmp_path)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("bogus://x", "unknown storage scheme"),
        pytest.param(
            "redis://127.0.0.1:6379",
            "'redis' prerequisite not available",
            marks=pytest.mark.skipif(importlib.util.find_spec("redis") is not None, reason="redis is installed"),
        ),
    ],
)
def test_a_rate_limit_store_that_cannot_be_used_stops_serve_naming_the_setting(
    value, said, limiter_put_back, monkeypatch, tmp_path
):
    # the limits library refused it while the app was built, and serve said "Something went wrong with this
    # file; nothing was written." (Redis without its package: the operator's guide says to pip install redis)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_STORAGE_URI", value)
    result = CliRunner().invoke(main, SERVE)
    assert result.exit_code == 2, result.output
    assert f"SCOREKEEPER_RATELIMIT_STORAGE_URI={value!r}: " in result.output and said in result.output


def test_the_long_poll_setting_from_the_environment_is_a_number(monkeypatch, tmp_path, empty_store):
    # it stayed text, and every game page was a 500 ("can only concatenate str (not "int") to str")
    app = build(monkeypatch, tmp_path, empty_store, LONG_POLL_SECONDS="15")
    assert app.config["LONG_POLL_SECONDS"] == 15
    pages_work(app)


def test_serve_with_a_wrong_setting_says_which_and_stops(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_LONG_POLL_SECONDS", "a while")
    result = CliRunner().invoke(main, SERVE)
    assert result.exit_code == 2
    assert "SCOREKEEPER_LONG_POLL_SECONDS='a while': must be a whole number" in result.output
    assert "is running" not in result.output  # it said "Scorekeeper is running", and its QR code, then stopped
    assert "Traceback" not in result.output


def test_other_scorekeeper_variables_are_not_settings(monkeypatch, tmp_path, empty_store):
    app = build(monkeypatch, tmp_path, empty_store, SHOTS="/tmp/shots")
    assert "SHOTS" not in app.config
