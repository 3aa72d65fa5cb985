"""Two-move draughts (двухходовые шашки): Russian rules, two moves per turn.

Sources. The seed text names the game: "bidirectionnel - les joueurs effectuent deux
mouvements" (the seed text "Règles de jeu de dames"; "двухходовые" read as
"bidirectional" by the translation). The rules we follow are those of the checkers wiki
("Dvukhodovie Shashki", checkers.wikia.com): Russian draughts (docs/rules/russian.md)
except that

- each player makes two moves per turn, except White's first turn, which is one move;
- if he can capture after the first move, he must do so with the second (the second
  move is an ordinary Russian move: capture is compulsory there as anywhere);
- a player who cannot make the second move loses.

A post of r/checkers ("Two-Move Checkers / Draughts", 2025) describes the same game and
says the pieces taken by the first move leave the board before the second, and that
tournaments play several forms: "classic", two moves from the very first turn, and
"modernized 1+2", White's first turn one move. It and the wiki agree on everything
but that first turn; we follow the wiki (the one written as the rules of the game),
which is the "1+2" form.

What the sources leave open, decided here:

- a turn's first move that takes the opponent's last piece ends the game at once: the
  aim of Russian draughts is to take or block all the opponent's pieces
  (docs/rules/russian.md §3), and the winner has no second move to make (termination ``no-pieces``;
  docs/rules/russian-two-move.md §2.1);
- the draughts-64 draw rules apply with every single move counted as one move (ply):
  in this game a "move" is one of the two moves of a turn, so "15 moves" of each side
  are 30 plies as in Russian draughts; the repetition key holds how many moves of the
  turn are left, so that a position is repeated only with the same player to move at
  the same point of a turn.

Position form: the Russian FEN with a field ``M1`` or ``M2`` after the piece lists, the
number of moves left in the turn of the side to move (``W:W...:B...:M2``). A FEN without
it starts a full turn of two moves; the starting position is ``M1`` (White's first turn).
PDN readers ignore the unknown field (docs/rules/pdn.md §4, lidraughts' ``:H0:F1``).

Records: PDN movetext with one token per single move (``c3-d4``, ``e3:c5``), numbered by
turns of both players as for any game: a move number opens when White starts a turn
after Black's, so ``1. c3-d4 f6-g5 g7-f6 2. d4:f6 b2-c3 ...`` holds White's opening move,
Black's two moves, then White's two moves of turn 2. :func:`arbiter.replay` numbers
the plies that way (it opens a number when the first player moves after the second).

The board wraps a :class:`~arbiter.variants.russian.RussianBoard` holding the position
with the right side to move and uses only its public methods (``fen``/``set_fen``,
``legal_moves``, ``parse_move``, ``push``, ``push_facts``...): a Russian board would
otherwise be counted by perft's bitboard path, which knows nothing of turns of two.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import ClassVar

from arbiter.draws import PlyFacts
from arbiter.errors import FenError, IllegalMoveError
from arbiter.game import Citation, Ending, Figure
from arbiter.geometry import Colour, Geometry
from arbiter.i18n import gettext_noop
from arbiter.move import Move
from arbiter.variants.russian import RussianBoard
from arbiter.verdict import Termination

__all__ = ["RussianTwoMoveBoard"]

_FIELD = "M"


class RussianTwoMoveBoard:
    """A two-move draughts position with its history (see the module docstring).

    ``moves_left`` is how many moves the side to move still makes in its turn (1 or 2).

    >>> board = RussianTwoMoveBoard()
    >>> board.moves_left, board.turn.name
    (1, 'WHITE')
    >>> board.push(board.parse_move("c3-d4"))
    >>> board.push(board.parse_move("f6-g5"))
    >>> board.turn.name, board.moves_left, board.fen()[-3:]
    ('BLACK', 1, ':M1')
    """

    name: ClassVar[str] = "russian-two-move"
    long_name: ClassVar[str] = "Two-move draughts"
    aliases: ClassVar[tuple[str, ...]] = ("two-move", "double-move", "dvukhkhodovye")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of two-move draughts, moves and captures"),
        "docs/rules/russian-two-move.md §1",
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of two-move draughts, end of the game"),
        "docs/rules/russian-two-move.md §1.3",
    )
    game_type: ClassVar[int | None] = None
    first_player: ClassVar[Colour] = Colour.WHITE
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple[str, ...]] = RussianBoard.draw_rules
    ends_without_moves_only: ClassVar[bool] = False
    geometry: ClassVar[Geometry] = RussianBoard.geometry
    notation: ClassVar[str] = RussianBoard.notation
    starting_fen: ClassVar[str] = f"{RussianBoard.starting_fen}:{_FIELD}1"

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(self.starting_fen if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up a position (the Russian FEN, with ``M1``/``M2`` if not a full turn)."""
        moves_left = _moves_left(fen)
        self._board = RussianBoard(fen)
        self.moves_left = moves_left
        self.move_stack: list[Move] = []
        #: (board, moves left) before each move played; boards are never changed once
        #: stored (a move is played on a copy).
        self._history: list[tuple[RussianBoard, int]] = []

    def fen(self) -> str:
        return f"{self._board.fen()}:{_FIELD}{self.moves_left}"

    @property
    def turn(self) -> Colour:
        return self._board.turn

    def position_key(self) -> Hashable:
        """The Russian key (pieces, side to move) and the moves left in the turn."""
        return (self._board.position_key(), self.moves_left)

    def square_name(self, square: int) -> str:
        return self._board.square_name(square)

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        return self._board.figures()

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        return ()

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The Russian legal moves of the side to move; none once a side has no piece."""
        if self._stripped() is not None:
            return []
        return self._board.legal_moves()

    def parse_move(self, text: str) -> Move:
        stripped = self._stripped()
        if stripped is not None:
            raise IllegalMoveError(
                f"illegal move {text!r} in {self.fen()}: the game is over, "
                f"{stripped.name.lower()} has no pieces left",
                move=text,
                fen=self.fen(),
                code="game-over",
            )
        return self._board.parse_move(text)

    def move_text(self, move: Move) -> str:
        return self._board.move_text(move)

    def push(self, move: Move) -> None:
        """Play ``move`` (known legal): the side to move keeps the turn after the first
        move of a turn of two."""
        board = self._board.copy()
        board.push(move)
        self._advance(board, move)

    def push_facts(self, move: Move, ply: int) -> PlyFacts:
        """Play ``move`` (known legal) and return the draw-rule facts of the ply, keyed
        with the moves left in the turn."""
        board = self._board.copy()
        facts = board.push_facts(move, ply)
        self._advance(board, move)
        return replace(facts, key=self.position_key())

    def push_facts_unless_quiet(self, move: Move, ply: int) -> PlyFacts | None:
        facts = self.push_facts(move, ply)
        return None if facts.quiet else facts

    def start_facts(self, ply: int) -> PlyFacts:
        return replace(self._board.start_facts(ply), key=self.position_key())

    def pop(self) -> Move:
        """Take back the last move and return it."""
        self._board, self.moves_left = self._history.pop()
        return self.move_stack.pop()

    def copy(self) -> RussianTwoMoveBoard:
        board = type(self).__new__(type(self))
        board._board, board.moves_left = self._board, self.moves_left
        board.move_stack = list(self.move_stack)
        board._history = list(self._history)
        return board

    def ending(self) -> Ending | None:
        """Over when a side has no pieces left (it lost: docs/rules/russian.md §3), or when the
        side to move has no legal move, for the first or the second move of its turn
        (it lost: docs/rules/russian.md §3; checkers wiki: "If a player cannot make a second
        move, he loses")."""
        stripped = self._stripped()
        if stripped is not None:
            name = stripped.name.lower()
            return Ending(Termination.NO_PIECES, stripped.other, f"{name} has no pieces left")
        ending = self._board.ending()
        if ending is None or self.moves_left == 2:
            return ending
        return replace(ending, reason=f"{ending.reason} for the last move of its turn")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    # -- internals ------------------------------------------------------------------

    def _advance(self, board: RussianBoard, move: Move) -> None:
        """Make ``board`` (the position after ``move``) current, with the turn kept by
        the mover after the first move of a turn of two."""
        self._history.append((self._board, self.moves_left))
        self.move_stack.append(move)
        if self.moves_left == 2:
            mover = self._board.turn
            # the canonical FEN starts with the side to move (arbiter.fen.format_fen)
            board = RussianBoard(mover.letter + board.fen()[1:])
            self._board, self.moves_left = board, 1
        else:
            self._board, self.moves_left = board, 2

    def _stripped(self) -> Colour | None:
        """The side that has no pieces left while the other side is to move (the first
        move of a turn took its last piece), if any."""
        waiting = self._board.turn.other
        return waiting if self._board.count(waiting) == 0 else None


def _moves_left(fen: str) -> int:
    """The ``M1``/``M2`` field of a two-move FEN; 2 (a full turn) when it has none."""
    fields = ["".join(field.split()) for field in fen.rstrip(" .").split(":")[1:]]
    given = [field for field in fields if field.startswith(_FIELD)]
    if not given:
        return 2
    if len(given) > 1 or given[0] not in (f"{_FIELD}1", f"{_FIELD}2"):
        raise FenError(
            f"FEN {fen!r}: expected one field {_FIELD}1 or {_FIELD}2 (moves left in the "
            f"turn), found {', '.join(given)}"
        )
    return int(given[0][1:])
