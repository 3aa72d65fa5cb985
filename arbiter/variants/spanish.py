"""Spanish and Portuguese draughts (8x8): docs/rules/spanish.md, docs/rules/pdn.md §2."""

from __future__ import annotations

from typing import ClassVar

from arbiter._movegen import RawMove
from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS, Geometry
from arbiter.i18n import gettext_noop


class SpanishBoard(Board):
    """Spanish rules as dctl ``spanish.hpp`` encodes them from the Portuguese federation's
    "Regras Damas Clássicas" (fpdamas.pt): the board turned so that the near-left corner
    is not played on (2.1.5; PDN ``24,W,8,8,N1,1``: square 1 at White's near-right
    corner), White first on 1-12, men step and capture forward only, flying kings,
    Turkish strike, promotion at the end of the move; among captures the most pieces,
    then the most kings (quantity, then quality)."""

    name = "spanish"
    aliases: ClassVar[tuple[str, ...]] = ("damas",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Spanish draughts, moves and captures"), "docs/rules/spanish.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Spanish draughts, end of the game"), "docs/rules/spanish.md §4"
    )
    game_type: ClassVar[int | None] = 24
    pdn_game_type = "24,W,8,8,N1,1"
    geometry = Geometry.numbered(8, 8, corner=1, bottom_left_playable=False)
    starting_fen = "W:W1-12:B21-32"
    man_captures = DIAGONALS[:2]

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """The most pieces, then the most kings (dctl ``spanish.hpp`` precedence)."""
        captured = move[2]
        return (captured.bit_count(), (captured & kings).bit_count())


class PortugueseBoard(SpanishBoard):
    """Portuguese draughts ("damas clássicas"), the game of the Federação Portuguesa de
    Damas whose rule book dctl cites for these rules: the same board (a1 is a light
    square), set-up, moves and capture priorities as Spanish draughts; it has its own
    PDN GameType, 28 (``28,W,8,8,N1,1``, docs/rules/spanish.md, docs/rules/pdn.md §2)."""

    name = "portuguese"
    aliases: ClassVar[tuple[str, ...]] = ("damas-classicas",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("FPD rules (damas clássicas), moves and captures"),
        "docs/rules/portuguese.md §1",
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("FPD rules (damas clássicas), end of the game"), "docs/rules/portuguese.md §3"
    )
    game_type: ClassVar[int | None] = 28
    pdn_game_type = "28,W,8,8,N1,1"
