"""Every setting of the app once: its name, default, type, range and one line of doc.

A setting comes from its default, then `instance/config.py`, then the environment (`SCOREKEEPER_<NAME>`),
then a test's overrides. Each value is converted to its type and checked against its range when the app is
built: a wrong one stops the server with one line naming the setting, rather than a 500 on every page later
(text from the environment stays text until something here converts it). OPERATING.md documents each one
from this table (tests/test_settings.py keeps the two in step)."""

from __future__ import annotations

import ipaddress
import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

PREFIX = "SCOREKEEPER_"


class BadSetting(ValueError):
    """A setting whose value cannot be used; its message names the setting and says what it must be."""


def whole(value: Any) -> int:
    """A whole number."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise ValueError


def seconds(value: Any) -> float:
    """A number of seconds."""
    if isinstance(value, bool):
        raise ValueError
    said = float(value.strip() if isinstance(value, str) else value)
    if not math.isfinite(said):  # "nan" passes every range check, then breaks the clock arithmetic of a request
        raise ValueError
    return said


def text(value: Any) -> str:
    """Text."""
    if not isinstance(value, str):
        raise ValueError
    return value


def secret(value: Any) -> str | None:
    """Text (empty: unset)."""
    return text(value) or None


def flag(value: Any) -> bool:
    """True or false (yes/no, on/off, 1/0)."""
    if isinstance(value, bool):
        return value
    said = str(value).strip().lower()
    if said in ("1", "true", "yes", "on"):
        return True
    if said in ("0", "false", "no", "off", ""):
        return False
    raise ValueError


def rate(value: Any) -> str:
    """A rate in Flask-Limiter's notation ("60 per minute", "600/hour"; several separated by ';')."""
    from limits import parse_many

    parse_many(text(value))
    return value


def public_url(value: Any) -> str | None:
    """An http:// or https:// address with a host and no query (empty: unset)."""
    if not value:
        return None
    parts = urlsplit(text(value).strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError
    parts.port  # noqa: B018 - raises ValueError on a port that is not one
    return value.strip()


def addresses(value: Any) -> tuple[str, ...]:
    """IP addresses separated by commas (empty: none)."""
    if not value:
        return ()
    given = value.split(",") if isinstance(value, str) else list(value)
    return tuple(str(ipaddress.ip_address(str(address).strip())) for address in given if str(address).strip())


def storage(value: Any) -> str:
    """A storage URI of the limits library (scorekeeper:// for the app's own store, redis://host:6379...)."""
    said = text(value).strip()
    if "://" not in said:
        raise ValueError
    return said


def names(value: Any) -> list[str] | None:
    """Host names separated by commas (empty: the default)."""
    if not value:
        return None
    given = value.split(",") if isinstance(value, str) else list(value)
    return [text(name).strip() for name in given if text(name).strip()]


def store(value: Any) -> str:
    """An SQLite file's path or a postgresql:// URL."""
    said = text(value).strip()
    if not said or "\0" in said:
        raise ValueError
    return said


@dataclass(frozen=True)
class Setting:
    """One setting: its name (SCOREKEEPER_ + name in the environment), default, converter and range."""

    name: str
    default: Any
    convert: Callable[[Any], Any]
    doc: str
    low: float | None = None
    high: float | None = None
    example: str = ""  # a valid value other than the default, as the environment would give it

    def take(self, value: Any, where: str = "") -> Any:
        """The value converted and checked, or BadSetting naming this setting (and the file that set it, `where`)."""
        if value is None and self.default is None:
            return None
        try:
            converted = self.convert(value)
        except (ValueError, TypeError) as exc:
            raise BadSetting(f"{self.said(value, where)}: {self.must()}") from exc
        if (self.low is not None and converted < self.low) or (self.high is not None and converted > self.high):
            raise BadSetting(f"{self.said(value, where)}: {self.must()}")
        return converted

    def said(self, value: Any, where: str) -> str:
        """The setting as the operator wrote it: in a file (`where`), else in the environment."""
        return f"{self.name} = {value!r} in {where}" if where else f"{PREFIX}{self.name}={value!r}"

    def must(self) -> str:
        """What the value must be, in words."""
        what = (self.convert.__doc__ or "").strip().rstrip(".")
        what = what if what[1:2].isupper() else what[:1].lower() + what[1:]  # "IP" stays as it is
        if self.low is not None and self.high is not None:
            return f"must be {what}, from {shown(self.low)} to {shown(self.high)}"
        if self.low is not None:
            return f"must be {what}, at least {shown(self.low)}"
        return f"must be {what}"


MINUTE, HOUR, DAY = 60, 3600, 24 * 3600
SETTINGS: tuple[Setting, ...] = (
    # where things are kept
    Setting(
        "DATABASE",
        None,
        store,
        "The store: an SQLite file's path, or a postgresql:// URL (default instance/scorekeeper.sqlite).",
        example="{instance}/other.sqlite",
    ),
    Setting(
        "SECRET_KEY",
        None,
        secret,
        "Signs the admin's sign-in; the same on every server (default: made once in the instance folder).",
        example="0123456789abcdef0123456789abcdef",
    ),
    Setting(
        "PUBLIC_URL",
        None,
        public_url,
        "The address share links and QR codes use (https://scores.example.org); unset, the server's own.",
        example="http://192.168.1.20:8000",
    ),
    Setting(
        "TRUSTED_PROXY",
        None,
        addresses,
        "The proxy (or proxies, with commas) whose X-Forwarded-For, -Proto and -Host are believed.",
        example="127.0.0.1",
    ),
    Setting(
        "TRUSTED_HOSTS",
        None,
        names,
        "The names a request's Host may give, else 400 (default: with a PUBLIC_URL, "
        "its host, localhost and 127.0.0.1; without, any).",
        example="localhost,scores.example.org",
    ),
    Setting(
        "STATIC_BUILD",
        None,
        store,
        "Where the fingerprinted static files are written (default build/static).",
        example="{instance}/static",
    ),
    # the admin
    Setting("ADMIN_PASSWORD", None, secret, "The admin's password; unset, there is no admin page.", example="s3cret"),
    Setting("ADMIN_SESSION_SECONDS", 8 * HOUR, whole, "How long an admin sign-in lasts.", 60, 30 * DAY, example="3600"),
    Setting(
        "ADMIN_SIGN_IN_LIMIT",
        "5 per minute",
        rate,
        "Wrong admin passwords allowed per address.",
        example="10 per minute",
    ),
    Setting("SESSION_COOKIE_SECURE", False, flag, "Send the admin's cookie over HTTPS only.", example="true"),
    # phones following a game
    Setting(
        "POLL_SECONDS",
        3,
        whole,
        "A phone without JavaScript reloads a watched game every 3 times this (10 times once over).",
        1,
        60,
        example="5",
    ),
    Setting(
        "LONG_POLL_SECONDS",
        20,
        whole,
        "How long a watching phone's request waits for news before 'nothing new' (0: it asks every POLL_SECONDS).",
        0,
        60,
        example="15",
    ),
    Setting(
        "SEND_TIMEOUT",
        10,
        whole,
        "Seconds a save waits for an answer before the phone says it was not sent.",
        2,
        120,
        example="15",
    ),
    Setting(
        "STORE_WAIT_SECONDS",
        8,
        seconds,
        "How long a change waits for the game or a store connection before a 503 (under SEND_TIMEOUT).",
        0.1,
        60,
        example="5",
    ),
    Setting(
        "EVENT_SETTLE_SECONDS",
        1.0,
        seconds,
        "A club night's poll answers at the turn of each such period (0: at once): one answer a period at most.",
        0,
        10,
        example="2",
    ),
    # what one client may cost
    Setting(
        "MAX_CONTENT_LENGTH",
        1024 * 1024,
        whole,
        "Bytes of a game file to import.",
        1024,
        64 * 1024 * 1024,
        example="2097152",
    ),
    Setting(
        "FORM_MAX_BYTES",
        64 * 1024,
        whole,
        "Bytes of any other request body (a phone's largest form: about 5 KB).",
        8 * 1024,
        1024 * 1024,
        example="32768",
    ),
    Setting(
        "BODY_SECONDS",
        15,
        seconds,
        "A request's body must arrive within this, else 408 (under gevent).",
        1,
        300,
        example="30",
    ),
    Setting(
        "CREATE_LIMIT",
        "200 per minute",  # a venue of 100 tables behind one address starts its games within a minute, twice over
        rate,
        "Games started, imported or rematched per address.",
        example="600 per minute",
    ),
    Setting("EVENT_CREATE_LIMIT", "10 per hour", rate, "Club nights started per address.", example="20 per hour"),
    Setting("CLUB_CREATE_LIMIT", "10 per hour", rate, "Clubs (seasons) made per address.", example="20 per hour"),
    Setting(
        "RATELIMIT_STORAGE_URI",
        "scorekeeper://",
        storage,
        "Where rate limits are counted: the app's own store (shared by every worker and server), or redis://host:6379.",
        example="memory://",
    ),
    Setting(
        "WORKER_CONNECTIONS",
        2000,
        whole,
        "Connections a gevent worker holds at once (gunicorn's worker_connections).",
        10,
        100_000,
        example="4000",
    ),
    Setting(
        "CONNECTIONS_PER_ADDRESS",
        600,
        whole,
        "Connections one address may hold at once, per gevent worker (0: no cap).",
        0,
        100_000,
        example="1100",
    ),
    Setting(
        "REQUESTS_PER_SECOND",
        50,
        seconds,
        "Requests one address is served a second, per gevent worker; past it they wait their turn (0: no pace).",
        0,
        100_000,
        example="150",
    ),
    Setting(
        "REQUEST_BURST",
        300,  # a venue's 300 phones asking again at once (after a restart), all on one worker
        whole,
        "Requests one address is served at once before REQUESTS_PER_SECOND paces it.",
        1,
        100_000,
        example="1000",
    ),
    Setting(
        "REQUEST_WAIT_SECONDS",
        2,
        seconds,
        "A request whose turn is further off waits this long, then is answered 429 with Retry-After.",
        0,
        60,
        example="5",
    ),
    Setting(
        "WAITING_PER_DEVICE",
        4,
        whole,
        "Long polls one phone (its device cookie, at its address) may have waiting at once, per worker.",
        1,
        1000,
        example="8",
    ),
    Setting(
        "WAITING_PER_ADDRESS",
        500,
        whole,
        "Long polls one address may have waiting at once, per worker (a venue behind NAT: all its phones).",
        1,
        100_000,
        example="1000",
    ),
    Setting(
        "WAITING_PER_GAME",
        50,
        whole,
        "Long polls one game may have waiting at once, per worker.",
        1,
        10_000,
        example="80",
    ),
    Setting(
        "POLL_AGAIN_SECONDS",
        5,
        whole,
        "A poll past a cap is answered 'nothing new' after this, with Retry-After.",
        1,
        120,
        example="10",
    ),
    Setting(
        "STORED_PER_ADDRESS_HOUR",
        64 * 1024 * 1024,
        whole,
        "Bytes one address may store in an hour: new games, imports, rematches, rounds (0: no limit).",
        0,
        2**40,
        example="134217728",
    ),
    Setting(
        "STORE_MAX_BYTES",
        0,
        whole,
        "The most bytes the store may hold: past it new games are refused with 507 (0: no ceiling).",
        0,
        2**50,
        example="10737418240",
    ),
    Setting(
        "STORE_DISK_FLOOR",
        256 * 1024 * 1024,
        whole,
        "Free bytes an SQLite store's disk keeps: below it new games get 507, below a quarter rounds get 503.",
        0,
        2**40,
        example="1073741824",
    ),
    Setting("SHEETS_AT_ONCE", 2, whole, "Score sheets (PDFs) built at once per worker.", 1, 64, example="4"),
    Setting(
        "SHEETS_WAIT",
        1.0,
        seconds,
        "How long a sheet waits for a slot before a 503 with Retry-After.",
        0,
        60,
        example="3",
    ),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}


def defaults() -> dict[str, Any]:
    """Every setting at its default."""
    return {setting.name: setting.default for setting in SETTINGS}


def from_environment(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The settings the environment gives (SCOREKEEPER_<NAME>), as text; other SCOREKEEPER_ variables (the
    instance folder, the tests' own) are not settings."""
    environ = os.environ if environ is None else environ
    return {key[len(PREFIX) :]: value for key, value in environ.items() if key[len(PREFIX) :] in BY_NAME}


def checked(config: Mapping[str, Any], names: Iterable[str] = BY_NAME, where: str = "") -> dict[str, Any]:
    """The named settings of `config`, each converted and checked (BadSetting on the first wrong one, saying the file
    `where` it was set, if it was)."""
    return {name: BY_NAME[name].take(config.get(name), where) for name in names}


def shown(value: Any) -> str:
    """A default as the guide prints it."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def table() -> str:
    """Every setting as a Markdown table: the operator's guide holds it as printed here."""
    rows = ["| setting | default | range | what it is |", "|---|---|---|---|"]
    for setting in SETTINGS:
        bounds = "" if setting.low is None else f"{shown(setting.low)} to {shown(setting.high)}"
        rows.append(f"| `{PREFIX}{setting.name}` | {shown(setting.default)} | {bounds} | {setting.doc} |")
    return "\n".join(rows) + "\n"
