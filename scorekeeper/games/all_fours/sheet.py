"""All Fours on paper: a row per hand, and for each side its extra points (kick, beg, reneges) and the High,
Low, Jack and Game boxes, with a running total toward the target."""

from __future__ import annotations

from ...i18n import gettext, ngettext
from ...rules import N_, Game, RoundResult, State
from ...sheets.layout import (
    Cell,
    Col,
    GameSheet,
    Row,
    common_details,
    delta,
    empty_lead,
    num,
    played_lead,
    seat_hint,
)
from .rules import RULES, in_teams

KINDS = ("high", "low", "jack", "game")
EXTRA_CODES = {"turn_up": N_("K"), "beg": N_("B"), "renege": N_("R")}
RULES_TEXT = (
    N_(
        "Before the tricks: the dealer's side scores the card turned up for trump (%(kick)s); a beg refused gives "
        "1 to the side of the player on the dealer's right."
    ),
    N_(
        "A renege gives every other side 1 point; reneging trump while holding its A, K, Q, J or 10 loses the "
        "game at once."
    ),
    N_(
        "Then 1 point each for High (highest trump in play), Low (lowest trump in play), Jack (taking the jack of "
        "trump) and Game (most card points: A 4, K 3, Q 2, J 1, 10 10; a tie scores nothing)."
    ),
    N_(
        "Points count in that order: the first side to reach %(target)d wins at once, and the rest of the hand "
        "does not count."
    ),
)


class AllFoursSheet(GameSheet):
    """The hand, the dealer and the turn-up; each side's extra points, High, Low, Jack, Game and total."""

    def columns(self, lang: str) -> tuple[list[Col], list[Col], list[Col]]:
        """The hand columns, and each side's six: extra points, High, Low, Jack, Game, total."""
        lead = [
            Col(gettext("Hand", lang), 24, 0),
            Col(gettext("Dealer", lang), 40, 1),
            Col(gettext("Turn-up", lang), 30, 0.5),
        ]
        side = [
            Col(gettext("Extra", lang), 22),
            Col(gettext("High", lang), 18),
            Col(gettext("Low", lang), 18),
            Col(gettext("Jack", lang), 18),
            Col(gettext("Game", lang), 20),
            Col(gettext("Total", lang), 28, 2),
        ]
        return lead, side, []

    def details(self, options: dict, players: int, lang: str) -> str:
        """Sides, deck, target, and what K, B and R stand for."""
        parts = [common_details(players, lang)]
        if in_teams(options, players):
            parts.append(gettext("two teams: players 1 and 3 against 2 and 4", lang))
        parts += [
            gettext("%(deck)d cards, 6 each, the deal passes to the right", lang, deck=options["deck"]),
            ngettext("first to %(num)d point", "first to %(num)d points", options["target"], lang),
            gettext("Extra: K kick, B beg refused, R renege", lang),
        ]
        return " · ".join(parts)

    def rules_lines(self, options: dict, lang: str) -> list[str]:
        """The scoring rules in a few lines, with this game's kick table and target."""
        return [
            gettext(line, lang, kick=kick_label(options, lang), target=options["target"])
            if "%(" in line
            else gettext(line, lang)
            for line in RULES_TEXT
        ]

    def side_names(self, names: list[str], options: dict) -> tuple[list[str], list[str] | None]:
        """The sides' names (teams "Zoë & Őrs") and what stands in for a missing name (the seats)."""
        n = len(names)
        if not in_teams(options, n):
            return list(names), [seat_hint(s) for s in range(n)]
        teams = [(0, 2), (1, 3)]
        labels = [
            " & ".join(names[s] or seat_hint(s) for s in team) if any(names[s] for s in team) else "" for team in teams
        ]
        return labels, [f"{seat_hint(a)} & {seat_hint(b)}" for a, b in teams]

    def target(self, options: dict) -> int | None:
        """The points to win."""
        return options["target"]

    def played_row(self, game: Game, played: RoundResult, lang: str) -> Row:
        """One hand: for each side its extra points, the boxes it won (grey when the game ended first), its total."""
        lead = [*played_lead(game, played), _turn_up(played.round, lang)]
        return Row(lead, [_side_cells(side, played, lang) for side in range(len(played.totals))])

    def empty_row(self, game: Game, index: int, dealer: int | None, state: State | None, lang: str) -> Row:
        """A hand still to play."""
        sides = 2 if in_teams(game.options, len(game.players)) else len(game.players)
        lead = [*empty_lead(game, index, dealer), Cell()]
        return Row(lead, [[Cell() for _ in range(6)] for _ in range(sides)], kind="empty")


def kick_label(options: dict, lang: str) -> str:
    """The kick table in the players' words, from the option's own label."""
    option = next(o for o in RULES.options if o.name == "kick")
    return gettext(option.choice_labels[option.choices.index(options["kick"])], lang)


def code_of(kind: str, lang: str) -> str:
    """The letter that says where an extra point came from: K, B or R."""
    return gettext(EXTRA_CODES[kind], lang)


def _turn_up(rnd: dict, lang: str) -> Cell:
    """The cards turned up (→ between them when the cards were run), and a beg refused."""
    cell = Cell(" → ".join(rnd["turn_ups"]), bold=True)
    if rnd.get("beg") == "stand":
        cell.note = gettext("B", lang)
    return cell


def _side_cells(side: int, r: RoundResult, lang: str) -> list[Cell]:
    """The six boxes of one side in one hand."""
    rnd, marks = r.round, r.marks
    extra = [a for a in marks["points"] if a["side"] == side and a["kind"] in EXTRA_CODES]
    codes = "".join(dict.fromkeys(code_of(a["kind"], lang) for a in extra))
    cells = [Cell(str(sum(a["points"] for a in extra)) if extra else "", note=codes, mark="made" if extra else "")]
    counted = {a["kind"] for a in marks["points"] if a["side"] == side}
    owners = {"high": rnd["high"], "low": rnd["low"], "jack": rnd["jack"], "game": marks["game_winner"]}
    card_points = marks.get("game_points")
    for kind in KINDS:
        note = num(card_points[side], lang) if kind == "game" and card_points else ""
        if kind in counted:
            cells.append(Cell("1", note=note, mark="made", bold=True))
        elif owners[kind] == side and kind in marks["uncounted"]:
            cells.append(Cell("(1)", note=note, mark="muted"))
        else:
            cells.append(Cell("", note=note))
    if marks.get("major_renege") == side:
        cells[0] = Cell(gettext("R", lang), mark="miss", bold=True)
    cells.append(Cell(num(r.totals[side], lang), note=delta(r.scores[side], lang), bold=True))
    return cells


SHEET = AllFoursSheet()
