"""A Dragonfly position: the 7x7 board, the pieces in hand, the castling rights, the side
to move, and playing a move forward and back.

Rules (sources, cited where they are applied):

- the inventor's rules page, Christian Freeling, https://www.mindsports.nl/index.php/arena/dragonfly/21-dragonfly-rules
  (Mindsports), of which the seed text
  ("Règle du jeu Libellule") is a French translation;
- https://en.wikipedia.org/wiki/Dragonfly_(chess_variant) (Pritchard 1994, Wood 1994)
  and https://de.wikipedia.org/wiki/Dragonfly_Chess for the set-up, which the rules page
  gives only as a diagram.

Squares are indexed 0..48 from a1 (``rank * 7 + file``); the diagrams' square numbers
(:attr:`arbiter.geometry.Geometry.full`) are converted at the edge, in the board class.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.geometry import FILES, Colour

SIZE = 7
#: The pieces that can be held in hand: a captured rook, bishop or knight "becomes the
#: captor's property and he may re-enter it"; "pawns, if captured, are out of the game"
#: (Mindsports; seed: "Les pions, s'ils sont capturés, sont hors jeu").
HAND_KINDS = ("R", "B", "N")
KIND_NAMES = {"K": "king", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}

_ROOK_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
_BISHOP_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def square_of(file: int, rank: int) -> int:
    return rank * SIZE + file


def square_name(square: int) -> str:
    """``a1`` .. ``g7``."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def parse_square(text: str) -> int | None:
    """The index of a square written ``a1`` .. ``g7``, None if it is not one."""
    if len(text) != 2 or text[0] not in FILES[:SIZE] or text[1] not in "1234567"[:SIZE]:
        return None
    return square_of(FILES.index(text[0]), int(text[1]) - 1)


def _walk(square: int, step: tuple[int, int]) -> tuple[int, ...]:
    file, rank = square % SIZE, square // SIZE
    found: list[int] = []
    while True:
        file, rank = file + step[0], rank + step[1]
        if not (0 <= file < SIZE and 0 <= rank < SIZE):
            return tuple(found)
        found.append(square_of(file, rank))


def _leaps(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(ray[0] for step in steps if (ray := _walk(square, step))) for square in range(SIZE**2)
    )


#: Squares a slider meets in each direction, nearest first, per square.
ROOK_RAYS = tuple(tuple(_walk(s, step) for step in _ROOK_STEPS) for s in range(SIZE**2))
BISHOP_RAYS = tuple(tuple(_walk(s, step) for step in _BISHOP_STEPS) for s in range(SIZE**2))
KNIGHT_LEAPS = _leaps(_KNIGHT_STEPS)
KING_LEAPS = _leaps(_ROOK_STEPS + _BISHOP_STEPS)


@dataclass(frozen=True, slots=True)
class Piece:
    colour: Colour
    kind: str  # K R B N P

    @property
    def letter(self) -> str:
        """The FEN letter: upper case for White."""
        return self.kind if self.colour is Colour.WHITE else self.kind.lower()


PIECES = {(colour, kind): Piece(colour, kind) for colour in Colour for kind in KIND_NAMES}


def diagram_number(square: int) -> int:
    """The number :meth:`arbiter.geometry.Geometry.full` gives the square (1 = a7, 49 = g1)."""
    return (SIZE - 1 - square // SIZE) * SIZE + square % SIZE + 1


@dataclass(frozen=True, slots=True)
class DragonflyMove:
    """A move: ``piece`` (K R B N P) goes from ``origin`` to ``target``, or is dropped
    from the hand on ``target`` (``origin`` None); ``promotion`` is the piece a pawn
    becomes on the last rank. Castling is the king's move of two files (d1-f1, d1-b1).
    ``capture`` (whether the target held a piece) is only for diagrams and does not take
    part in equality."""

    piece: str
    origin: int | None
    target: int
    promotion: str | None = None
    capture: bool = field(default=False, compare=False)

    @property
    def is_drop(self) -> bool:
        return self.origin is None

    @property
    def path(self) -> tuple[int, ...]:
        """The squares the piece stands on, start first, as diagrams number them."""
        if self.origin is None:
            return (diagram_number(self.target),)
        return (diagram_number(self.origin), diagram_number(self.target))

    @property
    def captures(self) -> tuple[int, ...]:
        """The square taken on, as diagrams number it (none, or the target)."""
        return (diagram_number(self.target),) if self.capture else ()

    @property
    def castling(self) -> Castling | None:
        """The castling this move is, if it is one."""
        if self.piece != "K" or self.origin is None or abs(self.target - self.origin) != 2:
            return None
        return next(c for c in CASTLINGS if c.king_to == self.target % SIZE)


@dataclass(frozen=True, slots=True)
class Castling:
    """One of the two castlings, as files on the mover's back rank: "King to f1, rook to
    e1 or king to b1, rook to c1" (Mindsports; seed: "Roi en f1, tour en e1 ou roi en b1,
    tour en c1"), from the king on d1 and the rooks in the corners."""

    text: str
    right: str  # the FEN castling letter for White (K, Q); Black's is its lower case
    king_to: int
    rook_from: int
    rook_to: int
    empty: tuple[int, ...]  # between king and rook
    passes: int  # the square the king crosses

    def right_of(self, colour: Colour) -> str:
        return self.right if colour is Colour.WHITE else self.right.lower()


KING_FILE = 3
CASTLINGS = (
    Castling("O-O", "K", king_to=5, rook_from=6, rook_to=4, empty=(4, 5), passes=4),
    Castling("O-O-O", "Q", king_to=1, rook_from=0, rook_to=2, empty=(1, 2), passes=2),
)
RIGHTS_ORDER = "KQkq"


def back_rank(colour: Colour) -> int:
    return 0 if colour is Colour.WHITE else SIZE - 1


def last_rank(colour: Colour) -> int:
    return SIZE - 1 if colour is Colour.WHITE else 0


@dataclass(frozen=True, slots=True)
class _Undo:
    move: DragonflyMove
    captured: Piece | None
    rights: str


@dataclass
class Position:
    """The mutable state of a game; :meth:`play` trusts its move (see :mod:`.movegen`)."""

    squares: list[Piece | None] = field(default_factory=lambda: [None] * SIZE**2)
    hands: dict[Colour, dict[str, int]] = field(
        default_factory=lambda: {c: dict.fromkeys(HAND_KINDS, 0) for c in Colour}
    )
    rights: str = ""
    turn: Colour = Colour.WHITE
    history: list[_Undo] = field(default_factory=list)

    def copy(self) -> Position:
        return Position(
            list(self.squares),
            {colour: dict(hand) for colour, hand in self.hands.items()},
            self.rights,
            self.turn,
            list(self.history),
        )

    def king(self, colour: Colour) -> int | None:
        king = PIECES[colour, "K"]
        return next((s for s, piece in enumerate(self.squares) if piece is king), None)

    def held(self, colour: Colour) -> tuple[str, ...]:
        """The kinds ``colour`` holds in hand, in the order R B N."""
        return tuple(kind for kind in HAND_KINDS if self.hands[colour][kind])

    def attacked(self, square: int, by: Colour) -> bool:
        """Whether a piece of ``by`` attacks ``square`` (moves as in chess: FIDE Laws of
        Chess art. 3, no queen; pawns take one square diagonally forward, art. 3.7)."""
        squares = self.squares
        knight, king = PIECES[by, "N"], PIECES[by, "K"]
        if any(squares[s] is knight for s in KNIGHT_LEAPS[square]):
            return True
        if any(squares[s] is king for s in KING_LEAPS[square]):
            return True
        for rays, slider in ((ROOK_RAYS, PIECES[by, "R"]), (BISHOP_RAYS, PIECES[by, "B"])):
            for ray in rays[square]:
                for s in ray:
                    if squares[s] is not None:
                        if squares[s] is slider:
                            return True
                        break
        # a pawn of ``by`` attacks from one rank behind ``square`` (as ``by`` moves), also
        # on the last rank where it may not move for want of a piece to promote to: FIDE
        # art. 3.9.2 (a king is in check even if the attacker is constrained from moving),
        # and Freeling's rule for the same case in his Grand Chess ("if it attacks the
        # opponent's King, it nevertheless gives check")
        rank = square // SIZE - (1 if by is Colour.WHITE else -1)
        if 0 <= rank < SIZE:
            file = square % SIZE
            pawn = PIECES[by, "P"]
            for f in (file - 1, file + 1):
                if 0 <= f < SIZE and squares[square_of(f, rank)] is pawn:
                    return True
        return False

    def in_check(self, colour: Colour) -> bool:
        king = self.king(colour)
        return king is not None and self.attacked(king, colour.other)

    def play(self, move: DragonflyMove) -> None:
        """Play ``move`` (known legal) and record how to take it back."""
        squares, mover = self.squares, self.turn
        captured = squares[move.target]
        self.history.append(_Undo(move, captured, self.rights))
        if move.origin is None:
            self.hands[mover][move.piece] -= 1
            squares[move.target] = PIECES[mover, move.piece]
        else:
            squares[move.origin] = None
            if move.promotion is not None:
                # "promoted ... to a piece the opponent has in hand": it leaves that hand
                # (Mindsports; Wikipedia: "removed from the opponent's in-hand stock")
                self.hands[mover.other][move.promotion] -= 1
                squares[move.target] = PIECES[mover, move.promotion]
            else:
                squares[move.target] = PIECES[mover, move.piece]
            castling = move.castling
            if castling is not None:
                rank = move.origin - move.origin % SIZE
                squares[rank + castling.rook_from] = None
                squares[rank + castling.rook_to] = PIECES[mover, "R"]
        if captured is not None and captured.kind != "P":
            # a captured rook, bishop or knight goes to the captor's hand in his colour
            self.hands[mover][captured.kind] += 1
        if self.rights:
            self.rights = self._rights_after(move)
        self.turn = mover.other

    def _rights_after(self, move: DragonflyMove) -> str:
        """The castling rights left: a right goes with a move of the king or of that rook
        and with the capture of that rook on its square. A rook dropped later on the
        corner does not bring it back: "it's not allowed to castle with a rook that has
        previously been re-entered" (Mindsports)."""
        lost: set[str] = set()
        for colour in Colour:
            home = back_rank(colour) * SIZE
            if move.origin == home + KING_FILE:
                lost.update(c.right_of(colour) for c in CASTLINGS)
            for castling in CASTLINGS:
                if home + castling.rook_from in (move.origin, move.target):
                    lost.add(castling.right_of(colour))
        return "".join(r for r in self.rights if r not in lost)

    def undo(self) -> DragonflyMove:
        """Take back the last move."""
        record = self.history.pop()
        move, squares = record.move, self.squares
        self.turn = mover = self.turn.other
        self.rights = record.rights
        if record.captured is not None and record.captured.kind != "P":
            self.hands[mover][record.captured.kind] -= 1
        squares[move.target] = record.captured
        if move.origin is None:
            self.hands[mover][move.piece] += 1
            return move
        squares[move.origin] = PIECES[mover, move.piece]
        if move.promotion is not None:
            self.hands[mover.other][move.promotion] += 1
        castling = move.castling
        if castling is not None:
            rank = move.origin - move.origin % SIZE
            squares[rank + castling.rook_to] = None
            squares[rank + castling.rook_from] = PIECES[mover, "R"]
        return move
