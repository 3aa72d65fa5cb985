"""Draw rule of Czech draughts (docs/rules/czech.md)."""

from __future__ import annotations

from typing import ClassVar

from arbiter.draws.base import Kind, KingMovesOnly
from arbiter.i18n import gettext_noop


class CzechFifteenMoves(KingMovesOnly):
    """Drawn after 15 moves of each player (30 plies) without a man move or a capture
    (docs/rules/czech.md, from the FMJD variant page http://fmjd.org/variant.php?p=czech).
    Applied automatically, as the page words it ("draw after")."""

    code: ClassVar[str] = "czech-15-move"
    name: ClassVar[str] = gettext_noop("15 moves without a man move or capture")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FMJD, rules of Czech draughts")
    section: ClassVar[str] = "docs/rules/czech.md §3.1"
    plies: ClassVar[int] = 30
