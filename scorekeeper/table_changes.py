"""What a table's changes (RULES.md section 8) say on the board and the completed sheet, in the reader's
language: "Eve joins, starting at 9.", "Sylvie → Marc (from round 5)", grouped by the round they come before."""

from __future__ import annotations

from .i18n import gettext, number, signed
from .rules import Result


def said(result: Result, lang: str | None = None) -> dict[int, list[str]]:
    """Each change of the game as a sentence, by the number of the round it comes before."""
    lines: dict[int, list[str]] = {}
    if result.lineup is None:
        return lines
    for event in result.lineup.events:
        lines.setdefault(event["before"], []).append(sentence(event, lang))
    return lines


def sentence(event: dict, lang: str | None = None) -> str:
    """One change as a sentence."""
    kind = event["kind"]
    if kind == "join" and event["back"]:
        return gettext("%(name)s comes back.", lang, name=event["name"])
    if kind == "join":
        return gettext(
            "%(name)s joins, starting at %(start)s.", lang, name=event["name"], start=number(event["start"], lang)
        )
    if kind == "sit_out":
        return gettext("Sitting out: %(names)s.", lang, names=", ".join(event["names"]))
    if kind == "leave":
        return gettext("%(name)s leaves.", lang, name=event["name"])
    if kind == "seat":
        return gettext(
            "%(was)s → %(name)s (from round %(round)d)",
            lang,
            was=event["from"],
            name=event["to"],
            round=event["before"],
        )
    if kind == "adjust":
        points = ", ".join(f"{name} {signed(value, lang)}" for name, value in event["named"])
        return gettext("Adjustment (%(reason)s): %(points)s.", lang, reason=event["reason"], points=points)
    return gettext("Stopped after round %(last)d.", lang, last=event["before"] - 1)
