"""Game files of every game for the score sheet tests and the benchmark, as FORMAT.md documents."""

from __future__ import annotations

NAMES = ["Zoë", "Łukasz", "Őrs", "François"]
SIX = NAMES + ["Ana-Lucía", "Søren"]


def document(rules_id: str, players: list[str], rounds: list[dict], **options) -> dict:
    """A game file."""
    return {
        "format": "scorekeeper-game/1",
        "rules": rules_id,
        "options": options,
        "players": players,
        "first_dealer": 0,
        "rounds": rounds,
    }


def tout_ou_rien(players=NAMES, hands=None) -> dict:
    """A whole game of Tout ou rien: exact bids, missed bids, open and secret."""
    hands = hands or [6, 5, 4, 3, 4, 5, 6]
    n, rounds = len(players), []
    for k, cards in enumerate(hands):
        tricks = [0] * n
        for trick in range(cards):
            tricks[(k + trick * (1 + k % 2)) % n] += 1
        bids = [t if (seat + k) % 3 else min(6, t + 1) for seat, t in enumerate(tricks)]
        opens = [(seat + k) % 4 == 1 for seat in range(n)]
        rounds.append({"bids": bids, "open": opens, "tricks": tricks})
    return document("tout-ou-rien", list(players), rounds, hands=hands)


def all_or_nothing(players=SIX, hands=10, played=None) -> dict:
    """ALL or NOTHING: everyone bids NOTHING but the one who takes most tries ALL now and then."""
    n = len(players)
    cards = 10 if n <= 4 else 8
    rounds = []
    for k in range(played if played is not None else hands):
        shares = [3, 2, 1, 1, 1, 0, 0, 0][:n]
        shares[-1] += cards - sum(shares)
        tricks = [shares[(seat + k) % n] for seat in range(n)]
        bids = ["all" if t == max(tricks) and k % 3 == 0 else "nothing" for t in tricks]
        reneges = [1 if seat == 1 and k == 2 else 0 for seat in range(n)]
        rounds.append({"bids": bids, "tricks": tricks, "reneges": reneges})
    return document("all-or-nothing", list(players), rounds, hands=hands)


def everest_abyss(players=NAMES[:3], rounds=None) -> dict:
    """Everest & Abyss to the end: folds, hands shown, a Big Boss tie, two players out at once."""
    docs: list[dict] = [
        {"cote": "everest", "staked": [3, 3, 3], "folded": [False, False, False], "hands": [[9, 7], [8, 8], [5, 2]]},
        {"cote": "abyss", "staked": [2, 1, 2], "folded": [False, True, False], "hands": [[1, 2], None, [2, 1]]},
        {"cote": "everest", "staked": [9, 9, 9], "folded": [False, False, False], "hands": [[9, 9], [9, 8], [1, 1]]},
        {"cote": "abyss", "staked": [8, 7, 8], "folded": [False, False, False], "winner": 0},
        {"cote": "everest", "staked": [9, 6, 9], "folded": [False, False, False], "winner": 0},
    ]
    return document("everest-abyss", list(players), rounds if rounds is not None else docs)


def everest_long(played=70) -> dict:
    """A long Everest & Abyss game between two players: 1 token staked, the pot changing hands."""
    rounds = [
        {"cote": "everest" if k % 2 else "abyss", "staked": [1, 1], "folded": [False, False], "winner": k % 2}
        for k in range(played)
    ]
    return document("everest-abyss", ["Zoë", "Łukasz"], rounds)


def inferno(players=NAMES) -> dict:
    """Inferno over four rounds: red cards at face value, other cards 1."""
    n, rounds = len(players), []
    for k in range(n):
        red = [[0] * 5 for _ in range(n)]
        for value in range(5):
            red[(k + value) % n][value] = 1 + (value + k) % 2
        other = [(3 * seat + 2 * k) % 9 for seat in range(n)]
        rounds.append({"red": red, "other": other})
    return document("inferno", list(players), rounds)


def all_fours_teams(players=NAMES) -> dict:
    """All Fours in two teams to 7: kicks, a beg refused, cards run, card points, the cut-off at 7."""
    rounds = [
        {"turn_ups": ["J"], "high": 0, "low": 1, "jack": None, "game_points": [20, 30]},
        {"turn_ups": ["4"], "beg": "stand", "high": 1, "low": 1, "jack": 0, "game": 1},
        {"turn_ups": ["9", "Q"], "beg": "run", "high": 0, "low": 1, "jack": None, "game_points": [12, 12]},
        {"turn_ups": ["K"], "reneges": [{"side": 0, "major": False}], "high": 0, "low": 0, "jack": 0, "game": 0},
    ]
    return document("all-fours", list(players), rounds)


def all_fours_alone(players=NAMES[:3]) -> dict:
    """All Fours with three players each alone, still going."""
    rounds = [
        {"turn_ups": ["A"], "high": 2, "low": 1, "jack": 2, "game_points": [10, 25, 30]},
        {"turn_ups": ["3"], "high": 0, "low": 0, "jack": None, "game": None},
    ]
    return document("all-fours", list(players), rounds)
