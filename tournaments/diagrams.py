"""Position diagrams in the reader's language: :func:`diagram_svg` draws a board with
``arbiter.svg.board_svg`` and gives it the words of its title and screen-reader label
(whose move it is, where every piece stands) translated into the language of the page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from arbiter.game import GameBoard
from arbiter.geometry import Colour
from arbiter.svg import PositionWords, board_svg
from tournaments.variant_names import VARIANT_NAMES


def position_words() -> PositionWords:
    """The words of a diagram, in the active language."""
    return PositionWords(
        turn={
            Colour.WHITE: gettext("%(game)s, white to move"),
            Colour.BLACK: gettext("%(game)s, black to move"),
        },
        side={
            Colour.WHITE: pgettext("side of the board", "White"),
            Colour.BLACK: pgettext("side of the board", "Black"),
        },
        # Translators: a piece of a column (Bashni, Lasca): "white man"; the order may change.
        coloured_piece=gettext("%(colour)s %(piece)s"),
        colour={
            Colour.WHITE: pgettext("colour of a piece in a column", "white"),
            Colour.BLACK: pgettext("colour of a piece in a column", "black"),
        },
        piece={
            "man": pgettext("piece", "man"),
            "king": pgettext("draughts piece", "king"),
            "K": pgettext("chess-like piece", "king"),
            "Q": pgettext("chess-like piece", "queen"),
            "R": pgettext("chess-like piece", "rook"),
            "B": pgettext("chess-like piece", "bishop"),
            "N": pgettext("chess-like piece", "knight"),
            "P": pgettext("chess-like piece", "pawn"),
        },
        # Translators: a side's pieces in a diagram's description: "White: king 5, man 30."
        side_pieces=gettext("%(side)s: %(pieces)s."),
        no_pieces=gettext("no pieces"),
        in_hand=gettext("In hand: %(pieces)s."),
        # Translators: a column of pieces on a square, told bottom first.
        column=gettext("column %(square)s: %(pieces)s"),
    )


def diagram_svg(
    board: GameBoard, *, size: int = 400, last_move: Any = None, title: str | None = None
) -> str:
    """``board`` drawn by ``arbiter.svg.board_svg`` (``size`` pixels wide, ``last_move``
    marked, ``title`` or else whose move it is), its title and label in the active language."""
    words = position_words()
    if title is None:
        name = VARIANT_NAMES.get(board.name, board.long_name)
        title = words.turn[board.turn] % {"game": name}
    return board_svg(board, size=size, last_move=last_move, title=title, words=words)
