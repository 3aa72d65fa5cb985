"""English draughts / American checkers (WCDF, ACF, 8x8): docs/rules/english.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS, Colour, Geometry
from arbiter.i18n import gettext_noop


class EnglishBoard(Board):
    """WCDF rules: 32 squares numbered from Black's side (1.5), Black first, men step and
    capture forward only (1.18), kings move and jump one square (1.17), free choice among
    captures (1.20), a man crowned by a capture ends the move (1.19)."""

    name = "english"
    aliases: ClassVar[tuple[str, ...]] = ("checkers", "american")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("WCDF rules, art. 1.17-1.20"), "docs/rules/english.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("WCDF rules, end of the game"), "docs/rules/english.md §2.5"
    )
    game_type: ClassVar[int | None] = 21
    pdn_game_type = "21,B,8,8,N1,0"
    geometry = Geometry.checkered(8, 8)
    first_player = Colour.BLACK
    starting_fen = "B:W21-32:B1-12"
    man_captures = DIAGONALS[:2]
    flying_kings = False
    draw_rules: ClassVar[tuple[str, ...]] = ("wcdf-repetition", "wcdf-40-move")
