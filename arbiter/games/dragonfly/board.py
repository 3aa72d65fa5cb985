"""Dragonfly behind the :class:`arbiter.game.GameBoard` protocol: ``--variant dragonfly``.

Dragonfly (Libellule) is Christian Freeling's chess on 7x7 without queens (1983), where
captured pieces come back by drops. The rules page of the inventor (Mindsports,
https://www.mindsports.nl/index.php/arena/dragonfly/21-dragonfly-rules) gives only the
differences from chess; the seed text "Règle du jeu Libellule" is its
French translation. Where it says "the same as in orthodox Chess", the FIDE Laws of Chess
apply (https://handbook.fide.com/chapter/E012023).

- Set-up (the rules page's diagram; Wikipedia EN and DE describe it): White R B B K N N R
  on a1-g1, "the knights on the king's right", pawns on a2-g2; Black "mirrored" on a7-g7
  (king d7) with pawns on a6-g6. White moves first (FIDE art. 1.1).
- Endings: checkmate wins (FIDE art. 1.4); "stalemate is a draw" (Mindsports; seed:
  "L'impasse est un match nul"). Repetition: the Dragonfly pages say nothing, so the FIDE
  rules apply: a draw may be claimed when the same position occurs for the third time
  (art. 9.2) and the game is drawn when it occurs for the fifth time (art. 9.6.1); see
  :mod:`arbiter.draws.dragonfly`. No source gives Dragonfly a 50-move rule, and none is
  applied.
- Sources disagree on drops: the German Wikipedia says a dropped piece cannot give check
  at once; the inventor's page and the English Wikipedia ("on any open square, if the move
  is otherwise legal") set no such limit. We follow the inventor: a drop may give check
  and mate.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

import arbiter.games.dragonfly.movegen as movegen
import arbiter.games.dragonfly.notation as notation
from arbiter.draws import PlyFacts
from arbiter.game import Citation, Ending, Figure
from arbiter.games.dragonfly.fen import START, format_fen, parse_fen
from arbiter.games.dragonfly.position import HAND_KINDS, SIZE, DragonflyMove, diagram_number
from arbiter.geometry import Colour, Geometry
from arbiter.i18n import gettext_noop
from arbiter.verdict import Termination


class DragonflyBoard:
    """A Dragonfly position with its move history (see the module docstring).

    >>> board = DragonflyBoard()
    >>> len(board.legal_moves()), board.move_text(board.parse_move("Nf3"))
    (11, 'Nf3')
    """

    name: ClassVar[str] = "dragonfly"
    long_name: ClassVar[str] = "Dragonfly"
    notation: ClassVar[str] = "algebraic"
    aliases: ClassVar[tuple[str, ...]] = ("libellule", "shuttle-chess", "bird-chess")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("Dragonfly rules and FIDE Laws of Chess, art. 3"), "docs/rules/dragonfly.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("FIDE Laws of Chess, art. 1.4, and the Dragonfly rules"),
        "docs/rules/dragonfly.md §3.1",
    )
    game_type: ClassVar[int | None] = None
    first_player: ClassVar[Colour] = Colour.WHITE
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple[str, ...]] = ("chess-threefold", "chess-fivefold")
    ends_without_moves_only: ClassVar[bool] = False
    geometry: ClassVar[Geometry] = Geometry.full(SIZE, SIZE)
    starting_fen: ClassVar[str] = START

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(START if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        self._position = parse_fen(fen)
        self.move_stack: list[DragonflyMove] = []
        self._legal: list[DragonflyMove] | None = None

    def fen(self) -> str:
        return format_fen(self._position)

    @property
    def turn(self) -> Colour:
        return self._position.turn

    def position_key(self) -> Hashable:
        """The same pieces on the same squares, the same pieces in hand, the same castling
        rights and the same side to move (FIDE art. 9.2.3, with the hands, which decide
        the possible moves as much as the board does)."""
        position = self._position
        hands = tuple(position.hands[c][k] for c in Colour for k in HAND_KINDS)
        return (tuple(position.squares), hands, position.rights, position.turn)

    def square_name(self, square: int) -> str:
        """``a1`` .. ``g7`` for a square numbered as :attr:`geometry` numbers it."""
        return self.geometry.algebraic(square)

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        """Each occupied square, numbered as :attr:`geometry` numbers it, with its piece."""
        return {
            diagram_number(index): (Figure(piece.colour, piece.kind),)
            for index, piece in enumerate(self._position.squares)
            if piece is not None
        }

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        hand = self._position.hands[colour]
        return tuple(Figure(colour, kind) for kind in HAND_KINDS for _ in range(hand[kind]))

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[DragonflyMove]:
        if self._legal is None:
            self._legal = movegen.legal_moves(self._position)
        return list(self._legal)

    def parse_move(self, text: str) -> DragonflyMove:
        """The legal move written ``text`` in SAN (:mod:`.notation`)."""
        return notation.parse_move(self._position, text, self.fen())

    def move_text(self, move: DragonflyMove) -> str:
        return notation.move_text(self._position, move, self.legal_moves())

    def push(self, move: DragonflyMove) -> None:
        self._position.play(move)
        self.move_stack.append(move)
        self._legal = None

    def pop(self) -> DragonflyMove:
        self._position.undo()
        self._legal = None
        return self.move_stack.pop()

    def copy(self) -> DragonflyBoard:
        board = type(self).__new__(type(self))
        board._position = self._position.copy()
        board.move_stack = list(self.move_stack)
        board._legal = self._legal
        return board

    def in_check(self) -> bool:
        """Whether the side to move is in check."""
        return self._position.in_check(self.turn)

    # -- the end and the draw rules ---------------------------------------------------

    def ending(self) -> Ending | None:
        """Checkmate (the side to move loses) or stalemate (a draw) when the side to move
        has no legal move."""
        legal = self._legal
        if bool(legal) if legal is not None else movegen.has_legal_move(self._position):
            return None
        stuck = self.turn.name.lower()
        if self.in_check():
            return Ending(Termination.CHECKMATE, self.turn.other, f"{stuck} is checkmated")
        return Ending(
            Termination.STALEMATE, None, f"{stuck} is stalemated: no legal move, not in check"
        )

    def start_facts(self, ply: int) -> PlyFacts:
        return self._facts(
            ply, self.turn.other, pawn_moved=False, gone=0, promoted=False, start=True
        )

    def push_facts(self, move: DragonflyMove, ply: int) -> PlyFacts:
        """Play ``move`` and return the facts of the ply. No earlier position can come back
        after a pawn move (pawns only go forward and are never dropped) or the capture of
        a pawn (it leaves the game): those plies are irreversible. A captured piece goes to
        a hand and can come back, so other captures are not."""
        mover = self.turn
        victim = self._position.squares[move.target]
        gone = int(victim is not None and victim.kind == "P")
        self.push(move)
        promoted = move.promotion is not None
        return self._facts(
            ply, mover, pawn_moved=move.piece == "P", gone=gone, promoted=promoted, start=False
        )

    def push_facts_unless_quiet(self, move: DragonflyMove, ply: int) -> PlyFacts | None:
        facts = self.push_facts(move, ply)
        return None if facts.quiet else facts

    def _facts(
        self, ply: int, mover: Colour, *, pawn_moved: bool, gone: int, promoted: bool, start: bool
    ) -> PlyFacts:
        """Material as men (pawns) and kings (the other pieces on the board, the king
        included); no Dragonfly draw rule reads it."""
        counts = {(c, pawn): 0 for c in Colour for pawn in (True, False)}
        for piece in self._position.squares:
            if piece is not None:
                counts[piece.colour, piece.kind == "P"] += 1
        return PlyFacts(
            ply=ply,
            mover=mover,
            man_moved=pawn_moved,
            captures=gone,
            captured_kings=0,
            promoted=promoted,
            key=self.position_key(),
            white_men=counts[Colour.WHITE, True],
            white_kings=counts[Colour.WHITE, False],
            black_men=counts[Colour.BLACK, True],
            black_kings=counts[Colour.BLACK, False],
            start=start,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"
