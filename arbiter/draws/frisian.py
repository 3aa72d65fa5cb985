"""Draw rules of Frisian draughts as lidraughts implements the official rules
(RoepStoep/lidraughts ``Frisian.scala``, ``maxDrawingMoves``; docs/rules/frisian.md
[secondary]). Both are automatic. Frisian has no repetition rule there."""

from __future__ import annotations

from typing import ClassVar

from arbiter.draws.base import Countdown, Kind, PlyFacts
from arbiter.i18n import gettext_noop


def _kings_only(facts: PlyFacts, white: int, black: int) -> bool:
    """Exactly ``white`` and ``black`` kings (in either order) and no men on the board."""
    counts = sorted((facts.white_kings, facts.black_kings))
    no_men = facts.white_men == 0 and facts.black_men == 0
    return no_men and counts == sorted((white, black))


class TwoKingsAgainstKing(Countdown):
    """Two kings against one king: drawn when both players have made 7 more moves (14
    plies). The count restarts only when another piece leaves the board, which makes it
    the one-king rule (lidraughts)."""

    code: ClassVar[str] = "frisian-2-kings"
    name: ClassVar[str] = gettext_noop("two kings against a king (7 moves)")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("rules of Frisian draughts")
    section: ClassVar[str] = "docs/rules/frisian.md §3.1"
    needs_king: ClassVar[bool] = True

    def holds(self, facts: PlyFacts) -> bool:
        return _kings_only(facts, 2, 1)

    def limit(self, facts: PlyFacts) -> int:
        return 14


class KingAgainstKing(Countdown):
    """One king each: the official rule draws at once unless a king can or must be taken
    next move; lidraughts, lacking a test for that, allows 2 more moves each (4 plies),
    and so do we."""

    code: ClassVar[str] = "frisian-1-king"
    name: ClassVar[str] = gettext_noop("king against king (2 moves)")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("rules of Frisian draughts")
    section: ClassVar[str] = "docs/rules/frisian.md §3.2"
    needs_king: ClassVar[bool] = True

    def holds(self, facts: PlyFacts) -> bool:
        return _kings_only(facts, 1, 1)

    def limit(self, facts: PlyFacts) -> int:
        return 4
