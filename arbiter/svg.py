"""Draw a position as an SVG diagram: :func:`board_svg`.

The drawing is read from the board's own geometry (``board.geometry``: width, height and
the ``(file, rank)`` of every numbered square), so every variant is drawn the same way,
whatever its size (8x8, 10x10, 12x12, 10x8) and whichever squares it plays on (one colour
of a checkered board, or all of them). White's side is at the bottom unless ``flipped``.

    >>> from arbiter import find_variant
    >>> svg = board_svg(find_variant("international")(), size=200)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'role="img"' in svg
    (True, True)
    >>> svg.count('class="piece')
    40

The result is a standalone, accessible SVG element: ``role="img"``, a ``<title>`` and an
``aria-label`` that say whose move it is and where every piece stands, so a screen reader
gets the position and not only "image".
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from arbiter.board import Board, Colour
from arbiter.geometry import FILES
from arbiter.move import Move

__all__ = ["SvgStyle", "board_svg", "describe_position", "describe_turn"]


@dataclass(frozen=True, slots=True)
class SvgStyle:
    """Colours of the diagram (any CSS colour). The defaults keep a contrast ratio of at
    least 3:1 between each piece and the square it stands on (WCAG 2.1, 1.4.11)."""

    light_square: str = "#f0d9b5"
    dark_square: str = "#8b5a2b"
    highlight: str = "#d4a017"
    white_piece: str = "#fbfaf5"
    black_piece: str = "#1b1b1b"
    outline: str = "#000000"
    label: str = "#3a2a1a"
    border: str = "#f5efe6"


def board_svg(
    board: Board,
    *,
    size: int = 400,
    last_move: Move | None = None,
    flipped: bool = False,
    numbers: bool | None = None,
    coordinates: bool | None = None,
    title: str | None = None,
    style: SvgStyle | None = None,
) -> str:
    """The position of ``board`` as an SVG element ``size`` pixels wide.

    ``last_move`` highlights the squares of its path (start, landings, end) and marks the
    squares it captured on. ``numbers`` writes each playable square's official number in
    its corner (default: for variants written with numbers); ``coordinates`` writes file
    letters and rank numbers around the board (default: for variants written
    algebraically). ``title`` replaces the default title (the variant and whose move it is).
    """
    style = style or SvgStyle()
    geometry = board.geometry
    numeric = board.notation != "algebraic"
    numbers = numeric if numbers is None else numbers
    coordinates = not numeric if coordinates is None else coordinates
    margin = 0.5 if coordinates else 0.0
    columns, rows = geometry.width + 2 * margin, geometry.height + 2 * margin
    cell = size / columns
    height = round(cell * rows, 2)
    every_square = geometry.size == geometry.width * geometry.height

    def dark(file: int, rank: int) -> bool:
        """Checkered when every square is played on; else the playing squares are dark."""
        if every_square:
            return (file + rank) % 2 == 0
        return geometry.square_at(file, rank) is not None

    marked = set(last_move.path) if last_move is not None else set()
    captured = set(last_move.captures) if last_move is not None else set()

    def origin(file: int, rank: int) -> tuple[float, float]:
        """Top-left corner of the cell at ``(file, rank)``, in cell units."""
        column = geometry.width - 1 - file if flipped else file
        row = rank if flipped else geometry.height - 1 - rank
        return column + margin, row + margin

    heading = title or describe_turn(board)
    label = f"{heading}. {describe_position(board)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" role="img" '
        f'width="{size}" height="{height}" viewBox="0 0 {_n(columns)} {_n(rows)}" '
        f"aria-label={quoteattr(label)}>",
        f"<title>{escape(heading)}</title>",
        f'<rect width="{_n(columns)}" height="{_n(rows)}" fill="{style.border}"/>',
    ]
    for rank in range(geometry.height):
        for file in range(geometry.width):
            x, y = origin(file, rank)
            fill = style.dark_square if dark(file, rank) else style.light_square
            if geometry.square_at(file, rank) in marked:
                fill = style.highlight
            parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="1" height="1" fill="{fill}"/>')
    for square in range(1, geometry.size + 1):
        file, rank = geometry.coordinates_of(square)
        x, y = origin(file, rank)
        piece = board.piece_at(square)
        if piece is not None:
            parts.append(_piece(x + 0.5, y + 0.5, piece.colour, piece.king, style))
        if square in captured:
            parts.append(_cross(x + 0.5, y + 0.5, style))
        if numbers:
            # drawn over the piece, with a halo of the square's colour to stay readable
            ink, halo = (
                (style.border, style.dark_square)
                if dark(file, rank)
                else (
                    style.label,
                    style.light_square,
                )
            )
            parts.append(
                f'<text x="{_n(x + 0.04)}" y="{_n(y + 0.2)}" font-size="0.19" '
                f'font-family="sans-serif" fill="{ink}" stroke="{halo}" stroke-width="0.05" '
                f'paint-order="stroke">{square}</text>'
            )
    if coordinates:
        parts.extend(_coordinates(geometry.width, geometry.height, flipped, style))
    parts.append("</svg>")
    return "".join(parts)


def describe_turn(board: Board) -> str:
    """``"International draughts, white to move"``."""
    return f"{board.name.capitalize()} draughts, {board.turn.name.lower()} to move"


def describe_position(board: Board) -> str:
    """Where every piece stands, in words, square names as the variant writes them.

    >>> from arbiter import find_variant
    >>> describe_position(find_variant("english")("B:WK5,30:B1"))
    'White: king 5, man 30. Black: man 1.'
    """
    sides = []
    for colour in (Colour.WHITE, Colour.BLACK):
        pieces = [
            f"{'king' if board.piece_at(square).king else 'man'} {board.square_name(square)}"
            for square in board.piece_squares(colour)
        ]
        sides.append(f"{colour.name.capitalize()}: {', '.join(pieces) or 'no pieces'}.")
    return " ".join(sides)


def _piece(cx: float, cy: float, colour: Colour, king: bool, style: SvgStyle) -> str:
    fill, mark = (
        (style.white_piece, style.black_piece)
        if colour is Colour.WHITE
        else (style.black_piece, style.white_piece)
    )
    kind = "king" if king else "man"
    shape = (
        f'<g class="piece {colour.name.lower()} {kind}">'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="0.38" fill="{fill}" '
        f'stroke="{style.outline}" stroke-width="0.04"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="0.26" fill="none" stroke="{mark}" '
        f'stroke-width="0.025"/>'
    )
    if king:
        # a crown: three points on a band
        points = [
            (-0.2, 0.1),
            (-0.2, -0.08),
            (-0.1, 0.0),
            (0.0, -0.14),
            (0.1, 0.0),
            (0.2, -0.08),
            (0.2, 0.1),
        ]
        path = " ".join(f"{_n(cx + dx)},{_n(cy + dy)}" for dx, dy in points)
        shape += f'<polygon points="{path}" fill="{mark}"/>'
    return shape + "</g>"


def _cross(cx: float, cy: float, style: SvgStyle) -> str:
    """The mark of a square captured on by the last move."""
    d = 0.18
    return (
        f'<path class="captured" d="M{_n(cx - d)},{_n(cy - d)}L{_n(cx + d)},{_n(cy + d)}'
        f'M{_n(cx - d)},{_n(cy + d)}L{_n(cx + d)},{_n(cy - d)}" stroke="{style.highlight}" '
        f'stroke-width="0.08"/>'
    )


def _coordinates(width: int, height: int, flipped: bool, style: SvgStyle) -> list[str]:
    """File letters below the board and rank numbers left of it, as seen by the viewer."""
    font = f'font-size="0.3" font-family="sans-serif" fill="{style.label}" text-anchor="middle"'
    labels = []
    for file in range(width):
        column = width - 1 - file if flipped else file
        labels.append(
            f'<text x="{_n(column + 1)}" y="{_n(height + 0.9)}" {font}>{FILES[file]}</text>'
        )
    for rank in range(height):
        row = rank if flipped else height - 1 - rank
        labels.append(f'<text x="0.25" y="{_n(row + 1.1)}" {font}>{rank + 1}</text>')
    return labels


def _n(value: float) -> str:
    """A coordinate written short: ``3``, ``3.5``, ``0.06``."""
    return f"{value:.3f}".rstrip("0").rstrip(".")
