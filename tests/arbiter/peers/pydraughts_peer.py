"""Differential peer: legal moves according to pydraughts 0.6.7 (MIT, imports as ``draughts``).

Runs in its own virtualenv (``.peers/pydraughts``), never in the project's. Reads lines
``<variant>\t<FEN>`` on stdin (variant: one of ``_NAMES``, our names; FEN numeric,
White's list first, since pydraughts takes the first list as White's: docs/rules/perft.md §4)
and writes one JSON line per input: the sorted list of distinct ``[from, to, [captured]]``.
pydraughts lists one move per capture route; routes with the same start, end and captured
set are one move (docs/rules/international.md §3.7), so they are merged here. Its numbering
of these variants is ours, as checked on the starting positions. Its Frisian king-move limit
reads the game's own history, which a FEN does not carry: positions are compared as set up,
without history, on both sides.
"""

from __future__ import annotations

import json
import sys

from draughts.core.game import Game

_NAMES = {
    "international": "standard",
    "english": "english",
    "russian": "russian",
    "italian": "italian",
    "brazilian": "brazilian",
    "turkish": "turkish",
    "frisian": "frisian",
    "antidraughts": "antidraughts",
}


def moves(variant: str, fen: str) -> list[list[object]]:
    steps, captures = Game(_NAMES[variant], fen).legal_moves()
    found = set()
    for route, taken in zip(steps, captures, strict=True):
        victims = tuple(sorted(s for s in taken if s is not None))
        found.add((route[0][0], route[-1][1], victims))
    return [[a, b, list(c)] for a, b, c in sorted(found)]


def main() -> None:
    for line in sys.stdin:
        variant, fen = line.rstrip("\n").split("\t")
        print(json.dumps(moves(variant, fen)), flush=True)


if __name__ == "__main__":
    main()
