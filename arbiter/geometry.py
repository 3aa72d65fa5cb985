"""Board geometry: which squares are played, how they are numbered and named, the lines.

A :class:`Geometry` knows nothing about pieces or rules. It maps the official square
numbers (1..N) to board coordinates ``(file, rank)``, counted from 0 at White's lower
left corner (``a1`` = ``(0, 0)``), names squares (``"32"`` or ``"c3"``) and walks lines
in any direction. Directions are ``(file step, rank step)`` seen from White; a rank
step of +1 goes towards Black.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from arbiter.numerals import read_number

Direction = tuple[int, int]


class Colour(StrEnum):
    """A side: on the board, White sits at ranks 1, 2, ... and moves towards higher ranks; in
    a tournament, the colour a player had (or will have) in a pairing. The value is the letter
    the database and the TRF write (``w``, ``b``).
    """

    WHITE = "w"
    BLACK = "b"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def letter(self) -> str:
        """``W`` or ``B``, as in FEN (docs/rules/pdn.md §4)."""
        return "W" if self is Colour.WHITE else "B"


#: The four diagonal directions, White's forward ones first.
DIAGONALS: tuple[Direction, ...] = ((-1, 1), (1, 1), (-1, -1), (1, -1))

#: The four orthogonal directions between neighbouring squares: forward, sideways, back.
ORTHOGONALS: tuple[Direction, ...] = ((0, 1), (-1, 0), (1, 0), (0, -1))

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Geometry:
    """A rectangular board whose playable squares carry the numbers 1..N.

    ``coordinates[n - 1]`` is the ``(file, rank)`` of square ``n``.

    >>> g = Geometry.checkered(10, 10)
    >>> g.size, g.coordinates_of(1), g.algebraic(46), g.square_at(0, 0)
    (50, (1, 9), 'a1', 46)
    >>> g.ray(46, (1, 1))[:3]
    (41, 37, 32)
    """

    width: int
    height: int
    coordinates: tuple[tuple[int, int], ...]
    _numbers: dict[tuple[int, int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.coordinates)) != len(self.coordinates):
            raise ValueError("a geometry lists the same square twice")
        for file, rank in self.coordinates:
            if not (0 <= file < self.width and 0 <= rank < self.height):
                raise ValueError(
                    f"square ({file}, {rank}) is off a {self.width}x{self.height} board"
                )
        numbers = {coords: n for n, coords in enumerate(self.coordinates, 1)}
        object.__setattr__(self, "_numbers", numbers)

    @classmethod
    def checkered(cls, width: int, height: int, *, bottom_left_playable: bool = True) -> Geometry:
        """Play on one colour only, numbered row by row from the top as seen by White, left
        to right (FMJD Annex 1 art. 2.6, WCDF 1.5; docs/rules/international.md §1.2,
        russian.md §1.3, english.md §1.2).

        With ``bottom_left_playable`` the near-left corner (``a1``) is a playing square
        (FMJD 2.4: the long diagonal starts at each player's left hand).
        """
        parity = 0 if bottom_left_playable else 1
        coordinates = tuple(
            (file, rank)
            for rank in range(height - 1, -1, -1)
            for file in range(width)
            if (file + rank) % 2 == parity
        )
        return cls(width, height, coordinates)

    @classmethod
    def numbered(
        cls,
        width: int,
        height: int,
        *,
        corner: int,
        bottom_left_playable: bool = True,
        seen_by: Colour = Colour.WHITE,
    ) -> Geometry:
        """Play on one colour only, numbered as a PDN ``GameType`` says (docs/rules/pdn.md §2):
        square 1 is the playable square nearest ``corner`` (0 bottom-left, 1 bottom-right,
        2 top-left, 3 top-right) as ``seen_by`` the starting player sees the board, and
        the numbers run along the rows first. ``corner=2`` seen by White is
        :meth:`checkered`.

        >>> Geometry.numbered(8, 8, corner=1, bottom_left_playable=False).algebraic(1)
        'h1'
        """
        if seen_by is Colour.BLACK:
            corner = 3 - corner
        parity = 0 if bottom_left_playable else 1
        ranks = range(height) if corner in (0, 1) else range(height - 1, -1, -1)
        files = range(width) if corner in (0, 2) else range(width - 1, -1, -1)
        coordinates = tuple(
            (file, rank) for rank in ranks for file in files if (file + rank) % 2 == parity
        )
        return cls(width, height, coordinates)

    @classmethod
    def full(cls, width: int, height: int) -> Geometry:
        """Play on every square (Turkish draughts, docs/rules/turkish.md), numbered row by row
        from the top as seen by White, left to right."""
        coordinates = tuple(
            (file, rank) for rank in range(height - 1, -1, -1) for file in range(width)
        )
        return cls(width, height, coordinates)

    @property
    def size(self) -> int:
        """The number of playable squares."""
        return len(self.coordinates)

    def square_at(self, file: int, rank: int) -> int | None:
        """The number of the square at ``(file, rank)``, ``None`` if it is not played on."""
        return self._numbers.get((file, rank))

    def coordinates_of(self, square: int) -> tuple[int, int]:
        return self.coordinates[square - 1]

    def ray(self, square: int, direction: Direction) -> tuple[int, ...]:
        """The playable squares met going from ``square`` (excluded) in ``direction``."""
        file, rank = self.coordinates_of(square)
        df, dr = direction
        squares: list[int] = []
        while True:
            file, rank = file + df, rank + dr
            if not (0 <= file < self.width and 0 <= rank < self.height):
                return tuple(squares)
            number = self.square_at(file, rank)
            if number is None:
                return tuple(squares)
            squares.append(number)

    def rank_squares(self, rank: int) -> tuple[int, ...]:
        """The playable squares of one rank (0 = White's back row)."""
        return tuple(n for n, (_, r) in enumerate(self.coordinates, 1) if r == rank)

    def algebraic(self, square: int) -> str:
        """The square's name as on a chess board: file letter and rank number (``c3``)."""
        file, rank = self.coordinates_of(square)
        return f"{FILES[file]}{rank + 1}"

    def parse_square(self, text: str) -> int | None:
        """Read a square written as a number (leading zeros allowed, PDN readers accept
        them: docs/rules/pdn.md §6) or algebraically (``c3``). ``None`` if it names no
        playable square of this board."""
        number = read_number(text)
        if number is not None:
            return number if 1 <= number <= self.size else None
        if len(text) >= 2 and text[0] in FILES and (rank := read_number(text[1:])) is not None:
            return self.square_at(FILES.index(text[0]), rank - 1)
        return None
