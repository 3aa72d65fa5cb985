"""The board: a position of one variant, its legal moves, and the moves played so far.

:class:`Board` holds the rules machinery shared by every variant; a variant is a
subclass that sets class attributes (geometry, directions, kings, promotion, notation,
goal) and overrides a hook or two (``_capture_precedence`` for a capture-priority rule).
Shared code never asks which variant it is.
"""

from __future__ import annotations

import inspect
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

import arbiter.fen as _fen
import arbiter.notation as _notation
from arbiter._bits import bit_indices
from arbiter._cache import class_cache, class_lru_cache
from arbiter._movegen import (
    KingRun,
    MoveGenerator,
    MoveRules,
    RawMove,
    frozen_by_run,
    next_king_run,
)
from arbiter.draws import RULES, PlyFacts, main_road
from arbiter.game import Citation, Ending, Figure
from arbiter.geometry import DIAGONALS, Colour, Direction, Geometry
from arbiter.move import Move
from arbiter.verdict import Termination

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
    #: The name in titles; by default "<Name> draughts".
    long_name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    game_type: ClassVar[int | None]
    pdn_game_type: ClassVar[str]
    geometry: ClassVar[Geometry]
    first_player: ClassVar[Colour] = Colour.WHITE
    starting_fen: ClassVar[str]
    capture_separator: ClassVar[str] = "x"
    notation: ClassVar[str] = "numeric"
    result_format: ClassVar[str] = "default"
    #: Codes of the variant's draw rules (:data:`arbiter.draws.RULES`).
    draw_rules: ClassVar[tuple[str, ...]] = ()
    #: Where the variant's rules of play and of the end of the game are written (each
    #: variant cites its own).
    rules_of_play: ClassVar[Citation]
    end_of_game: ClassVar[Citation]
    #: the game ends on the board only when the side to move has no legal move (see
    #: :meth:`ending`)
    ends_without_moves_only: ClassVar[bool] = True

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
    #: (Frisian, docs/rules/frisian.md); ``None``: no limit.
    king_move_limit: ClassVar[int | None] = None
    #: The aim: ``False`` = the side left without a legal move loses
    #: (docs/rules/international.md §5.1, russian.md §3, english.md §2.5); ``True`` = it wins
    #: (antidraughts, giveaway: docs/rules/antidraughts.md §2).
    giveaway: ClassVar[bool] = False

    _generator: ClassVar[MoveGenerator]
    #: The main road's squares when a draw rule of the variant watches it (draughts-64
    #: 7.2.7), else empty.
    _main_road: ClassVar[frozenset[int]] = frozenset()
    # what is worked out about the position (see _forget)
    _legal: list[RawMove] | None
    _capturers: int | None
    _given: tuple[Sequence[Move], Sequence[RawMove]]
    #: The main road as a mask, and its occupied squares by the mask of the occupied
    #: ones (a road has at most a dozen squares: each set is built once).
    _road_mask: ClassVar[int] = 0
    _road_squares: ClassVar[dict[int, frozenset[int]]] = {}
    #: Whether :meth:`play_quiet` plays runs of plies at once: the variant reads, plays and
    #: judges a move with Board's own methods, and its men capture along the four
    #: diagonals (MoveGenerator.diagonal).
    quiet_runs: ClassVar[bool] = False
    #: A simple move's text (``32-28``) by the key of its two squares' bit indices
    #: (``origin << 8 | to``), -1 for a text that is not two squares (:meth:`play_quiet`).
    _plain_keys: ClassVar[dict[str, int]] = {}
    #: Each colour's men's steps for :meth:`play_quiet`, by key: the raw move, the public
    #: one, the bits of its two squares and both bits at once.
    _quiet_steps: ClassVar[tuple[dict[int, _QuietStep], ...]] = ({}, {})

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "long_name" not in cls.__dict__ and "name" in cls.__dict__:
            cls.long_name = f"{cls.name.capitalize()} draughts"
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
            # The classmethod found on cls, or Board's own: does a variant set priorities?
            hook = inspect.getattr_static(cls, "_capture_precedence")
            overridden = hook is not vars(Board)["_capture_precedence"]
            select = cls._select_captures if overridden else None
            cls._generator = MoveGenerator(cls.geometry, rules, select)
            if any(RULES[code].uses_main_road for code in cls.draw_rules):
                cls._main_road = main_road(cls.geometry)
            cls._road_mask = cls._generator.layout.mask(cls._main_road)
            cls._road_squares = {}
            cls._plain_keys = {}
            cls._quiet_steps = tuple(_quiet_steps(cls._generator, c) for c in (0, 1))
            cls.quiet_runs = cls._generator.diagonal is not None and all(
                getattr(cls, name) is getattr(Board, name) for name in _QUIET_RUN_METHODS
            )

    @classmethod
    def _capture_precedence(cls, move: RawMove, kings: int) -> tuple[object, ...]:
        """The capture-priority hook: a key, greater is stronger; only the captures with
        the greatest key may be played (dctl's ``precedence``). ``kings`` is the kings
        mask before the move. Default: free choice among all of them (docs/rules/russian.md
        §2.3, english.md §2.3).

        The key may depend on what the capture takes (how many pieces, which are kings,
        in which order) and on whether a king makes it, not on where it happens: counting
        in bulk (perft) relies on two single captures of a man by a man being equal.
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
        """Set up the position of a PDN FEN (docs/rules/pdn.md §4) and clear the history."""
        self.turn, self._white, self._black, self._kings = _read_fen(type(self), fen)
        self.move_stack: list[Move] = []
        self._states: list[tuple[int, int, int, Colour]] = []
        self._forget()

    def fen(self) -> str:
        """The position as a PDN FEN, writer form: no spaces, no trailing dot."""
        man, king = _fen_names(type(self))
        kings = self._kings

        def pieces(mask: int) -> list[str]:
            return [king[i] if kings >> i & 1 else man[i] for i in bit_indices(mask)]

        return _fen.fen_text(self.turn, pieces(self._white), pieces(self._black))

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square``; None on an empty square or a number off the board."""
        bits = self._generator.layout.bit
        if not 0 < square < len(bits):
            return None
        bit = bits[square]
        king = bool(self._kings & bit)
        if self._white & bit:
            return _WHITE_PIECES[king]
        if self._black & bit:
            return _BLACK_PIECES[king]
        return None

    def piece_squares(self, colour: Colour, *, kings: bool | None = None) -> list[int]:
        """The squares of ``colour``'s pieces, ascending; only kings or only men if asked."""
        return self._generator.layout.squares(self._mask(colour, kings))

    def count(self, colour: Colour, *, kings: bool | None = None) -> int:
        return self._mask(colour, kings).bit_count()

    def material(self) -> tuple[int, int, int, int]:
        """(white men, white kings, black men, black kings), counted at once."""
        white, black, kings = self._white, self._black, self._kings
        return (
            (white & ~kings).bit_count(),
            (white & kings).bit_count(),
            (black & ~kings).bit_count(),
            (black & kings).bit_count(),
        )

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        """Each occupied square with its piece, for diagrams."""
        return {
            square: (_FIGURES[colour, square in kings],)
            for colour in Colour
            for kings in (set(self.piece_squares(colour, kings=True)),)
            for square in self.piece_squares(colour)
        }

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        """Draughts has no drops: nothing is ever in hand."""
        return ()

    def occupied(self, squares: Iterable[int]) -> frozenset[int]:
        """The squares among ``squares`` that hold a piece."""
        bit = self._generator.layout.bit
        pieces = self._white | self._black
        return frozenset(square for square in squares if pieces & bit[square])

    def position_key(self) -> Hashable:
        """Identifies the position for repetition: each side's men and kings and the side
        to move (FMJD 6.1, docs/rules/international.md §6.1)."""
        # ``turn is BLACK``, a bool, is cheaper to hash than the member itself
        return (self._white, self._black, self._kings, self.turn is Colour.BLACK)

    def square_name(self, square: int) -> str:
        """``"32"``, or ``"c3"`` for a variant written algebraically (docs/rules/russian.md §1)."""
        if self.notation == "algebraic":
            return self.geometry.algebraic(square)
        return str(square)

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves, each (from, to, captured set) once (docs/rules/international.md
        §3.7)."""
        if self._legal is None:
            if self.turn is _WHITE:  # self._raw(), inlined on this hot path
                own, opp, kings, c = self._white, self._black, self._kings, 0
            else:
                own, opp, kings, c = self._black, self._white, self._kings, 1
            generator = self._generator
            capturers = self._capturers
            if capturers is None:
                capturers = self._capturers = generator.capturers(own, opp, kings, c)
            if not capturers:  # simple moves, raw and public
                frozen = 0 if self.king_move_limit is None else self._frozen()
                self._legal, moves = generator.simple_lists(own, opp, kings, c, frozen)
                return moves
        raws = self._legal_raw()
        moves = self._generator.moves(raws)
        self._given = (tuple(moves), raws)
        return moves

    def has_legal_moves(self) -> bool:
        if self._legal is not None:
            return bool(self._legal)
        if self.turn is Colour.WHITE:  # self._raw(), inlined on this hot path
            own, opp, kings, c = self._white, self._black, self._kings, 0
        else:
            own, opp, kings, c = self._black, self._white, self._kings, 1
        generator = self._generator
        if self._capturers is None:
            self._capturers = generator.capturers(own, opp, kings, c)
        if self._capturers:
            return True
        frozen = 0 if self.king_move_limit is None else self._frozen()
        return generator.has_simple(own, opp, kings, c, frozen)

    def winner_without_moves(self) -> Colour:
        """Who wins when the side to move has no legal move: the other side
        (docs/rules/international.md §5.1, russian.md §3, english.md §2.5), or the side to
        move itself in a giveaway variant (docs/rules/antidraughts.md §2)."""
        return self.turn if self.giveaway else self.turn.other

    def ending(self) -> Ending | None:
        """The game is over when the side to move has no legal move
        (docs/rules/international.md §5.1, russian.md §3, english.md §2.5; antidraughts.md
        §2 for the giveaway variants, where that side wins)."""
        if self.has_legal_moves():
            return None
        stuck = self.turn.name.lower()
        return Ending(
            Termination.NO_LEGAL_MOVE, self.winner_without_moves(), f"{stuck} has no legal move"
        )

    def start_facts(self, ply: int) -> PlyFacts:
        """The draw-rule facts of this position taken as a start: counts begin here."""
        return self._facts(ply, self.turn.other, False, 0, 0, False, True)

    def push_facts(self, move: Move, ply: int) -> PlyFacts:
        """Play ``move`` (known legal) and return the draw-rule facts of the ply: what
        :meth:`PlyFacts.of_move` finds square by square, read here from the bits."""
        mover, kings = self.turn, self._kings
        white = mover is _WHITE
        opponent = self._black if white else self._white
        self.push(move)
        bit = self._generator.layout.bit
        start, end = bit[move.from_square], bit[move.to_square]
        captured = opponent & ~(self._black if white else self._white)
        man_moved = not kings & start
        promoted = man_moved and self._kings & end > 0
        taken_kings = (captured & kings).bit_count()
        return self._facts(
            ply, mover, man_moved, captured.bit_count(), taken_kings, promoted, False
        )

    def push_facts_unless_quiet(self, move: Move, ply: int) -> PlyFacts | None:
        """Play ``move`` (known legal) and return the facts of the ply, or None when the
        ply is quiet (:attr:`PlyFacts.quiet`): the replay asks this while every draw rule
        rests (:attr:`arbiter.draws.DrawRule.rests_after_quiet_ply`). With no king on the
        board before the ply, it moved a man, and it is quiet unless it crowned one: the
        facts are then built only for a crowning."""
        if self._kings:
            facts = self.push_facts(move, ply)
            return None if facts.quiet else facts
        mover = self.turn
        white = mover is _WHITE
        opponent = self._black if white else self._white
        self.push(move)
        if not self._kings:
            return None
        captured = opponent & ~(self._black if white else self._white)
        return self._facts(ply, mover, True, captured.bit_count(), 0, True, False)

    def _facts(
        self,
        ply: int,
        mover: Colour,
        man_moved: bool,
        captures: int,
        captured_kings: int,
        promoted: bool,
        start: bool,
    ) -> PlyFacts:
        """The facts of the ply ``ply`` that led to this position (see :class:`PlyFacts`):
        the material, the lone king and the main road read from the bits."""
        white, black, kings = self._white, self._black, self._kings
        if kings:
            white_kings, black_kings = (white & kings).bit_count(), (black & kings).bit_count()
        else:
            white_kings = black_kings = 0
        white_men, black_men = white.bit_count() - white_kings, black.bit_count() - black_kings
        lone = None
        road = _NO_SQUARES
        if white_kings == 1 and not white_men:
            lone = self._generator.layout.square[white.bit_length() - 1]
        elif black_kings == 1 and not black_men:
            lone = self._generator.layout.square[black.bit_length() - 1]
        if lone is not None and self._road_mask:  # the road matters only to a lone king
            on_road = self._road_mask & (white | black)
            road = self._road_squares.get(on_road, road)
            if on_road and not road:
                road = self._road_squares[on_road] = self.occupied(self._main_road)
        return PlyFacts(
            ply,
            mover,
            man_moved,
            captures,
            captured_kings,
            promoted,
            (white, black, kings, self.turn is Colour.BLACK),  # position_key(), inlined
            white_men,
            white_kings,
            black_men,
            black_kings,
            lone,
            road,
            start,
        )

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def push(self, move: Move) -> None:
        """Play ``move`` (not checked). Promotion follows the variant's rule; a capture
        given without its landing squares is completed from the legal moves."""
        white, black, kings, turn = self._white, self._black, self._kings, self.turn
        black_moves = turn is _BLACK
        if move.captures:
            raw = self._raw_move(move)
        else:  # the table's raw move, crowning included
            generator = self._generator
            index = generator.layout.index
            start = index[move.from_square]
            if kings >> start & 1:
                steps = generator._king_steps
            else:
                steps = generator._man_steps[black_moves]
            raw = steps.get(start << 8 | index[move.to_square]) or self._raw_move(move)
        self._states.append((white, black, kings, turn))
        # play(), inlined on this hot path (perft and replay loops run it on every ply)
        origin, to, captured, _, king_after = raw
        moved = 1 << origin ^ 1 << to  # a capture may end where it began: then no change
        kings &= ~(1 << origin | captured)
        if king_after:
            kings |= 1 << to
        if black_moves:
            self._black, self._white, self.turn = black ^ moved, white & ~captured, _WHITE
        else:
            self._white, self._black, self.turn = white ^ moved, black & ~captured, _BLACK
        self._kings = kings
        self.move_stack.append(move)
        self._legal = self._capturers = None  # _forget(), inlined
        self._given = _NOTHING_GIVEN

    def play_quiet(
        self,
        items: Sequence[object],
        at: int,
        written: type,
        first: Colour,
        number: int,
        last: Colour | None,
    ) -> tuple[int, int, Colour | None, int]:
        """Play the moves of ``items`` from index ``at`` on as long as each is a quiet ply
        the replay would play without a word to say: a ``written`` move (PdnMove, not
        unknown) of two squares that ``parse_move`` reads at once (:meth:`_read_plain`), by
        a man that is not crowned, in a position with no king: a simple move or a capture
        (:meth:`push_facts_unless_quiet` would answer None), numbered as the replay numbers
        it (``number`` and ``last``, the last ply's number and mover; ``first``, the first
        player). Returns where it stopped, the number and mover of the last ply played and
        how many were played: the replay's loop, for the plies of the opening and the middle
        game, without its calls per ply (only when :attr:`quiet_runs`). The same moves as
        ``parse_move`` then ``push`` (tests/arbiter/test_fast_paths.py)."""
        if self._kings:
            return at, number, last, 0
        generator = self._generator
        p, q = generator.diagonal or (0, 0)
        full, quiet_steps = generator.full, self._quiet_steps
        keys = self._plain_keys
        white, black, turn = self._white, self._black, self.turn
        states, stack = self._states, self.move_stack
        start, count = at, len(items)
        jumpers = None  # the capturers of the position it stopped at, when it found them
        while at < count:
            item = items[at]
            if type(item) is not written or item.unknown:  # type: ignore[attr-defined]
                break
            text = item.text  # type: ignore[attr-defined]
            key = keys.get(text)
            if key is None:
                ends = _notation.plain_ends(type(self), text)
                key = -1 if ends is None else ends[0] << 8 | ends[1]
                if len(keys) < _PLAIN_KEYS:
                    keys[text] = key
            if key < 0:
                break
            if turn is _WHITE:
                own, opp, c = white, black, 0
            else:
                own, opp, c = black, white, 1
            empty = full & ~(own | opp)
            # MoveGenerator.capturers for men on the four diagonals, inlined
            jumpers = own & (
                (empty >> p & opp) >> p
                | (empty >> q & opp) >> q
                | (empty << p & opp) << p
                | (empty << q & opp) << q
            )
            if jumpers:  # _read_plain's capture, from the legal captures
                origin, to = key >> 8, key & 255
                raws = [
                    raw
                    for raw in generator.captures(own, opp, 0, c, jumpers)
                    if raw[0] == origin and raw[1] == to
                ]
                if len(raws) > 1:
                    raws = [raw for raw in raws if len(generator.move(raw).path) == 2]
                if len(raws) != 1:
                    break
                raw = raws[0]
                move = generator.move(raw)
            else:
                step = quiet_steps[c].get(key)
                if step is None:
                    break
                step_raw, step_move, start_bit, end_bit, both = step
                if not own & start_bit or not empty & end_bit:
                    break
                if step_raw[4]:
                    break  # a man crowned: the draw rules look at the ply
                expected = (
                    number + 1 if not number or (turn is first and last is not first) else number
                )
                if item.number is not None and item.number != expected:  # type: ignore[attr-defined]
                    break
                number, last = expected, turn
                states.append((white, black, 0, turn))
                stack.append(step_move)
                if c:
                    black, turn = black ^ both, _WHITE
                else:
                    white, turn = white ^ both, _BLACK
                jumpers = None
                at += 1
                continue
            if raw[4]:
                break  # a man crowned: the draw rules look at the ply
            # the replay's numbering: a new turn of the first player opens a new number
            expected = number + 1 if not number or (turn is first and last is not first) else number
            if item.number is not None and item.number != expected:  # type: ignore[attr-defined]
                break
            number, last = expected, turn
            states.append((white, black, 0, turn))
            stack.append(move)
            moved = 1 << raw[0] ^ 1 << raw[1]  # a capture may end where it began
            if c:
                black, white, turn = black ^ moved, white & ~raw[2], _WHITE
            else:
                white, black, turn = white ^ moved, black & ~raw[2], _BLACK
            jumpers = None
            at += 1
        if at > start:
            self._white, self._black, self.turn = white, black, turn
            self._legal = None  # _forget(), inlined, with the capturers found
            self._given = _NOTHING_GIVEN
            self._capturers = jumpers
        elif jumpers is not None:
            self._capturers = jumpers
        return at, number, last, at - start

    def _raw_move(self, move: Move) -> RawMove:
        """The raw move of ``move``: the one it was made from if this position handed it
        out, else worked out from its squares (a capture given without its landing squares
        is completed from the legal moves)."""
        given, raws = self._given
        for i, public in enumerate(given):
            if public is move:
                return raws[i]
        captures = move.captures
        if captures and len(move.path) != len(captures) + 1:
            move = next((m for m in self.legal_moves() if m == move), move)
        layout = self._generator.layout
        start = layout.index[move.from_square]
        black_moves = self.turn is Colour.BLACK
        king_after = bool(self._kings >> start & 1) or self._crowned(move.path, black_moves)
        captured = layout.mask(captures) if captures else 0
        return (start, layout.index[move.to_square], captured, (), king_after)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        self._white, self._black, self._kings, self.turn = self._states.pop()
        self._legal = self._capturers = None  # _forget(), inlined
        self._given = _NOTHING_GIVEN
        return self.move_stack.pop()

    def copy(self) -> Self:
        board = type(self).__new__(type(self))
        board.turn = self.turn
        board._white, board._black, board._kings = self._white, self._black, self._kings
        board.move_stack = list(self.move_stack)
        board._states = list(self._states)
        board._legal, board._capturers = self._legal, self._capturers
        board._given = self._given
        return board

    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` (docs/rules/pdn.md §5, §6); raises
        InvalidMoveError, IllegalMoveError (with a reason code) or AmbiguousMoveError."""
        move = self._read_plain(text)
        return move if move is not None else _notation.parse_move(self, text)

    def _read_plain(self, text: str) -> Move | None:
        """The move of the commonest text, two square names joined by one separator
        (``32-28``, ``28x19``, ``c3-d4``, ``e3:c5``), when exactly one legal move joins
        them (docs/rules/pdn.md §5.3: from and to alone name it); None sends the text to the
        general reader, which accepts, explains or reports it as ambiguous. The same
        answer as the general reader (tests/arbiter/test_fast_paths.py): a simple move is
        checked on its own when no capture is possible, no other move is generated. A
        capture is handed out with its raw move, for ``push`` to play it as it is."""
        ends = _notation.plain_ends(type(self), text)
        if ends is None:
            return None
        origin, to = ends
        generator = self._generator
        if self.turn is _WHITE:  # self._raw(), inlined on this hot path
            own, opp, kings, c = self._white, self._black, self._kings, 0
        else:
            own, opp, kings, c = self._black, self._white, self._kings, 1
        capturers = self._capturers
        if capturers is None:  # self._jumpers(), inlined
            capturers = self._capturers = generator.capturers(own, opp, kings, c)
        if self._legal is None and not capturers:
            frozen = 0 if self.king_move_limit is None else self._frozen()
            if generator.simple_move(own, opp, kings, c, frozen, origin, to) is None:
                return None
            return generator._moves[origin << 8 | to]
        raws = [raw for raw in self._legal_raw() if raw[0] == origin and raw[1] == to]
        if len(raws) > 1:
            # two squares that are one capture's whole landing path name that capture,
            # even where a longer capture also runs between them (docs/rules/pdn.md §5.3)
            raws = [raw for raw in raws if len(generator.move(raw).path) == 2]
        if len(raws) != 1:
            return None
        move = generator.move(raws[0])
        self._given = ((move,), raws)
        return move

    def move_text(self, move: Move) -> str:
        """``move`` in the variant's notation; the landing path only when from/to alone
        would be ambiguous (docs/rules/pdn.md §5.3)."""
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

    def _forget(self) -> None:
        """Drop what was worked out about the position (it changed)."""
        #: the legal moves, once asked for
        self._legal = None
        #: the side to move's pieces that can capture, once asked for
        self._capturers = None
        #: moves handed out in this position (by ``parse_move``, and the captures of
        #: ``legal_moves``) and their raw moves, for ``push`` to play a capture as it is
        self._given = _NOTHING_GIVEN

    def _jumpers(self) -> int:
        """The mask of the side to move's pieces that have a capture."""
        if self._capturers is None:
            self._capturers = self._generator.capturers(*self._raw())
        return self._capturers

    def _legal_raw(self) -> list[RawMove]:
        """The legal moves as raw moves, worked out once per position (do not modify)."""
        if self._legal is None:
            generator = self._generator
            own, opp, kings, c = self._raw()
            jumpers = self._jumpers()
            if jumpers:
                self._legal = generator.captures(own, opp, kings, c, jumpers)
            else:
                self._legal = generator.simple_moves(own, opp, kings, c, self._frozen())
        return self._legal

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
        layout = self._generator.layout
        for move, (_, _, kings, turn) in zip(self.move_stack, self._states, strict=True):
            if turn is colour:
                start = layout.index[move.from_square]
                raw = (start, layout.index[move.to_square], layout.mask(move.captures), (), True)
                run = next_king_run(run, raw, bool(kings >> start & 1))
        return run

    def _mask(self, colour: Colour, kings: bool | None) -> int:
        mask = self._white if colour is Colour.WHITE else self._black
        if kings is None:
            return mask
        return mask & self._kings if kings else mask & ~self._kings

    def _crowned(self, path: tuple[int, ...], c: int) -> bool:
        """Whether a man travelling ``path`` ends the move as a king
        (docs/rules/international.md §4.1, russian.md §2.5, english.md §2.4): by ending on
        the far row, or, where promotion in passing applies, by
        landing there at any point of a capture."""
        generator = self._generator
        promotion, bit = generator.promotion[c], generator.layout.bit
        if self.promote_in_passing:
            return any(promotion & bit[s] for s in path[1:])
        return bool(promotion & bit[path[-1]])


@class_cache
def _fen_names(board_type: type[Board]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How a FEN writes a man and a king on each square, by bit index (``square_name``,
    after ``K`` for a king)."""
    board = board_type.__new__(board_type)
    square = board_type._generator.layout.square
    men = tuple(board.square_name(n) if n else "" for n in square)
    return men, tuple(f"K{name}" for name in men)


@class_lru_cache(maxsize=1024)
def _read_fen(board_type: type[Board], fen: str) -> tuple[Colour, int, int, int]:
    """The side to move and the masks of White's pieces, Black's and the kings of a FEN
    (``set_fen``; read once per text: every replay starts from the same few)."""
    position = _fen.parse_fen(fen, board_type.geometry)
    layout = board_type._generator.layout
    return (
        position.turn,
        layout.mask(position.white),
        layout.mask(position.black),
        layout.mask(position.kings),
    )


#: The methods a variant keeps as Board's for :meth:`Board.play_quiet` to stand for them.
_QUIET_RUN_METHODS = (
    "push",
    "parse_move",
    "_read_plain",
    "push_facts",
    "push_facts_unless_quiet",
    "ending",
    "has_legal_moves",
)
#: A man's step as :meth:`Board.play_quiet` plays it (see ``Board._quiet_steps``).
_QuietStep = tuple[RawMove, Move, int, int, int]


def _quiet_steps(generator: MoveGenerator, c: int) -> dict[int, _QuietStep]:
    """Colour ``c``'s men's steps as :meth:`Board.play_quiet` plays them, by key."""
    steps = {}
    for key, raw in generator._man_steps[c].items():
        start, end = 1 << raw[0], 1 << raw[1]
        steps[key] = (raw, generator._moves[key], start, end, start | end)
    return steps


#: The most move texts kept in a variant's ``_plain_keys``.
_PLAIN_KEYS = 16384
_NO_SQUARES: frozenset[int] = frozenset()
_WHITE, _BLACK = Colour.WHITE, Colour.BLACK
_NOTHING_GIVEN: tuple[Sequence[Move], Sequence[RawMove]] = ((), ())
#: The four pieces, a man and a king of each colour (``piece_at`` builds none).
_WHITE_PIECES = (Piece(Colour.WHITE, False), Piece(Colour.WHITE, True))
_BLACK_PIECES = (Piece(Colour.BLACK, False), Piece(Colour.BLACK, True))
_FIGURES = {
    (colour, king): Figure(colour, "king" if king else "man")
    for colour in Colour
    for king in (False, True)
}
