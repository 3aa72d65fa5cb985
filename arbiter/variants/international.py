"""International draughts (FMJD, 10x10): docs/rules/international.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter._movegen import RawMove
from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import Geometry
from arbiter.i18n import gettext_noop


class InternationalBoard(Board):
    """FMJD Annex 1: 50 squares, White first (art. 2.8, 3.x), men step forward and capture
    both ways (4.1), flying kings (3.9), majority rule (4.13), promotion only at the end
    of a move (3.5, 4.15)."""

    name = "international"
    aliases: ClassVar[tuple[str, ...]] = ("draughts", "fmjd", "10x10")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("FMJD rules, articles 3 and 4"), "docs/rules/international.md §2-§4"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("FMJD rules, end of the game"), "docs/rules/international.md §5.1"
    )
    game_type: ClassVar[int | None] = 20
    pdn_game_type = "20,W,10,10,N2,0"
    geometry = Geometry.checkered(10, 10)
    starting_fen = "W:W31-50:B1-20"
    result_format = "international"
    draw_rules: ClassVar[tuple[str, ...]] = (
        "fmjd-repetition",
        "fmjd-25-move",
        "fmjd-16-move",
        "fmjd-5-move",
    )

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """Majority rule: only the captures taking the most pieces, kings and men counting
        the same (FMJD 4.13, 4.14; docs/rules/international.md §3)."""
        return (move[2].bit_count(),)
