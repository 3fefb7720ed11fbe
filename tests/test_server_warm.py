"""`scorekeeper serve` compiles every template in gunicorn's master before the workers fork (issue 18):
a worker's first pages then cost what later ones do (a venue's first save took 0.36 s instead of 20 ms). The servers
the tests start begin with the templates the run kept (tests/served.py), as the test processes do."""

import jinja2

from scorekeeper import COMPILED_TEMPLATES, create_app
from scorekeeper.server import warm
from tests import kept_templates, served


def compiles_none(database: str, monkeypatch) -> None:
    """A new app over `database` gets every template without compiling one."""

    def compiled(*args, **kwargs):
        raise AssertionError("a template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", compiled)
    worker = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test"})
    names = worker.jinja_env.list_templates(extensions=["html"])
    assert "game.html" in names and any(n.startswith("games/") for n in names)
    for name in names:
        worker.jinja_env.get_template(name)


def test_after_the_warm_up_a_new_app_compiles_no_template(app, monkeypatch):
    warm(app)
    compiles_none(app.config["DATABASE"], monkeypatch)


def test_a_server_started_as_the_tests_start_it_compiles_no_template(app, tmp_path, monkeypatch):
    """Every template compiled and kept in a folder of the test's; a process with none in memory that the folder
    is named to (the environment a test passes on to the server it starts) builds an app that compiles none."""
    warm(app)
    kept_templates.save(tmp_path, {})
    monkeypatch.setattr(COMPILED_TEMPLATES, "code", {})  # a process just started
    monkeypatch.setenv(kept_templates.FOLDER, str(tmp_path))
    served.prepared()
    compiles_none(app.config["DATABASE"], monkeypatch)
