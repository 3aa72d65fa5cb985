"""Brazilian draughts (FMJD draughts-64, Brazilian section, 8x8): docs/rules/brazilian.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.geometry import Geometry
from arbiter.i18n import gettext_noop
from arbiter.variants.international import InternationalBoard
from arbiter.variants.russian import RussianBoard


class BrazilianBoard(InternationalBoard):
    """International rules on the Russian board (docs/rules/brazilian.md): White first, men
    capture both ways, flying kings, majority rule with kings and men counting the same,
    a man is crowned only if it ends the move on the far row. Squares are written
    algebraically with ``x`` for captures (PDN GameType 26). Draw rules: those of
    draughts-64 (lidraughts applies the Russian ones unchanged; docs/rules/brazilian.md
    [secondary])."""

    name = "brazilian"
    aliases: ClassVar[tuple[str, ...]] = ("brazil",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("Brazilian rules (draughts-64), moves and captures"),
        "docs/rules/brazilian.md §2",
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("Brazilian rules (draughts-64), end of the game"), "docs/rules/brazilian.md §5"
    )
    game_type: ClassVar[int | None] = 26
    pdn_game_type = "26,W,8,8,A0,0"
    geometry = Geometry.checkered(8, 8)
    starting_fen = RussianBoard.starting_fen
    notation = "algebraic"
    result_format = "default"
    draw_rules: ClassVar[tuple[str, ...]] = RussianBoard.draw_rules
