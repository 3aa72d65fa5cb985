"""The Dutch engines side by side: seconds per round and the growth of their cost.

Run: .venv/bin/python -m benchmarks.swiss_engines [--sizes 100 500 1000 2000]
[--rounds 2 6 10] [--shipped-up-to 1000]

For each size and round, one event is generated (seeded) and each engine pairs the same
round from the same state, through :func:`tournaments.pairing.pair_dutch`, in this process
(CPU seconds):

- the 2026 text of C.04.3: gacrux 1.11.65 as Damier runs it (its matchings native or window
  by window, :mod:`tournaments.pairing.gacrux_matching`), and gacrux as its package ships it
  (networkx's pure-Python matchings; up to ``--shipped-up-to`` players, as its round 2 takes
  minutes beyond);
- the text applied until 31 January 2026: py4swiss 0.3.1.

The growth exponent of an engine at a round is the slope of log(seconds) against
log(players), fitted over the sizes measured. Each size's seed is the first (from the size
up) whose round 1 leaves an odd number of winners: the top score group of round 2 then
sends a player down, which makes round 2 the hardest of an open for a matching engine.
bbpPairings, the endorsed engine, is measured beside Damier on tournaments its own
generator makes by ``benchmarks.swiss_generated``.

The histories are made quickly, not by the Dutch system: each round pairs the players in
score order with the next one they have not met, colours by who had fewer whites. That gives
the score groups, colour histories and floaters an open has, at any size, in seconds; a
Dutch-paired history of 1,000 players would take the engines' own time for every round.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from contextlib import nullcontext
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import pair_dutch
from tournaments.pairing.gacrux_matching import as_shipped
from tournaments.values import (
    Colour,
    Competitor,
    DutchRules,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

#: Engine name -> (its text, whether gacrux runs as shipped).
ENGINES = {
    "gacrux 1.11.65, Damier": (DutchRules.FIDE_2026, False),
    "gacrux 1.11.65, shipped": (DutchRules.FIDE_2026, True),
    "py4swiss 0.3.1": (DutchRules.PRE_2026, False),
}


def history(players: int, rounds_played: int, *, seed: int, total: int = 11) -> TournamentState:
    """A state after ``rounds_played`` rounds, paired greedily in score order (see above)."""
    rng = random.Random(seed)
    scoring = ScoringSystem()
    ratings = sorted((rng.randint(1200, 2500) for _ in range(players)), reverse=True)
    results: dict[int, list[RoundResult]] = {n: [] for n in range(1, players + 1)}
    met: dict[int, set[int]] = {n: set() for n in results}
    whites = dict.fromkeys(results, 0)
    for number in range(1, rounds_played + 1):
        points = {n: sum((r.points for r in row), Decimal(0)) for n, row in results.items()}
        waiting = sorted(results, key=lambda n: (-points[n], n))
        if len(waiting) % 2:
            bye = next(n for n in reversed(waiting) if all(r.code != "U" for r in results[n]))
            waiting.remove(bye)
            results[bye].append(RoundResult(number, None, None, "U", scoring.pairing_bye))
        while waiting:
            first = waiting.pop(0)
            second = next((n for n in waiting if n not in met[first]), waiting[0])
            waiting.remove(second)
            white, black = (first, second) if whites[first] <= whites[second] else (second, first)
            whites[white] += 1
            met[first].add(second)
            met[second].add(first)
            expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
            roll = rng.random()
            codes = (
                ("=", "=")
                if roll < 0.3
                else ("1", "0")
                if roll < 0.3 + 0.7 * expected
                else ("0", "1")
            )
            for player, opponent, colour, code in (
                (white, black, Colour.WHITE, codes[0]),
                (black, white, Colour.BLACK, codes[1]),
            ):
                results[player].append(
                    RoundResult(number, opponent, colour, code, scoring.points_for(code))
                )
    competitors = tuple(
        Competitor(n, f"Player {n:04d}", ratings[n - 1], results=tuple(results[n])) for n in results
    )
    return TournamentState(competitors, total, scoring=scoring)


def seconds(state: TournamentState, round_number: int, engine: str) -> float:
    rules, shipped = ENGINES[engine]
    with as_shipped() if shipped else nullcontext():
        start = time.process_time()
        pair_dutch(state, round_number=round_number, rules=rules)
        return time.process_time() - start


def odd_winners_seed(players: int) -> int:
    """The first seed from ``players`` up whose round 1 leaves an odd number of winners."""
    seed = players
    while True:
        state = history(players, 1, seed=seed)
        if sum(1 for c in state.competitors if c.results[0].code == "1") % 2:
            return seed
        seed += 1


def exponent(sizes: list[int], times: list[float]) -> float | None:
    """Least-squares slope of log(time) on log(size)."""
    points = [(math.log(n), math.log(t)) for n, t in zip(sizes, times, strict=True) if t > 0]
    if len(points) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, nargs="*", default=[2, 6, 10])
    parser.add_argument("--engines", nargs="*", default=list(ENGINES), choices=list(ENGINES))
    parser.add_argument("--shipped-up-to", type=int, default=1000)
    args = parser.parse_args()
    print("players round " + " ".join(f"{e:>24}" for e in args.engines), flush=True)
    table: dict[tuple[str, int], list[tuple[int, float]]] = {}
    for size in args.sizes:
        seed = odd_winners_seed(size)
        for round_number in args.rounds:
            state = history(size, round_number - 1, seed=seed)
            row = []
            for engine in args.engines:
                if ENGINES[engine][1] and size > args.shipped_up_to:
                    row.append(f"{'-':>24}")
                    continue
                taken = seconds(state, round_number, engine)
                table.setdefault((engine, round_number), []).append((size, taken))
                row.append(f"{taken:>22.2f} s")
            print(f"{size:>7} {round_number:>5} " + " ".join(row), flush=True)
    print("growth exponent (seconds ~ players^k), by round:")
    for engine in args.engines:
        for round_number in args.rounds:
            measured = table.get((engine, round_number), [])
            k = exponent([n for n, _ in measured], [t for _, t in measured])
            shown = "n/a" if k is None else f"{k:.2f}"
            print(f"  {engine}, round {round_number}: k = {shown}")


if __name__ == "__main__":
    main()
