"""Spantsiretti: Russian draughts on the 80-square board (10x8): docs/rules/spantsiretti.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter.game import Citation
from arbiter.geometry import Geometry
from arbiter.i18n import gettext_noop
from arbiter.variants.russian import RussianBoard


class SpantsirettiBoard(RussianBoard):
    """ "Les règles sont similaires aux dames russes, mais le plateau fait 10 cases de large
    et 8 de haut" (seed text "Règles de jeu de dames"): Russian rules on a board 10 files wide
    and 8 ranks high, a1 played on, 15 men each on the first three rows, White first,
    algebraic notation with ``:`` (PDN ``41,W,10,8,A0,0``). The draughts-64 draw rules
    apply as in Russian draughts."""

    name = "spantsiretti"
    aliases: ClassVar[tuple[str, ...]] = ("10x8",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of spantsiretti, moves and captures"), "docs/rules/spantsiretti.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of spantsiretti, end of the game"), "docs/rules/spantsiretti.md §3"
    )
    game_type: ClassVar[int | None] = 41
    pdn_game_type = "41,W,10,8,A0,0"
    geometry = Geometry.checkered(10, 8)
    starting_fen = "W:W26-40:B1-15"
