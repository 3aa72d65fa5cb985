"""The rounds a player has without a game of his own: a round-robin rest, the rounds before a
late entry and the rounds after a withdrawal, as each player's line holds them.

* A round-robin rest (docs/rules/tournaments.md §2.2, §4.9): whoever meets the Berger table's
  dummy number has no game; it scores nothing and the tie-breaks leave it out
  (``RoundResult.rest``).
* A late entry (§1.4) holds a zero-point bye ``Z`` for each round before arrival, or a
  half-point bye ``H`` where the organizer granted it.
* Every round after a withdrawal is a ``Z`` (§1.4).

>>> from tournaments.values import ScoringSystem
>>> missed_round(1, joined_round=3, withdrawn_from_round=None, half_point=True,
...              scoring=ScoringSystem()).code
'H'
>>> missed_round(4, joined_round=1, withdrawn_from_round=5, half_point=False,
...              scoring=ScoringSystem()) is None
True
"""

from __future__ import annotations

from decimal import Decimal

from tournaments.values import RoundResult, ScoringSystem


def rest(round_number: int) -> RoundResult:
    """A round-robin rest in round ``round_number``: no game, no points, no tie-break."""
    return RoundResult(round_number, None, None, "Z", Decimal(0), rest=True)


def missed_round(
    round_number: int,
    *,
    joined_round: int,
    withdrawn_from_round: int | None,
    half_point: bool,
    scoring: ScoringSystem,
) -> RoundResult | None:
    """The bye a player who was not paired in ``round_number`` holds: before his
    ``joined_round`` a ``Z`` (an ``H`` with ``half_point``), from his ``withdrawn_from_round``
    on a ``Z``; None when he should have been paired that round."""
    if round_number < joined_round:
        code = "H" if half_point else "Z"
    elif withdrawn_from_round is not None and round_number >= withdrawn_from_round:
        code = "Z"
    else:
        return None
    return RoundResult(round_number, None, None, code, scoring.points_for(code))
