"""The board: a position of one variant, its legal moves, and the moves played so far.

:class:`Board` holds the rules machinery shared by every variant; a variant is a
subclass that sets class attributes (geometry, directions, kings, promotion, notation,
goal) and overrides a hook or two (``_capture_precedence`` for a capture-priority rule).
Shared code never asks which variant it is.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

from arbiter import fen as _fen
from arbiter import notation as _notation
from arbiter._movegen import (
    KingRun,
    MoveGenerator,
    MoveRules,
    RawMove,
    frozen_by_run,
    iter_bits,
    next_king_run,
    play,
    to_move,
)
from arbiter.geometry import DIAGONALS, Colour, Direction, Geometry
from arbiter.move import Move

__all__ = ["Board", "Colour", "Piece"]


@dataclass(frozen=True)
class Piece:
    colour: Colour
    king: bool


class Board:
    """A draughts position with its move history; subclasses are the variants.

    Squares are the official numbers 1..N. ``push`` trusts its move; use
    ``legal_moves``/``is_legal``/``parse_move`` to check one first.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    game_type: ClassVar[int]
    pdn_game_type: ClassVar[str]
    geometry: ClassVar[Geometry]
    first_player: ClassVar[Colour] = Colour.WHITE
    starting_fen: ClassVar[str]
    capture_separator: ClassVar[str] = "x"
    notation: ClassVar[str] = "numeric"
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple] = ()

    # Movement, seen from White (Black's directions are mirrored): see MoveRules.
    man_steps: ClassVar[tuple[Direction, ...]] = DIAGONALS[:2]
    man_captures: ClassVar[tuple[Direction, ...]] = DIAGONALS
    king_directions: ClassVar[tuple[Direction, ...]] = DIAGONALS
    king_captures: ClassVar[tuple[Direction, ...]] = ()
    flying_kings: ClassVar[bool] = True
    promote_in_passing: ClassVar[bool] = False
    men_capture_kings: ClassVar[bool] = True
    land_behind: ClassVar[bool] = False
    remove_at_once: ClassVar[bool] = False
    king_reverses: ClassVar[bool] = True
    #: How many simple moves in a row one king may make while its side still has men
    #: (Frisian, REFERENCE 4.6); ``None``: no limit.
    king_move_limit: ClassVar[int | None] = None
    #: The aim: ``False`` = the side left without a legal move loses (REFERENCE 1.5,
    #: 2.3, 3.2); ``True`` = it wins (antidraughts, giveaway: REFERENCE 4.7).
    giveaway: ClassVar[bool] = False

    _generator: ClassVar[MoveGenerator]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if hasattr(cls, "geometry"):
            rules = MoveRules(
                man_steps=cls.man_steps,
                man_captures=cls.man_captures,
                king_directions=cls.king_directions,
                king_captures=cls.king_captures,
                flying_kings=cls.flying_kings,
                promote_in_passing=cls.promote_in_passing,
                men_capture_kings=cls.men_capture_kings,
                land_behind=cls.land_behind,
                remove_at_once=cls.remove_at_once,
                king_reverses=cls.king_reverses,
            )
            overridden = cls._capture_precedence is not Board._capture_precedence
            select = cls._select_captures if overridden else None
            cls._generator = MoveGenerator(cls.geometry, rules, select)

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """The capture-priority hook: a key, greater is stronger; only the captures with
        the greatest key may be played (dctl's ``precedence``). ``kings`` is the kings
        mask before the move. Default: free choice among all of them (REFERENCE 2.2, 3.2).
        """
        return ()

    @classmethod
    def _select_captures(cls, captures: list[RawMove], kings: int) -> list[RawMove]:
        if len(captures) < 2:
            return captures
        precedence = cls._capture_precedence
        keys = [precedence(move, kings) for move in captures]
        best = max(keys)
        return [move for move, key in zip(captures, keys, strict=True) if key == best]

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(self.starting_fen if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up the position of a PDN FEN (REFERENCE.md 6.4) and clear the history."""
        position = _fen.parse_fen(fen, self.geometry)
        self.turn = position.turn
        self._white = _bits(position.white)
        self._black = _bits(position.black)
        self._kings = _bits(position.kings)
        self.move_stack: list[Move] = []
        self._states: list[tuple[int, int, int, Colour]] = []

    def fen(self) -> str:
        """The position as a PDN FEN, writer form: no spaces, no trailing dot."""
        return _fen.format_fen(
            _fen.FenPosition(
                turn=self.turn,
                white=frozenset(self.piece_squares(Colour.WHITE)),
                black=frozenset(self.piece_squares(Colour.BLACK)),
                kings=frozenset(i + 1 for i in iter_bits(self._kings)),
            ),
            self.square_name,
        )

    def piece_at(self, square: int) -> Piece | None:
        bit = 1 << (square - 1)
        king = bool(self._kings & bit)
        if self._white & bit:
            return Piece(Colour.WHITE, king)
        if self._black & bit:
            return Piece(Colour.BLACK, king)
        return None

    def piece_squares(self, colour: Colour, *, kings: bool | None = None) -> list[int]:
        """The squares of ``colour``'s pieces, ascending; only kings or only men if asked."""
        return [i + 1 for i in iter_bits(self._mask(colour, kings))]

    def count(self, colour: Colour, *, kings: bool | None = None) -> int:
        return self._mask(colour, kings).bit_count()

    def position_key(self) -> Hashable:
        """Identifies the position for repetition: each side's men and kings and the side
        to move (FMJD 6.1, REFERENCE.md 1.6)."""
        return (self._white, self._black, self._kings, self.turn)

    def square_name(self, square: int) -> str:
        """``"32"``, or ``"c3"`` for a variant written algebraically (REFERENCE.md 2.1)."""
        if self.notation == "algebraic":
            return self.geometry.algebraic(square)
        return str(square)

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves, each (from, to, captured set) once (REFERENCE.md 1.3)."""
        return [to_move(raw) for raw in self._legal_raw()]

    def has_legal_moves(self) -> bool:
        return self._generator.has_moves(*self._raw(), self._frozen())

    def winner_without_moves(self) -> Colour:
        """Who wins when the side to move has no legal move: the other side (REFERENCE.md
        1.5, 2.3, 3.2), or the side to move itself in a giveaway variant (4.7)."""
        return self.turn if self.giveaway else self.turn.other

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def push(self, move: Move) -> None:
        """Play ``move`` (not checked). Promotion follows the variant's rule; a capture
        given without its landing squares is completed from the legal moves."""
        if move.captures and len(move.path) != len(move.captures) + 1:
            move = next((m for m in self.legal_moves() if m == move), move)
        own, opp, kings, c = self._raw()
        start = move.from_square - 1
        king_after = bool(kings >> start & 1) or self._crowned(move.path, c)
        captured = sum(1 << (s - 1) for s in move.captures)
        raw = (start, move.to_square - 1, captured, (), king_after)
        self._states.append((self._white, self._black, self._kings, self.turn))
        own, opp, self._kings = play(own, opp, kings, raw)
        if self.turn is Colour.WHITE:
            self._white, self._black = own, opp
        else:
            self._black, self._white = own, opp
        self.turn = self.turn.other
        self.move_stack.append(move)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        self._white, self._black, self._kings, self.turn = self._states.pop()
        return self.move_stack.pop()

    def copy(self) -> Board:
        board = type(self).__new__(type(self))
        board.turn = self.turn
        board._white, board._black, board._kings = self._white, self._black, self._kings
        board.move_stack = list(self.move_stack)
        board._states = list(self._states)
        return board

    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` (REFERENCE.md 6.5, 6.6); raises
        InvalidMoveError, IllegalMoveError (with a reason code) or AmbiguousMoveError."""
        return _notation.parse_move(self, text)

    def move_text(self, move: Move) -> str:
        """``move`` in the variant's notation; the landing path only when from/to alone
        would be ambiguous (REFERENCE.md 6.5)."""
        return _notation.move_text(self, move)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    def __str__(self) -> str:
        return self.fen()

    # -- internals shared with notation and perft -----------------------------------

    def _raw(self) -> tuple[int, int, int, int]:
        """(own pieces, opponent's pieces, kings, colour index) for the side to move."""
        if self.turn is Colour.WHITE:
            return self._white, self._black, self._kings, 0
        return self._black, self._white, self._kings, 1

    def _legal_raw(self) -> list[RawMove]:
        return self._generator.legal(*self._raw(), self._frozen())

    def _frozen(self) -> int:
        """The side to move's kings that may not make a simple move now (king-move limit)."""
        if self.king_move_limit is None:
            return 0
        own, _, kings, _ = self._raw()
        return frozen_by_run(self._king_run(self.turn), own & ~kings, self.king_move_limit)

    def _king_run(self, colour: Colour) -> KingRun:
        """``colour``'s current run of simple moves by one king, from the history (a
        set-up position starts without one)."""
        run: KingRun = (-1, 0)
        for move, (_, _, kings, turn) in zip(self.move_stack, self._states, strict=True):
            if turn is colour:
                start = move.from_square - 1
                raw = (start, move.to_square - 1, _bits(move.captures), (), True)
                run = next_king_run(run, raw, bool(kings >> start & 1))
        return run

    def _mask(self, colour: Colour, kings: bool | None) -> int:
        mask = self._white if colour is Colour.WHITE else self._black
        if kings is None:
            return mask
        return mask & self._kings if kings else mask & ~self._kings

    def _crowned(self, path: tuple[int, ...], c: int) -> bool:
        """Whether a man travelling ``path`` ends the move as a king (REFERENCE.md 1.4,
        2.2, 3.2): by ending on the far row, or, where promotion in passing applies, by
        landing there at any point of a capture."""
        promotion = self._generator.promotion[c]
        if self.promote_in_passing:
            return any(promotion >> (s - 1) & 1 for s in path[1:])
        return bool(promotion >> (path[-1] - 1) & 1)


def _bits(squares: frozenset[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << (square - 1)
    return mask
