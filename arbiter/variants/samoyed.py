"""Samoyed draughts (шашки-самоеды, "self-eating"): Russian rules, and pieces of either
colour are captured.

Sources. The seed text: "Samoyèdes - les figurines sont mangées quelle que soit leur couleur
(c'est-à-dire que vous devez également battre les vôtres)" (the seed text "Règles de jeu de
dames", docs/rules/samoyed.md). The checkers wiki ("Shashki-Samoyedi", checkers.wikia.com):
"The only difference to Russian Checkers is that pieces must be captured regardless of
color. Players must leap over their own pieces if possible". The two agree: capture is
compulsory, and a capture of one's own pieces is a capture like any other (compulsory, free
choice among all captures, docs/rules/russian.md §2).

Everything else is Russian draughts (docs/rules/russian.md §2): men step one square
diagonally forward and capture forward and backward; a capture goes on while it can, with
the choice of the route; a piece is jumped at most once and taken off only when the move is
over, so a piece already jumped blocks the line (Turkish strike); kings fly, and a king
landing behind a piece must choose a square from which the capture goes on when there is
one; a man reaching the far row is crowned at once, even during a capture, which it goes on
as a king. The game is lost by the side to move that has no legal move, all its pieces taken
(by either side) or blocked (docs/rules/russian.md §3; the sources add no other ending). The
draughts-64 draw rules apply: their counts look at the material, whoever took it.

The moves are generated here on :mod:`arbiter.geometry` (rays between algebraic
squares), not by the bitboard generator, which only captures the other colour.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from typing import ClassVar

import arbiter.fen as _fen
from arbiter.board import Piece
from arbiter.draws import PlyFacts, main_road
from arbiter.errors import InvalidMoveError
from arbiter.game import Citation, Ending, Figure
from arbiter.geometry import DIAGONALS, Colour, Direction, Geometry
from arbiter.i18n import gettext_noop
from arbiter.move import Move
from arbiter.variants.russian import RussianBoard
from arbiter.verdict import Termination
from arbiter.written import ambiguous_error, capture_text, illegal_error, named_moves

__all__ = ["SamoyedBoard"]

_GEOMETRY = Geometry.checkered(8, 8)
_SEPARATORS = re.compile(r"[-x:]")
#: For every square, the ray of squares in each diagonal direction.
_RAYS: dict[tuple[int, Direction], tuple[int, ...]] = {
    (square, direction): _GEOMETRY.ray(square, direction)
    for square in range(1, _GEOMETRY.size + 1)
    for direction in DIAGONALS
}
#: A man's two forward directions: towards rank 8 for White, rank 1 for Black.
_FORWARD = {
    Colour.WHITE: tuple(d for d in DIAGONALS if d[1] == 1),
    Colour.BLACK: tuple(d for d in DIAGONALS if d[1] == -1),
}
#: The far row, where a man of each colour is crowned.
_FAR_ROW = {
    Colour.WHITE: frozenset(_GEOMETRY.rank_squares(_GEOMETRY.height - 1)),
    Colour.BLACK: frozenset(_GEOMETRY.rank_squares(0)),
}


class SamoyedBoard:
    """A samoyed position with its history (see the module docstring).

    >>> board = SamoyedBoard("W:Wc3,e3:Bh8")
    >>> sorted(board.move_text(m) for m in board.legal_moves())
    ['c3-b4', 'c3-d4', 'e3-d4', 'e3-f4']
    >>> board.push(board.parse_move("c3-d4"))
    >>> board.push(board.parse_move("h8-g7"))
    >>> sorted(board.move_text(m) for m in board.legal_moves())  # own men, compulsory
    ['d4:f2', 'e3:c5']
    """

    name: ClassVar[str] = "samoyed"
    long_name: ClassVar[str] = "Samoyed draughts"
    aliases: ClassVar[tuple[str, ...]] = ("samoyedy", "shashki-samoyedy", "self-eating")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of Samoyed draughts, moves and captures"), "docs/rules/samoyed.md §1"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of Samoyed draughts, end of the game"), "docs/rules/samoyed.md §1.3"
    )
    game_type: ClassVar[int | None] = None
    first_player: ClassVar[Colour] = Colour.WHITE
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple[str, ...]] = RussianBoard.draw_rules
    ends_without_moves_only: ClassVar[bool] = False
    geometry: ClassVar[Geometry] = _GEOMETRY
    notation: ClassVar[str] = "algebraic"
    capture_separator: ClassVar[str] = ":"
    starting_fen: ClassVar[str] = RussianBoard.starting_fen
    #: The long diagonal a1-h8, watched by draw rule 7.2.7.
    _main_road: ClassVar[frozenset[int]] = main_road(_GEOMETRY)

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(self.starting_fen if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up the position of a PDN FEN (docs/rules/pdn.md §4) and clear the history."""
        position = _fen.parse_fen(fen, self.geometry)
        self.turn = position.turn
        self._pieces: dict[int, Piece] = {
            square: Piece(colour, square in position.kings)
            for colour, squares in ((Colour.WHITE, position.white), (Colour.BLACK, position.black))
            for square in squares
        }
        self.move_stack: list[Move] = []
        self._undo: list[tuple[dict[int, Piece], Colour]] = []
        self._route_list: list[Move] | None = None

    def fen(self) -> str:
        def squares(colour: Colour, kings: bool | None = None) -> frozenset[int]:
            return frozenset(self.piece_squares(colour, kings=kings))

        position = _fen.FenPosition(
            self.turn,
            squares(Colour.WHITE),
            squares(Colour.BLACK),
            squares(Colour.WHITE, True) | squares(Colour.BLACK, True),
        )
        return _fen.format_fen(position, self.square_name)

    def position_key(self) -> Hashable:
        """The pieces and the side to move (draughts-64 7.2.3, docs/rules/russian.md §4)."""
        return (frozenset(self._pieces.items()), self.turn)

    def square_name(self, square: int) -> str:
        return self.geometry.algebraic(square)

    def piece_at(self, square: int) -> Piece | None:
        return self._pieces.get(square)

    def piece_squares(self, colour: Colour, *, kings: bool | None = None) -> list[int]:
        """The squares of ``colour``'s pieces, ascending; only kings or only men if asked."""
        return sorted(
            square
            for square, piece in self._pieces.items()
            if piece.colour is colour and (kings is None or piece.king is kings)
        )

    def material(self) -> tuple[int, int, int, int]:
        """(white men, white kings, black men, black kings)."""
        counts = {(colour, king): 0 for colour in Colour for king in (False, True)}
        for piece in self._pieces.values():
            counts[piece.colour, piece.king] += 1
        white, black = Colour.WHITE, Colour.BLACK
        return counts[white, False], counts[white, True], counts[black, False], counts[black, True]

    def occupied(self, squares: Iterable[int]) -> frozenset[int]:
        return frozenset(square for square in squares if square in self._pieces)

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        return {
            square: (Figure(piece.colour, "king" if piece.king else "man"),)
            for square, piece in self._pieces.items()
        }

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        return ()

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The captures of the side to move if it has any (compulsory), else its simple
        moves; a capture counted once per (start, end, captured set)."""
        return list(dict.fromkeys(self._routes()))

    def push(self, move: Move) -> None:
        """Play ``move`` (known legal): the captured pieces go, of whatever colour; a man
        ending on or passing over the far row is crowned (docs/rules/russian.md §2)."""
        pieces = self._pieces
        self._undo.append((dict(pieces), self.turn))
        piece = pieces.pop(move.from_square)
        for square in move.captures:
            del pieces[square]
        crowned = any(square in _FAR_ROW[piece.colour] for square in move.path[1:])
        pieces[move.to_square] = Piece(piece.colour, True) if crowned else piece
        self.turn = self.turn.other
        self.move_stack.append(move)
        self._route_list = None

    def pop(self) -> Move:
        self._pieces, self.turn = self._undo.pop()
        self._route_list = None
        return self.move_stack.pop()

    def copy(self) -> SamoyedBoard:
        board = type(self).__new__(type(self))
        board.turn = self.turn
        board._pieces = dict(self._pieces)
        board.move_stack = list(self.move_stack)
        board._undo = list(self._undo)
        board._route_list = self._route_list
        return board

    def ending(self) -> Ending | None:
        """Lost by the side to move when it has no legal move (docs/rules/russian.md §3)."""
        if self._routes():
            return None
        return Ending(
            Termination.NO_LEGAL_MOVE,
            self.turn.other,
            f"{self.turn.name.lower()} has no legal move",
        )

    def start_facts(self, ply: int) -> PlyFacts:
        return PlyFacts.of_position(self, ply, main_road=self._main_road)

    def push_facts(self, move: Move, ply: int) -> PlyFacts:
        return PlyFacts.of_move(self, move, ply, main_road=self._main_road)

    def push_facts_unless_quiet(self, move: Move, ply: int) -> PlyFacts | None:
        facts = self.push_facts(move, ply)
        return None if facts.quiet else facts

    # -- notation -------------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """``c3-d4``, ``e3:c5``; the landing squares in full (``e3:c5:e7``) only when
        another legal move joins the same two squares."""
        return capture_text(move, self.legal_moves(), self.square_name, self.capture_separator)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``: squares (algebraic or numbers) joined by
        ``-``, ``x`` or ``:``, start and end, with landing squares in between if wanted
        (:func:`arbiter.written.named_moves`)."""
        written = self._read(text)
        fits = named_moves(written, self._routes())
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise ambiguous_error(text, self.fen(), fits, self.square_name, self.capture_separator)
        legal = self.legal_moves()
        code, reason = self._explain(written, legal)
        texts = (self.move_text(m) for m in legal)
        raise illegal_error(text, self.fen(), code, reason, texts)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    # -- internals ------------------------------------------------------------------

    def _routes(self) -> list[Move]:
        """Every route of every capture of the side to move (a capture is compulsory,
        whatever the colour of the pieces it takes), else its simple moves; worked out
        once per position (do not modify)."""
        if self._route_list is None:
            own = [square for square, piece in self._pieces.items() if piece.colour is self.turn]
            captures = [route for square in own for route in self._captures(square)]
            self._route_list = captures or [m for square in own for m in self._steps(square)]
        return self._route_list

    def _read(self, text: str) -> tuple[int, ...]:
        """The squares a move text names, start first."""
        tokens = _SEPARATORS.split("".join(text.split()).lower())
        if len(tokens) < 2 or "" in tokens:
            raise InvalidMoveError(
                f"move {text!r}: expected squares joined by '-', 'x' or ':' (c3-d4, e3:c5)"
            )
        squares = []
        for token in tokens:
            square = self.geometry.parse_square(token)
            if square is None:
                raise InvalidMoveError(
                    f"move {text!r}: {token!r} is not a square of this board "
                    f"(a playable square such as c3, or 1-{self.geometry.size})"
                )
            squares.append(square)
        return tuple(squares)

    def _explain(self, written: tuple[int, ...], legal: list[Move]) -> tuple[str, str]:
        """(code, reason) for squares that name no legal move: the most specific rule."""
        start, end = written[0], written[-1]
        name = self.square_name
        piece = self._pieces.get(start)
        if piece is None:
            return "no-piece", f"there is no piece on {name(start)}"
        if piece.colour is not self.turn:
            mover, owner = self.turn.name.lower(), piece.colour.name.lower()
            return "wrong-colour", f"{name(start)} holds a {owner} piece and {mover} is to move"
        available = ", ".join(self.move_text(m) for m in legal)
        if legal and legal[0].captures:
            routes = self._captures(start)
            if any(end in route.path[1:-1] for route in routes):
                return "capture-incomplete", f"the capture must go on past {name(end)}"
            if not routes and Move(start, end) in self._steps(start):
                return (
                    "capture-compulsory",
                    f"capture is compulsory, of either colour's pieces: {available}",
                )
        if end in self._pieces and end != start:
            return "occupied", f"{name(end)} is occupied"
        return "not-reachable", f"no legal move takes the piece on {name(start)} to {name(end)}"

    def _steps(self, square: int) -> list[Move]:
        """Simple moves: a man one square forward, a king any distance, onto empty squares."""
        piece = self._pieces[square]
        moves = []
        for direction in DIAGONALS if piece.king else _FORWARD[piece.colour]:
            for target in _RAYS[square, direction]:
                if target in self._pieces:
                    break
                moves.append(Move(square, target))
                if not piece.king:
                    break
        return moves

    def _captures(self, start: int) -> list[Move]:
        """Every complete capture of the piece on ``start``, one per route: it jumps
        pieces of either colour, each once, and they stay on the board until the end."""
        piece = self._pieces[start]
        found: list[Move] = []
        self._jumps(start, piece.colour, piece.king, (start,), (), found)
        return found

    def _jumps(
        self,
        square: int,
        colour: Colour,
        king: bool,
        path: tuple[int, ...],
        taken: tuple[int, ...],
        found: list[Move],
    ) -> bool:
        """Extend the capture standing on ``square``; add every finished route to
        ``found``. True if there was a jump to make from here."""
        start = path[0]

        def empty(target: int) -> bool:
            return target == start or target not in self._pieces

        jumped = False
        for direction in DIAGONALS:
            ray = _RAYS[square, direction]
            reach = len(ray) if king else 1
            victim = next((i for i, s in enumerate(ray[:reach]) if not empty(s)), None)
            if victim is None or ray[victim] in taken:
                continue
            landings = []
            for target in ray[victim + 1 : victim + 2 if not king else None]:
                if not empty(target):
                    break
                landings.append(target)
            if not landings:
                continue
            jumped = True
            done = (*taken, ray[victim])
            going_on: list[Move] = []
            stops: list[Move] = []
            for landing in landings:
                crowned = king or landing in _FAR_ROW[colour]
                route = (*path, landing)
                if not self._jumps(landing, colour, crowned, route, done, going_on):
                    stops.append(Move(start, landing, frozenset(done), route))
            # a king must land where the capture goes on, if it can anywhere (seed 000,
            # the king's capture: "vous devez le faire")
            found.extend(going_on or stops)
        return jumped
