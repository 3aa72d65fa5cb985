"""Differential peer: legal moves according to py-draughts 1.10.1 (imports as ``draughts``).

Runs in its own virtualenv (``.peers/py-draughts``), never in the project's. Same protocol
as ``pydraughts_peer.py``: lines ``<variant>\\t<FEN>`` on stdin (numeric FEN), one JSON line
per input, the sorted list of distinct ``[from, to, [captured]]``. py-draughts numbers the
squares from 0 in the official order (its Brazilian board is its Russian one, square 0 =
b8); routes with the same start, end and captured set are merged (docs/rules/international.md §3).
"""

from __future__ import annotations

import json
import sys

from draughts import AntidraughtsBoard, BrazilianBoard, FrisianBoard

_BOARDS = {"brazilian": BrazilianBoard, "frisian": FrisianBoard, "antidraughts": AntidraughtsBoard}


def moves(variant: str, fen: str) -> list[list[object]]:
    board = _BOARDS[variant].from_fen(fen)
    found = {
        (m.square_list[0] + 1, m.square_list[-1] + 1, tuple(sorted(s + 1 for s in m.captured_list)))
        for m in board.legal_moves
    }
    return [[a, b, list(c)] for a, b, c in sorted(found)]


def main() -> None:
    for line in sys.stdin:
        variant, fen = line.rstrip("\n").split("\t")
        print(json.dumps(moves(variant, fen)), flush=True)


if __name__ == "__main__":
    main()
