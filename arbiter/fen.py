"""PDN FEN: read every form met in practice, write the canonical one (docs/rules/pdn.md §4).

Reader: side to move ``W``/``B``, then ``:``-separated fields. A field starting with
``W`` or ``B`` lists that colour's pieces (either colour first, either may be empty);
items are squares, optionally prefixed ``K`` (king), numeric (leading zeros allowed)
or algebraic (``c3``), or numeric ranges ``31-50``. Blanks anywhere and a trailing
``.`` are ignored, and so are unknown fields such as lidraughts' ``:H0:F1``.

Writer: ``W:W31,32,K33:B1,2``: no spaces, no trailing dot, squares ascending, kings
marked in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from arbiter.errors import FenError
from arbiter.geometry import Colour, Geometry
from arbiter.numerals import read_number


@dataclass(frozen=True)
class FenPosition:
    """The content of a FEN: side to move and the squares of each colour's pieces."""

    turn: Colour
    white: frozenset[int]
    black: frozenset[int]
    kings: frozenset[int]


_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK}


def parse_fen(text: str, geometry: Geometry) -> FenPosition:
    """Read ``text`` for a board of ``geometry``.

    >>> from arbiter.geometry import Geometry
    >>> p = parse_fen("B:W18,K27:B12,K22.", Geometry.checkered(10, 10))
    >>> p.turn.letter, sorted(p.white), sorted(p.kings)
    ('B', [18, 27], [22, 27])
    """
    return _FenReader(text, geometry).read()


def format_fen(position: FenPosition, square_name: Callable[[int], str] = str) -> str:
    """The canonical FEN of ``position``.

    >>> format_fen(FenPosition(Colour.WHITE, frozenset({31, 32}), frozenset(), frozenset({32})))
    'W:W31,K32:B'
    """

    def pieces(squares: frozenset[int]) -> list[str]:
        return [("K" if s in position.kings else "") + square_name(s) for s in sorted(squares)]

    return fen_text(position.turn, pieces(position.white), pieces(position.black))


def fen_text(turn: Colour, white: Iterable[str], black: Iterable[str]) -> str:
    """The canonical FEN of a position given each side's pieces as written (a king's
    square after ``K``), in order of their numbers.

    >>> fen_text(Colour.BLACK, ["31", "K32"], [])
    'B:W31,K32:B'
    """
    return f"{turn.letter}:W{','.join(white)}:B{','.join(black)}"


class _FenReader:
    """One reading of one FEN text; columns in errors are 1-based in the original text."""

    def __init__(self, text: str, geometry: Geometry) -> None:
        self.text = text
        self.geometry = geometry
        kept = [(ch, col) for col, ch in enumerate(text, 1) if not ch.isspace()]
        if kept and kept[-1][0] == ".":
            kept.pop()
        self.chars = "".join(ch for ch, _ in kept)
        self.columns = [col for _, col in kept]

    def fail(self, index: int, expected: str) -> FenError:
        if index < len(self.chars):
            where = f"column {self.columns[index]}"
            found = repr(self.chars[index])
        else:
            where = "end of text"
            found = "nothing"
        return FenError(f"FEN {self.text!r}, {where}: expected {expected}, found {found}")

    def read(self) -> FenPosition:
        chars = self.chars
        if not chars or chars[0] not in _COLOURS:
            raise self.fail(0, "the side to move, W or B")
        if len(chars) > 1 and chars[1] != ":":
            raise self.fail(1, "':' after the side to move")
        pieces: dict[Colour, set[int]] = {}
        kings: set[int] = set()
        owner: dict[int, Colour] = {}
        start = 2
        while start < len(chars):
            end = chars.find(":", start)
            end = len(chars) if end < 0 else end
            head = chars[start] if start < end else ""
            if head in _COLOURS:
                colour = _COLOURS[head]
                if colour in pieces:
                    raise self.fail(start, f"one list per colour ({head} given twice)")
                pieces[colour] = set()
                self.read_list(start + 1, end, colour, pieces[colour], kings, owner)
            elif not head.isalpha():
                raise self.fail(start, "a colour list starting with W or B")
            start = end + 1
        return FenPosition(
            turn=_COLOURS[chars[0]],
            white=frozenset(pieces.get(Colour.WHITE, ())),
            black=frozenset(pieces.get(Colour.BLACK, ())),
            kings=frozenset(kings),
        )

    def read_list(
        self,
        start: int,
        end: int,
        colour: Colour,
        squares: set[int],
        kings: set[int],
        owner: dict[int, Colour],
    ) -> None:
        index = start
        while index < end:
            comma = self.chars.find(",", index, end)
            stop = end if comma < 0 else comma
            if stop > index:
                self.read_item(index, stop, colour, squares, kings, owner)
            index = stop + 1

    def read_item(
        self,
        start: int,
        end: int,
        colour: Colour,
        squares: set[int],
        kings: set[int],
        owner: dict[int, Colour],
    ) -> None:
        king = self.chars[start] == "K"
        body_start = start + 1 if king else start
        body = self.chars[body_start:end]
        dash = body.find("-")
        if dash >= 0:
            first = self.number(body_start, body_start + dash)
            last = self.number(body_start + dash + 1, end)
            if last < first:
                raise self.fail(body_start, f"a rising range, not {body}")
            items = range(first, last + 1)
        else:
            square = self.geometry.parse_square(body)
            if square is None:
                raise self.fail(body_start, self.square_expected())
            items = range(square, square + 1)
        for square in items:
            if square in owner:
                raise self.fail(start, f"each square once (square {square} is given twice)")
            owner[square] = colour
            squares.add(square)
            if king:
                kings.add(square)

    def number(self, start: int, end: int) -> int:
        text = self.chars[start:end]
        square = read_number(text) or 0
        if not 1 <= square <= self.geometry.size:
            raise self.fail(start, f"a square number 1-{self.geometry.size} in a range")
        return square

    def square_expected(self) -> str:
        return f"a square, 1-{self.geometry.size} or a playable square such as a1"
