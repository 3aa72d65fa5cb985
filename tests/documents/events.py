"""Synthetic events for the document tests and benchmarks/crosstable_pdf.py: the first
rounds of a Berger table (every pair distinct, so any number of players and rounds is
quick to build), results drawn from the ratings with a seeded generator, names from an
international list with accents and Cyrillic."""

import random
from decimal import Decimal

from tournaments.pairing import berger_table
from tournaments.scoring.crosstable import Crosstable, build_crosstable
from tournaments.scoring.standings import compute_standings
from tournaments.values import Colour, Competitor, RoundResult, ScoringSystem, TournamentState

NAMES = (
    "Lefèvre, Claire",
    "Кузнецов, Александр",
    "Ozoliņš, Guntis",
    "Søgaard, Åse",
    "Ndiaye, Ndiaga",
    "Bērziņa, Zoja",
    "Смирнова, Тамара",
    "Groenendijk, Pim",
    "Çelik, Gülşen",
    "Wiśniewski, Łukasz",
)
TIEBREAKS = ("TSOL", "SB", "WON")


def name(number: int) -> str:
    """A distinct name per pairing number: one of NAMES with the number appended."""
    return f"{NAMES[(number - 1) % len(NAMES)]} {number}"


def synthetic_state(players: int, rounds: int, *, seed: int = 1) -> TournamentState:
    """``rounds`` rounds of a Berger table for ``players`` (an odd count leaves one player a
    pairing-allocated bye each round), with a forfeit now and then."""
    rng = random.Random(seed)
    scoring = ScoringSystem()
    ratings = {n: 2500 - 7 * n for n in range(1, players + 1)}
    results: dict[int, list[RoundResult]] = {n: [] for n in ratings}
    for round_number, boards in enumerate(berger_table(players)[:rounds], start=1):
        for pair in boards:
            if pair.black is None:
                results[pair.white].append(RoundResult(round_number, None, None, "U", Decimal(2)))
                continue
            codes = _result(rng, ratings[pair.white] - ratings[pair.black])
            for me, other, colour, code in (
                (pair.white, pair.black, Colour.WHITE, codes[0]),
                (pair.black, pair.white, Colour.BLACK, codes[1]),
            ):
                results[me].append(
                    RoundResult(round_number, other, colour, code, scoring.points_for(code))
                )
    return TournamentState(
        tuple(
            Competitor(
                n,
                name(n),
                ratings[n],
                federation=("FRA", "RUS", "LAT", "NED", "SEN")[n % 5],
                title=("GMI", "MI", "", "", "MF")[n % 5],
                results=tuple(results[n]),
            )
            for n in ratings
        ),
        total_rounds=rounds,
        scoring=scoring,
    )


def _result(rng: random.Random, difference: int) -> tuple[str, str]:
    if rng.random() < 0.02:
        return "+", "-"
    roll = rng.random()
    expected = 1 / (1 + 10 ** (-difference / 400))
    if roll < 0.3:
        return "=", "="
    return ("1", "0") if roll < 0.3 + 0.7 * expected else ("0", "1")


def synthetic_crosstable(
    players: int, rounds: int, *, square: bool = False, seed: int = 1
) -> Crosstable:
    """The crosstable of :func:`synthetic_state` after its last round."""
    state = synthetic_state(players, rounds, seed=seed)
    standings = compute_standings(state, tiebreaks=TIEBREAKS, after_round=rounds)
    return build_crosstable(
        state, standings, after_round=rounds, tiebreaks=TIEBREAKS, square=square
    )
