"""Differential peer: legal moves according to pydraughts 0.6.7 (MIT, imports as ``draughts``).

Runs in its own virtualenv (``.peers/pydraughts``), never in the project's. Reads lines
``<variant>\t<FEN>`` on stdin (variant: international, english or russian; FEN numeric,
White's list first, since pydraughts takes the first list as White's: REFERENCE.md 7.3)
and writes one JSON line per input: the sorted list of distinct ``[from, to, [captured]]``.
pydraughts lists one move per capture route; routes with the same start, end and
captured set are one move (REFERENCE.md 1.3), so they are merged here. Its numbering of
the three variants is the official one, as checked on the starting positions.
"""

from __future__ import annotations

import json
import sys

from draughts.core.game import Game

_NAMES = {"international": "standard", "english": "english", "russian": "russian"}


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
