"""All Fours on paper: a row per hand, and for each side its extra points (kick, beg, reneges) and the High,
Low, Jack and Game boxes, with a running total toward the target."""

from __future__ import annotations

from ..i18n import gettext
from ..rules import N_, Game, Result
from ..rules.all_fours import in_teams
from . import Cell, Col, Layout, Row, common_details, dealers_ahead, delta, num, seat_hint

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
OPEN_ROWS = 3  # empty rows printed after the hands played while the game goes on


def columns(lang: str) -> tuple[list[Col], list[Col]]:
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
    return lead, side


def kick_label(options: dict, lang: str) -> str:
    """The kick table in the players' words, from the option's own label."""
    from ..rules.all_fours import RULES

    option = next(o for o in RULES.options if o.name == "kick")
    return gettext(option.choice_labels[option.choices.index(options["kick"])], lang)


def details(options: dict, players: int, lang: str) -> str:
    """Sides, deck, target, and what K, B and R stand for."""
    parts = [common_details(players, lang)]
    if in_teams(options, players):
        parts.append(gettext("two teams: players 1 and 3 against 2 and 4", lang))
    parts += [
        gettext("%(deck)d cards, 6 each, the deal passes to the right", lang, deck=options["deck"]),
        gettext("first to %(target)d points", lang, target=options["target"]),
        gettext("Extra: K kick, B beg refused, R renege", lang),
    ]
    return " · ".join(parts)


def rules_lines(options: dict, lang: str) -> list[str]:
    """The scoring rules in a few lines, with this game's kick table and target."""
    return [
        gettext(line, lang, kick=kick_label(options, lang), target=options["target"])
        if "%(" in line
        else gettext(line, lang)
        for line in RULES_TEXT
    ]


def side_names(names: list[str], options: dict) -> tuple[list[str], list[str]]:
    """The sides' names (teams "Zoë & Őrs") and what stands in for a missing name (the seats)."""
    n = len(names)
    if not in_teams(options, n):
        return list(names), [seat_hint(s) for s in range(n)]
    teams = [(0, 2), (1, 3)]
    labels = [
        " & ".join(names[s] or seat_hint(s) for s in team) if any(names[s] for s in team) else "" for team in teams
    ]
    return labels, [f"{seat_hint(a)} & {seat_hint(b)}" for a, b in teams]


def empty_row(index: int, dealer: str, sides: int) -> Row:
    """A hand still to play."""
    lead = [Cell(str(index + 1), bold=True), Cell(dealer, mark="muted"), Cell()]
    return Row(lead, [[Cell() for _ in range(6)] for _ in range(sides)], kind="empty")


def blank_layout(names: list[str], options: dict, lang: str) -> Layout:
    """An empty pad: as many hands as the page holds."""
    lead, side = columns(lang)
    sides, hints = side_names(names, options)
    return Layout(
        details=details(options, len(names), lang),
        lead=lead,
        side=side,
        sides=sides,
        side_hints=hints,
        rows=[],
        rules=rules_lines(options, lang),
        total_label=gettext("Total", lang),
        target=options["target"],
        more=lambda k: empty_row(k, "", len(sides)),
    )


def completed_layout(game: Game, result: Result, lang: str) -> Layout:
    """The hands played, box by box, then a few empty hands while the game goes on."""
    lead, side = columns(lang)
    n_sides = len(result.sides)
    rows = [_played_row(game, r, n_sides, lang) for r in result.rounds]
    if not result.finished:
        dealers = dealers_ahead(game, result, OPEN_ROWS)
        rows += [empty_row(len(result.rounds) + k, dealers[k], n_sides) for k in range(OPEN_ROWS)]
    return Layout(
        details=details(game.options, len(game.players), lang),
        lead=lead,
        side=side,
        rows=rows,
        rules=rules_lines(game.options, lang),
        total_label=gettext("Total", lang),
        target=game.options["target"],
    )


def code_of(kind: str, lang: str) -> str:
    """The letter that says where an extra point came from: K, B or R."""
    code = EXTRA_CODES[kind]
    return gettext(code, lang)


def _turn_up(rnd: dict, lang: str) -> Cell:
    """The cards turned up (→ between them when the cards were run), and a beg refused."""
    cell = Cell(" → ".join(rnd["turn_ups"]), bold=True)
    if rnd.get("beg") == "stand":
        cell.note = gettext("B", lang)
    return cell


def _played_row(game: Game, r, n_sides: int, lang: str) -> Row:
    """One hand: for each side its extra points, the boxes it won (grey when the game ended first), its total."""
    rnd = r.round
    lead = [Cell(str(r.number), bold=True), Cell(game.players[r.dealer]), _turn_up(rnd, lang)]
    return Row(lead, [_side_cells(side, r, lang) for side in range(n_sides)])


def _side_cells(side: int, r, lang: str) -> list[Cell]:
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
