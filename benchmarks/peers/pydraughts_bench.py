"""pydraughts 0.6.7 (imports as ``draughts``) under the benchmark's loops.

Run by the driver with pydraughts' own interpreter (``.peers/pydraughts/bin/python``):
reads a request (JSON) on stdin and prints the figures (JSON), see ``loops.serve``.

The adapter uses pydraughts' game-level API (``draughts.core.game.Game``:
``legal_moves()``, ``push()``, ``pop()``), which is what its public ``Board`` calls
underneath, minus the conversion of every move into ``Move`` objects in the variant's
notation; this is the fastest documented path through the library. Its internal
numbering is the official one for International and Russian (docs/rules/international.md §1 and the
numeric form of 2.1), and ours for Italian, Brazilian, Turkish, Frisian and antidraughts
(as the differential tests check, ``tests/arbiter/peers``); for English it is rotated
(square ``n`` is ``33 - n``) and the colours are swapped, because pydraughts always lets
"White" move first.
"""

from __future__ import annotations

from typing import Any

import loops
from draughts import __version__
from draughts.core.game import Game

VARIANTS = {
    "international": "standard",
    "russian": "russian",
    "english": "english",
    "italian": "italian",
    "brazilian": "brazilian",
    "turkish": "turkish",
    "frisian": "frisian",
    "antidraughts": "antidraughts",
}
Steps = list[list[int]]


class PydraughtsEngine:
    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.name = VARIANTS[variant]
        self.rotated = variant == "english"
        self.own_perft = None  # pydraughts has no perft of its own

    def _square(self, square: int) -> int:
        return 33 - square if self.rotated else square

    def start(self, fen: str) -> Game:
        turn, white, black = loops.parse_fen(fen)
        if self.rotated:
            turn, white, black = {"W": "B", "B": "W"}[turn], black, white

        def pieces(side: list[tuple[int, bool]]) -> str:
            return ",".join(f"{'K' if king else ''}{self._square(sq)}" for sq, king in side)

        return Game(self.name, f"{turn}:W{pieces(white)}:B{pieces(black)}")

    def moves(self, position: Game) -> list[tuple[Steps, tuple[int, ...]]]:
        """pydraughts lists one entry per capture route (docs/rules/perft.md §4): keep one
        per (from, to, captured set)."""
        moves, captures = position.legal_moves()
        distinct: dict[tuple[int, int, frozenset[int]], tuple[Steps, tuple[int, ...]]] = {}
        for steps, taken in zip(moves, captures, strict=True):
            victims = () if taken[0] is None else tuple(taken)
            distinct.setdefault((steps[0][0], steps[-1][1], frozenset(victims)), (steps, victims))
        return list(distinct.values())

    def identity(self, move: tuple[Steps, tuple[int, ...]]) -> tuple[tuple[int, ...], frozenset]:
        steps, victims = move
        path = (steps[0][0], *(step[1] for step in steps))
        return (
            tuple(self._square(sq) for sq in path),
            frozenset(self._square(sq) for sq in victims),
        )

    def push(self, position: Game, move: tuple[Steps, Any]) -> None:
        position.push(move[0])

    def pop(self, position: Game) -> None:
        position.pop()


if __name__ == "__main__":
    loops.serve(PydraughtsEngine, f"pydraughts {__version__}")
