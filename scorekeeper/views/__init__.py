"""The web views, one blueprint per area."""

from __future__ import annotations


def init_app(app) -> None:
    """Register every blueprint."""
    # a game's routes are by area (gamefiles, polls, rematch, rounds), all on games.bp: imported before it is registered
    from . import admin, gamefiles, games, history, home, lineup, page, polls, rematch, rounds, share, sheets  # noqa: F401

    page.htmx.init_app(app)

    app.register_blueprint(home.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(admin.bp)  # the admin's sign-in
    app.register_blueprint(sheets.bp)
    from . import theme

    app.register_blueprint(theme.bp)
    app.register_blueprint(history.bp)
    from . import players  # renaming a game's players

    app.register_blueprint(players.bp)
    from . import health  # the trivial route benchmarks compare with

    app.register_blueprint(health.bp)
    from . import offline  # the web app manifest and the service worker

    app.register_blueprint(offline.bp)
    from . import event_admin, event_exports, events  # club nights, their exports, the admin's list

    app.register_blueprint(events.bp)
    app.register_blueprint(event_exports.bp)
    app.register_blueprint(event_admin.bp)
    from . import draws  # a club night's seating draws

    app.register_blueprint(draws.bp)
    from . import clubs  # clubs and their seasons

    app.register_blueprint(clubs.bp)
