"""Long differential run against pydraughts 0.6.7: 100,000 random-play positions per
variant (docs/rules/perft.md §4 for the peer's conventions).

Run from the repository root once ``.peers/pydraughts`` exists:
``.venv/bin/python -m benchmarks.differential [count] [seed]``. Prints, per variant, the
positions compared, how many had a capture or a king, the mismatches (the first few in
full) and how many of them are known pydraughts defects (``harness.known_peer_defect``);
exits 1 on any other mismatch.
"""

from __future__ import annotations

import sys
import time

from arbiter.variants import VARIANTS
from tests.arbiter.peers import harness


def main(count: int, seed: int) -> int:
    if not harness.peer_available():
        print(f"pydraughts peer missing: {harness.PEER_PYTHON}")
        return 2
    failures = 0
    for name in harness.PEER_VARIANTS:
        cls = VARIANTS[name]
        start = time.perf_counter()
        boards = list(harness.random_positions(cls, count, seed))
        captures = sum(1 for b in boards if any(m.captures for m in b.legal_moves()))
        kings = sum(1 for b in boards if b.count(b.turn, kings=True))
        compared, mismatches = harness.compare_boards(name, boards)
        seconds = time.perf_counter() - start
        theirs = [m for m in mismatches if harness.known_peer_defect(cls, m)]
        print(
            f"{name:14} {compared:>8,} positions  {captures:>7,} with a capture  "
            f"{kings:>7,} with a king to move  {len(mismatches):>4} mismatches "
            f"({len(theirs)} known pydraughts defects)  {seconds:6.0f} s",
            flush=True,
        )
        for mismatch in mismatches[:5]:
            print(f"    {mismatch}  {harness.known_peer_defect(cls, mismatch) or ''}")
        failures += len(mismatches) - len(theirs)
    return 1 if failures else 0


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    sys.exit(main(*(arguments + [100_000, 1][len(arguments) :])))
