"""Deep perft checks against the published "drop" numbers (docs/rules/perft.md §2, §3; dctl's
traversal tests for the Italian positions and the Spantsiretti board).

Run from the repository root: ``.venv/bin/python -m benchmarks.perft_deep`` (all), or
name checks: ``... -m benchmarks.perft_deep international russian``. Prints each count,
its time and leaves per second; exits 1 on any mismatch.
"""

from __future__ import annotations

import sys
import time

from arbiter.board import Board
from arbiter.perft import perft
from arbiter.variants import (
    BrazilianBoard,
    CanadianBoard,
    CzechBoard,
    EnglishBoard,
    FrisianBoard,
    InternationalBoard,
    ItalianBoard,
    PoolBoard,
    RussianBoard,
    SpanishBoard,
    SpantsirettiBoard,
    ThaiBoard,
)


class InternationalOnSpantsiretti(InternationalBoard):
    """International rules on the 10x8 board: dctl ``initial/board_rectangular.cpp``."""

    name = "international-on-10x8"
    geometry = SpantsirettiBoard.geometry
    starting_fen = SpantsirettiBoard.starting_fen


ALL_KINGS = (
    "W:W"
    + ",".join(f"K{s}" for s in range(31, 51))
    + ":B"
    + ",".join(f"K{s}" for s in range(1, 21))
)

CHECKS: dict[str, tuple[type[Board], str | None, int, int]] = {
    "international": (InternationalBoard, None, 9, 41_022_423),
    "english": (EnglishBoard, None, 10, 18_391_564),
    "russian": (RussianBoard, None, 10, 22_444_032),
    "woldouby": (
        InternationalBoard,
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        13,
        9_872_645,
    ),
    "random178": (
        InternationalBoard,
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        7,
        9_041_010,
    ),
    "allkings": (InternationalBoard, ALL_KINGS, 8, 1_333_217),
    "almostpromotion": (InternationalBoard, "W:W6,7,8,9,10:B41,42,43,44,45", 7, 11_448_262),
    "brazilian": (BrazilianBoard, None, 9, 4_431_766),
    "pool": (PoolBoard, None, 9, 4_570_534),
    "italian": (ItalianBoard, None, 9, 3_860_875),
    "czech": (CzechBoard, None, 9, 3_963_671),
    "spanish": (SpanishBoard, None, 9, 3_860_866),
    # the published Thai counts are from the 12-men set-up (tests/arbiter/variants)
    "thai": (ThaiBoard, "B:W1-12:B21-32", 9, 3_963_648),
    "frisian": (FrisianBoard, None, 8, 2_825_779),
    "canadian": (CanadianBoard, None, 7, 4_369_366),
    # dctl publishes "keep" counts for Gilbert's positions; they equal "drop" up to the
    # depths below (position 1 from depth 10 on: 164,173 drop against 164,177 keep).
    "italian-gilbert-1": (
        ItalianBoard,
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        9,
        43_686,
    ),
    "italian-gilbert-2": (ItalianBoard, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", 8, 2_469_050),
    "italian-gilbert-3": (
        ItalianBoard,
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        7,
        2_468_110,
    ),
    "spantsiretti-board": (InternationalOnSpantsiretti, None, 8, 6_127_190),
}


def main(names: list[str]) -> int:
    failures = 0
    for name in names or list(CHECKS):
        cls, fen, depth, expected = CHECKS[name]
        start = time.perf_counter()
        count = perft(cls(fen), depth)
        seconds = time.perf_counter() - start
        verdict = "ok" if count == expected else f"MISMATCH (expected {expected:,})"
        print(
            f"{name:16} depth {depth:2}  {count:>14,}  {seconds:8.1f} s"
            f"  {count / seconds:>10,.0f} leaves/s  {verdict}",
            flush=True,
        )
        failures += count != expected
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
