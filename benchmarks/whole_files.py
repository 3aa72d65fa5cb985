"""Whole PDN files to verdicts: plain, annotated and variation-rich, ours beside the peers.

Run from the repository root (``make bench``)::

    .venv/bin/python -m benchmarks.whole_files [--plies N] [--runs R]

Method (printed with the figures): the same International games (the corpus files of
``benchmarks.arbiter_speed.SOURCES``, or seeded random legal play when the corpus is
absent) are written as three files that differ only in what surrounds the main line:

- ``plain``: tags and the main line;
- ``annotated``: an engine's comment after every move (evaluation, depth, clock and the
  expected line), a remark in words every ten moves;
- ``variation-rich``: after every third move a variation of the moves that follow, with a
  comment, a move number and, every other time, a sub-variation.

Each file is one string in memory; imports happen before the clock starts; the clock is the
CPU time of each side's process (``time.process_time``): the machine is shared, and wall
time there measures the neighbours as much as the code. Ours:
``read_games`` on the file, then ``replay`` of every game (legality of the main line, draw
rules, result check); comments and variations are read and kept, not replayed. The peers get
the same string and are driven the fastest way each can be (both ways are timed, the faster
kept): py-draughts 1.10.1 with ``Board.from_pdn`` on each game, or with a minimal reader
(comments and variations cut out with regular expressions) and then ``from_pdn`` on the tags
and moves left, or each move of the minimal reader looked up in ``Board.legal_moves`` by its
squares and pushed (the fastest); pydraughts 0.6.7 with the same minimal reader, each move
found among ``Game.legal_moves()`` by its squares and pushed. Splitting the file into games is
timed for everyone. Only files every side replays in full (the same plies) count; each side runs R
times, the sides taking turns, the best run kept.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from collections.abc import Sequence

from arbiter.pdn import PdnMove, is_game_result, read_games
from arbiter.replay import replay
from arbiter.variants import InternationalBoard
from benchmarks.arbiter_speed import (
    CORPUS,
    PEER_DIR,
    REPO,
    SOURCES,
    Candidate,
    corpus_selection,
    random_selection,
)

KINDS = ("plain", "annotated", "variation-rich")
PEERS = {
    "py-draughts": REPO / ".peers" / "py-draughts" / "bin" / "python",
    "pydraughts": REPO / ".peers" / "pydraughts" / "bin" / "python",
}
#: Peers given only the first games of a file, about this many plies, in one run:
#: pydraughts finds about 50 moves a second, a whole file would take minutes.
SLICE = {"pydraughts": 300}


# -- the files ----------------------------------------------------------------------------


def _number(ply: int) -> str:
    """The move number written before ply ``ply`` (0-based) opening a variation."""
    return f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"


def _movetext(moves: list[str], kind: str, rng_index: int) -> str:
    """The main line ``moves`` (from the start position, White first) written as ``kind``."""
    words: list[str] = []
    for ply, move in enumerate(moves):
        number = ply // 2 + 1
        if ply % 2 == 0:
            words.append(f"{number}.")
        words.append(move)
        if kind == "annotated":
            score = ((ply * 37 + rng_index * 11) % 200 - 100) / 100
            expected = " ".join(moves[ply + 1 : ply + 4])
            words.append(
                f"{{[%eval {score:+.2f}] [%depth {18 + ply % 7}] "
                f"[%clock 0:{59 - ply % 60:02d}:{(ply * 7) % 60:02d}] {expected}}}"
            )
            if ply % 10 == 9:
                words.append("{White keeps the centre; the outpost on 24 is the point.}")
        elif kind == "variation-rich" and ply % 3 == 2 and ply + 1 < len(moves):
            following = moves[ply + 1 : ply + 7]
            inner = ""
            if ply % 6 == 2 and len(following) > 3:
                inner = f" ({_number(ply + 2)} {following[1]} {following[2]} {{also}})"
            line = following[0] + inner + " " + " ".join(following[1:])
            words.append(f"({{the alternative}} {_number(ply + 1)} {line})")
    return " ".join(words)


def build_files(candidates: Sequence[Candidate]) -> dict[str, str]:
    """The three files of the same games, by kind."""
    files = dict.fromkeys(KINDS, "")
    for index, candidate in enumerate(candidates):
        game = candidate.game
        moves = [item.text for item in game.moves if isinstance(item, PdnMove)]
        result = game.result if game.result and is_game_result(game.result) else "*"
        tags = [f'[Event "{candidate.source}"]', '[GameType "20"]']
        if game.tag("FEN"):
            tags.append(f'[FEN "{game.tag("FEN")}"]')
        tags.append(f'[Result "{result}"]')
        for kind in KINDS:
            files[kind] += "\n".join(tags) + "\n" + _movetext(moves, kind, index) + f" {result}\n\n"
    return files


def selection(plies: int) -> tuple[str, list[Candidate]]:
    paths = [CORPUS / name for name in SOURCES["international"]]
    if all(path.exists() for path in paths):
        chosen = corpus_selection(InternationalBoard, paths, plies)
    else:
        chosen = random_selection(InternationalBoard, plies, seed=1)
    # the stand-in games start from the start position: a file of either kind reads them
    starts = [c for c in chosen.candidates if not (c.game.tag("FEN") or "").strip()]
    return chosen.source, starts


# -- the sides ------------------------------------------------------------------------------


def ours(text: str) -> tuple[list[int], float]:
    """Plies verified per game, and the seconds for all of it."""
    began = time.process_time()
    plies = [replay(game, variant=InternationalBoard).plies for game in read_games(text)]
    return plies, time.process_time() - began


def peer(name: str, text: str, runs: int) -> dict[str, object]:
    request = json.dumps({"text": text, "runs": runs})
    done = subprocess.run(
        [str(PEERS[name]), str(PEER_DIR / "whole_files.py")],
        input=request,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def _first_games(text: str, plies: int) -> tuple[str, int]:
    """The first games of ``text`` that hold at least ``plies`` plies, and how many."""
    games = text.split("\n\n")
    taken, count = [], 0
    for game in games:
        if count >= plies or not game.strip():
            break
        taken.append(game)
        count += sum(1 for item in next(read_games(game)).moves if isinstance(item, PdnMove))
    return "\n\n".join(taken) + "\n\n", len(taken)


def measure(kind: str, text: str, runs: int, games: int) -> list[str]:
    plies, _ = ours(text)
    total = sum(plies)
    best = float("inf")
    for _ in range(runs):
        best = min(best, ours(text)[1])
    lines = [
        f"{kind}: {games} games, {total:,} plies, {len(text) / 1024:,.0f} KiB",
        f"  arbiter (read_games + replay): {total / best:>10,.0f} plies/s",
    ]
    for name, python in PEERS.items():
        if not python.exists():
            lines.append(f"  {name}: not installed at {python} (make peers): not measured")
            continue
        given, count, peer_runs = text, games, runs
        if name in SLICE:
            given, count = _first_games(text, SLICE[name])
            peer_runs = 1
        own = sum(ours(given)[0])
        mine = their = float("inf")
        for _ in range(peer_runs):  # the sides take turns
            answer = peer(name, given, 1)
            their = min(their, *answer["seconds"])  # type: ignore[call-overload]
            mine = min(mine, ours(given)[1])
        if answer["plies"] != own:
            lines.append(f"  {name}: {answer['plies']} plies replayed, not {own}: not compared")
            continue
        part = "" if given is text else f", first {count} games: {own:,} plies"
        lines.append(
            f"  {answer['implementation']} ({answer['way']}{part}): {own / their:>10,.0f} plies/s"
            f"  ours {own / mine:,.0f}, ratio {their / mine:.2f}x"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, default=10_000, help="plies of the main lines")
    parser.add_argument("--runs", type=int, default=5, help="runs per side (best kept)")
    args = parser.parse_args(argv)
    source, candidates = selection(args.plies)
    files = build_files(candidates)
    print(f"Whole files -> verdicts, plies per second (best of {args.runs} runs; {source})")
    for kind in KINDS:
        print("\n".join(measure(kind, files[kind], args.runs, len(candidates))))
    print(
        "Method: one string per file, imports before the clock, CPU time of each process. "
        "arbiter: read_games() on the file, then replay() of every game; comments and "
        "variations read and kept, not replayed. py-draughts: from_pdn() per game, or a "
        "minimal reader (comments and variations cut out by regular expressions) then "
        "from_pdn(), or the minimal reader's moves found in Board.legal_moves and pushed, "
        "the fastest kept. pydraughts: the minimal reader, each move found among "
        "Game.legal_moves() and pushed. Splitting into games timed for all; the sides take "
        "turns; best run kept."
    )
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
