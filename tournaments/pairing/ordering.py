"""The draughts ordering of players for Swiss pairings.

FMJD-rules opens are paired "on truncated Solkoff": inside a score group the players are
ordered by their current truncated Solkoff (Solkoff, i.e. the sum of the opponents' scores,
minus the lowest of them) and then by rating, instead of by pairing number alone.

We obtain it without touching the pairing rules: before each round the players are
renumbered for the engine by, in order, score (highest first), truncated Solkoff after the
previous round (highest first), rating (highest first), pairing number (lowest first); the
engine pairs with these numbers (TRF ``XXC rank``: pairing by position) and its answer is
given back with the real pairing numbers. Truncated Solkoff is computed as the ``TSOL``
tie-break of :mod:`tournaments.scoring.tiebreaks` (unplayed rounds per FIDE C.07 article 16).
"""

from __future__ import annotations

from decimal import Decimal

from tournaments.scoring.tiebreaks import TieBreakContext, truncated_solkoff
from tournaments.values import TournamentState

DRAUGHTS_ORDERING_DESCRIPTION = (
    "Draughts ordering: within each score group, players are paired in order of current "
    "truncated Solkoff (opponents' scores minus the lowest), then rating, then pairing "
    "number, as in FMJD-rules Swiss opens; the Dutch rules are otherwise unchanged."
)


def draughts_order(state: TournamentState, *, after_round: int) -> list[int]:
    """Pairing numbers in the draughts order after ``after_round`` rounds (see module doc).

    >>> from tournaments.values import Competitor
    >>> state = TournamentState((Competitor(1, "A", 1500), Competitor(2, "B", 1700)), 5)
    >>> draughts_order(state, after_round=0)
    [2, 1]
    """
    context = TieBreakContext.build(state, after_round=after_round)

    def key(number: int) -> tuple[Decimal, Decimal, int, int]:
        return (
            -context.score[number],
            -truncated_solkoff(context, number).value,
            -context.competitors[number].rating,
            number,
        )

    return sorted(context.competitors, key=key)
