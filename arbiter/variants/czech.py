"""Czech draughts (Česká dáma, 8x8): docs/rules/czech.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter._movegen import RawMove
from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS, Geometry
from arbiter.i18n import gettext_noop
from arbiter.variants.russian import RussianBoard


class CzechBoard(Board):
    """Czech federation rules (dctl ``czech.hpp`` cites damweb.cz/pravidla/cdfull.html;
    docs/rules/czech.md): the Russian board and algebraic notation (2.1-2.6), White first,
    men capture forward only (4.1), flying kings (3.9), a capture with a king has
    priority over a capture with a man (4.14), free choice otherwise; a man is crowned
    when it ends its move on the far row. Draw: 15 moves of each player without a man
    move or a capture (docs/rules/czech.md, fmjd.org variant page)."""

    name = "czech"
    aliases: ClassVar[tuple[str, ...]] = ("ceska-dama",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("Czech federation rules, art. 3.9, 4.1 and 4.14"), "docs/rules/czech.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("Czech federation rules, end of the game"), "docs/rules/czech.md §4"
    )
    game_type: ClassVar[int | None] = 29
    pdn_game_type = "29,W,8,8,A0,0"
    geometry = Geometry.checkered(8, 8)
    starting_fen = RussianBoard.starting_fen
    notation = "algebraic"
    man_captures = DIAGONALS[:2]
    draw_rules: ClassVar[tuple[str, ...]] = ("czech-15-move",)

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """A king's capture before a man's (4.14)."""
        return (bool(kings >> move[0] & 1),)
