"""Fixtures: an app over a temporary database, its test client, a live server and a phone-sized browser."""

from __future__ import annotations

import contextlib
import gc
import os
import re
import shutil
import socket
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server
from werkzeug.wsgi import ClosingIterator

from scorekeeper import create_app, live, registry
from scorekeeper.db import migrate
from scorekeeper.security import limiter
from tests import kept_routes, kept_templates, postgresql, rewritten

pytest_plugins = ["tests.phones"]  # the browser tests' kept tabs
ENGINES = ("sqlite", "postgresql")
kept_routes.keep()  # each app's routes build their URLs with functions compiled once a process
# the garbage collector runs less often from the start: collecting imports every test module and builds every test
# (each process did 460 collections of the youngest objects meanwhile, 4 of all of them; 195 and 2 now)
gc.set_threshold(10_000, 10, 10)


def pytest_configure(config):
    """The run's first process starts a throwaway PostgreSQL server (where Debian's package is installed), in a
    thread while the test processes xdist starts import and collect; they find it through the environment. Servers
    left by killed runs are stopped. Each process starts with the templates earlier ones compiled (kept_templates),
    and so do the servers the tests start (served). xdist's controller rewrites the test files' asserts before its
    test processes start (rewritten.Ahead), while the server starts."""
    unknown = sorted(set(registered()) - set(registry.ids()))
    if unknown:  # the games are found in the installed metadata, which pip writes from pyproject.toml
        pytest.exit(f"pyproject.toml registers games not installed ({', '.join(unknown)}): run make setup-test", 4)
    if getattr(config, "cache", None) is not None:  # none with -p no:cacheprovider
        folder = config.cache.mkdir("compiled-templates")
        config.stash[TEMPLATES] = folder, kept_templates.load(folder)
        os.environ[kept_templates.FOLDER] = str(folder)
    if not hasattr(config, "workerinput"):
        start(config)


def start(config) -> None:
    """The run's first process: its forked processes rewrite the test files while the server starts."""
    ahead = None
    several = len(config.getoption("tx", None) or []) > 1  # xdist's test processes, started after this hook
    if several and config.getoption("assertmode") == "rewrite" and not sys.dont_write_bytecode:  # else none is kept
        ahead = rewritten.Ahead(config)  # it forks: before the server's thread starts
    given = os.environ.get(postgresql.URL) or os.environ.get(postgresql.URL_FILE)
    if not given and postgresql.binaries() is not None:
        config.stash[POSTGRESQL] = postgresql.Starting()
    if ahead is not None:
        ahead.finish()


def pytest_unconfigure(config):
    """Stop the server this process started, if it did; keep the templates it compiled for the next run."""
    starting = config.stash.get(POSTGRESQL, None)
    if starting is not None:
        starting.stop()
    if TEMPLATES in config.stash:
        kept_templates.save(*config.stash[TEMPLATES])


POSTGRESQL = pytest.StashKey[postgresql.Starting]()
TEMPLATES = pytest.StashKey[tuple[Path, dict[str, str]]]()


def registered() -> dict[str, str]:
    """The games pyproject.toml registers: the entry points of the games' group, by id."""
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["entry-points"][registry.GROUP]


def pytest_generate_tests(metafunc):
    """A test marked two_engines (its module says `pytestmark = pytest.mark.two_engines`: the store, every game's
    views, conflicts, export and import, history, two servers...) runs on both engines, its id naming which."""
    if "engine" in metafunc.fixturenames and metafunc.definition.get_closest_marker("two_engines"):
        metafunc.parametrize("engine", ENGINES, indirect=True)


@pytest.fixture
def engine(request) -> str:
    """The store's engine for this test: SQLite unless it is marked two_engines."""
    return getattr(request, "param", "sqlite")


def pytest_collection_finish(session):
    """What collection built (every test of the run, in each test process) lives to the end: it is set aside from
    the garbage collector, which otherwise walked it again at each full collection (5 % of a test process's CPU
    went to it, 2.5 % after, the collector also running less often: see gc.set_threshold above)."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config) -> int | None:
    """One test process more than the cores (`-n auto`): a browser test spends part of its time waiting for
    the browser, a live server or a timeout, which a third process fills on two cores (63 s -> 55 s)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own reading of it
    return len(os.sched_getaffinity(0)) + 1


@pytest.fixture(scope="session")
def empty_store(tmp_path_factory):
    """An empty database, migrated once per test process: creating the tables each time was slow."""
    path = tmp_path_factory.mktemp("store") / "empty.sqlite"
    migrate(str(path))
    return path


TEST_CONFIG = {"TESTING": True, "SECRET_KEY": "test", "POLL_SECONDS": 1}


def fresh_store(empty, folder, engine: str = "sqlite", name: str = "test.sqlite") -> str:
    """A store of its own: a database file `name` in `folder`, a copy of the `empty` one; or a migrated schema
    of the run's PostgreSQL database."""
    if engine == "postgresql":
        return postgresql.fresh_store()
    shutil.copyfile(empty, folder / name)
    return str(folder / name)


def built_static(target: Path) -> None:
    """The app's built static files (build/static) copied into `target`, for an app that builds them there: a
    fresh build compresses them all (0.5 s of CPU), and only those missing are built then. Another test process
    may be replacing a file meanwhile; a missing one is built again."""
    built = Path(__file__).parent.parent / "build" / "static"
    for path in (p for p in built.rglob("*") if p.is_file()):
        (target / path.relative_to(built)).parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            shutil.copyfile(path, target / path.relative_to(built))


def own_app(empty, folder, engine: str = "sqlite"):
    """An app built for one use, over a fresh store (a file in `folder`, or a PostgreSQL schema)."""
    return create_app({**TEST_CONFIG, "DATABASE": fresh_store(empty, folder, engine)})


def stop_serving(app) -> None:
    """The app serves no more: its connections to the store are closed."""
    pool = app.extensions.pop("scorekeeper.pool", None)
    if pool is not None:
        pool.close()


@pytest.fixture(scope="session")
def built_app(tmp_path_factory, empty_store):
    """The test process's app, and what it was as built: building one takes 14 ms (its routes compiled, its
    static files found), which a thousand tests paid again each."""
    app = own_app(empty_store, tmp_path_factory.mktemp("built"))
    return app, dict(app.config), dict(app.jinja_env.globals), dict(app.extensions)


def put_back(mapping: dict, built: dict) -> None:
    """Make `mapping` what it was as built, never empty on the way (a request still running sees one or the
    other)."""
    for key in [k for k in mapping if k not in built]:
        del mapping[key]
    mapping.update(built)


@pytest.fixture
def app(request, tmp_path, empty_store, built_app, engine):
    """The app as built, over a fresh database file (on PostgreSQL, the test process's schema emptied):
    everything a test may have changed is put back (its settings, template globals, kept answers, the sign-in
    limiter's counts, the connections kept open). A test that serves it over HTTP gets an app no request is
    being answered by (LiveApps): a request of an earlier test's browser may still be running in a server thread
    (a watching phone's long wait), and must not meet this test's database. Once the test is over its store is
    watched no more: the thread that looked at it for news went on for 30 s, at 4 ms of CPU a second
    (live.forget)."""
    made = _app(request, tmp_path, empty_store, built_app, engine)
    yield made
    live.forget(made.config["DATABASE"])


def _app(request, tmp_path, empty_store, built_app, engine):
    """See `app`."""
    limiter.reset()
    if "live_server" in request.fixturenames:
        return request.getfixturevalue("live_apps").take(empty_store, tmp_path, engine)
    app, *built = built_app
    store = postgresql.emptied_store() if engine == "postgresql" else fresh_store(empty_store, tmp_path, engine)
    return as_built(app, built, store)


def as_built(app, built, store: str):
    """`app` as it was built (`built`: its settings, template globals and extensions), over `store`."""
    config, template_globals, extensions = built
    pool = kept_pool(app, store)
    put_back(app.config, {**config, "DATABASE": store})
    put_back(app.jinja_env.globals, template_globals)
    put_back(app.extensions, {k: v for k, v in extensions.items() if k != "scorekeeper.pool"})
    if pool is not None:  # the emptied schema's connections (a new one cost the server 8 ms), given back rolled back
        app.extensions["scorekeeper.pool"] = pool
    return app


ASIDE: dict[tuple[int, str], Any] = {}  # by (id(app), store): the emptied schema's pool while SQLite tests run


def kept_pool(app, store: str):
    """The app's pool for `store` if one is open, the previous test's or one set aside; the previous test's
    pool closed if it is for another store, or set aside if it is the PostgreSQL schema emptied for each test
    (postgresql.emptied_store): a module runs each test on SQLite then on PostgreSQL, and each PostgreSQL test
    opened a new pool (its threads, and a connection: the server starts a process), closed by the next test."""
    pool = app.extensions.pop("scorekeeper.pool", None)
    if pool is not None and pool.path != store:
        if pool.path == postgresql.emptied_url() and not pool.pool.closed:
            ASIDE[id(app), pool.path] = pool
        else:
            pool.close()
        pool = None
    if pool is None:
        pool = ASIDE.pop((id(app), store), None)
    return pool if pool is not None and not pool.pool.closed else None  # a SQLite test's file is never the same


@pytest.fixture
def new_app(tmp_path, empty_store, engine):
    """An app of its own, for a test that adds to it (a route)."""
    return own_app(empty_store, tmp_path, engine)


@pytest.fixture
def client(app):
    """A browser-less client (it keeps cookies, so it is one phone)."""
    return app.test_client()


@pytest.fixture
def other_phone(app):
    """A second phone: its own cookies, so its own device."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """Runs the app's Flask CLI commands."""
    return app.test_cli_runner()


# -- the real thing in a real browser -------------------------------------------------------------


class Served:
    """The app as a live server hands it requests until the test is over; then it answers none (a tab of an earlier
    test may still ask on a connection kept open) and says whether one is still being answered."""

    def __init__(self, app) -> None:
        self.app, self.answering, self.lock = app, 0, threading.Lock()

    def __call__(self, environ, start_response):
        """The app's answer, counted until the server has sent it whole (and closed it)."""
        with self.lock:
            app = self.app
            self.answering += app is not None
        if app is None:
            start_response("503 Service Unavailable", [("Content-Length", "0")])
            return []
        try:
            return ClosingIterator(app(environ, start_response), self._answered)
        except BaseException:
            self._answered()
            raise

    def _answered(self) -> None:
        """One answer less being sent."""
        with self.lock:
            self.answering -= 1

    def idle(self) -> bool:
        """Whether no request is being answered (once sealed, none comes again)."""
        with self.lock:
            return self.answering == 0

    def seal(self) -> None:
        """Hand the app no request from now on (those being answered go on)."""
        with self.lock:
            self.app = None


class LiveApps:
    """The apps live servers served, with what each was as built: one whose server answers nothing more (a page's
    long wait for news outlives its test by up to LONG_POLL_SECONDS) serves a later test again, as it was built.
    Building one cost 35 ms of CPU (its routes compiled), which a hundred browser tests paid each."""

    def __init__(self) -> None:
        self.built: dict[int, tuple] = {}  # by id(app): its settings, template globals, extensions and routes
        self.ended: list[tuple] = []  # (app, Served) of the tests over, oldest first

    def take(self, empty_store, folder, engine: str):
        """An app no request is being answered by, as built, over a fresh store; else a new one."""
        store = fresh_store(empty_store, folder, engine)
        for k, (app, served) in enumerate(self.ended):
            if served.idle():
                del self.ended[k]
                return as_built(app, self.built[id(app)][:3], store)
        app = create_app({**TEST_CONFIG, "DATABASE": store})
        self.built[id(app)] = dict(app.config), dict(app.jinja_env.globals), dict(app.extensions), _routes(app)
        return app

    def done(self, app, served: Served) -> None:
        """The test is over: `app` may serve a later one once `served` answers nothing more, unless the test added
        a route. A few are kept, the oldest let go."""
        served.seal()
        if _routes(app) != self.built[id(app)][3]:
            del self.built[id(app)]  # never served again
            return
        self.ended.append((app, served))
        if len(self.ended) > ENDED_KEPT:
            gone, _ = self.ended.pop(0)
            del self.built[id(gone)]


ENDED_KEPT = 16  # apps of tests over kept for later ones: a page's wait for news outlives 10 tests at most


def _routes(app) -> list[str]:
    """The app's routes, as a test could have added to them."""
    return sorted(rule.rule for rule in app.url_map.iter_rules())


@pytest.fixture(scope="session")
def live_apps() -> LiveApps:
    """The test process's apps for live servers (LiveApps)."""
    return LiveApps()


class Door:
    """The test process's live server: one address for all its tests, each test's app behind it in turn (its
    Served; between tests a sealed one, which answers 503). A tab keeps what it fetched by address: the static files
    an earlier test's pages fetched are not fetched and compiled again on the first page of every test (45 ms of CPU
    of a 140 ms first page). A tab's own data for the address (its local storage) is cleared before each test
    (fresh), and no page of an ended test is left open to ask the next test's app (leave)."""

    def __init__(self) -> None:
        self.served = Served(None)
        self.server = make_server("127.0.0.1", 0, self, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        # its loop looks for the end every half second: every 10 ms cost 5 ms of CPU a second
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.5}, daemon=True).start()

    def __call__(self, environ, start_response):
        """The answer of the test being run (503 between tests)."""
        return self.served(environ, start_response)

    def close(self) -> None:
        """Serve no more (the end of the test process): the loop is knocked on to end at once."""
        ending = threading.Thread(target=self.server.shutdown)
        ending.start()
        while ending.is_alive():  # a connection wakes the loop, which then sees it is to end
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.server.server_port), 1):
                pass
            ending.join(0.05)
        self.server.server_close()


@pytest.fixture(scope="session")
def door():
    """The test process's live server (Door)."""
    made = Door()
    yield made
    made.close()


@pytest.fixture
def live_server(app, live_apps, door):
    """The app served over HTTP at the test process's address (Door), for Playwright; then the app serves the next
    test if nothing of this one is being answered."""
    served = Served(app)
    door.served = served
    yield door.url
    live_apps.done(app, served)


def playwrights_disabled_features() -> list[str]:
    """The Chromium features the installed Playwright launches without, read from its driver (kept in step with
    it rather than written here): Chromium reads only the last --disable-features, so a list of ours repeats them.
    None found (a driver laid out otherwise): [], and the caller adds no list of its own."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8") if bundle.exists() else ""
    start = text.find("disabledFeatures = [")
    end = text.find("]", start)
    if start < 0 or end < 0:
        return []
    lines = (line.split("//")[0] for line in text[start:end].splitlines())  # its comments cite pages by address
    return re.findall(r'"([A-Za-z0-9]+)"', "\n".join(lines))


def disabled_features() -> list[str]:
    """Playwright's list and ours, or none where Playwright's cannot be read (never Playwright's list lost).

    A page load cost 90 ms of CPU, a fifth of it a new frame and view in the renderer for every navigation
    (RenderDocument) and a new browsing instance for each goto (ProactivelySwapBrowsingInstance): Chrome's
    internals, which no page sees; without them a load costs 70."""
    theirs = playwrights_disabled_features()
    if not theirs:
        return []
    return [f"--disable-features={','.join([*theirs, 'RenderDocument', 'ProactivelySwapBrowsingInstance'])}"]


CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # V8 runs pages' scripts in its interpreter and baseline code only, never optimized (Maglev, TurboFan): an audit
    # injects axe-core (tests/browser/audit.py) into each page, new closures that V8 optimized anew in every page,
    # on the renderer's other threads (4 of test_a11y's 21 CPU-s), for the few runs before the page was left; the
    # app's own scripts cost the same either way
    "--js-flags=--max-opt=1",
    *disabled_features(),
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium, its headless shell where installed: Playwright's own browser download does not work here.

    The headless shell is the same engine without the browser's windows: a page costs half the CPU."""
    path = (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone: 390x844, touch, French first."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
        "locale": "fr-FR",
        # 127.0.0.1 is a secure context: the app's service worker would install in every test and hide
        # requests from page.route; tests of the worker open a context that allows it
        "service_workers": "block",
    }
