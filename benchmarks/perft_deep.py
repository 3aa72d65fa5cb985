"""Deep perft checks against the published "drop" numbers (REFERENCE.md 7.1, 7.2).

Run from the repository root: ``.venv/bin/python -m benchmarks.perft_deep`` (all), or
name checks: ``... -m benchmarks.perft_deep international russian``. Prints each count,
its time and leaves per second; exits 1 on any mismatch.
"""

from __future__ import annotations

import sys
import time

from arbiter.board import Board
from arbiter.perft import perft
from arbiter.variants import EnglishBoard, InternationalBoard, RussianBoard

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
