"""From PDN text to verdict: the arbiter next to py-draughts' ``Board.from_pdn``.

Run from the repository root (``make bench``)::

    .venv/bin/python -m benchmarks.text_verdict [--plies N] [--runs R]

Method (printed with the figures): the same games, the PDN files of
``benchmarks.arbiter_speed.SOURCES`` (random legal play written by our writer when the
corpus is absent), International and Russian. Each game's PDN text is held in memory;
imports happen before the clock starts. Ours: ``read_games`` on the games' text joined
into one string, then ``replay`` of every game (move legality, draw rules, result check).
py-draughts 1.10.1 (in its own virtualenv, ``make peers``): ``Board.from_pdn`` on each
game's text (it parses and plays every move; no draw rules or result check). Only the
games both read to the end with the same number of plies count. Each side runs R times
in one invocation of this script, the two sides taking turns run by run (a change of the
machine's load falls on both); the best run of each is kept. The load average is printed
with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from collections.abc import Sequence

from arbiter.pdn import read_games
from arbiter.replay import replay
from arbiter.variants import find_variant
from benchmarks.arbiter_speed import (
    CORPUS,
    PEER_DIR,
    REPO,
    SOURCES,
    Candidate,
    corpus_selection,
    random_selection,
)

VARIANTS = ("international", "russian")
PEER = REPO / ".peers" / "py-draughts" / "bin" / "python"


def ours(text: str, variant: str) -> tuple[list[int], float]:
    """Plies verified per game, and the seconds for all of it."""
    board_type = find_variant(variant)
    began = time.perf_counter()
    plies = [replay(game, variant=board_type).plies for game in read_games(text)]
    return plies, time.perf_counter() - began


def peer(texts: list[str], variant: str, runs: int) -> dict[str, object]:
    request = json.dumps({"variant": variant, "texts": texts, "runs": runs})
    done = subprocess.run(
        [str(PEER), str(PEER_DIR / "py_draughts_text.py")],
        input=request,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def selection(variant: str, plies: int) -> tuple[str, list[Candidate]]:
    board_type = find_variant(variant)
    paths = [CORPUS / name for name in SOURCES[variant]]
    if all(path.exists() for path in paths):
        chosen = corpus_selection(board_type, paths, plies)
    else:
        chosen = random_selection(board_type, plies, seed=1)
    return chosen.source, chosen.candidates


def measure(variant: str, plies: int, runs: int) -> list[str]:
    source, candidates = selection(variant, plies)
    texts = [c.text for c in candidates]
    theirs = peer(texts, variant, runs)
    counted = [
        c.text
        for c, (own, their) in zip(
            candidates,
            zip(ours("".join(texts), variant)[0], theirs["plies"], strict=True),
            strict=True,
        )
        if their is not None and own == their
    ]
    # both sides again, on exactly the games that count, taking turns
    text = "".join(counted)
    best = their_best = float("inf")
    for _ in range(runs):
        theirs = peer(counted, variant, 1)
        assert None not in theirs["plies"]
        total = sum(theirs["plies"])  # type: ignore[arg-type]
        their_best = min(their_best, *theirs["seconds"])  # type: ignore[arg-type]
        plies_read, seconds = ours(text, variant)
        assert sum(plies_read) == total, (sum(plies_read), total)
        best = min(best, seconds)
    ours_rate, their_rate = total / best, total / their_best
    return [
        f"{variant}: {len(counted)} games, {total:,} plies ({source})",
        f"  arbiter (read_games + replay):  {ours_rate:>10,.0f} plies/s",
        f"  {theirs['implementation']} (from_pdn): {their_rate:>10,.0f} plies/s",
        f"  ratio: {ours_rate / their_rate:.2f}x",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, default=30_000, help="plies per variant")
    parser.add_argument("--runs", type=int, default=10, help="runs per side (best kept)")
    args = parser.parse_args(argv)
    print("PDN text -> verdict, plies per second (best of", args.runs, "runs)")
    if not PEER.exists():
        print(f"  py-draughts is not installed at {PEER} (make peers): not measured")
        return
    for variant in VARIANTS:
        print("\n".join(measure(variant, args.plies, args.runs)))
    print(
        "Method: the games' PDN text in memory, imports before the clock. arbiter: "
        "read_games() on the text, then replay() of every game (legality, draw rules, result "
        "check). py-draughts: Board.from_pdn() per game (parses and plays every move). Only "
        "games both read to the end with the same plies count; both sides in this one run, "
        "taking turns run by run, the best of the runs kept."
    )
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
