"""Thai draughts (Mak-hos, 8x8): docs/rules/thai.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS, Colour, Geometry
from arbiter.i18n import gettext_noop


class ThaiBoard(Board):
    """Thai rules as dctl ``thai.hpp`` encodes them (no federation text was found;
    docs/rules/thai.md): 8 men each on the first two rows (``initial_position_gap = 4``,
    the set-up of the published perft, docs/rules/perft.md §2.5), Black first (PDN
    ``31,B,8,8,N2,0``: square 1 at the top left as Black sees the board), men step and
    capture forward only, flying kings that must land on the square just behind the
    piece they take (``is_land_behind_piece``), captured pieces leave the board as they
    are jumped (``is_passing_capture``), free choice among captures, ``-`` between the
    squares of a capture. No draw rules are known to us.
    """

    name = "thai"
    aliases: ClassVar[tuple[str, ...]] = ("mak-hos", "makhos")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Thai draughts, moves and captures"), "docs/rules/thai.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Thai draughts, end of the game"), "docs/rules/thai.md §4"
    )
    game_type: ClassVar[int | None] = 31
    pdn_game_type = "31,B,8,8,N2,0"
    geometry = Geometry.numbered(8, 8, corner=2, seen_by=Colour.BLACK)
    first_player = Colour.BLACK
    starting_fen = "B:W1-8:B25-32"
    capture_separator = "-"
    man_captures = DIAGONALS[:2]
    land_behind = True
    remove_at_once = True
