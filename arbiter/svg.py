"""Draw a position as an SVG diagram: :func:`board_svg`.

The drawing is read from the board's own geometry (``board.geometry``: width, height and
the ``(file, rank)`` of every numbered square) and from what stands on each square
(``board.figures()``, :class:`arbiter.game.GameBoard`), so every game is drawn the same
way, whatever its size (8x8, 10x10, 12x12, 10x8, 7x7) and whichever squares it plays on
(one colour of a checkered board, or all of them): draughts men and kings, columns of
column draughts (the pieces below the top one as a strip, bottom first), chess-like pieces
(their symbol), and the pieces in hand under the board. White's side is at the bottom
unless ``flipped``.

    >>> from arbiter import find_variant
    >>> svg = board_svg(find_variant("international")(), size=200)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'role="img"' in svg
    (True, True)
    >>> svg.count('class="piece')
    40

The result is a standalone, accessible SVG element: ``role="img"``, a ``<title>`` and an
``aria-label`` that say whose move it is and where every piece stands, so a screen reader
gets the position and not only "image". Those words are English unless the caller gives them
in the reader's language (:class:`PositionWords`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from arbiter.game import Figure, GameBoard
from arbiter.geometry import FILES, Colour

__all__ = ["PositionWords", "SvgStyle", "board_svg", "describe_position", "describe_turn"]


@dataclass(frozen=True, slots=True)
class PositionWords:
    """The words a diagram's title and label are written with; English by default, given
    translated by a caller that knows the reader's language. The templates take ``%``
    placeholders so a language can put the words in its own order."""

    #: "%(game)s, white to move", per side to move.
    turn: dict[Colour, str] = field(
        default_factory=lambda: {
            Colour.WHITE: "%(game)s, white to move",
            Colour.BLACK: "%(game)s, black to move",
        }
    )
    #: A side's name heading its pieces ("White: man 30.").
    side: dict[Colour, str] = field(
        default_factory=lambda: {Colour.WHITE: "White", Colour.BLACK: "Black"}
    )
    #: A piece of a column told with its colour: "%(colour)s %(piece)s" and the colour words.
    coloured_piece: str = "%(colour)s %(piece)s"
    colour: dict[Colour, str] = field(
        default_factory=lambda: {Colour.WHITE: "white", Colour.BLACK: "black"}
    )
    #: The name of each kind of piece (draughts men and kings, chess-like pieces by letter).
    piece: dict[str, str] = field(
        default_factory=lambda: {
            "man": "man",
            "king": "king",
            "K": "king",
            "Q": "queen",
            "R": "rook",
            "B": "bishop",
            "N": "knight",
            "P": "pawn",
        }
    )
    side_pieces: str = "%(side)s: %(pieces)s."
    no_pieces: str = "no pieces"
    in_hand: str = "In hand: %(pieces)s."
    column: str = "column %(square)s: %(pieces)s"

    def piece_name(self, kind: str) -> str:
        return self.piece.get(kind, kind)


_ENGLISH = PositionWords()


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
    board: GameBoard,
    *,
    size: int = 400,
    last_move: Any = None,
    flipped: bool = False,
    numbers: bool | None = None,
    coordinates: bool | None = None,
    title: str | None = None,
    style: SvgStyle | None = None,
    words: PositionWords = _ENGLISH,
) -> str:
    """The position of ``board`` as an SVG element ``size`` pixels wide.

    ``last_move`` highlights the squares of its path (start, landings, end) and marks the
    squares it captured on. ``numbers`` writes each playable square's official number in
    its corner (default: for variants written with numbers); ``coordinates`` writes file
    letters and rank numbers around the board (default: for variants written
    algebraically). ``title`` replaces the default title (the variant and whose move it is).
    ``words`` are those of the title and label, in the reader's language.
    """
    style = style or SvgStyle()
    geometry = board.geometry
    numeric = board.notation != "algebraic"
    numbers = numeric if numbers is None else numbers
    coordinates = not numeric if coordinates is None else coordinates
    margin = 0.5 if coordinates else 0.0
    hands = {colour: board.in_hand(colour) for colour in Colour}
    hand_row = 0.6 if any(hands.values()) else 0.0
    columns, rows = geometry.width + 2 * margin, geometry.height + 2 * margin + hand_row
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

    heading = title or describe_turn(board, words)
    label = f"{heading}. {describe_position(board, words)}"
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
    figures = board.figures()
    for square in range(1, geometry.size + 1):
        file, rank = geometry.coordinates_of(square)
        x, y = origin(file, rank)
        column = figures.get(square, ())
        if column:
            parts.append(_column(x, y, column, style))
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
    if hand_row:
        parts.append(_hands(hands, rows - hand_row / 2, style, words))
    parts.append("</svg>")
    return "".join(parts)


def describe_turn(board: GameBoard, words: PositionWords = _ENGLISH) -> str:
    """``"International draughts, white to move"``."""
    return words.turn[board.turn] % {"game": board.long_name}


def describe_position(board: GameBoard, words: PositionWords = _ENGLISH) -> str:
    """Where every piece stands, in words, square names as the game writes them; a column
    is told bottom first, under the colour of its top piece.

    >>> from arbiter import find_variant
    >>> describe_position(find_variant("english")("B:WK5,30:B1"))
    'White: king 5, man 30. Black: man 1.'
    """
    figures = board.figures()
    sides = []
    for colour in Colour:
        pieces = [
            _describe(board.square_name(square), figures[square], words)
            for square in sorted(figures)
            if figures[square][-1].colour is colour
        ]
        held = ", ".join(words.piece_name(figure.kind) for figure in board.in_hand(colour))
        told = words.side_pieces % {
            "side": words.side[colour],
            "pieces": ", ".join(pieces) or words.no_pieces,
        }
        sides.append(f"{told} {words.in_hand % {'pieces': held}}" if held else told)
    return " ".join(sides)


#: The class name of a chess-like figure (its letter), as the style sheet knows it.
_NAMES = {"K": "king", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn", "Q": "queen"}
#: The chess symbols, drawn filled in the piece's colour (U+265A..U+265F).
_SYMBOLS = {
    "K": "\u265a",
    "Q": "\u265b",
    "R": "\u265c",
    "B": "\u265d",
    "N": "\u265e",
    "P": "\u265f",
}


def _describe(square: str, column: tuple[Figure, ...], words: PositionWords) -> str:
    """``"king 5"``, or for a column ``"column c3: white man, black king"`` (bottom first)."""
    if len(column) == 1:
        return f"{words.piece_name(column[0].kind)} {square}"
    pieces = ", ".join(
        words.coloured_piece
        % {"colour": words.colour[figure.colour], "piece": words.piece_name(figure.kind)}
        for figure in column
    )
    return words.column % {"square": square, "pieces": pieces}


def _column(x: float, y: float, column: tuple[Figure, ...], style: SvgStyle) -> str:
    """What stands on the cell at ``(x, y)``: the top piece, and under it a strip with one
    segment per piece below, bottom piece on the left."""
    *below, top = column
    cx, cy = x + 0.5, y + (0.44 if below else 0.5)
    if top.kind in ("man", "king"):
        shape = _piece(
            cx, cy, top.colour, top.kind == "king", style, radius=0.33 if below else 0.38
        )
    else:
        shape = _symbol(cx, cy, top, style)
    if not below:
        return shape
    width = 0.8 / len(below)
    strip = [f'<g class="column" data-height="{len(column)}">']
    for index, figure in enumerate(below):
        fill = style.white_piece if figure.colour is Colour.WHITE else style.black_piece
        left = x + 0.1 + index * width
        strip.append(
            f'<rect x="{_n(left)}" y="{_n(y + 0.8)}" width="{_n(width)}" height="0.14" '
            f'fill="{fill}" stroke="{style.outline}" stroke-width="0.02"/>'
        )
        if figure.kind == "king":
            strip.append(
                f'<circle cx="{_n(left + width / 2)}" cy="{_n(y + 0.87)}" r="0.035" '
                f'fill="{style.highlight}"/>'
            )
    strip.append("</g>")
    return "".join(strip) + shape


def _symbol(cx: float, cy: float, figure: Figure, style: SvgStyle) -> str:
    """A chess-like piece: its symbol in the piece's colour, outlined in the other."""
    fill, line = (
        (style.white_piece, style.black_piece)
        if figure.colour is Colour.WHITE
        else (style.black_piece, style.white_piece)
    )
    name = _NAMES.get(figure.kind, figure.kind)
    return (
        f'<text class="piece {figure.colour.name.lower()} {name}" x="{_n(cx)}" '
        f'y="{_n(cy + 0.3)}" font-size="0.85" text-anchor="middle" fill="{fill}" '
        f'stroke="{line}" stroke-width="0.03">{_SYMBOLS.get(figure.kind, escape(figure.kind))}'
        "</text>"
    )


def _hands(
    hands: dict[Colour, tuple[Figure, ...]], y: float, style: SvgStyle, words: PositionWords
) -> str:
    """The pieces in hand, in one line under the board."""
    text = " \u00b7 ".join(
        f"{words.side[colour]}: "
        + (" ".join(_SYMBOLS.get(figure.kind, figure.kind) for figure in held) or "-")
        for colour, held in hands.items()
    )
    return (
        f'<text class="hands" x="0.2" y="{_n(y + 0.12)}" font-size="0.36" '
        f'font-family="sans-serif" fill="{style.label}">{escape(text)}</text>'
    )


def _piece(
    cx: float, cy: float, colour: Colour, king: bool, style: SvgStyle, radius: float = 0.38
) -> str:
    fill, mark = (
        (style.white_piece, style.black_piece)
        if colour is Colour.WHITE
        else (style.black_piece, style.white_piece)
    )
    kind = "king" if king else "man"
    shape = (
        f'<g class="piece {colour.name.lower()} {kind}">'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius)}" fill="{fill}" '
        f'stroke="{style.outline}" stroke-width="0.04"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius - 0.12)}" fill="none" '
        f'stroke="{mark}" '
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
