"""Pairing numbers by lot: a seeded shuffle anyone can redo from the recorded seed.

Rule of this application (FIDE C.05 Annex 1 leaves the allocation of the round robin's
numbers to a drawing of lots): the entrants, in a fixed order (their ids, ascending), are
dealt one by one; at each step the SHA-256 digest of ``seed:step``, read as a big-endian
integer, modulo the number still undealt, picks the next one, who takes the next number.
Like the ballot draws (tournaments.ballots.draw) the pick is portable and checkable by hand.

>>> draw_numbers(seed="00", entrants=[7, 3, 5]) == draw_numbers(seed="00", entrants=[3, 5, 7])
True
>>> sorted(draw_numbers(seed="00", entrants=[7, 3, 5]).values())
[1, 2, 3]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable


def draw_numbers(*, seed: str, entrants: Iterable[int]) -> dict[int, int]:
    """Entrant id -> pairing number (1..n) that ``seed`` deals."""
    undealt = sorted(set(entrants))
    numbers: dict[int, int] = {}
    step = 1
    while undealt:
        digest = hashlib.sha256(f"{seed}:{step}".encode("ascii")).digest()
        numbers[undealt.pop(int.from_bytes(digest, "big") % len(undealt))] = step
        step += 1
    return numbers
