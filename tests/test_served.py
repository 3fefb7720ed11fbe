"""The servers the tests start (tests/served.py) begin with the templates the run kept, as the test processes do."""

from __future__ import annotations

import jinja2

from scorekeeper import COMPILED_TEMPLATES, create_app
from scorekeeper.server import warm
from tests import kept_templates, served


def test_a_server_started_as_the_tests_start_it_draws_every_page_without_compiling_a_template(
    app, tmp_path, monkeypatch
):
    """Every template compiled and kept in a folder of the test's; a process with none in memory that the folder
    is named to (the environment a test passes on to the server it starts) builds an app that compiles none."""
    warm(app)
    kept_templates.save(tmp_path, {})
    monkeypatch.setattr(COMPILED_TEMPLATES, "code", {})  # a process just started
    monkeypatch.setenv(kept_templates.FOLDER, str(tmp_path))
    served.prepared()

    def compiled(*args, **kwargs):
        raise AssertionError("a template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", compiled)
    server = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"})
    names = server.jinja_env.list_templates(extensions=["html"])
    assert "game.html" in names and any(name.startswith("games/") for name in names)
    for name in names:
        server.jinja_env.get_template(name)
