"""Dragonfly FEN: chess FEN for a 7x7 board with the pieces in hand in brackets, as
crazyhouse FEN writes them (https://en.wikipedia.org/wiki/Crazyhouse, "FEN"; lichess and
Fairy-Stockfish read the same form)::

    rbbknnr/ppppppp/7/7/7/PPPPPPP/RBBKNNR[] w KQkq

Fields: the seven ranks from the 7th to the 1st (``K R B N P``, lower case for Black,
digits for empty squares), the hands in brackets (White's upper case, Black's lower case,
one letter per piece: ``[RNb]``; the brackets may be left out when both hands are
empty), the side to move (``w``/``b``), the castling rights (``K``: White's castling
with the g1 rook, ``O-O``; ``Q``: with the a1 rook, ``O-O-O``; ``k``/``q`` Black's; ``-``
for none). An en passant field ``-`` and the two move counters of chess FEN may follow:
they are read and ignored (Dragonfly has no en passant, and no rule counts moves).
"""

from __future__ import annotations

import re

from arbiter.errors import FenError
from arbiter.games.dragonfly.position import (
    CASTLINGS,
    HAND_KINDS,
    KING_FILE,
    PIECES,
    RIGHTS_ORDER,
    SIZE,
    Position,
    back_rank,
    square_name,
    square_of,
)
from arbiter.geometry import Colour
from arbiter.numerals import read_number

START = "rbbknnr/ppppppp/7/7/7/PPPPPPP/RBBKNNR[] w KQkq"

_LETTERS = {piece.letter: piece for piece in PIECES.values()}
_HAND = re.compile(r"\[([^\]]*)\]")


def parse_fen(text: str) -> Position:
    """The position written ``text``; FenError names the column and what was expected.

    >>> parse_fen(START).hands[Colour.WHITE]
    {'R': 0, 'B': 0, 'N': 0}
    """
    return _Reader(text).read()


def format_fen(position: Position) -> str:
    """The FEN of ``position`` (the canonical form: brackets always, no counters)."""
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        row, empty = "", 0
        for file in range(SIZE):
            piece = position.squares[square_of(file, rank)]
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece.letter
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    hands = "".join(
        (kind if colour is Colour.WHITE else kind.lower()) * position.hands[colour][kind]
        for colour in Colour
        for kind in HAND_KINDS
    )
    turn = "w" if position.turn is Colour.WHITE else "b"
    return f"{'/'.join(ranks)}[{hands}] {turn} {position.rights or '-'}"


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.position = Position()

    def fail(self, column: int, expected: str, found: str) -> FenError:
        return FenError(
            f"FEN {self.text!r}, column {column + 1}: expected {expected}, found {found!r}"
        )

    def read(self) -> Position:
        text = self.text
        stripped = text.strip()
        offset = len(text) - len(text.lstrip())
        fields = stripped.split()
        if len(fields) < 3:
            raise self.fail(
                len(text),
                "placement, side to move and castling rights separated by blanks",
                stripped,
            )
        board = fields[0]
        hand = _HAND.search(board)
        if hand is not None:
            if hand.end() != len(board):
                raise self.fail(offset + hand.end(), "a blank after the hands", board[hand.end() :])
            self._hands(hand[1], offset + hand.start() + 1)
            board = board[: hand.start()]
        self._placement(board, offset)
        column = offset + len(fields[0]) + 1
        if fields[1] not in ("w", "b"):
            raise self.fail(column, "the side to move, 'w' or 'b'", fields[1])
        self.position.turn = Colour.WHITE if fields[1] == "w" else Colour.BLACK
        column += len(fields[1]) + 1
        self._rights(fields[2], column)
        column += len(fields[2]) + 1
        rest = fields[3:]
        if rest and rest[0] == "-":
            rest = rest[1:]
            column += 2
        if len(rest) > 2 or not all(read_number(item) is not None for item in rest):
            found = " ".join(rest)
            raise self.fail(column, "nothing, or '-' and the two move counters", found)
        self._check()
        return self.position

    def _placement(self, board: str, offset: int) -> None:
        rows = board.split("/")
        if len(rows) != SIZE:
            raise self.fail(offset, f"{SIZE} ranks separated by '/'", board)
        column = offset
        for index, row in enumerate(rows):
            rank = SIZE - 1 - index
            file = 0
            for char in row:
                empty = read_number(char)
                if empty is not None and 1 <= empty <= SIZE - file:
                    file += empty
                elif char in _LETTERS and file < SIZE:
                    self.position.squares[square_of(file, rank)] = _LETTERS[char]
                    file += 1
                else:
                    expected = "a piece letter (KRBNP, krbnp) or a count of empty squares "
                    expected += f"(1-{SIZE - file}) on rank {rank + 1}"
                    raise self.fail(column, expected, char)
                column += 1
            if file != SIZE:
                raise self.fail(column, f"{SIZE - file} more square(s) on rank {rank + 1}", "/")
            column += 1

    def _hands(self, letters: str, column: int) -> None:
        for char in letters:
            if char.upper() not in HAND_KINDS:
                raise self.fail(column, "a piece in hand, R B N or r b n (no pawn, no king)", char)
            colour = Colour.WHITE if char.isupper() else Colour.BLACK
            self.position.hands[colour][char.upper()] += 1
            column += 1

    def _rights(self, rights: str, column: int) -> None:
        if rights == "-":
            return
        for char in rights:
            if char not in RIGHTS_ORDER or char in rights[: rights.index(char)]:
                raise self.fail(column, "castling rights from K, Q, k, q, or '-'", char)
            colour = Colour.WHITE if char.isupper() else Colour.BLACK
            home = back_rank(colour) * SIZE
            castling = next(c for c in CASTLINGS if c.right_of(colour) == char)
            squares = self.position.squares
            king, rook = home + KING_FILE, home + castling.rook_from
            if squares[king] is not PIECES[colour, "K"] or squares[rook] is not PIECES[colour, "R"]:
                raise self.fail(
                    column,
                    f"castling right {char!r} only with the king on {square_name(king)} "
                    f"and a rook on {square_name(rook)}",
                    char,
                )
            column += 1
        self.position.rights = "".join(r for r in RIGHTS_ORDER if r in rights)

    def _check(self) -> None:
        """A position the rules can reach: one king each, no pawn on the first or last
        rank, the side that has just moved not in check."""
        squares, position = self.position.squares, self.position
        for colour in Colour:
            kings = squares.count(PIECES[colour, "K"])
            if kings != 1:
                name = colour.name.lower()
                raise FenError(f"FEN {self.text!r}: {name} has {kings} kings, expected 1")
        for square, piece in enumerate(squares):
            if piece is not None and piece.kind == "P" and square // SIZE in (0, SIZE - 1):
                raise FenError(
                    f"FEN {self.text!r}: a pawn on {square_name(square)}, "
                    "expected none on the first or last rank"
                )
        if position.in_check(position.turn.other):
            waiting = position.turn.other.name.lower()
            raise FenError(f"FEN {self.text!r}: {waiting} is in check but it is not to move")
