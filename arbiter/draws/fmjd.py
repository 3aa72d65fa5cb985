"""Draw rules of international draughts: FMJD Annex 1, article 6 (docs/rules/international.md §6).

All four are automatic: the game "is drawn" at the first ply where one is met, and moves
recorded after it were played after the end of the game.

Counting convention, docs/rules/international.md §6.5: FMJD words the endgame rules as
"after both players have made 16 (5) moves", so the count is 32 (10) plies after the ply
that created the material situation, whoever moves first. The Russian Ministry text for
100-square draughts words it as "the strong side's 16th (5th) move", one ply earlier when
the strong side moves second; we follow the FMJD wording. A
win on the last counted ply takes precedence over the draw: the replay looks for a win on
the board before it asks the draw rules.
"""

from __future__ import annotations

from typing import ClassVar

from arbiter.draws.base import (
    Countdown,
    FewPiecesAgainstKing,
    Kind,
    KingMovesOnly,
    PlyFacts,
    Repetition,
)
from arbiter.i18n import gettext_noop


class FmjdRepetition(Repetition):
    """FMJD Annex 1 art. 6.1: the same position, the same side to move, for the third time."""

    code: ClassVar[str] = "fmjd-repetition"
    name: ClassVar[str] = gettext_noop("threefold repetition")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FMJD rules, annex 1, art. 6.1")
    section: ClassVar[str] = "docs/rules/international.md §6.1"


class TwentyFiveMoveRule(KingMovesOnly):
    """FMJD Annex 1 art. 6.2: 25 successive moves of each player (50 plies) in which only
    kings were moved and nothing was captured."""

    code: ClassVar[str] = "fmjd-25-move"
    name: ClassVar[str] = gettext_noop("25-move rule")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FMJD rules, annex 1, art. 6.2")
    section: ClassVar[str] = "docs/rules/international.md §6.2"
    plies: ClassVar[int] = 50


class SixteenMoveRule(Countdown):
    """FMJD Annex 1 art. 6.3: one king against three kings, two kings and a man, or a king
    and two men: drawn when both players have made 16 further moves (32 plies).

    The count starts at the ply that created the situation (a capture, or the promotion of
    the strong side's first king, as lidraughts does). It is not restarted by a later
    promotion (lidraughts), nor by a capture during the 16 moves: "the maximum of 16 moves
    stays in force". If that capture leaves a 5-move situation, the 5-move rule starts its
    own count and whichever limit comes first applies. The sources disagree on this
    interaction (docs/rules/international.md §6.5); an arbiter should flag a real game that
    depends on it.
    """

    code: ClassVar[str] = "fmjd-16-move"
    name: ClassVar[str] = gettext_noop("16-move rule")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FMJD rules, annex 1, art. 6.3")
    section: ClassVar[str] = "docs/rules/international.md §6.3"
    lone_king: ClassVar[bool] = True

    def holds(self, facts: PlyFacts) -> bool:
        strong = facts.against_lone_king()
        return strong is not None and strong[0] == 3 and strong[1] >= 1

    def persists(self, facts: PlyFacts) -> bool:
        strong = facts.against_lone_king()
        return strong is not None and strong[1] >= 1

    def limit(self, facts: PlyFacts) -> int:
        return 32


class FiveMoveRule(FewPiecesAgainstKing):
    """FMJD Annex 1 art. 6.4: one king against two kings, a king and a man, or a king:
    drawn when both players have made 5 further moves (10 plies).

    Once running the count is never restarted (lidraughts ``Standard.scala``); the capture
    or promotion that creates the situation starts it.
    """

    code: ClassVar[str] = "fmjd-5-move"
    name: ClassVar[str] = gettext_noop("5-move rule")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("FMJD rules, annex 1, art. 6.4")
    section: ClassVar[str] = "docs/rules/international.md §6.4"
