"""The TRF result codes of a game's final result, and the points the game is worth.

A game's result is stored as its PDN text (``1-0``, ``1/2``, ``0-1``; FMJD/PDN result tags)
or as a forfeit mark (``+/-``, ``-/+``, ``-/-``) or ``0-0`` for a game the arbiter declared
unplayed without fault of either player. The pairing engine, the tie-breaks and the TRF file
read the FIDE TRF16 codes of each side (player section, columns 92-99): ``1 = 0`` played,
``+ -`` forfeit. A double forfeit and an unplayed game leave both players with ``-``: neither
counts as a game played (FIDE C.04.1 note: forfeited games do not count as played), and an
unplayed game scores a loss, not a forfeit loss, for both.

>>> GAME_CODES["1-0"]
('1', '0')
>>> game_points(UNPLAYED, "-", ScoringSystem(forfeit_loss=Decimal(-1)))
Decimal('0')
"""

from __future__ import annotations

import functools
from decimal import Decimal

from tournaments.values import FORFEIT_RESULTS, ScoringSystem

#: A game not finished yet: it has no code and the pairing is left out of the standings.
PENDING = "*"
#: A game the arbiter declared unplayed: ``-`` for both sides, scored as a loss.
UNPLAYED = "0-0"

#: TRF codes (white's, black's) of each final game result.
GAME_CODES: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "1/2": ("=", "="),
    "0-1": ("0", "1"),
    **FORFEIT_RESULTS,
    UNPLAYED: ("-", "-"),
}


def game_points(result: str, code: str, scoring: ScoringSystem) -> Decimal:
    """What one side scores for a game of final ``result`` where it holds TRF ``code``."""
    return scoring.loss if result == UNPLAYED else scoring.points_for(code)


@functools.lru_cache(maxsize=1024)
def format_points(value: Decimal) -> str:
    """Points without trailing zeros: ``2``, ``1.5``, ``10``, ``12.25`` (kept once written:
    the text depends on the value alone, ``2`` and ``2.0`` alike, and a crosstable of 500
    players writes the same few thousand times).

    >>> [format_points(Decimal(v)) for v in ("2.0", "1.50", "10", "0")]
    ['2', '1.5', '10', '0']
    """
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.normalize():f}"
