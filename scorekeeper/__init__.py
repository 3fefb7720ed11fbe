"""Scorekeeper: a score pad for card games played at the table."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from flask_compress import Compress
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

ROOT = Path(__file__).resolve().parent.parent


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for every app built in this process."""

    def __init__(self) -> None:
        """Start empty; Jinja checks each template's source checksum before reusing its code."""
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket from memory when this template was compiled before."""
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template."""
        self.code[bucket.key] = bucket.bytecode_to_string()


# The tests build an app per test: compiling every template again for each one was most of their time.
COMPILED_TEMPLATES = _CompiledTemplates()


def _from_environment(app: Flask) -> None:
    """SCOREKEEPER_* environment variables override the configuration (SCOREKEEPER_DATABASE, ...)."""
    for key, value in os.environ.items():
        if key.startswith("SCOREKEEPER_"):
            app.config[key.removeprefix("SCOREKEEPER_")] = value


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: defaults, then instance/config.py, then the environment, then test overrides."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE") or str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        ADMIN_PASSWORD=None,
        POLL_SECONDS=3,
        LONG_POLL_SECONDS=20,  # a watching phone's request waits this long for news before "nothing new"
        SEND_TIMEOUT=10,  # seconds a save waits for an answer before the phone says it was not sent
        # a change waits this long for another change of its game, or for a connection to the store, before the
        # phone is told 503 and keeps its taps to send again: under SEND_TIMEOUT, so the phone hears why
        STORE_WAIT_SECONDS=8,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        MAX_CONTENT_LENGTH=1024 * 1024,  # a game file (guard.large_body)
        FORM_MAX_BYTES=64 * 1024,  # any other body: a form, 5 KB at most as phones send them (guard.py)
        # the names a request's Host may give, else 400 (Flask's; security.trusted_hosts): by default, with a
        # PUBLIC_URL its host plus localhost and 127.0.0.1, without one any
        TRUSTED_HOSTS=None,
        TRUSTED_PROXY=None,  # the address of a proxy in front (Caddy: "127.0.0.1"), whose X-Forwarded-For is believed
        CREATE_LIMIT="60 per minute",  # games started, imported or rematched per address (Flask-Limiter's notation)
        # where rate limits are counted (Flask-Limiter's setting): the app's own store, shared by every worker and
        # server (ratelimits.py); or a store of the `limits` library the operator runs (redis://host:6379)
        RATELIMIT_STORAGE_URI="scorekeeper://",
        BODY_SECONDS=15,  # a request's body must have arrived within this (else 408): 1 MB at 0.5 Mbit/s
        WAITING_PER_ADDRESS=100,  # long polls one address may have waiting at once, per worker (guard.py)
        WAITING_PER_GAME=50,  # long polls one game may have waiting at once, per worker
        CONNECTIONS_PER_ADDRESS=250,  # connections one address may hold at once, per gevent worker (worker.py)
        POLL_AGAIN_SECONDS=5,  # a poll past a cap is answered "nothing new" after this, and told to ask again after it
        # a club night's poll answers at the turn of each such period (on the clock), with that period's news:
        # a watcher gets one answer a second at most, however fast the tables save and whatever it asks
        EVENT_SETTLE_SECONDS=1.0,
        # bytes one address may store in an hour: games started, imported, rematched, rounds (space.py); a club
        # night of 100 tables behind one address stores under 10 MB an hour
        STORED_PER_ADDRESS_HOUR=64 * 1024 * 1024,
        STORE_MAX_BYTES=0,  # the most the store may hold before new games are refused (507); 0: no ceiling
        # the free space the disk of an SQLite store keeps: below it new games are refused (507), below a quarter
        # of it rounds too (503)
        STORE_DISK_FLOOR=256 * 1024 * 1024,
        # pages, htmx answers and game files: Brotli where the browser takes it, else gzip (Flask-Compress)
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_BR_LEVEL=5,  # a 28 KB game page: 5.1 KB in 1.0 ms (level 4: 5.5 KB in 0.65 ms; 9: 5.1 KB in 15 ms)
        COMPRESS_LEVEL=6,
        COMPRESS_MIN_SIZE=256,  # below this, the coding's own framing eats most of what it would save (the
        # manifest every first visit fetches: 481 bytes, 200 in Brotli)
        COMPRESS_STREAMS=False,  # files sent as they are read (PDFs) and streams stay as they are
        COMPRESS_MIMETYPES=[
            "text/html",
            "text/css",
            "text/plain",
            "text/csv",
            "text/javascript",
            "application/javascript",
            "application/json",
            "application/manifest+json",
            "image/svg+xml",
        ],
    )
    app.config.from_pyfile("config.py", silent=True)
    _from_environment(app)
    if test_config:
        app.config.update(test_config)
    from . import assets, db, errors, guard, i18n, security, views

    app.secret_key = app.config.get("SECRET_KEY") or security.secret_key(Path(app.instance_path))
    db.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    views.init_app(app)
    assets.init_app(app)
    # a watching phone's news is compressed once for every phone of its table (views.games.CompressedNews)
    app.config.update(COMPRESS_CACHE_BACKEND=views.games.CompressedNews, COMPRESS_CACHE_KEY=views.games.news_key)
    app.extensions["scorekeeper.compress"] = Compress(app)  # its cache: views.games.CompressedNews
    guard.init_app(app)
    return app
