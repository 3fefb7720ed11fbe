"""Steps the Inferno web tests take: a round where only other cards were collected, a game one round in (a
change of the table is posted with tests/web/helpers.py's change())."""

from __future__ import annotations

from tests.web.helpers import post_round, start


def others(values) -> dict[str, str]:
    """An Inferno round where only other cards were collected, for the form's players in order."""
    return {f"other.{k}": str(v) for k, v in enumerate(values)}


def after_one_round(client) -> str:
    """An Inferno game of Anne, Ben, Cleo and Dan after one round (Anne 1, Ben 2, Cleo 3, Dan 4): its address."""
    url = start(client, "inferno", ["Anne", "Ben", "Cleo", "Dan"])
    assert post_round(client, url, 1, "round", others([1, 2, 3, 4])).status_code == 303
    return url
