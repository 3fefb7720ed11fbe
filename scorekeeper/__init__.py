"""Scorekeeper: a score pad for card games played at the table."""

from __future__ import annotations

import os
from collections import ChainMap
from collections.abc import Callable, MutableMapping
from pathlib import Path
from types import CodeType

from flask import Config, Flask
from flask.templating import Environment as FlaskEnvironment
from flask_compress import Compress
from jinja2 import BaseLoader, BytecodeCache, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound
from jinja2.bccache import Bucket

from . import registry, settings

ROOT = Path(__file__).resolve().parent.parent


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for every app built in this process, as code ready to run: an app's first
    page then reads no template's code back from bytes (marshal.loads was most of a new app's first page)."""

    def __init__(self) -> None:
        """Start empty."""
        self.code: dict[str, tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket when this template was compiled before from the same source (its checksum)."""
        found = self.code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template, with the checksum of its source."""
        if bucket.code is not None:
            self.code[bucket.key] = (bucket.checksum, bucket.code)


class GameTemplates(BaseLoader):
    """Each game's template from its own folder (board.html), under the name pages import it by
    (games/<id>.html); reloaded when the file changes."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        """The template's text, its file, and whether it is unchanged since."""
        path = registry.template_file(template)
        if path is None or not path.is_file():
            raise TemplateNotFound(template)
        mtime = path.stat().st_mtime
        return path.read_text(encoding="utf-8"), str(path), lambda: path.is_file() and path.stat().st_mtime == mtime

    def list_templates(self) -> list[str]:
        """Every registered game's template name (the server compiles them all before it forks)."""
        return sorted(game.template for game in registry.GAMES)


class _Globals(ChainMap):
    """A template's globals over the app's (Jinja's own ChainMap), whose names are read at once: Jinja compares
    them with the importing page's each time a block imports macros, and ChainMap answered that name by name
    (50-80 µs an import, seven imports a game page)."""

    def keys(self):
        """Every name, in ChainMap's order, as one dict's keys: a set in C for what Jinja does with them."""
        names: dict = {}
        for mapping in reversed(self.maps):
            names.update(dict.fromkeys(mapping))
        return names.keys()


class Templates(FlaskEnvironment):
    """Flask's template environment, each template's globals a _Globals."""

    def make_globals(self, d: MutableMapping | None) -> MutableMapping:
        """The template's own globals, if any, over the app's, as Jinja makes them."""
        return _Globals({} if d is None else d, self.globals)


def template_loader() -> ChoiceLoader:
    """The pages' templates, then each game's own from its folder (templates/ holds none)."""
    return ChoiceLoader([FileSystemLoader(ROOT / "templates"), GameTemplates()])


# The tests build an app per test: compiling every template again for each one was most of their time.
COMPILED_TEMPLATES = _CompiledTemplates()


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: defaults, then instance/config.py, then the environment, then test overrides; every
    setting converted and checked (settings.py)."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE") or str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.jinja_environment = Templates
    app.jinja_loader = template_loader()
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}
    app.config.from_mapping(
        settings.defaults(),
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        SEND_FILE_MAX_AGE_DEFAULT=3600,
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
    from_file = Config(app.instance_path)  # instance/config.py: a wrong value there is said as written there
    if from_file.from_pyfile("config.py", silent=True):
        named = sorted(from_file.keys() & settings.BY_NAME.keys())
        settings.checked(from_file, named, os.path.join(app.instance_path, "config.py"))
        app.config.update(from_file)
    app.config.update(settings.from_environment())
    if test_config:
        app.config.update(test_config)
    app.config.update(settings.checked(app.config))  # a wrong value stops here, naming the setting
    from . import assets, client, db, errors, guard, i18n, security, views

    app.secret_key = app.config.get("SECRET_KEY") or security.secret_key(Path(app.instance_path))
    db.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    client.init_app(app)
    errors.init_app(app)
    views.init_app(app)
    assets.init_app(app)
    from .views.compressed import CompressedNews, news_key

    # a watching phone's news is compressed once for every phone of its table
    app.config.update(COMPRESS_CACHE_BACKEND=CompressedNews, COMPRESS_CACHE_KEY=news_key)
    app.extensions["scorekeeper.compress"] = Compress(app)  # its cache: CompressedNews
    guard.init_app(app)
    return app
