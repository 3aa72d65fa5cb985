"""Diagonal draughts (диагональные шашки): Russian rules from another start.

The seed text names the game and its one difference: "diagonale - la disposition
initiale est différente" (the seed text "Règles de jeu de dames", list of the
games invented on Russian rules). The start we follow is the one of hcheckers
(github.com/portnov/hcheckers, ``src/Rules/Diagonal.hs``, "diagonal", moves and
notation of its Russian rules): each side's twelve men fill the triangle of its double
corner on its side of the long diagonal a1-h8, which stays empty:

- White: c1, e1, g1, d2, f2, h2, e3, g3, f4, h4, g5, h6 (the twelve squares below a1-h8);
- Black: b8, d8, f8, a7, c7, e7, b6, d6, a5, c5, b4, a3 (the twelve squares above it).

The checkers wiki describes a nine-man game under the same name ("Diagonalnie Shashki
(2)", checkers.fandom.com: nine men in the single corners, promotion in the opposite
corner); we do not follow it, because the seed says that only the start differs, and
the nine-man game also changes the promotion squares. Everything else is Russian
draughts (docs/rules/russian.md): White first, men step forward and promote on the far
row (rank 8 for White, rank 1 for Black), flying kings, promotion in passing, free
choice among captures, the draughts-64 draw rules.
"""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.i18n import gettext_noop
from arbiter.variants.russian import RussianBoard


class RussianDiagonalBoard(RussianBoard):
    """Russian draughts from the diagonal start (see the module docstring). PDN has no
    GameType for it: records name it with ``[Variant "russian-diagonal"]``."""

    name = "russian-diagonal"
    long_name = "Diagonal draughts"
    aliases: ClassVar[tuple[str, ...]] = ("diagonal", "diagonal-shashki")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of diagonal draughts, moves and captures"),
        "docs/rules/russian-diagonal.md §2",
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of diagonal draughts, end of the game"),
        "docs/rules/russian-diagonal.md §2",
    )
    game_type: ClassVar[int | None] = None
    #: White on c1 e1 g1 d2 f2 h2 e3 g3 f4 h4 g5 h6, Black on b8 d8 f8 a7 c7 e7 b6 d6 a5
    #: c5 b4 a3, in the numbers of the Russian board (square 1 = b8).
    starting_fen = "W:W12,16,19,20,23,24,26,27,28,30,31,32:B1,2,3,5,6,7,9,10,13,14,17,21"
