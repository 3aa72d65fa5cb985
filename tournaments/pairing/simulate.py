"""A random tournament generator (FIDE C.04.A calls it an RTG) for tests and benchmarks.

Seeded and deterministic: players with random ratings are paired round by round with
:func:`pair_dutch`, results are drawn from the rating difference, and the generator mixes
in what real events have: half-point byes, late entries (absent, so ``Z``, before they
arrive), withdrawals (``Z`` from then on), forfeits and double forfeits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tournaments.pairing.dutch import DutchRules, Ordering, pair_dutch
from tournaments.values import (
    Colour,
    Competitor,
    Pair,
    RoundResult,
    ScoringSystem,
    TournamentState,
)


@dataclass(frozen=True)
class RoundRequest:
    """How one round was paired: who was kept out, and the pairs the engine made."""

    round: int
    absent: frozenset[int]
    half_point_byes: frozenset[int]
    pairs: tuple[Pair, ...]


@dataclass(frozen=True)
class SimulatedTournament:
    state: TournamentState
    requests: tuple[RoundRequest, ...]

    def before(self, round_number: int) -> TournamentState:
        """The state as it was before ``round_number`` was paired."""
        return replace(
            self.state,
            competitors=tuple(
                replace(c, results=tuple(r for r in c.results if r.round < round_number))
                for c in self.state.competitors
            ),
        )


def simulate(
    *,
    seed: int,
    players: int,
    rounds: int,
    played_rounds: int | None = None,
    scoring: ScoringSystem | None = None,
    late_entries: int = 0,
    withdrawals: int = 0,
    half_bye_rate: float = 0.0,
    forfeit_rate: float = 0.0,
    ordering: Ordering = "fide",
    first_colour: Colour = Colour.WHITE,
    rules: DutchRules = DutchRules.FIDE_2026,
) -> SimulatedTournament:
    """Play ``played_rounds`` (default: all ``rounds``) rounds of a random Swiss event,
    paired by the text ``rules`` of C.04.3."""
    rng = random.Random(seed)
    scoring = scoring or ScoringSystem()
    ratings = sorted((rng.randint(1200, 2500) for _ in range(players)), reverse=True)
    numbers = list(range(1, players + 1))
    arrival = dict.fromkeys(numbers, 1)
    for number in rng.sample(numbers, min(late_entries, players)):
        arrival[number] = rng.randint(2, max(2, rounds // 2))
    leaving = dict.fromkeys(numbers, rounds + 1)
    for number in rng.sample(numbers, min(withdrawals, players)):
        leaving[number] = rng.randint(2, rounds)
    results: dict[int, list[RoundResult]] = {n: [] for n in numbers}
    requests = []

    def state() -> TournamentState:
        return TournamentState(
            competitors=tuple(
                Competitor(n, f"Player {n:04d}", ratings[n - 1], results=tuple(results[n]))
                for n in numbers
            ),
            total_rounds=rounds,
            scoring=scoring,
            first_colour=first_colour,
        )

    last = rounds if played_rounds is None else played_rounds
    for round_number in range(1, last + 1):
        absent = frozenset(n for n in numbers if not arrival[n] <= round_number < leaving[n])
        present = [n for n in numbers if n not in absent]
        half = frozenset(n for n in present if rng.random() < half_bye_rate)
        pairs = pair_dutch(
            state(),
            round_number=round_number,
            absent=absent,
            half_point_byes=half,
            ordering=ordering,
            rules=rules,
        )
        requests.append(RoundRequest(round_number, absent, half, tuple(pairs)))
        for number in absent:
            results[number].append(RoundResult(round_number, None, None, "Z", scoring.zero_bye))
        for number in half:
            results[number].append(RoundResult(round_number, None, None, "H", scoring.half_bye))
        for pair in pairs:
            if pair.black is None:
                results[pair.white].append(
                    RoundResult(round_number, None, None, "U", scoring.pairing_bye)
                )
                continue
            white_code, black_code = _result(rng, ratings, pair, forfeit_rate)
            for number, opponent, colour, code in (
                (pair.white, pair.black, Colour.WHITE, white_code),
                (pair.black, pair.white, Colour.BLACK, black_code),
            ):
                results[number].append(
                    RoundResult(round_number, opponent, colour, code, scoring.points_for(code))
                )
    return SimulatedTournament(state(), tuple(requests))


def _result(
    rng: random.Random, ratings: list[int], pair: Pair, forfeit_rate: float
) -> tuple[str, str]:
    assert pair.black is not None
    if rng.random() < forfeit_rate:
        return rng.choice([("+", "-"), ("-", "+"), ("-", "-")])
    expected = 1 / (1 + 10 ** ((ratings[pair.black - 1] - ratings[pair.white - 1]) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < draw:
        return "=", "="
    return ("1", "0") if roll < draw + (1 - draw) * expected else ("0", "1")
