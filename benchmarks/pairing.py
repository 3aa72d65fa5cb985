"""Pairing and standings speed: prints seconds per Swiss round for 100, 500 and 1000 players,
and for standings with tie-breaks for 500 players after 11 rounds.

Run: .venv/bin/python benchmarks/pairing.py [--sizes 100 500 1000]
The events are random (seeded) and paired with our own pair_dutch up to the round measured;
the round measured is round 6 of 11 (the engine is slowest in the early and middle rounds).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import pair_dutch
from tournaments.pairing.simulate import simulate
from tournaments.scoring.standings import compute_standings

TIEBREAKS = ["TSOL", "BH", "BH-C1", "SB", "WON", "PS", "ARO"]


def time_round(players: int, *, round_number: int = 6, rounds: int = 11) -> float:
    sim = simulate(seed=players, players=players, rounds=rounds, played_rounds=round_number - 1)
    start = time.perf_counter()
    pair_dutch(sim.state, round_number=round_number)
    return time.perf_counter() - start


def time_standings(players: int = 500, rounds: int = 11) -> float:
    sim = simulate(seed=1, players=players, rounds=rounds, forfeit_rate=0.02, half_bye_rate=0.02)
    start = time.perf_counter()
    compute_standings(sim.state, tiebreaks=TIEBREAKS, after_round=rounds)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000])
    parser.add_argument("--standings-only", action="store_true")
    args = parser.parse_args()
    if not args.standings_only:
        for size in args.sizes:
            print(
                f"pair_dutch, {size} players, round 6 of 11: {time_round(size):.2f} s", flush=True
            )
    print(
        f"standings, 500 players after 11 rounds, {len(TIEBREAKS)} tie-breaks: "
        f"{time_standings():.3f} s"
    )


if __name__ == "__main__":
    main()
