"""FIDE Dutch Swiss pairings through py4swiss 0.3.1, behind our own values.

py4swiss implements C.04.3 "FIDE (Dutch) System (effective till 31 January 2026)"; measured
against bbpPairings 5.0.1 on generated events it agreed on 1,407 of 1,408 rounds, hence
the label :data:`DUTCH_RULES_VERSION`.

The engine is driven in memory: we build its ``ParsedTrf`` models (player sections, X
section) exactly as its TRF parser would from :func:`tournaments.pairing.trf.trf_dumps`, call
``validate_contents()`` ourselves (only its file parser does), and map its answer back to
:class:`Pair` values. Traps handled here (all measured, see the notes):

* every player gets one entry per earlier round (a missing round is a zero-point bye), and
  every player who is not to be paired gets an entry for the round being paired (``H``,
  ``Z`` or ``F``): a short results row makes py4swiss pair the wrong round silently;
* the points of *every* result code are set from our :class:`ScoringSystem`, the
  pairing-allocated bye included (its value does not follow the win's);
* the colour of the top seed in round 1 is always set explicitly.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Literal

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError as EnginePairingError
from py4swiss.trf import ParsedTrf
from py4swiss.trf.exceptions import ConsistencyError
from py4swiss.trf.results import (
    ColorToken,
    ResultToken,
    ScoringPointSystem,
    ScoringPointSystemCode,
)
from py4swiss.trf.results import RoundResult as EngineRoundResult
from py4swiss.trf.sections import PlayerSection, XSection
from py4swiss.trf.sections.x_section import XSectionConfiguration

from tournaments.pairing.ordering import draughts_order
from tournaments.pairing.types import Colour, Pair, RoundResult, TournamentState

DUTCH_RULES_VERSION = "FIDE Dutch (rules until 31 January 2026)"

Ordering = Literal["fide", "draughts"]


class PairingError(ValueError):
    """A round cannot be paired: bad input, or no pairing satisfies the absolute criteria."""


class NoPairingError(PairingError):
    """The input is valid but no pairing satisfies the absolute criteria (C.04.3 C1-C3)."""


def pair_dutch(
    state: TournamentState,
    *,
    round_number: int,
    absent: frozenset[int] = frozenset(),
    half_point_byes: frozenset[int] = frozenset(),
    zero_point_byes: frozenset[int] = frozenset(),
    ordering: Ordering = "fide",
) -> list[Pair]:
    """Pair round ``round_number`` by the FIDE Dutch system (C.04.3, rules until 31 Jan 2026).

    ``state`` holds the results of rounds ``1 .. round_number - 1``; a competitor may also
    hold a bye for ``round_number`` itself (``H``, ``Z`` or ``F``, e.g. a requested bye
    recorded before pairing): such a player is not paired. ``absent`` players (withdrawn or
    known absent) and ``zero_point_byes`` are not paired and score a zero-point bye (``Z``),
    ``half_point_byes`` are not paired and score a half-point bye (``H``).

    ``ordering="draughts"`` pairs with the players renumbered by score, current truncated
    Solkoff, rating, pairing number (see :mod:`tournaments.pairing.ordering`).

    Boards come back in FIDE order (C.04.2 D.9: score of the higher player, sum of scores,
    rank of the higher player); the pairing-allocated bye, if any, is ``Pair(n, None)``.
    """
    trf = engine_input(
        state,
        round_number=round_number,
        absent=absent,
        half_point_byes=half_point_byes,
        zero_point_byes=zero_point_byes,
        ordering=ordering,
    )
    if not any(len(p.results) == round_number - 1 for p in trf.player_sections):
        return []
    try:
        pairings = DutchEngine.generate_pairings(trf)
    except EnginePairingError as error:
        raise NoPairingError(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria of C.04.3 (no rematch, at most one bye per player, colour limits)"
        ) from error
    return [Pair(p.white, p.black or None) for p in pairings]


def engine_input(
    state: TournamentState,
    *,
    round_number: int,
    absent: frozenset[int] = frozenset(),
    half_point_byes: frozenset[int] = frozenset(),
    zero_point_byes: frozenset[int] = frozenset(),
    ordering: Ordering = "fide",
) -> ParsedTrf:
    """The validated py4swiss input for pairing ``round_number`` (see :func:`pair_dutch`)."""
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
    by_number = {c.number: c for c in state.competitors}
    sections = [
        PlayerSection(
            code="001",
            starting_number=number,
            name=by_number[number].name or None,
            fide_rating=by_number[number].rating or None,
            points_times_ten=sum(tenths(r.points) for r in rows[number]),
            rank=position,
            results=[engine_result(r, number) for r in rows[number]],
        )
        for position, number in enumerate(order, start=1)
    ]
    trf = ParsedTrf(
        player_sections=sections,
        x_section=XSection(
            number_of_rounds=state.total_rounds,
            scoring_point_system=engine_scoring(state),
            configuration=XSectionConfiguration(
                first_round_color=state.first_colour is Colour.WHITE,
                by_rank=ordering == "draughts",
            ),
            forbidden_pairs={tuple(sorted(pair)) for pair in state.forbidden_pairs},
        ),
    )
    try:
        trf.validate_contents()
    except ConsistencyError as error:
        raise PairingError(f"inconsistent results before round {round_number}: {error}") from None
    return trf


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


def engine_result(result: RoundResult, number: int) -> EngineRoundResult:
    """Our result as a py4swiss round result (TRF columns: opponent, colour, code)."""
    if result.opponent is None:
        return EngineRoundResult(
            id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken(result.code)
        )
    return EngineRoundResult(
        id=result.opponent,
        color=ColorToken(forfeit_colour(result, number).value),
        result=ResultToken(result.code),
    )


#: JaVaFo ``XXS`` codes and the :class:`ScoringSystem` field each one declares.
XXS_FIELDS: dict[ScoringPointSystemCode, str] = {
    ScoringPointSystemCode.WIN_WITH_WHITE: "win",
    ScoringPointSystemCode.WIN_WITH_BLACK: "win",
    ScoringPointSystemCode.DRAW_WITH_WHITE: "draw",
    ScoringPointSystemCode.DRAW_WITH_BLACK: "draw",
    ScoringPointSystemCode.LOSS_WITH_WHITE: "loss",
    ScoringPointSystemCode.LOSS_WITH_BLACK: "loss",
    ScoringPointSystemCode.ZERO_POINT_BYE: "zero_bye",
    ScoringPointSystemCode.HALF_POINT_BYE: "half_bye",
    ScoringPointSystemCode.FULL_POINT_BYE: "full_bye",
    ScoringPointSystemCode.PAIRING_ALLOCATED_BYE: "pairing_bye",
    ScoringPointSystemCode.FORFEIT_WIN: "forfeit_win",
    ScoringPointSystemCode.FORFEIT_LOSS: "forfeit_loss",
}


def engine_scoring(state: TournamentState) -> ScoringPointSystem:
    """Every py4swiss score entry set from our scoring, as its parser applies ``XXS``."""
    system = ScoringPointSystem()
    for code, field in XXS_FIELDS.items():
        system.apply_code(code, tenths(getattr(state.scoring, field)))
    return system


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
