"""Draw rules of Russian draughts (draughts-64): IDF/FMJD-64 rules 7.2.3-7.2.8
(docs/rules/russian.md §4).

All are automatic. The rule texts give the numbers but not every detail; where they are
silent we follow lidraughts (RoepStoep/lidraughts ``Russian.scala``) as docs/rules/russian.md §4
describes it [secondary], and each class says where:

- every count is in plies as lidraughts counts it: 15 moves = 30 plies, 30 moves = 60,
  60 moves = 120, 5 moves = 10, from the ply that created the situation;
- 7.2.5 and 7.2.6 do not run together: in a 4- to 7-piece ending where both sides have
  kings only 7.2.6 counts (lidraughts picks one rule from the material);
- the lone-king rules (7.2.4, 7.2.7, 7.2.8) and 7.2.6 run side by side and the first one
  met ends the game; their limits are such that this is the rule lidraughts would pick
  (7.2.6's count is never shorter and restarts on every material change).

7.2.9 (no draw when the win is obvious and the player can still demonstrate it) needs an
arbiter's judgement: the replay adds it as a note to every draw under these rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from arbiter.draws.base import (
    Countdown,
    DrawRule,
    FewPiecesAgainstKing,
    Kind,
    KingMovesOnly,
    PlyFacts,
    Repetition,
)
from arbiter.i18n import gettext_noop

if TYPE_CHECKING:
    from arbiter.geometry import Geometry

NOTE_7_2_9 = (
    "rule 7.2.9: the draw is not declared if the win is obvious and the player can still "
    "demonstrate it; that judgement belongs to the arbiter"
)


def main_road(geometry: Geometry) -> frozenset[int]:
    """The squares of the main road, the long diagonal from White's near-left corner a1 to
    h8 (docs/rules/russian.md §1); empty on a board whose corner a1 is not played on."""
    corner = geometry.square_at(0, 0)
    if corner is None:
        return frozenset()
    return frozenset((corner, *geometry.ray(corner, (1, 1))))


class Draughts64Repetition(Repetition):
    """7.2.3: the same position three (or more) times, the same player to move each time."""

    code: ClassVar[str] = "d64-7.2.3"
    name: ClassVar[str] = gettext_noop("threefold repetition")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.3")
    section: ClassVar[str] = "docs/rules/russian.md §4.1"


class ThreeKingsAgainstKing(Countdown):
    """7.2.4: three kings or more against a single king: drawn if the king is not taken by
    the stronger side's 15th move, counted from the moment this balance arose: 30 plies
    (lidraughts).

    The count restarts on a capture or a promotion (lidraughts): a capture by the lone
    king from four kings or more gives a new balance; one that leaves two kings is 7.2.8.
    """

    code: ClassVar[str] = "d64-7.2.4"
    name: ClassVar[str] = gettext_noop("three kings against a king (15 moves)")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.4")
    section: ClassVar[str] = "docs/rules/russian.md §4.2"
    lone_king: ClassVar[bool] = True

    def holds(self, facts: PlyFacts) -> bool:
        strong = facts.against_lone_king()
        return strong is not None and strong[0] >= 3 and strong[1] == strong[0]

    def restarts(self, facts: PlyFacts) -> bool:
        return facts.captures > 0 or facts.promoted

    def limit(self, facts: PlyFacts) -> int:
        return 30


class KingsOnlyFifteenMoves(KingMovesOnly):
    """7.2.5: during 15 moves (30 plies) the players moved only kings, moved no man and
    made no capture.

    Not counted in 4- to 7-piece endings where both sides have kings: there 7.2.6 alone
    applies (lidraughts; the text does not say how the two combine).
    """

    code: ClassVar[str] = "d64-7.2.5"
    name: ClassVar[str] = gettext_noop("kings only for 15 moves")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.5")
    section: ClassVar[str] = "docs/rules/russian.md §4.3"
    plies: ClassVar[int] = 30

    def applies(self, facts: PlyFacts) -> bool:
        return not UnchangedBalance.in_force(facts)


class UnchangedBalance(Countdown):
    """7.2.6: both sides have kings and the balance of forces has not changed (no capture,
    no man promoted) for 30 moves in 4- and 5-piece endings, 60 moves in 6- and 7-piece
    endings (all pieces of both sides): 60 or 120 plies (lidraughts)."""

    code: ClassVar[str] = "d64-7.2.6"
    name: ClassVar[str] = gettext_noop("unchanged balance with kings on both sides")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.6")
    section: ClassVar[str] = "docs/rules/russian.md §4.4"
    needs_king: ClassVar[bool] = True

    @staticmethod
    def in_force(facts: PlyFacts) -> bool:
        return facts.white_kings >= 1 and facts.black_kings >= 1 and 4 <= facts.total <= 7

    def holds(self, facts: PlyFacts) -> bool:
        return self.in_force(facts)

    def restarts(self, facts: PlyFacts) -> bool:
        return facts.captures > 0 or facts.promoted

    def limit(self, facts: PlyFacts) -> int:
        return 60 if facts.total <= 5 else 120


class MainRoad(DrawRule):
    """7.2.7: three kings, two kings and a man, or a king and two men against a single king
    standing on the main road (a1-h8): drawn if the stronger side has not reached a won
    position by its 5th move.

    The text leaves open how the moves are counted. We follow lidraughts
    (docs/rules/russian.md §4.8): the rule applies only while the lone king is the only piece on
    the main road, and counts the lone side's moves that leave its king there, from the
    moment the material situation arose (a promotion does not restart it; leaving the road
    and coming back keeps the count). After the fifth such move the stronger side has one
    more move; if that does not win, the game is drawn at that ply.
    """

    code: ClassVar[str] = "d64-7.2.7"
    name: ClassVar[str] = gettext_noop("lone king on the main road")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.7")
    section: ClassVar[str] = "docs/rules/russian.md §4.5"
    uses_main_road: ClassVar[bool] = True
    rests_after_quiet_ply: ClassVar[bool] = True
    moves: ClassVar[int] = 5

    def __init__(self) -> None:
        self._count: int | None = None

    def observe(self, facts: PlyFacts) -> bool:
        if self._count is None and not (facts.white_kings or facts.black_kings):
            return False  # no lone king, and no count to end (the common case, made quick)
        strong = facts.against_lone_king()
        if strong is None or strong[0] != 3 or strong[1] < 1:
            self._count = None
            return False
        if self._count is None:
            self._count = 0
            return False
        if facts.mover is facts.lone_king():
            on_road = facts.main_road == {facts.lone_king_square}
            self._count += on_road
            return False
        return self._count >= self.moves


class SmallEnding(FewPiecesAgainstKing):
    """7.2.8: two kings, a king and a man, or a king against a single king: drawn if the
    stronger side has not won by its 5th move: 10 plies (lidraughts). Once running the
    count never restarts; the capture or promotion that creates the situation starts it
    (lidraughts)."""

    code: ClassVar[str] = "d64-7.2.8"
    name: ClassVar[str] = gettext_noop("small ending (5 moves)")
    kind: ClassVar[Kind] = "automatic"
    article: ClassVar[str] = gettext_noop("draughts-64 rules, art. 7.2.8")
    section: ClassVar[str] = "docs/rules/russian.md §4.6"
