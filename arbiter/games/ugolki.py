"""Ugolki (corner draughts, ``--variant ugolki``): nine men race into the opposite corner.

The rules, with their sources (the seed is the text "Règles de jeu de dames",
the Ugolki paragraph; where it is silent, the best public pages found):

- Board and start. Seed: "Le jeu se joue sur un plateau 8x8. Chaque joueur a neuf pions,
  qui sont disposés sous la forme d'un carré 3x3 dans le premier coin proche (pour
  chaque) du plateau." Every square is played on. Each side's corner is its near-left
  one ("в левом нижнем углу", https://allforchildren.ru/online/ugolki01.php), so the two
  corners are diagonally opposite (https://chicheckers.com/ru/rules-of-ugolki, "to the
  diagonally opposite corner"): White on a1-c3, Black on f6-h8.
- Who starts. No Ugolki source found names a colour; White moves first, as in the
  draughts games of the same seed text, and allforchildren's "second player" is Black.
- Moves. Seed: "les coins d'un pion se déplacent vers une cellule adjacente
  horizontalement ou verticalement, ou sautent par-dessus une puce qui se trouve sur une
  cellule adjacente (horizontalement ou verticalement), s'il y a de l'espace libre
  derrière elle." Never diagonally (seed; allforchildren: "в любом направлении (кроме
  диагонали)"). A piece of either colour may be jumped and nothing is taken
  (https://sites.google.com/site/boardandpieces/list-of-games/ugolki: "jumping over a
  counter, of either team ... There is no capturing"). Jumps chain in one move, changing
  direction freely (allforchildren: "прыжок может быть многократным"; boardandpieces:
  "Consecutive enchained jumps in one turn are allowed and direction may be changed after
  each jump"), and the chain may stop after any jump: jumping is never compulsory
  (brainking.com, Уголки: "Перепрыгивать не обязательно"). A chain must end on another
  square than its start (else nothing moved); the sources do not forbid it to pass a
  square twice, which changes nothing to where it ends. A jumping piece always lands on
  squares of its start's file and rank parity, so it is never next to the square it left
  and never jumps over it.
- A move is identified by its start and end squares: two chains between the same squares
  give the same position, so ``a1-c3`` names the move whatever the route; a written route
  must be a real chain (:class:`arbiter.move.Move`, its ``path`` kept for display).
- The goal. Seed: "celui qui occupe le premier le coin de l'adversaire gagne": the side
  whose pieces stand on all nine squares of the other side's starting corner wins
  (``corner-filled``). If White, who moves first, fills Black's corner, Black has one more
  move; if Black fills White's corner with it, the game is drawn (allforchildren: "Если
  второй игрок закончил перестановку своих шашек в тот же ход, что и соперник,
  засчитывается ничья"; https://math.wikireading.ru/85: "Если первыми кончат белые, то
  черные делают еще один очередной ход").
- The rule against staying at home (``corner-not-left``). allforchildren: a player who
  has made more than 40 moves and still has a piece in his own corner ("если у игрока
  имеется несколько своих шашек в своем доме, и он уже сделал более 40 ходов"), or who
  brings a piece back into it after 40 moves, loses. Both are one check, made after each
  move: from his 41st move on, a side with a piece in its own starting corner has lost.
  The count of moves is the FEN's ``F`` field (the next move's number, as lidraughts
  writes ``:F1``), so a set-up position keeps it.
- No legal move. The Ugolki sources do not say; the side to move without a legal move
  loses, as in the draughts games of the same seed ("le gagnant est celui qui a réussi à
  détruire ou à bloquer le mouvement de tous les pions adverses").
- Draws. No source found gives a repetition or move-count draw for Ugolki: the game has
  no draw rule (``draw_rules`` is empty); the 40-move rule above keeps games moving.

FEN: the PDN form on all 64 squares, algebraic, then the move number:
``W:Wa3,b3,c3,a2,b2,c2,a1,b1,c1:Bf8,g8,h8,f7,g7,h7,f6,g6,h6:F1`` (squares in the board's
order, from a8 to h1). Reading accepts the PDN FEN forms of :mod:`arbiter.fen` (either
list first, any order, square numbers 1-64 counted from a8); without ``F`` the move
number is 1. Ugolki has no kings: a ``K`` is refused.

Moves are written with ``-`` between every square a piece lands on: ``a3-a4`` (a step),
``a2-a4-c4`` (two jumps). Nothing is captured, so ``:`` (the draughts capture sign) is
not written, but ``:`` and ``x`` are read like ``-``, and so are ``a2a4`` and ``A2-A4``.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Hashable
from itertools import pairwise
from typing import ClassVar

from arbiter.draws.base import PlyFacts
from arbiter.errors import FenError, InvalidMoveError
from arbiter.fen import FenPosition, format_fen, parse_fen
from arbiter.game import Citation, Ending, Figure
from arbiter.geometry import ORTHOGONALS, Colour, Geometry
from arbiter.i18n import gettext_noop
from arbiter.move import Move
from arbiter.verdict import Termination
from arbiter.written import illegal_error

__all__ = ["HOME_MOVES", "UgolkiBoard"]

GEOMETRY = Geometry.full(8, 8)

#: A side that has made more than this many moves may have no piece in its own corner
#: (allforchildren.ru, see the module docstring).
HOME_MOVES = 40


def _corner(files: str, ranks: str) -> frozenset[int]:
    squares = (GEOMETRY.parse_square(f + r) for f in files for r in ranks)
    return frozenset(square for square in squares if square is not None)


#: Each side's starting corner (its home), which the other side must fill.
HOME: dict[Colour, frozenset[int]] = {
    Colour.WHITE: _corner("abc", "123"),
    Colour.BLACK: _corner("fgh", "678"),
}

#: For every square, the (neighbour, square beyond it) of each orthogonal direction; the
#: square beyond is None at the edge.
_LINES: dict[int, tuple[tuple[int, int | None], ...]] = {
    square: tuple(
        (ray[0], ray[1] if len(ray) > 1 else None)
        for direction in ORTHOGONALS
        if (ray := GEOMETRY.ray(square, direction))
    )
    for square in range(1, GEOMETRY.size + 1)
}

_SQUARE = re.compile(r"[a-h][1-8]")
_WRITTEN = re.compile(r"[a-h][1-8](?:[-x:]?[a-h][1-8])+")
_MOVE_NUMBER = re.compile(r"F(\d+)")
_FIGURES = {colour: Figure(colour, "man") for colour in Colour}


class UgolkiBoard:
    """An Ugolki position with its move history (the rules: module docstring)."""

    name: ClassVar[str] = "ugolki"
    long_name: ClassVar[str] = "Ugolki"
    aliases: ClassVar[tuple[str, ...]] = ("corners", "уголки")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of ugolki, moves"), "docs/rules/ugolki.md §2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of ugolki, end of the game"), "docs/rules/ugolki.md §3"
    )
    game_type: ClassVar[int | None] = None
    first_player: ClassVar[Colour] = Colour.WHITE
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple[str, ...]] = ()
    ends_without_moves_only: ClassVar[bool] = False
    geometry: ClassVar[Geometry] = GEOMETRY
    #: Squares are written as on a chess board.
    notation: ClassVar[str] = "algebraic"
    starting_fen: ClassVar[str] = "W:Wa3,b3,c3,a2,b2,c2,a1,b1,c1:Bf8,g8,h8,f7,g7,h7,f6,g6,h6:F1"

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(self.starting_fen if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up a position (FEN form: module docstring) and clear the history."""
        position = parse_fen(fen, GEOMETRY)
        if position.kings:
            raise FenError(f"FEN {fen!r}: Ugolki has no kings, found K on a square")
        number = 1
        for field in fen.replace(" ", "").rstrip(".").split(":")[1:]:
            if field.startswith("F"):
                match = _MOVE_NUMBER.fullmatch(field)
                if match is None or int(match[1]) < 1:
                    raise FenError(
                        f"FEN {fen!r}: expected a move number F1, F2..., found {field!r}"
                    )
                number = int(match[1])
        self.turn = position.turn
        self.move_number = number
        self._cells: dict[int, Colour] = dict.fromkeys(position.white, Colour.WHITE)
        self._cells.update(dict.fromkeys(position.black, Colour.BLACK))
        self.move_stack: list[Move] = []
        self._moves: list[Move] | None = None

    def fen(self) -> str:
        """The position as a FEN: ``W:W<squares>:B<squares>:F<move number>``."""
        position = FenPosition(
            turn=self.turn,
            white=frozenset(self.squares(Colour.WHITE)),
            black=frozenset(self.squares(Colour.BLACK)),
            kings=frozenset(),
        )
        return f"{format_fen(position, GEOMETRY.algebraic)}:F{self.move_number}"

    def square_name(self, square: int) -> str:
        """The algebraic name of ``square`` (``c3``)."""
        return GEOMETRY.algebraic(square)

    def squares(self, colour: Colour) -> list[int]:
        """The squares of ``colour``'s pieces, ascending."""
        return sorted(square for square, owner in self._cells.items() if owner is colour)

    def piece_at(self, square: int) -> Colour | None:
        return self._cells.get(square)

    def moves_made(self, colour: Colour) -> int:
        """How many moves ``colour`` has made since the game's start (from the FEN's move
        number: White moves first, the number goes up after Black's move)."""
        made = self.move_number - 1
        return made + 1 if colour is Colour.WHITE and self.turn is Colour.BLACK else made

    def position_key(self) -> Hashable:
        """The pieces and the side to move. The move number is left out: no rule of the
        game compares positions (it has no repetition rule)."""
        return (frozenset(self._cells.items()), self.turn)

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        return {square: (_FIGURES[colour],) for square, colour in self._cells.items()}

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        """Nothing is ever in hand in Ugolki."""
        return ()

    def copy(self) -> UgolkiBoard:
        board = type(self).__new__(type(self))
        board.turn, board.move_number = self.turn, self.move_number
        board._cells = dict(self._cells)
        board.move_stack = list(self.move_stack)
        board._moves = self._moves
        return board

    # -- the end --------------------------------------------------------------------

    def ending(self) -> Ending | None:
        """A corner filled, a side that stayed at home, or no legal move (module
        docstring)."""
        ending = self._ending_by_rule()
        if ending is not None:
            return ending
        if self._generate():
            return None
        stuck = self.turn.name.lower()
        return Ending(Termination.NO_LEGAL_MOVE, self.turn.other, f"{stuck} has no legal move")

    def _filled(self, colour: Colour) -> bool:
        """Whether ``colour``'s pieces stand on every square of the other side's corner."""
        return all(self._cells.get(square) is colour for square in HOME[colour.other])

    def _ending_by_rule(self) -> Ending | None:
        white, black = self._filled(Colour.WHITE), self._filled(Colour.BLACK)
        if white and black:
            reason = "both sides filled the opponent's corner in the same number of moves"
            return Ending(Termination.CORNER_FILLED, None, reason)
        if black:
            return Ending(
                Termination.CORNER_FILLED, Colour.BLACK, "black filled white's corner first"
            )
        if white and self.turn is Colour.WHITE:
            reason = "white filled black's corner and black did not equalise with its reply"
            return Ending(Termination.CORNER_FILLED, Colour.WHITE, reason)
        for side in (self.turn.other, self.turn):
            made = self.moves_made(side)
            at_home = [square for square in self.squares(side) if square in HOME[side]]
            if made > HOME_MOVES and at_home:
                names = ", ".join(GEOMETRY.algebraic(square) for square in at_home)
                reason = (
                    f"{side.name.lower()} has made {made} moves and still has a piece in its "
                    f"own corner ({names}); after {HOME_MOVES} moves that loses"
                )
                return Ending(Termination.CORNER_NOT_LEFT, side.other, reason)
        return None

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, each (from, to) once; empty when the game is over."""
        if self._ending_by_rule() is not None:
            return []
        return list(self._generate())

    def _generate(self) -> list[Move]:
        """The moves of the side to move, whether or not the game is over (cached)."""
        if self._moves is None:
            cells, turn = self._cells, self.turn
            moves: list[Move] = []
            for start in sorted(s for s, c in cells.items() if c is turn):
                moves.extend(Move(start, n) for n, _ in _LINES[start] if n not in cells)
                moves.extend(Move(start, path[-1], path=path) for path in self._jumps(start))
            self._moves = moves
        return self._moves

    def _jumps(self, start: int) -> list[tuple[int, ...]]:
        """A shortest chain of jumps to every square the piece on ``start`` can reach by
        jumping (breadth first: the route shown is the shortest, found first)."""
        cells = self._cells
        routes: dict[int, tuple[int, ...]] = {start: (start,)}
        queue = deque([start])
        while queue:
            square = queue.popleft()
            for over, beyond in _LINES[square]:
                if (
                    beyond is not None
                    and over in cells
                    and beyond not in routes
                    and beyond not in cells
                ):
                    routes[beyond] = (*routes[square], beyond)
                    queue.append(beyond)
        del routes[start]
        return list(routes.values())

    def push(self, move: Move) -> None:
        """Play ``move`` (not checked)."""
        colour = self._cells.pop(move.from_square)
        self._cells[move.to_square] = colour
        if self.turn is Colour.BLACK:
            self.move_number += 1
        self.turn = self.turn.other
        self.move_stack.append(move)
        self._moves = None

    def pop(self) -> Move:
        """Take back the last move and return it."""
        move = self.move_stack.pop()
        self._cells[move.from_square] = self._cells.pop(move.to_square)
        self.turn = self.turn.other
        if self.turn is Colour.BLACK:
            self.move_number -= 1
        self._moves = None
        return move

    def start_facts(self, ply: int) -> PlyFacts:
        """The facts of this position as a start (no draw rule reads them in Ugolki)."""
        return self._facts(ply, self.turn.other, start=True)

    def push_facts(self, move: Move, ply: int) -> PlyFacts:
        """Play ``move`` and return the facts of the ply. Nothing is captured or crowned;
        ``irreversible`` stays False (a piece may come back)."""
        mover = self.turn
        self.push(move)
        return self._facts(ply, mover, start=False)

    def push_facts_unless_quiet(self, move: Move, ply: int) -> PlyFacts | None:
        facts = self.push_facts(move, ply)
        return None if facts.quiet else facts

    def _facts(self, ply: int, mover: Colour, *, start: bool) -> PlyFacts:
        white = sum(colour is Colour.WHITE for colour in self._cells.values())
        return PlyFacts(
            ply=ply,
            mover=mover,
            man_moved=False,
            captures=0,
            captured_kings=0,
            promoted=False,
            key=self.position_key(),
            white_men=white,
            white_kings=0,
            black_men=len(self._cells) - white,
            black_kings=0,
            start=start,
        )

    # -- notation -------------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """Every square the piece lands on, joined by ``-``: ``a3-a4``, ``a2-a4-c4``."""
        return "-".join(GEOMETRY.algebraic(square) for square in move.path)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (forms: module docstring). Raises
        InvalidMoveError for text that names no squares, IllegalMoveError (with a reason
        code) for a move the rules forbid."""
        if _WRITTEN.fullmatch(text.lower()) is None:
            raise InvalidMoveError(
                f"cannot read Ugolki move {text!r}: expected squares a1-h8 joined by '-', "
                "such as a3-a4 or a2-a4-c4"
            )
        path = tuple(GEOMETRY.parse_square(s) or 0 for s in _SQUARE.findall(text.lower()))
        start, end = path[0], path[-1]
        move = next(
            (m for m in self.legal_moves() if m.from_square == start and m.to_square == end),
            None,
        )
        if move is not None and (len(path) == 2 or self._is_chain(path)):
            return move if len(path) == 2 else Move(start, end, path=path)
        code, reason = self._explain(path, found=move is not None)
        legal = (self.move_text(m) for m in self.legal_moves())
        raise illegal_error(text, self.fen(), code, reason, legal)

    def _is_chain(self, path: tuple[int, ...]) -> bool:
        """Whether ``path`` is a chain of jumps the piece on its first square can make."""
        cells, start = self._cells, path[0]
        for square, landing in pairwise(path):
            over = next((o for o, beyond in _LINES[square] if beyond == landing), None)
            if over not in cells or (landing in cells and landing != start):
                return False
        return True

    def _explain(self, path: tuple[int, ...], *, found: bool) -> tuple[str, str]:
        """(code, reason) for a move text that names no legal move."""
        name = GEOMETRY.algebraic
        start, end = path[0], path[-1]
        owner, mover = self._cells.get(start), self.turn.name.lower()
        ending = self.ending()
        if ending is not None:
            return "game-over", f"the game is over: {ending.reason}"
        if owner is None:
            return "no-piece", f"there is no piece on {name(start)}"
        if owner is not self.turn:
            return (
                "wrong-colour",
                f"{name(start)} holds a {owner.name.lower()} piece and {mover} is to move",
            )
        if start == end:
            return "no-move", f"the piece on {name(start)} must end its move on another square"
        if found:
            route = "-".join(name(square) for square in path)
            return "invalid-jump", f"{route} is not a chain of jumps over pieces onto empty squares"
        if end in self._cells:
            return "occupied", f"{name(end)} is occupied"
        (f0, r0), (f1, r1) = (GEOMETRY.coordinates_of(s) for s in (start, end))
        if len(path) == 2 and abs(f1 - f0) == abs(r1 - r0) == 1:
            return (
                "diagonal-move",
                "a piece moves only horizontally or vertically, never diagonally",
            )
        return (
            "not-reachable",
            f"the piece on {name(start)} can neither step nor jump to {name(end)}",
        )
