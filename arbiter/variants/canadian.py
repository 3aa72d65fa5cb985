"""Canadian draughts (12x12): docs/rules/canadian.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.geometry import Geometry
from arbiter.i18n import gettext_noop
from arbiter.variants.international import InternationalBoard


class CanadianBoard(InternationalBoard):
    """International rules on a 12x12 board with 30 men each on the first five rows,
    White first, squares 1-72 numbered like international draughts (PDN GameType 27,
    international results; docs/rules/canadian.md [secondary]).

    Draw rules: docs/rules/canadian.md says "FMJD-style (not verified)". Only the two FMJD
    rules that do not depend on the board's size are applied: threefold repetition and
    25 moves of kings only. The 16- and 5-move endgame counts of FMJD art. 6.3-6.4 were
    set for 10x10 material and are not assumed to carry over to 12x12.
    """

    name = "canadian"
    aliases: ClassVar[tuple[str, ...]] = ("12x12",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Canadian draughts, moves and captures"), "docs/rules/canadian.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Canadian draughts, end of the game"), "docs/rules/canadian.md §4"
    )
    game_type: ClassVar[int | None] = 27
    pdn_game_type = "27,W,12,12,N2,0"
    geometry = Geometry.checkered(12, 12)
    starting_fen = "W:W43-72:B1-30"
    draw_rules: ClassVar[tuple[str, ...]] = ("fmjd-repetition", "fmjd-25-move")
