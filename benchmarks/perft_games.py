"""Deep perft checks of Bashni, Ugolki, Dragonfly and the Russian-rule games: from the
start, deeper than the test suite, :func:`arbiter.perft.perft` against the naive second
implementation of each game (``tests/arbiter/games/naive_*.py``, which share no code with
the games). No counts are published for these games: the two implementations must agree.
Each depth is the deepest at which both counts together take about 10-20 s (the
Russian-family games have few moves from their starts, hence their greater depths).

Run from the repository root: ``.venv/bin/python -m benchmarks.perft_games`` (all), or
name games: ``... -m benchmarks.perft_games bashni samoyed``. Prints each game, its
depth, both counts and their times; exits 1 on any mismatch.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from arbiter.game import GameBoard
from arbiter.games.bashni import BashniBoard
from arbiter.games.dragonfly import DragonflyBoard
from arbiter.games.ugolki import UgolkiBoard
from arbiter.perft import perft
from arbiter.variants.russian_diagonal import RussianDiagonalBoard
from arbiter.variants.russian_two_move import RussianTwoMoveBoard
from arbiter.variants.samoyed import SamoyedBoard
from tests.arbiter.games import naive_bashni, naive_dragonfly, naive_russian_family, naive_ugolki


@dataclass(frozen=True)
class Check:
    """A game, how deep to count, and the naive count at a depth."""

    board: Callable[[], GameBoard]
    depth: int
    naive: Callable[[int], int]


CHECKS: dict[str, Check] = {
    "bashni": Check(BashniBoard, 8, lambda d: naive_bashni.perft(*naive_bashni.start(), d)),
    "ugolki": Check(UgolkiBoard, 5, lambda d: naive_ugolki.perft(naive_ugolki.start(), "W", d)),
    "russian-diagonal": Check(
        RussianDiagonalBoard,
        12,
        lambda d: naive_russian_family.perft(RussianDiagonalBoard.starting_fen, d),
    ),
    "russian-two-move": Check(
        RussianTwoMoveBoard,
        8,
        lambda d: naive_russian_family.perft(RussianTwoMoveBoard.starting_fen, d, two_move=True),
    ),
    "samoyed": Check(
        SamoyedBoard,
        9,
        lambda d: naive_russian_family.perft(SamoyedBoard.starting_fen, d, samoyed=True),
    ),
    "dragonfly": Check(
        DragonflyBoard,
        5,
        lambda d: naive_dragonfly.perft(naive_dragonfly.from_fen(naive_dragonfly.START), d),
    ),
}


def _timed(count: Callable[..., int], *args: object) -> tuple[int, float]:
    """``count(*args)`` and the seconds it took."""
    start = time.perf_counter()
    result = count(*args)
    return result, time.perf_counter() - start


def main(names: list[str]) -> int:
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; known: {', '.join(CHECKS)}")
        return 2
    failures = 0
    for name in names or list(CHECKS):
        check = CHECKS[name]
        ours, our_time = _timed(perft, check.board(), check.depth)
        theirs, their_time = _timed(check.naive, check.depth)
        verdict = "ok" if ours == theirs else "MISMATCH"
        print(
            f"{name:16} depth {check.depth:2}  arbiter {ours:>12,} {our_time:7.1f} s"
            f"  naive {theirs:>12,} {their_time:7.1f} s  {verdict}",
            flush=True,
        )
        failures += ours != theirs
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
