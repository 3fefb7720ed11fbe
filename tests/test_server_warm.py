"""`scorekeeper serve` compiles every template in gunicorn's master before the workers fork (issue 18):
a worker's first pages then cost what later ones do (a venue's first save took 0.36 s instead of 20 ms)."""

import jinja2

from scorekeeper import create_app
from scorekeeper.server import warm


def test_after_the_warm_up_a_new_app_compiles_no_template(app, monkeypatch):
    warm(app)

    def compiled(*args, **kwargs):
        raise AssertionError("a template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", compiled)
    worker = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"})
    names = worker.jinja_env.list_templates(extensions=["html"])
    assert "game.html" in names and any(n.startswith("games/") for n in names)
    for name in names:
        worker.jinja_env.get_template(name)
