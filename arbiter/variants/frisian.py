"""Frisian draughts (10x10): docs/rules/frisian.md."""

from __future__ import annotations

from typing import ClassVar

from arbiter._movegen import RawMove
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS
from arbiter.i18n import gettext_noop
from arbiter.variants.international import InternationalBoard

#: Straight lines between squares of the playing colour: two files or two ranks away.
STRAIGHT = ((0, 2), (-2, 0), (2, 0), (0, -2))


class FrisianBoard(InternationalBoard):
    """Frisian rules (docs/rules/frisian.md [secondary]: mindsports.nl, lidraughts
    ``Frisian.scala``, dctl ``frisian.hpp``): the international board and set-up, White
    first; men step diagonally forward; men and kings capture diagonally and straight
    (along a row or a file, over squares of the playing colour), forward and backward;
    kings fly, and move diagonally only; the capture of highest value is compulsory
    (see :meth:`_capture_precedence`); a king may not make more than three simple moves
    in a row while its side still has men; promotion at the end of the move.
    """

    name = "frisian"
    aliases: ClassVar[tuple[str, ...]] = ("fries",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Frisian draughts, moves and captures"), "docs/rules/frisian.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Frisian draughts, end of the game"), "docs/rules/frisian.md §4"
    )
    game_type: ClassVar[int | None] = 40
    pdn_game_type = "40,W,10,10,N2,0"
    result_format = "default"
    man_captures = DIAGONALS + STRAIGHT
    king_captures = DIAGONALS + STRAIGHT
    king_move_limit = 3
    draw_rules: ClassVar[tuple[str, ...]] = ("frisian-2-kings", "frisian-1-king")

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """The greatest value, a king worth more than a man and less than two (lidraughts
        counts 199 for a king and 100 for a man; dctl's formula orders them the same);
        at equal value a capture with a king before one with a man."""
        captured = move[2]
        taken_kings = (captured & kings).bit_count()
        value = 100 * (captured.bit_count() - taken_kings) + 199 * taken_kings
        return (value, bool(kings >> move[0] & 1))
