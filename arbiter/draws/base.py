"""What a draw rule sees after each ply (:class:`PlyFacts`) and the rule base class.

A draw rule is a small stateful object. The replay creates a fresh set of rules for each
game, feeds them the facts of the starting position (``start=True``) and then the facts
of every ply, and asks each rule whether it is met at that ply. Rules never see the board:
everything they need is in the facts, so they can be tested without one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, Protocol

from arbiter.geometry import Colour
from arbiter.move import Move

Kind = Literal["automatic", "claimable"]


class _PieceSeen(Protocol):
    """What the facts read of a piece (arbiter.board.Piece)."""

    @property
    def colour(self) -> Colour: ...

    @property
    def king(self) -> bool: ...


class SeenBoard(Protocol):
    """What the facts read of a board (arbiter.board.Board, the Samoyed board): named by
    its uses here, so that the rules never import the board that imports them."""

    @property
    def turn(self) -> Colour: ...

    def piece_at(self, square: int) -> _PieceSeen | None: ...

    def piece_squares(self, colour: Colour) -> list[int]: ...

    def material(self) -> tuple[int, int, int, int]: ...

    def occupied(self, squares: Iterable[int]) -> frozenset[int]: ...

    def position_key(self) -> Hashable: ...

    def push(self, move: Move) -> None: ...


@dataclass(slots=True)
class PlyFacts:
    """The facts of one ply (or of a starting position), taken from the board after it.

    ``ply`` is 1-based (0 for the initial position); ``mover`` is the side that made the
    ply. ``start`` is true for a starting or set-up position: no move was made, and every
    count begins there. ``lone_king_square`` is the square of the king of a side reduced to
    that single king (None when no side is); ``main_road`` holds the occupied squares of the
    variant's main road while a side is reduced to a single king, the only time a rule
    reads it (empty otherwise, and when the variant's rules have no main road).

    A value that rules only read. It is not a frozen dataclass because a replay builds one
    per ply, and a frozen one takes more than twice as long to build.
    """

    ply: int
    mover: Colour
    man_moved: bool
    captures: int
    captured_kings: int
    promoted: bool
    key: Hashable
    white_men: int
    white_kings: int
    black_men: int
    black_kings: int
    lone_king_square: int | None = None
    main_road: frozenset[int] = frozenset()
    start: bool = False

    @classmethod
    def of_position(
        cls, board: SeenBoard, ply: int = 0, *, main_road: Iterable[int] = ()
    ) -> PlyFacts:
        """The facts of ``board`` as a starting point: no move made, counts begin here."""
        return cls._from_board(
            board,
            ply=ply,
            mover=board.turn.other,
            man_moved=False,
            captures=0,
            captured_kings=0,
            promoted=False,
            main_road=main_road,
            start=True,
        )

    @classmethod
    def of_move(
        cls, board: SeenBoard, move: Move, ply: int, *, main_road: Iterable[int] = ()
    ) -> PlyFacts:
        """Push ``move`` (already known legal) on ``board`` and return the facts of the ply."""
        piece = board.piece_at(move.from_square)
        assert piece is not None, f"no piece on {move.from_square} for {move!r}"
        captured_kings = 0
        for square in move.captures:
            victim = board.piece_at(square)
            captured_kings += victim is not None and victim.king
        board.push(move)
        landed = board.piece_at(move.to_square)
        return cls._from_board(
            board,
            ply=ply,
            mover=piece.colour,
            man_moved=not piece.king,
            captures=len(move.captures),
            captured_kings=captured_kings,
            promoted=not piece.king and landed is not None and landed.king,
            main_road=main_road,
            start=False,
        )

    @classmethod
    def _from_board(
        cls,
        board: SeenBoard,
        *,
        ply: int,
        mover: Colour,
        man_moved: bool,
        captures: int,
        captured_kings: int,
        promoted: bool,
        main_road: Iterable[int],
        start: bool,
    ) -> PlyFacts:
        white_men, white_kings, black_men, black_kings = board.material()
        lone_king_square = None
        if white_kings == 1 and white_men == 0:
            lone_king_square = board.piece_squares(Colour.WHITE)[0]
        elif black_kings == 1 and black_men == 0:
            lone_king_square = board.piece_squares(Colour.BLACK)[0]
        road_matters = main_road and lone_king_square is not None
        return cls(
            ply=ply,
            mover=mover,
            man_moved=man_moved,
            captures=captures,
            captured_kings=captured_kings,
            promoted=promoted,
            key=board.position_key(),
            white_men=white_men,
            white_kings=white_kings,
            black_men=black_men,
            black_kings=black_kings,
            lone_king_square=lone_king_square,
            main_road=board.occupied(main_road) if road_matters else frozenset(),
            start=start,
        )

    def men(self, colour: Colour) -> int:
        return self.white_men if colour is Colour.WHITE else self.black_men

    def kings(self, colour: Colour) -> int:
        return self.white_kings if colour is Colour.WHITE else self.black_kings

    def pieces(self, colour: Colour) -> int:
        return self.men(colour) + self.kings(colour)

    @property
    def total(self) -> int:
        """All pieces of both sides."""
        return self.white_men + self.white_kings + self.black_men + self.black_kings

    @property
    def quiet(self) -> bool:
        """A man move or a capture that leaves no king on the board: the opening and the
        middle game. The next ply moves a man or captures too, so neither position can
        come back, and no rule about kings is in force (see
        :attr:`DrawRule.rests_after_quiet_ply`)."""
        return (self.man_moved or self.captures > 0) and not (self.white_kings or self.black_kings)

    @property
    def irreversible(self) -> bool:
        """A man move or a capture: no earlier position can ever occur again."""
        return self.man_moved or self.captures > 0

    def lone_king(self) -> Colour | None:
        """The side reduced to a single king, if exactly one piece, a king, is left to it.

        With a king against a king either side qualifies; White is answered.
        """
        if self.white_kings == 1 and not self.white_men:
            return Colour.WHITE
        if self.black_kings == 1 and not self.black_men:
            return Colour.BLACK
        return None

    def against_lone_king(self) -> tuple[int, int] | None:
        """``(pieces, kings)`` of the side playing against a lone king, or None."""
        if self.white_kings == 1 and not self.white_men:  # lone_king(), inlined
            return self.black_men + self.black_kings, self.black_kings
        if self.black_kings == 1 and not self.black_men:
            return self.white_men + self.white_kings, self.white_kings
        return None


class DrawRule(ABC):
    """A draw rule, fed one ply at a time; :meth:`observe` says when the rule is met.

    Subclasses set ``code`` (a stable id used in verdicts and in a variant's
    ``draw_rules``), ``name``, ``kind`` (``automatic``: the game ends there;
    ``claimable``: a player may claim the draw, play may go on), ``article`` and
    ``section``. ``name`` and ``article`` are the only words that say the rule to a person:
    English, marked with :func:`arbiter.i18n.gettext_noop`, translated where they are shown.
    """

    code: ClassVar[str]
    #: What the rule is called (``"25-move rule"``).
    name: ClassVar[str]
    kind: ClassVar[Kind]
    #: The federation's article that states it (``"FMJD rules, annex 1, art. 6.2"``).
    article: ClassVar[str]
    #: The section of the rules reference that states it (``"docs/rules/international.md
    #: §6.2"``).
    section: ClassVar[str]
    #: The citation a verdict carries: the article and the section (set for each rule).
    source: ClassVar[str]
    #: True when the rule looks at ``PlyFacts.main_road`` (the replay then fills it in).
    uses_main_road: ClassVar[bool] = False
    #: True when any quiet ply (:attr:`PlyFacts.quiet`) puts the rule back in its fresh
    #: state and is never one where it is met: the replay then skips the rule on the
    #: quiet plies that follow a quiet ply it observed (most of a game).
    rests_after_quiet_ply: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if hasattr(cls, "article") and hasattr(cls, "section"):
            cls.source = f"{cls.article} ({cls.section})"

    @abstractmethod
    def observe(self, facts: PlyFacts) -> bool:
        """Take in one ply (or the starting position); True when the rule is met there."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code}>"


class Repetition(DrawRule):
    """The same position (same pieces on the same squares, same side to move) for the
    ``times``-th time; occurrences need not be consecutive, the starting position counts.

    After a man move or a capture no earlier position can come back, so the table of
    positions is cleared there. In draughts, after one that leaves no king on the board
    (a quiet ply) the position itself cannot come back either: the next ply moves a man or
    captures. The table is then left empty, as it was at the start, so that the rule
    rests after quiet plies. A game whose pieces move back and forth after such a ply
    (chess) sets ``rests_after_quiet_ply`` to False.
    """

    times: ClassVar[int] = 3
    rests_after_quiet_ply: ClassVar[bool] = True

    def __init__(self) -> None:
        self._seen: dict[Hashable, int] = {}

    def observe(self, facts: PlyFacts) -> bool:
        if facts.man_moved or facts.captures:  # facts.irreversible, inlined on this hot path
            kings = facts.white_kings or facts.black_kings
            self._seen = {facts.key: 1} if kings or not self.rests_after_quiet_ply else {}
            return self.times <= 1
        seen, key = self._seen, facts.key
        count = seen.get(key, 0) + 1
        seen[key] = count
        return count >= self.times


class KingMovesOnly(DrawRule):
    """``plies`` successive plies in which only kings moved and nothing was captured."""

    plies: ClassVar[int]
    rests_after_quiet_ply: ClassVar[bool] = True

    def __init__(self) -> None:
        self._count = 0

    def applies(self, facts: PlyFacts) -> bool:
        """Whether the rule is in force in this material situation (always, by default)."""
        return True

    def observe(self, facts: PlyFacts) -> bool:
        if facts.start or facts.man_moved or facts.captures or not self.applies(facts):
            self._count = 0
            return False
        self._count += 1
        return self._count >= self.plies


class Countdown(DrawRule):
    """A count of plies that starts when a material situation arises.

    The count starts at the ply that creates the situation (or at the starting position
    when it already holds there): that ply itself is not counted. It runs while
    :meth:`persists` holds, starts again at plies where :meth:`restarts` says so, and the
    rule is met when :meth:`limit` plies have been played since the start.
    """

    #: True when the situation that starts the count, and keeps it running, has a king
    #: on the board: on the many plies without one (the opening and middle game), no
    #: count that is not running can start, and :meth:`holds` is not asked. Such a rule
    #: rests after a quiet ply (``rests_after_quiet_ply``).
    needs_king: ClassVar[bool] = False
    #: True when it has one side reduced to a single king (:meth:`PlyFacts.lone_king`),
    #: likewise (such a rule needs a king too).
    lone_king: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.needs_king = cls.needs_king or cls.lone_king
        cls.rests_after_quiet_ply = cls.needs_king

    def __init__(self) -> None:
        self._since: int | None = None

    @abstractmethod
    def holds(self, facts: PlyFacts) -> bool:
        """Whether the situation that starts the count holds after this ply."""

    def persists(self, facts: PlyFacts) -> bool:
        """Whether a running count goes on after this ply (by default: the situation holds)."""
        return self.holds(facts)

    def restarts(self, facts: PlyFacts) -> bool:
        """Whether this ply starts a running count afresh (never, by default)."""
        return False

    @abstractmethod
    def limit(self, facts: PlyFacts) -> int:
        """Plies after the start at which the rule is met."""

    def observe(self, facts: PlyFacts) -> bool:
        if self._since is None:
            if self.needs_king and not (facts.white_kings or facts.black_kings):
                return False
            if self.lone_king and facts.lone_king() is None:
                return False
        if self._since is not None and self.persists(facts):
            if self.restarts(facts):
                self._since = facts.ply
        elif self.holds(facts):
            self._since = facts.ply
        else:
            self._since = None
            return False
        return facts.ply - self._since >= self.limit(facts)


class FewPiecesAgainstKing(Countdown):
    """Two kings, a king and a man, or a single king against a single king: drawn when
    each player has made five more moves (10 plies) without a win.

    International draughts (FMJD, art. 6.4) and draughts-64 (rule 7.2.8) state the same
    count in the same words (docs/rules/international.md §6.4, docs/rules/russian.md
    §4.6). Once running it never restarts; the capture or promotion that creates the
    situation starts it.
    """

    lone_king: ClassVar[bool] = True

    def holds(self, facts: PlyFacts) -> bool:
        strong = facts.against_lone_king()
        return strong is not None and strong[0] <= 2 and strong[1] >= 1

    def limit(self, facts: PlyFacts) -> int:
        return 10
