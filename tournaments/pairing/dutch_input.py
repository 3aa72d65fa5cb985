"""What both Dutch engines are given: the request checked, and the round's input rows.

A round to pair is the state after ``round_number - 1`` rounds plus the byes of
``round_number`` already known (absences, requested byes); both engines get exactly these
rows, so the two texts of C.04.3 differ only in the engine that applies them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypedDict, Unpack

from tournaments.pairing.ordering import draughts_order
from tournaments.values import Colour, RoundResult, TournamentState

Ordering = Literal["fide", "draughts"]


class PairingError(ValueError):
    """A round cannot be paired: bad input, or no pairing satisfies the absolute criteria."""


class NoPairingError(PairingError):
    """The input is valid but no pairing satisfies the absolute criteria (C.04.3 C1-C3)."""


class RoundRequest(TypedDict, total=False):
    """What a round's pairing is asked besides the state and the round's number (each
    optional): the players ``absent`` (withdrawn or known absent) and those given a
    ``zero_point_byes`` are not paired and score a zero-point bye (``Z``); those of
    ``half_point_byes`` are not paired and score a half-point bye (``H``); ``ordering``
    ``"draughts"`` pairs with the players renumbered by score, current truncated Solkoff,
    rating, pairing number (:mod:`tournaments.pairing.ordering`), ``"fide"`` (the default)
    by pairing number."""

    absent: frozenset[int]
    half_point_byes: frozenset[int]
    zero_point_byes: frozenset[int]
    ordering: Ordering


@dataclass(frozen=True)
class RoundInput:
    """The rows an engine pairs: every player's results through the previous round, plus
    the bye already known for this round; ``order`` is the players' pairing positions,
    ``by_rank`` whether they follow the draughts ordering rather than pairing numbers."""

    rows: dict[int, list[RoundResult]]
    order: list[int]
    by_rank: bool = False

    def to_pair(self, round_number: int) -> bool:
        """Whether anyone is left to pair (not everyone holds a bye for the round)."""
        return any(len(row) == round_number - 1 for row in self.rows.values())


def round_input(
    state: TournamentState, *, round_number: int, **request: Unpack[RoundRequest]
) -> RoundInput:
    """The checked input of round ``round_number`` (the request: :class:`RoundRequest`)."""
    absent = request.get("absent", frozenset())
    half_point_byes = request.get("half_point_byes", frozenset())
    zero_point_byes = request.get("zero_point_byes", frozenset())
    ordering = request.get("ordering", "fide")
    _check_request(state, round_number, absent, half_point_byes, zero_point_byes)
    byes = dict.fromkeys(absent | zero_point_byes, "Z") | dict.fromkeys(half_point_byes, "H")
    scoring = state.scoring
    rows: dict[int, list[RoundResult]] = {}
    for competitor in state.competitors:
        row = list(competitor.results_through(round_number - 1, scoring))
        planned = competitor.result_in(round_number)
        code = byes.get(competitor.number)
        if code is not None:
            row.append(RoundResult(round_number, None, None, code, scoring.points_for(code)))
        elif planned is not None:
            row.append(planned)
        rows[competitor.number] = row
    if ordering == "draughts":
        order = draughts_order(state, after_round=round_number - 1)
    elif ordering == "fide":
        order = sorted(rows)
    else:
        raise PairingError(f"unknown ordering {ordering!r}: expected 'fide' or 'draughts'")
    return RoundInput(rows, order, by_rank=ordering == "draughts")


def tenths(points: Decimal) -> int:
    """Points as an integer number of tenths (the unit of TRF files and py4swiss)."""
    scaled = points * 10
    if scaled != scaled.to_integral_value():
        raise PairingError(f"points must be multiples of 0.1 for TRF and the engine, got {points}")
    return int(scaled)


def forfeit_colour(result: RoundResult, number: int) -> Colour:
    """The scheduled colour of a result; a forfeit recorded without one gets white for the
    lower pairing number (both sides of the game then agree)."""
    if result.colour is not None:
        return result.colour
    assert result.opponent is not None, f"round {result.round}: {result.code!r} needs a colour"
    return Colour.WHITE if number < result.opponent else Colour.BLACK


def _check_request(
    state: TournamentState,
    round_number: int,
    absent: Iterable[int],
    half_point_byes: Iterable[int],
    zero_point_byes: Iterable[int],
) -> None:
    numbers = sorted(c.number for c in state.competitors)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, len(numbers) + 1)) - set(numbers))
        raise PairingError(
            f"pairing numbers must be 1..{len(numbers)} without gaps or repeats; "
            f"missing {missing}, given {numbers}"
        )
    if not 1 <= round_number <= state.total_rounds:
        raise PairingError(
            f"round {round_number} does not exist: the event has {state.total_rounds} rounds"
        )
    groups = {
        "absent": set(absent),
        "half_point_byes": set(half_point_byes),
        "zero_point_byes": set(zero_point_byes),
    }
    for name, group in groups.items():
        unknown = sorted(group - set(numbers))
        if unknown:
            raise PairingError(f"{name} names unknown pairing numbers {unknown}")
    names = list(groups)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            both = sorted(groups[first] & groups[second])
            if both:
                raise PairingError(f"players {both} are both in {first} and in {second}")
    for competitor in state.competitors:
        for result in competitor.results:
            later = result.round > round_number
            paired_now = result.round == round_number and not result.bye
            if later or paired_now or (result.code == "U" and result.round == round_number):
                raise PairingError(
                    f"player {competitor.number} already has a result for round "
                    f"{result.round} ({result.code!r}): cannot pair round {round_number}"
                )
