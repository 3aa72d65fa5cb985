"""Pool checkers (American Pool Checkers Association, 8x8): docs/rules/pool.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import Colour, Geometry
from arbiter.i18n import gettext_noop


class PoolBoard(Board):
    """APCA rules (docs/rules/pool.md; dctl ``pool.hpp`` cites the APCA tournament rules
    by number): English board and numbering, Black first on 1-12 (rules 1, 2, 5), men
    step forward and capture both ways (14), flying kings (15), free choice among
    captures (20), Turkish strike (17-19), and a man that reaches the far row during a
    capture that can go on goes on as a man and is crowned only if the move ends there
    (16, 22, 23).

    Draw rules: docs/rules/pool.md gives a three-kings-against-one count as [secondary]
    and dctl's repetition and no-progress numbers as [unverified]; none is applied.
    """

    name = "pool"
    aliases: ClassVar[tuple[str, ...]] = ("pool-checkers", "american-pool")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("APCA rules of play, rules 14-23"), "docs/rules/pool.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("APCA rules of play, end of the game"), "docs/rules/pool.md §4"
    )
    game_type: ClassVar[int | None] = 23
    pdn_game_type = "23,B,8,8,N1,0"
    geometry = Geometry.checkered(8, 8)
    first_player = Colour.BLACK
    starting_fen = "B:W21-32:B1-12"
