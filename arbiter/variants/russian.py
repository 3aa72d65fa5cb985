"""Russian draughts (shashki, FMJD-64 / IDF, 8x8): docs/rules/russian.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import Geometry
from arbiter.i18n import gettext_noop


class RussianBoard(Board):
    """Draughts-64 rules: White first, men capture both ways, flying kings, free choice
    among captures, a man reaching the far row during a capture is crowned at once and
    goes on capturing as a king (docs/rules/russian.md §1, §2). Squares are written
    algebraically (``c3-d4``, ``e3:c5``) with ``:`` for captures (PDN GameType 25)."""

    name = "russian"
    aliases: ClassVar[tuple[str, ...]] = ("shashki",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("draughts-64 rules, moves and captures"), "docs/rules/russian.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("draughts-64 rules, end of the game"), "docs/rules/russian.md §3"
    )
    game_type: ClassVar[int | None] = 25
    pdn_game_type = "25,W,8,8,A0,0"
    geometry = Geometry.checkered(8, 8)
    starting_fen = "W:W21-32:B1-12"
    capture_separator = ":"
    notation = "algebraic"
    promote_in_passing = True
    draw_rules: ClassVar[tuple[str, ...]] = (
        "d64-7.2.3",
        "d64-7.2.4",
        "d64-7.2.5",
        "d64-7.2.6",
        "d64-7.2.7",
        "d64-7.2.8",
    )
