"""Draw rules of English draughts / checkers: WCDF rules, definition of a draw
(1.32 as numbered in dctl; docs/rules/english.md §3).

Both are draws on claim, not automatic: a player shows the referee that the condition is
met. The replay reports the first ply at which each claim became available and lets the
game go on; play after that ply is legal.
"""

from __future__ import annotations

from typing import ClassVar

from arbiter.draws.base import Kind, KingMovesOnly, Repetition
from arbiter.i18n import gettext_noop


class WcdfRepetition(Repetition):
    """WCDF 1.32.1: the same position (side to move included) for the third time in the
    game. The claim is available at the ply that creates the third occurrence (the
    claimant shows that this move creates it). Older rule books (Pask) said the fourth
    time; the current WCDF rule is three."""

    code: ClassVar[str] = "wcdf-repetition"
    name: ClassVar[str] = gettext_noop("threefold repetition")
    kind: ClassVar[Kind] = "claimable"
    article: ClassVar[str] = gettext_noop("WCDF rules, art. 1.32.1")
    section: ClassVar[str] = "docs/rules/english.md §3.1"


class FortyMoveRule(KingMovesOnly):
    """WCDF 1.32.2: during each player's previous 40 moves (80 plies) no uncrowned man was
    advanced and no piece was removed from the board. Men only move forward, so this is
    80 plies of king moves without a capture."""

    code: ClassVar[str] = "wcdf-40-move"
    name: ClassVar[str] = gettext_noop("40-move rule")
    kind: ClassVar[Kind] = "claimable"
    article: ClassVar[str] = gettext_noop("WCDF rules, art. 1.32.2")
    section: ClassVar[str] = "docs/rules/english.md §3.2"
    plies: ClassVar[int] = 80
