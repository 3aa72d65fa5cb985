"""py-draughts 1.10.1 (imports as ``draughts``, numpy-based) under the benchmark's loops.

Run by the driver with py-draughts' own interpreter (``.peers/py-draughts/bin/python``):
reads a request (JSON) on stdin and prints the figures (JSON), see ``loops.serve``.

The adapter uses the public board API (``legal_moves``, ``push``, ``pop``, ``from_fen``).
Squares are 0-based indices in the official numbering order (docs/rules/international.md §1, and the
numeric form of 2.1 for Russian and Brazilian, ``0`` = b8; Frisian and antidraughts use the
international board). English is not offered: py-draughts'
American board lets White move first and counts 379 leaves at perft depth 3 instead of
302 (docs/rules/perft.md §2), so it does not play the same game.
"""

from __future__ import annotations

import loops
from draughts import (
    AntidraughtsBoard,
    BrazilianBoard,
    FrisianBoard,
    RussianBoard,
    StandardBoard,
    __version__,
)
from draughts.boards.base import BaseBoard
from draughts.engines.turbo import perft_from_board
from draughts.move import Move

BOARDS: dict[str, type[BaseBoard]] = {
    "international": StandardBoard,
    "russian": RussianBoard,
    "brazilian": BrazilianBoard,
    "frisian": FrisianBoard,
    "antidraughts": AntidraughtsBoard,
}


class PyDraughtsEngine:
    def __init__(self, variant: str) -> None:
        if variant not in BOARDS:
            raise SystemExit(f"py-draughts does not play {variant!r} (only {sorted(BOARDS)})")
        self.board = BOARDS[variant]
        # The international maximum-capture board already merges routes with the same
        # outcome; the Russian board (and Brazilian, its subclass) returns every capture
        # chain, so merge them here (docs/rules/perft.md), and Frisian's too, to be safe.
        self.merge = variant in ("russian", "brazilian", "frisian")
        self.own_perft = _turbo_perft if variant == "international" else None
        # the board's own methods, called as push(position, move) and pop(position): no
        # wrapper between the loops and the library (our adapter does the same)
        self.push = self.board.push
        self.pop = self.board.pop

    def start(self, fen: str) -> BaseBoard:
        return self.board.from_fen(fen)

    def moves(self, position: BaseBoard) -> list[Move]:
        moves = position.legal_moves
        if not self.merge:
            return moves
        distinct: dict[tuple[int, int, frozenset[int]], Move] = {}
        for move in moves:
            key = (move.square_list[0], move.square_list[-1], frozenset(move.captured_list))
            distinct.setdefault(key, move)
        return list(distinct.values())

    def identity(self, move: Move) -> tuple[tuple[int, ...], frozenset[int]]:
        return (
            tuple(square + 1 for square in move.square_list),
            frozenset(square + 1 for square in move.captured_list),
        )


def _turbo_perft(position: BaseBoard, depth: int) -> int:
    """py-draughts' own perft (``engines.turbo``, International only): plain ints, and
    like ``arbiter.perft`` it counts the last ply's moves without playing them."""
    return perft_from_board(position, depth)


if __name__ == "__main__":
    loops.serve(PyDraughtsEngine, f"py-draughts {__version__}")
