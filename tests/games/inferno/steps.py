"""Steps the Inferno web tests take: a round where only other cards were collected, a change of the table
posted from the changes page."""

from __future__ import annotations

from tests.markup import parse
from tests.web.helpers import post_round, start


def others(values) -> dict[str, str]:
    """An Inferno round where only other cards were collected, for the form's players in order."""
    return {f"other.{k}": str(v) for k, v in enumerate(values)}


def change(client, url: str, kind: str, headers=None, **fields):
    """Post one change from the changes page as a phone without JavaScript does; the response."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    return client.post(f"{url}/lineup", data={"kind": kind, "version": version, **fields}, headers=headers or {})


def after_one_round(client) -> str:
    """An Inferno game of Anne, Ben, Cleo and Dan after one round (Anne 1, Ben 2, Cleo 3, Dan 4): its address."""
    url = start(client, "inferno", ["Anne", "Ben", "Cleo", "Dan"])
    assert post_round(client, url, 1, "round", others([1, 2, 3, 4])).status_code == 303
    return url
