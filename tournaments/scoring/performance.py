"""Rating performance of a player over the games played over the board.

Linear rule, this application's choice (stated on the player card): ``Rp = Ra + 400 (W - L) / n``
with ``Ra`` the average rating of the rated opponents met over the board, ``W`` and ``L`` the
wins and losses against them and ``n`` the number of those games. Forfeits, byes and unrated
opponents do not count (as for the average rating of opponents, FIDE C.07 10.1 and 15.2).

>>> rating_performance([(2000, "1"), (2200, "0"), (2100, "="), (0, "1"), (2300, "+")])
2100
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.values import LOSS_CODES, PLAYED_CODES, WIN_CODES


def rating_performance(games: Iterable[tuple[int, str]]) -> int | None:
    """The performance over ``games``, each the opponent's rating (0: unrated, or no
    opponent) and the player's TRF result code; None without a game that counts."""
    rated = [(rating, code) for rating, code in games if rating > 0 and code in PLAYED_CODES]
    if not rated:
        return None
    average = sum(rating for rating, _ in rated) / len(rated)
    balance = sum((code in WIN_CODES) - (code in LOSS_CODES) for _, code in rated)
    return round(average + 400 * balance / len(rated))
