"""Repetition in Dragonfly: the FIDE Laws of Chess, since the Dragonfly rules page
(Mindsports) says nothing of repetition and plays "the same as orthodox Chess" elsewhere.

FIDE Laws of Chess (https://handbook.fide.com/chapter/E012023): art. 9.2, a player may
claim a draw when the same position occurs for at least the third time; art. 9.6.1, the
game is drawn when the same position has appeared at least five times. "The same
position" (art. 9.2.3): the same player to move, the same pieces on the same squares and
the same possible moves, castling rights included; in Dragonfly the pieces in hand belong
to it (the board's ``position_key``). No 50-move rule: no source gives one for Dragonfly.
"""

from __future__ import annotations

from typing import ClassVar

from arbiter.draws.base import Kind, Repetition
from arbiter.i18n import gettext_noop


class ChessThreefold(Repetition):
    """FIDE art. 9.2: a draw may be claimed at the third occurrence of a position."""

    code: ClassVar[str] = "chess-threefold"
    name: ClassVar[str] = gettext_noop("threefold repetition")
    kind: ClassVar[Kind] = "claimable"
    article: ClassVar[str] = gettext_noop("FIDE Laws of Chess, art. 9.2")
    section: ClassVar[str] = "docs/rules/dragonfly.md §3.2"
    #: a position after a pawn move or a capture can come back (pieces move back)
    rests_after_quiet_ply: ClassVar[bool] = False


class ChessFivefold(Repetition):
    """FIDE art. 9.6.1: the game is drawn at the fifth occurrence of a position."""

    code: ClassVar[str] = "chess-fivefold"
    name: ClassVar[str] = gettext_noop("fivefold repetition")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FIDE Laws of Chess, art. 9.6.1")
    section: ClassVar[str] = "docs/rules/dragonfly.md §3.2"
    rests_after_quiet_ply: ClassVar[bool] = False
    times: ClassVar[int] = 5
