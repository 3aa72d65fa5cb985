"""A pairing's result for each side: one game, or a two-game match.

A pairing of two games is decided by the game points of its two games; its TRF code is
``1 = 0`` for a match won, drawn or lost over the board, ``+``/``-`` when no game of it was
played over the board (FIDE TRF16 codes, C.04.1 note on forfeits). The event then counts either
the game points summed or match points (the code's points in the event's scoring,
:class:`~tournaments.pairing.types.ScoringSystem`).

The FIDE Dutch system (C.04.3) pairs on one result per pairing, so a Swiss of two-game
pairings must rank on match points: a game-point total such as 3 of 4 has no code.

>>> s = ScoringSystem()
>>> match_result(["1", "="], own=Decimal(3), other=Decimal(1), scoring=s, match_points=True)
('1', Decimal('2'))
>>> match_result(["1", "="], own=Decimal(3), other=Decimal(1), scoring=s, match_points=False)
('1', Decimal('3'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from tournaments.i18n import gettext_noop
from tournaments.pairing.types import FORFEIT_CODES, ScoringSystem
from tournaments.scoring.results import GAME_CODES, game_points

#: The reason a two-game Swiss ranks on match points, for the forms that set the ranking.
MATCH_POINTS_RULE = gettext_noop(
    "A Swiss with two games per pairing must rank on match points: the FIDE "
    "Dutch pairing engine takes one result per pairing (win, draw or loss), so "
    "a game-point total such as 3 of 4 cannot be paired on. Round robins may "
    "rank on either."
)


def must_rank_on_match_points(*, swiss: bool, games_per_pairing: int) -> bool:
    """Whether the ranking must be match points (see :data:`MATCH_POINTS_RULE`)."""
    return swiss and games_per_pairing > 1


@dataclass(frozen=True)
class GameSides:
    """One game of a pairing: its final result and who had white and black (any keys the
    caller uses for the two players)."""

    result: str
    white: int
    black: int


def match_result(
    codes: Sequence[str],
    *,
    own: Decimal,
    other: Decimal,
    scoring: ScoringSystem,
    match_points: bool,
) -> tuple[str, Decimal]:
    """Code and points of a two-game match for one side, from that side's game codes and
    both sides' game points: decided by the game points; ``+``/``-`` when no game was played
    over the board; the game points summed, or the code's points when ``match_points``."""
    forfeits = all(code in FORFEIT_CODES for code in codes)
    if own > other:
        code = "+" if forfeits else "1"
    elif own < other or forfeits:
        code = "-" if forfeits else "0"
    else:
        code = "="
    return code, scoring.points_for(code) if match_points else own


def pairing_result(
    games: Sequence[GameSides],
    *,
    white: int,
    black: int,
    scoring: ScoringSystem,
    match_points: bool,
) -> dict[int, tuple[str, Decimal]]:
    """Code and points of each side (``white``, ``black``: the pairing's sides) for the
    finished ``games`` of a pairing: the game's own for one game, the match's for more."""
    codes: dict[int, list[str]] = {white: [], black: []}
    points: dict[int, Decimal] = {white: Decimal(0), black: Decimal(0)}
    for game in games:
        white_code, black_code = GAME_CODES[game.result]
        for side, code in ((game.white, white_code), (game.black, black_code)):
            codes[side].append(code)
            points[side] += game_points(game.result, code, scoring)
    if len(games) == 1:
        return {side: (codes[side][0], points[side]) for side in (white, black)}
    return {
        side: match_result(
            codes[side],
            own=points[side],
            other=points[other],
            scoring=scoring,
            match_points=match_points,
        )
        for side, other in ((white, black), (black, white))
    }
