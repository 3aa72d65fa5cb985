"""Pairing and standings speed: prints the CPU seconds of the pairing command line (its imports
alone, and whole runs on a 16-player event), seconds per Swiss round for 100, 500 and 1000
players, and for standings with tie-breaks for 500 players after 11 rounds.

Run: .venv/bin/python benchmarks/pairing.py [--sizes 100 500 1000] [--command-only]
The events are random (seeded) and paired with our own pair_dutch up to the round measured;
the round measured is round 6 of 11 (the engine is slowest in the early and middle rounds).
Each command run is a fresh interpreter, timed by the CPU (user + system) it used, best of 5.
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import pair_dutch, trf_dumps
from tournaments.pairing.simulate import simulate
from tournaments.scoring.standings import compute_standings

REPO = Path(__file__).resolve().parents[1]
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


def child_cpu(args: list[str], *, runs: int = 5) -> float:
    """The least CPU seconds (user + system) that ``args`` used in a child process over ``runs``
    runs: the best of several runs is the steadiest on a busy machine."""
    best = math.inf
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, cwd=REPO, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best = min(best, used)
    return best


def command_costs() -> list[tuple[str, float]]:
    """What the pairing command line costs: the interpreter alone for comparison, the imports
    of the command, a Berger table, and the next round of a 16-player Swiss in each text."""
    command = [sys.executable, "-m", "tournaments.pairing"]
    sim = simulate(seed=8, players=16, rounds=7, played_rounds=3)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.trf"
        source.write_text(trf_dumps(sim.state), encoding="utf-8")
        cases = {
            "the interpreter alone (python -c pass)": [sys.executable, "-c", "pass"],
            "import of the command": [sys.executable, "-c", "import tournaments.pairing.__main__"],
            "berger 10": [*command, "berger", "10"],
            "dutch, 16 players, 2026 text": [*command, "dutch", str(source), "-p"],
            "dutch, 16 players, pre-2026 text": [
                *command,
                "dutch",
                "--rules",
                "pre-2026",
                str(source),
                "-p",
            ],
        }
        return [(name, child_cpu(args)) for name, args in cases.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000])
    parser.add_argument("--standings-only", action="store_true")
    parser.add_argument("--command-only", action="store_true")
    args = parser.parse_args()
    if not args.standings_only:
        for name, seconds in command_costs():
            print(f"pairing command, {name}: {seconds:.3f} s CPU (best of 5)", flush=True)
    if args.command_only:
        return
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
