"""The production server: gunicorn, run from Python so `scorekeeper serve` needs nothing else."""

from __future__ import annotations

import resource
import threading
from collections.abc import Callable

from gunicorn.app.base import BaseApplication

from . import create_app


class Server(BaseApplication):
    """gunicorn with our app and a few settings, ignoring any gunicorn config on the command line."""

    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self):
        """Apply our settings."""
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        """Each worker builds its own app (and so its own database connections)."""
        return create_app()


def warm(app) -> None:
    """Do once in the master what each worker's first pages would otherwise do: compile every template (the
    workers, forked from it, find the code in memory: scorekeeper.COMPILED_TEMPLATES) and read every
    language's messages and number formats. A venue's first saves after a start took 0.1-0.4 s, not 20 ms."""
    from . import i18n

    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)
    for lang in i18n.LANGUAGES:
        i18n.translations(lang)
        i18n.number(1234.5, lang)
        i18n.day("2026-01-02", lang)


def patch_early(worker_class: str) -> None:
    """Under gevent, patch the standard library in the master, before the app is built (gunicorn's advice when
    the master loads the app): psycopg's pool binds threading's locks and conditions when imported, and the
    master imports it (to migrate) before a worker would patch; a worker would then wait for a pooled
    connection on a real lock, stopping all its requests (a venue's saves took 3 s at p50, 40 ms patched)."""
    if worker_class == "gevent":
        from gevent import monkey

        monkey.patch_all()


def finish_timers() -> None:
    """Let every timer started in the master run out before gunicorn forks the workers. Under gevent a timer
    (the rate limits' in-memory store, RATELIMIT_STORAGE_URI=memory://, starts one when the app is built) is a
    greenlet that has not run yet: the first worker inherited it, ran it after the fork had dropped it from
    threading's table of live threads, and printed a KeyError traceback at every start."""
    for thread in threading.enumerate():
        if isinstance(thread, threading.Timer):
            thread.join()


def open_files(wanted: int) -> None:
    """Let this process (and the workers it forks) open `wanted` files, as far as the system's hard limit allows:
    Debian's soft limit of 1,024 would stop a worker short of its WORKER_CONNECTIONS."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard)
        )


def run(
    host: str,
    port: int,
    workers: int,
    threads: int,
    worker_class: str = "gevent",
    ready: Callable[[], None] | None = None,
) -> None:
    """Serve until interrupted, calling `ready` once the app is built (its settings checked: a wrong one stops
    here, before anything says the server runs). gevent (the default): each worker holds up to WORKER_CONNECTIONS
    connections at once in greenlets, so watching phones can wait for news (long polling) at a socket each."""
    patch_early(worker_class)
    app = create_app()
    warm(app)  # migrate the store and make the secret key once, before the workers start
    connections = app.config["WORKER_CONNECTIONS"]
    finish_timers()
    # each connection is a file, served or parked (worker.py's lot: as many again); the store and logs a few more
    open_files(2 * connections + 256)
    if ready:
        ready()
    Server(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "threads": threads,
            # gevent: gunicorn's, holding at most CONNECTIONS_PER_ADDRESS connections of one address (worker.py)
            "worker_class": "scorekeeper.worker.Worker" if worker_class == "gevent" else worker_class,
            "worker_connections": connections,
            "accesslog": "-",
            "timeout": 30,
            "graceful_timeout": 5,
            # gunicorn's control socket is one path per user (~/.gunicorn/gunicorn.ctl): a second server on the
            # machine took it over and the first one's stop removed it; nothing of ours uses it
            "control_socket_disable": True,
        }
    ).run()
