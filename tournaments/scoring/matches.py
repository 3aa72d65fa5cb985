"""A pairing's result for each side: one game, or a two-game match.

A pairing of two games is decided by the game points of its two games; its TRF code is
``1 = 0`` for a match won, drawn or lost over the board, ``+``/``-`` when no game of it was
played over the board (FIDE TRF16 codes, C.04.1 note on forfeits). The event then counts either
the game points summed or match points (the code's points in the event's scoring,
:class:`~tournaments.values.ScoringSystem`).

The FIDE Dutch system (C.04.3) pairs on one result per pairing, so a Swiss of two-game
pairings must rank on match points: a game-point total such as 3 of 4 has no code.

What the code cannot say is kept beside it (:class:`SideResult`): the share of the round's
points scored, which Sonneborn-Berger multiplies the opponent's score by (C.07 9.1: "the
result against them"; ``docs/rules/tournaments.md`` §4.3), and the games won over the board
(WON, C.07 7.3). The round's points are those the event ranks on: with game points a drawn
match is 1/2 and 3 of 4 game points 3/4; with match points a won match is 1 and a drawn one
1/2, as its code.

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
from tournaments.scoring.results import GAME_CODES, game_points
from tournaments.values import (
    FORFEIT_CODES,
    PLAYED_WIN_CODES,
    ScoringSystem,
    code_share,
)

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


@dataclass(frozen=True)
class SideResult:
    """One side's result of a pairing: its TRF ``code``, the event's ``points``, the
    ``share`` of the round's points scored (0..1) and the ``games_won`` over the board."""

    code: str
    points: Decimal
    share: Decimal
    games_won: int


def pairing_result(
    games: Sequence[GameSides],
    *,
    white: int,
    black: int,
    scoring: ScoringSystem,
    match_points: bool,
) -> dict[int, SideResult]:
    """Each side's result (``white``, ``black``: the pairing's sides) for the finished
    ``games`` of a pairing: the game's own for one game, the match's for more; the share is
    the mean of the games' shares when the event ranks on game points, the match code's when
    it ranks on match points (see the module's docstring).

    >>> games = [GameSides("1-0", 1, 2), GameSides("1/2", 2, 1)]
    >>> pairing_result(games, white=1, black=2, scoring=ScoringSystem(), match_points=False)[1]
    SideResult(code='1', points=Decimal('3'), share=Decimal('0.75'), games_won=1)
    """
    if len(games) == 1 and {games[0].white, games[0].black} == {white, black}:
        game_white, game_black = one_game_result(games[0].result, scoring)
        if games[0].white == white:
            return {white: game_white, black: game_black}
        return {white: game_black, black: game_white}
    codes: dict[int, list[str]] = {white: [], black: []}
    points: dict[int, Decimal] = {white: Decimal(0), black: Decimal(0)}
    for game in games:
        white_code, black_code = GAME_CODES[game.result]
        for side, code in ((game.white, white_code), (game.black, black_code)):
            codes[side].append(code)
            points[side] += game_points(game.result, code, scoring)
    results = {}
    for side, other in ((white, black), (black, white)):
        won = sum(1 for code in codes[side] if code in PLAYED_WIN_CODES)
        code, score = match_result(
            codes[side],
            own=points[side],
            other=points[other],
            scoring=scoring,
            match_points=match_points,
        )
        shares = [code_share(c) for c in codes[side]]
        share = code_share(code) if match_points else sum(shares, Decimal(0)) / len(shares)
        results[side] = SideResult(code, score, share, won)
    return results


def one_game_result(result: str, scoring: ScoringSystem) -> tuple[SideResult, SideResult]:
    """White's and Black's results of a pairing of one game of final ``result``: what
    :func:`pairing_result` gives for it (a caller that reads thousands of games keeps them by
    ``result``, the only thing that changes).

    >>> one_game_result("1/2", ScoringSystem())[1]
    SideResult(code='=', points=Decimal('1'), share=Decimal('0.5'), games_won=0)
    """
    sides = []
    for code in GAME_CODES[result]:
        won = 1 if code in PLAYED_WIN_CODES else 0
        sides.append(SideResult(code, game_points(result, code, scoring), code_share(code), won))
    return sides[0], sides[1]
