"""The FIDE Dutch system as applied until 31 January 2026, through py4swiss 0.3.1.

py4swiss implements C.04.3 "FIDE (Dutch) System (effective till 31 January 2026)"; measured
against bbpPairings 5.0.1 on the reference tournaments (``make swiss-reference``) it agrees
on every round.

The engine is driven in memory: we build its ``ParsedTrf`` models (player sections, X
section) exactly as its TRF parser would from :func:`tournaments.pairing.trf.trf_dumps`, call
``validate_contents()`` ourselves (only its file parser does), and map its answer back to
:class:`Pair` values. Traps handled here (all measured, see the notes):

* every player gets one entry per earlier round (a missing round is a zero-point bye), and
  every player who is not to be paired gets an entry for the round being paired (``H``,
  ``Z`` or ``F``): a short results row makes py4swiss pair the wrong round silently
  (:func:`~tournaments.pairing.dutch_input.round_input` builds these rows);
* the points of *every* result code are set from our :class:`ScoringSystem`, the
  pairing-allocated bye included (its value does not follow the win's);
* the colour of the top seed in round 1 is always set explicitly.
"""

from __future__ import annotations

from dataclasses import replace

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

from tournaments.pairing.dutch_input import (
    NoPairingError,
    PairingError,
    RoundInput,
    forfeit_colour,
    tenths,
)
from tournaments.pairing.trf import XXS_FIELDS
from tournaments.values import Colour, Pair, RoundResult, TournamentState


def pair_pre_2026(
    state: TournamentState, rows: RoundInput, *, round_number: int, by_rank: bool
) -> list[Pair]:
    """Round ``round_number`` by C.04.3 as applied until 31 January 2026. py4swiss has no
    accelerated pairing (C.04.5), so a round that TRF record 250 accelerates is refused by
    name rather than paired as if it were not."""
    accelerated = [a for a in state.accelerations if a.covers(round_number)]
    if accelerated:
        first = accelerated[0]
        raise PairingError(
            f"round {round_number} is accelerated (TRF record 250: {first.points} points to "
            f"players {first.first_player}-{first.last_player} in rounds "
            f"{first.first_round}-{first.last_round}); py4swiss, which pairs the text applied "
            f"until 31 January 2026, does not add such points: pair it by the 2026 text"
        )
    present = [n for n in rows.order if len(rows.rows[n]) < round_number]
    if round_number == 1 and len(present) < len(rows.order):
        return _first_round_of_the_present(state, present)
    trf = engine_input(state, rows, round_number=round_number, by_rank=by_rank)
    try:
        pairings = DutchEngine.generate_pairings(trf)
    except EnginePairingError as error:
        raise NoPairingError(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria of C.04.3 (no rematch, at most one bye per player, colour limits)"
        ) from error
    return [Pair(p.white, p.black or None) for p in pairings]


def _first_round_of_the_present(state: TournamentState, present: list[int]) -> list[Pair]:
    """Round 1 with players absent, paired as bbpPairings 5.0.1 pairs it: the present
    players numbered 1..m in their order, so that the colours of round 1 alternate by that
    position (C.04.3 E.5, as the endorsed engine applies it; py4swiss would use the full
    pairing numbers and give the other colour on every board after an absent player)."""
    number = {old: new for new, old in enumerate(present, start=1)}
    by_number = {c.number: c for c in state.competitors}
    compact = replace(
        state,
        competitors=tuple(
            replace(by_number[old], number=new, results=()) for old, new in number.items()
        ),
        forbidden_pairs=frozenset(
            frozenset(number[n] for n in pair)
            for pair in state.forbidden_in(1)
            if all(n in number for n in pair)
        ),
        forbidden_ranges=(),
    )
    rows = RoundInput({new: [] for new in number.values()}, list(number.values()))
    old = {new: old for old, new in number.items()}
    pairs = pair_pre_2026(compact, rows, round_number=1, by_rank=False)
    return [Pair(old[p.white], old[p.black] if p.black else None) for p in pairs]


def engine_input(
    state: TournamentState, rows: RoundInput, *, round_number: int, by_rank: bool
) -> ParsedTrf:
    """The validated py4swiss input for pairing ``round_number``."""
    order = rows.order
    rows_by_number = rows.rows
    by_number = {c.number: c for c in state.competitors}
    sections = [
        PlayerSection(
            code="001",
            starting_number=number,
            name=by_number[number].name or None,
            fide_rating=by_number[number].rating or None,
            points_times_ten=sum(tenths(r.points) for r in rows_by_number[number]),
            rank=position,
            results=[engine_result(r, number) for r in rows_by_number[number]],
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
                by_rank=by_rank,
            ),
            forbidden_pairs={tuple(sorted(pair)) for pair in state.forbidden_in(round_number)},
        ),
    )
    try:
        trf.validate_contents()
    except ConsistencyError as error:
        raise PairingError(f"inconsistent results before round {round_number}: {error}") from None
    return trf


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


def engine_scoring(state: TournamentState) -> ScoringPointSystem:
    """Every py4swiss score entry set from our scoring, as its parser applies ``XXS``."""
    system = ScoringPointSystem()
    for code, field in XXS_FIELDS.items():
        system.apply_code(ScoringPointSystemCode(code), tenths(getattr(state.scoring, field)))
    return system
