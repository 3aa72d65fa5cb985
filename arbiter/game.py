"""What the arbiter's machinery needs of a game: the :class:`GameBoard` protocol.

The replay (:func:`arbiter.replay`), the draw counters (:mod:`arbiter.counters`), perft,
the command line and the Django apps work with any class that follows this protocol,
found by name through :func:`arbiter.find_variant`. The draughts variants follow it
through :class:`arbiter.Board` (bitboards); the other games of the rule texts (column
draughts, corner draughts, Dragonfly...) follow it with boards of their own. No shared
code asks which game it is: what differs is behind these methods.

A game tells three things the replay cannot know:

- how a move is read and played: :meth:`GameBoard.parse_move` raises the arbiter's
  errors (``InvalidMoveError``, ``IllegalMoveError`` with a reason code and the legal
  moves, ``AmbiguousMoveError``), :meth:`GameBoard.push` plays a legal move;
- when the game is over on the board: :meth:`GameBoard.ending` (no legal move,
  checkmate, a corner filled...), an :class:`Ending` with the winner or None for a draw;
- what its draw rules see after each ply: :meth:`GameBoard.push_facts` plays the move
  and returns the :class:`arbiter.draws.PlyFacts` of the ply (position key for
  repetition, whether the ply was irreversible, the material), and
  :meth:`GameBoard.start_facts` those of a starting position. The rules a game uses are
  named by the codes in ``draw_rules`` (:data:`arbiter.draws.RULES`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from arbiter.geometry import Colour, Geometry
from arbiter.verdict import Termination

if TYPE_CHECKING:
    from arbiter.draws.base import PlyFacts

__all__ = ["Citation", "Ending", "Figure", "GameBoard"]


@dataclass(frozen=True, slots=True)
class Ending:
    """The game is over on the board: ``termination`` says why
    (``no-legal-move``, ``checkmate``, ``stalemate``, ``corner-filled``...), ``winner``
    the side that won or None for a draw, ``reason`` a sentence saying what happened
    (``"black has no legal move"``)."""

    termination: Termination
    winner: Colour | None
    reason: str


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a rule of a game is written, as a draw rule cites it (:mod:`arbiter.draws`):
    ``article``, the federation's text and article a person reads (marked with
    :func:`arbiter.i18n.gettext_noop` and translated where it is shown; the text's part when
    the rules file gives no article number), and ``section``, the docs/rules section that
    summarises it."""

    article: str
    section: str


@dataclass(frozen=True, slots=True)
class Figure:
    """A piece as a diagram draws it: its ``colour`` and its ``kind``, ``"man"`` or
    ``"king"`` in draughts, the piece letter (``"K"``, ``"R"``, ``"B"``, ``"N"``, ``"P"``)
    in a chess-like game."""

    colour: Colour
    kind: str


class GameBoard(Protocol):
    """A position of one game with its move history (see the module docstring).

    Class attributes describe the game: ``name`` (the ``--variant`` name), ``aliases``,
    ``game_type`` (PDN GameType number, None where PDN has none: the game is then named
    by a ``Variant`` tag or by the caller), ``first_player``, ``result_format``
    (``"international"``: 2-0/1-1/0-2, ``"default"``: 1-0/1/2-1/2/0-1),
    ``draw_rules`` (codes of :data:`arbiter.draws.RULES`), ``geometry`` (the board's
    squares), ``notation`` (``"numeric"`` or ``"algebraic"`` squares) and ``long_name``
    (``"Russian draughts"``, ``"Dragonfly"``: for titles), ``rules_of_play`` and
    ``end_of_game`` (the :class:`Citation` of its rules of moves and captures and of its
    rules on how a game ends: an arbiter's desk cites them).

    Moves are the game's own frozen values (hashable, compared by what they do) with a
    ``path`` (the squares the moving piece stands on, start first; a drop: its square) and
    ``captures`` (the squares taken on), which diagrams highlight.
    :meth:`legal_moves` is empty when the game is over on the board.
    """

    name: ClassVar[str]
    long_name: ClassVar[str]
    notation: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    game_type: ClassVar[int | None]
    first_player: ClassVar[Colour]
    result_format: ClassVar[str]
    draw_rules: ClassVar[tuple[str, ...]]
    geometry: ClassVar[Geometry]
    rules_of_play: ClassVar[Citation]
    end_of_game: ClassVar[Citation]
    #: True when :meth:`ending` is never anything but "the side to move has no legal
    #: move" (draughts): a position where a move of the record is read is then not an end,
    #: and the replay asks :meth:`ending` only where it reads none.
    ends_without_moves_only: ClassVar[bool]

    move_stack: list[Any]

    @property
    def turn(self) -> Colour:
        """The side to move (read-only here: a game may derive it from its position)."""

    def __init__(self, fen: str | None = None) -> None: ...

    def set_fen(self, fen: str) -> None:
        """Set up a position from the game's FEN form and clear the history."""

    def fen(self) -> str:
        """The position in the game's FEN form."""

    def square_name(self, square: int) -> str:
        """``"32"`` or ``"c3"``, as the game's records write the square."""

    def position_key(self) -> Hashable:
        """Identifies the position for repetition (pieces, side to move, anything else
        the game's rules say makes two positions different)."""

    def legal_moves(self) -> list[Any]:
        """Every legal move, each once; empty when the game is over."""

    def parse_move(self, text: str) -> Any:
        """The legal move written ``text``, or one of the arbiter's move errors."""

    def move_text(self, move: Any) -> str:
        """``move`` written in the game's notation."""

    def push(self, move: Any) -> None:
        """Play ``move`` (known legal)."""

    def pop(self) -> Any:
        """Take back the last move and return it."""

    def copy(self) -> GameBoard:
        """An independent board with the same position and history."""

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        """What stands on each occupied square, bottom piece first (a column of
        draughts holds several; most games one)."""

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        """The pieces ``colour`` holds in hand, ready to be dropped (none in draughts)."""

    def ending(self) -> Ending | None:
        """Whether, and how, the game is over on the board in this position."""

    def start_facts(self, ply: int) -> PlyFacts:
        """The draw-rule facts of this position as a start (a setup): counts begin here."""

    def push_facts(self, move: Any, ply: int) -> PlyFacts:
        """Play ``move`` (known legal) and return the draw-rule facts of the ply."""

    def push_facts_unless_quiet(self, move: Any, ply: int) -> PlyFacts | None:
        """:meth:`push_facts`, or None when the ply is quiet (:attr:`PlyFacts.quiet`):
        the replay asks this while every draw rule rests after quiet plies."""
