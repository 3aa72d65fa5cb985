"""Italian draughts (Federazione Italiana Dama, 8x8): docs/rules/italian.md."""

from __future__ import annotations

from itertools import pairwise
from typing import ClassVar

from arbiter._movegen import RawMove
from arbiter.board import Board
from arbiter.game import Citation
from arbiter.geometry import DIAGONALS, Geometry
from arbiter.i18n import gettext_noop


class ItalianBoard(Board):
    """FID rules, Capo I (docs/rules/italian.md; dctl ``italian.hpp`` cites the articles):
    the board turned so that each player's near-right corner is played on (2.3), square 1
    at the top left corner (2.4), White first (3.4); men step and capture forward only
    (5.3(a)) and may not capture a king (5.3(b)); kings move and jump one square (4.7);
    the capture priorities of art. 6.6-6.9 (see :meth:`_capture_precedence`).

    Draw rules: dctl encodes 4 repetitions (9.3(b1)) and 80 reversible plies (10.4) from
    the FID regulations, which docs/rules/italian.md marks [unverified]; none is applied.
    """

    name = "italian"
    aliases: ClassVar[tuple[str, ...]] = ("dama-italiana",)
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("FID rules, Capo I, art. 4.7, 5.3 and 6.6-6.9"), "docs/rules/italian.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("FID rules, end of the game"), "docs/rules/italian.md §4"
    )
    game_type: ClassVar[int | None] = 22
    pdn_game_type = "22,W,8,8,N2,1"
    geometry = Geometry.numbered(8, 8, corner=2, bottom_left_playable=False)
    starting_fen = "W:W21-32:B1-12"
    man_captures = DIAGONALS[:2]
    flying_kings = False
    men_capture_kings = False

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """FID art. 6.6-6.9 in order: the most pieces (kings and men count one each); then
        a capture with a king before one with a man; then the most kings taken; then the
        capture that meets a king earliest (compared piece by piece, so that among
        captures whose first king comes at the same point the next king decides).

        Every jump is a short one: in the bit layout a step is the same index delta
        everywhere, so the piece taken by the jump from ``a`` to ``b`` has the index
        midway between them."""
        origin, _, captured, path, _ = move
        order = tuple(bool(kings >> (a + b) // 2 & 1) for a, b in pairwise(path))
        return (captured.bit_count(), bool(kings >> origin & 1), sum(order), order)
