"""Where each square of a board sits in an int used as a bitboard (private).

The squares are laid out row by row, from White's side up, with unused *ghost* bits at
the end of every row, so that a step in a given direction is the same shift of the bits
everywhere on the board and a step off the left or right edge lands on a ghost bit
(never a playable square). A board played on one colour only keeps every other square of
each row, so a row of 10 squares takes 5 bits (plus ghosts). This is the layout of Scan
and of py-draughts' turbo engine on 10x10, made generic: the row length is padded by the
longest sideways step of the variant (one square, or two for Frisian straight captures)
and, on a one-colour board, kept odd so that the playable squares of two neighbouring
rows interleave.

A square's *index* is its bit position; move generation works on indices only, and
:class:`Layout` converts between indices and the official square numbers.

    >>> from arbiter.geometry import DIAGONALS, Geometry
    >>> layout = Layout(Geometry.checkered(10, 10), DIAGONALS)
    >>> layout.index[1], layout.index[5], layout.index[6], layout.index[46]
    (0, 4, 5, 49)
    >>> layout.delta((1, 1)), layout.delta((-1, 1))
    (-5, -6)
    >>> layout.square[layout.index[46] + layout.delta((1, 1))]
    41
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter.geometry import Direction, Geometry

#: By byte position ``k`` and byte value: the indices of its set bits in the whole int
#: (``8k`` and up), lowest first; grown as wider masks are met (:func:`bit_indices`).
_BYTE_INDICES: list[tuple[tuple[int, ...], ...]] = []


def bit_indices(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first, read a byte at a time.

    >>> bit_indices(0b1_0000_0101 << 8)
    [8, 10, 16]
    """
    found: list[int] = []
    tables = _BYTE_INDICES
    k = 0
    while mask:
        if k == len(tables):
            tables.append(
                tuple(tuple(8 * k + b for b in range(8) if v >> b & 1) for v in range(256))
            )
        found += tables[k][mask & 255]
        mask >>= 8
        k += 1
    return found


class Layout:
    """The bit layout of ``geometry`` for pieces moving in ``directions``.

    - ``index[n]``: the bit index of square ``n`` (``index[0]`` is unused);
    - ``square[i]``: the square number at bit index ``i``, 0 for a ghost bit;
    - ``bit[n]``: ``1 << index[n]``;
    - ``full``: the mask of every playable square.

    Rows and files are taken in the order the squares are numbered (row by row from
    square 1), so that indices grow with the square numbers: generation visits the
    pieces in the order of their numbers, and :meth:`squares` needs no sorting (a test
    checks it for every variant).
    """

    __slots__ = (
        "_flip_file",
        "_flip_rank",
        "_half",
        "_row",
        "bit",
        "full",
        "geometry",
        "index",
        "square",
    )

    def __init__(self, geometry: Geometry, directions: Iterable[Direction]) -> None:
        self.geometry = geometry
        coordinates = geometry.coordinates
        (file0, rank0), (file1, rank1) = coordinates[0], coordinates[1]
        self._flip_rank = rank0 > coordinates[-1][1]
        self._flip_file = rank1 == rank0 and file1 < file0
        parities = {(file + rank) % 2 for file, rank in coordinates}
        # one colour only: every other square of a row is played, one bit for two squares
        self._half = len(parities) == 1
        sideways = max((abs(df) for df, _ in directions), default=1)
        row = geometry.width + max(sideways, 1)
        if self._half and row % 2 == 0:
            row += 1
        self._row = row
        indices = [-1]
        for file, rank in coordinates:
            x = geometry.width - 1 - file if self._flip_file else file
            y = geometry.height - 1 - rank if self._flip_rank else rank
            indices.append(y * row + x)
        if self._half:
            offset = indices[1] % 2
            indices = [-1, *((value - offset) // 2 for value in indices[1:])]
        self.index: tuple[int, ...] = tuple(indices)
        square = [0] * (max(indices) + 1)
        for number, i in enumerate(indices[1:], 1):
            square[i] = number
        self.square: tuple[int, ...] = tuple(square)
        self.bit: tuple[int, ...] = (0, *(1 << i for i in indices[1:]))
        self.full = sum(self.bit)

    def delta(self, direction: Direction) -> int:
        """How far one step in ``direction`` (seen from White) moves a bit; negative:
        towards bit 0."""
        df, dr = direction
        value = (-dr if self._flip_rank else dr) * self._row + (-df if self._flip_file else df)
        if self._half:
            if value % 2:
                raise ValueError(f"direction {direction} leaves the playing colour")
            return value // 2
        return value

    def mask(self, squares: Iterable[int]) -> int:
        """The mask of the given square numbers."""
        bit = self.bit
        mask = 0
        for square in squares:
            mask |= bit[square]
        return mask

    def squares(self, mask: int) -> list[int]:
        """The square numbers of the set bits of ``mask``, ascending."""
        square = self.square
        return [square[i] for i in bit_indices(mask)]
