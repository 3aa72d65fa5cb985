"""Turkish draughts (Dama, all 64 squares): docs/rules/turkish.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.geometry import ORTHOGONALS, Geometry
from arbiter.i18n import gettext_noop
from arbiter.variants.international import InternationalBoard


class TurkishBoard(InternationalBoard):
    """docs/rules/turkish.md [secondary] and https://en.wikipedia.org/wiki/Turkish_draughts:
    every square is played on, 16 men each on the second and third rows, White first;
    men step one square forward or sideways and capture in the same three directions;
    kings move and capture like a rook; each captured piece leaves the board as soon as
    it is jumped, which can open new lines; a king may not turn 180 degrees between two
    jumps; majority rule, kings and men counting the same; a man reaching the far row
    is crowned at the end of the move (Wikipedia; pydraughts does the same). Squares
    are written algebraically (PDN GameType 30). No draw rules are applied (none found
    in a federation text).
    """

    name = "turkish"
    aliases: ClassVar[tuple[str, ...]] = ("dama",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Turkish draughts, moves and captures"), "docs/rules/turkish.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Turkish draughts, end of the game"), "docs/rules/turkish.md §4"
    )
    game_type: ClassVar[int | None] = 30
    pdn_game_type = "30,W,8,8,A0,0"
    geometry = Geometry.full(8, 8)
    starting_fen = "W:W41-56:B9-24"
    notation = "algebraic"
    result_format = "default"
    draw_rules: ClassVar[tuple[str, ...]] = ()
    man_steps = ORTHOGONALS[:3]
    man_captures = ORTHOGONALS[:3]
    king_directions = ORTHOGONALS
    remove_at_once = True
    king_reverses = False
