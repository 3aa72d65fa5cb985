"""Bashni (column draughts, ``--variant bashni``): Russian draughts in which a captured
piece goes under the capturing column instead of leaving the board.

The rules, with their sources (the seed is the text "Règles de jeu de dames",
the paragraph "Les règles du jeu coïncident avec les règles des dames, mais diffèrent en
ce que la dame battue de l'adversaire n'est pas retirée du plateau, mais monte sous la
tour battante ..."; English Wikipedia https://en.wikipedia.org/wiki/Bashni):

- Russian draughts rules (seed: "Les règles du jeu coïncident avec les règles des dames";
  Wikipedia: "played according to the basic rules of Russian draughts";
  docs/rules/russian.md §1, §2): 8x8, 12 men each on the first three rows, White first;
  a man steps one square diagonally forward and captures forward and backward; kings fly;
  capturing is compulsory, a started capture is completed, the route is chosen freely (no majority
  rule); a man reaching the far row during a capture is crowned at once and goes on
  capturing as a king; a king must land where it can go on capturing when such a square
  exists. The side to move without a legal move loses (seed: "Le côté qui parvient à
  détruire ou à bloquer le mouvement de tous dames de l'adversaire").
- Columns. Seed: the captured piece "monte sous la tour battante"; "Si plusieurs pions de
  l'adversaire se battent, ils grimpent les uns après les autres et une «tour» se forme
  sur le terrain final"; "La tour se déplace d'un coup et se déplace selon les règles de
  son pion supérieur, comme un simple ou un roi"; "si la tour est battue, seule la dame
  supérieure est retirée"; "Lorsqu'une tour est capturée, un pion du haut en est retiré et
  le pion du dessous entre en jeu en fonction de sa couleur". A column belongs to the
  colour of its top piece, moves and captures as that piece, and a capture takes only the
  top piece of the jumped column, which goes to the bottom of the capturing column
  ("placed under the capturing piece", Wikipedia; Lasca, its descendant: "sequently placed
  below the capturing checker", http://www.googlegamecenter.com/info/en/lasca.html).
- Crowning. Seed: "La tour, comme un seul pion, peut aller aux rois, et seul le premier
  pion devient roi": only the top piece of a column is crowned.
- A freed king is a man. Seed: "le roi précédemment capturé puis relâché est simple".
  jpneto's page on Bashnya (http://www.di.fc.ul.pt/~jpn/gv/bashnya.htm) says the
  opposite ("Officers in prison do not lose their status"); we follow the seed, the text
  this product was founded on. A captured king is therefore stored as a man at once:
  every piece under the top of a column is a man (only captured pieces ever go under).
- Each column is jumped at most once in a move, and a jumped column stays where it is
  until the move ends, blocking the way (the Russian "Turkish strike", docs/rules/russian.md §2).
  The seed says the captured pieces climb under the column "sur le terrain final" (at the
  end of the move), and the rules of the Bashni Draughts app (kirlanik,
  https://wingame.info/store/apps/details?id=com.kirlanik.BashniDraughts) say the same
  and that a capture stops where it comes back to an already captured piece. jpneto's
  page allows attacking "the same stack twice in the same move"; we follow the seed's
  "Russian draughts rules" and the Russian capture rule they include.
- Move identity. A move is its start, its end and the set of squares whose top piece it
  takes (:class:`arbiter.move.Move`). The order of the captures cannot change the result:
  every piece taken in one move is a top piece of the other colour and goes under as a
  man, so the new column is the same whatever the order; and whether a man is crowned on
  the way follows from the set, since crowning means jumping a piece on the row before
  the far row, which can only be done by landing on the far row.
- Draws. No Bashni source we found gives a draw rule; the draughts-64 material rules
  (7.2.4-7.2.8: kings against a king, counts of men and kings) do not fit columns, whose
  pieces come back into play. Only the threefold repetition of draughts-64 7.2.3 ends the
  game (docs/rules/russian.md §4), with the whole position compared: every column, bottom to top,
  and the side to move. The repetition table is cleared only at plies after which no
  earlier position can come back: those that take a lone piece. No ply adds a column
  (a capture moves one column and takes the top of others), so one that removes a column
  is never undone; a man's step or a capture that leaves the jumped columns standing may
  be (men capture backwards, freed pieces come back into play).

FEN. The PDN FEN (docs/rules/pdn.md §4) lists each column under its top piece's colour, ``K``
for a king on top, and writes the pieces beneath the top in brackets, bottom first, ``w``
or ``b`` (they are all men): ``W:Wa1,c3(b),Kd4(bwb):Bb8`` has on d4 a black man, a white
man, a black man and a white king on top. Squares are written algebraically, in the
board's order (a8 to h1). A plain PDN FEN without brackets is read as it is (single
pieces), in every form :mod:`arbiter.fen` accepts (numbers 1-32 as in Russian FENs).

Moves are written as in Russian draughts (docs/rules/russian.md §1): ``c3-d4``, ``e3:c5``, and
the landing squares of a capture ``e3:c5:e7`` when another capture joins the same two
squares. ``x`` or ``-`` are read for ``:``, and so are numbers 1-32 and ``c3d4``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from itertools import pairwise
from typing import ClassVar

from arbiter.draws.base import PlyFacts
from arbiter.errors import FenError, InvalidMoveError
from arbiter.fen import FenPosition, format_fen, parse_fen
from arbiter.game import Citation, Ending, Figure
from arbiter.geometry import DIAGONALS, FILES, Colour, Geometry
from arbiter.i18n import gettext_noop
from arbiter.move import Move
from arbiter.verdict import Termination
from arbiter.written import alternatives, ambiguous_error, capture_text, illegal_error, named_moves

__all__ = ["BashniBoard"]

GEOMETRY = Geometry.checkered(8, 8)
_SQUARES = range(1, GEOMETRY.size + 1)
#: For each square, the four diagonal rays from it (White's forward ones first).
_RAYS: dict[int, tuple[tuple[int, ...], ...]] = {
    square: tuple(GEOMETRY.ray(square, direction) for direction in DIAGONALS) for square in _SQUARES
}
#: The far row, where a man of each colour is crowned.
_FAR_ROW = {
    Colour.WHITE: frozenset(GEOMETRY.rank_squares(GEOMETRY.height - 1)),
    Colour.BLACK: frozenset(GEOMETRY.rank_squares(0)),
}
#: Which rays a man steps along: forward only (White's are the first two of DIAGONALS).
_FORWARD = {Colour.WHITE: (0, 1), Colour.BLACK: (2, 3)}
_LETTER = {Colour.WHITE: "w", Colour.BLACK: "b"}
_COLOUR = {"w": Colour.WHITE, "b": Colour.BLACK}
_BRACKETS = re.compile(r"\(([^()]*)\)")
_SEPARATORS = re.compile(r"[-x:]")
_ALGEBRAIC = re.compile(r"[a-h][1-8]")
_SHORT = re.compile(r"([a-h])([a-h][1-8])")


def _owner(column: str) -> Colour:
    """The colour a (non-empty) column belongs to: its top piece's."""
    return _COLOUR[column[-1].lower()]


class BashniBoard:
    """A Bashni position with its move history (the rules: module docstring).

    ``columns[square]`` is the column on a square, bottom to top, ``""`` for an empty
    square: ``w``/``b`` a man, ``W``/``B`` a king (only ever the top piece).
    """

    name: ClassVar[str] = "bashni"
    long_name: ClassVar[str] = "Bashni (column draughts)"
    notation: ClassVar[str] = "algebraic"
    aliases: ClassVar[tuple[str, ...]] = ("column-draughts", "stolbovye-shashki", "башни")
    rules_of_play: ClassVar[Citation] = Citation(
        gettext_noop("rules of bashni, moves and captures"), "docs/rules/bashni.md §1-§2"
    )
    end_of_game: ClassVar[Citation] = Citation(
        gettext_noop("rules of bashni, end of the game"), "docs/rules/bashni.md §1"
    )
    game_type: ClassVar[int | None] = None
    first_player: ClassVar[Colour] = Colour.WHITE
    result_format: ClassVar[str] = "default"
    draw_rules: ClassVar[tuple[str, ...]] = ("d64-7.2.3",)
    ends_without_moves_only: ClassVar[bool] = False
    geometry: ClassVar[Geometry] = GEOMETRY
    starting_fen: ClassVar[str] = "W:W21-32:B1-12"

    def __init__(self, fen: str | None = None) -> None:
        self.set_fen(self.starting_fen if fen is None else fen)

    # -- position -------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up a position (FEN form: module docstring) and clear the history."""
        beneath, plain = _read_brackets(fen)
        position = parse_fen(plain, GEOMETRY)
        columns = [""] * (GEOMETRY.size + 1)
        for colour, squares in ((Colour.WHITE, position.white), (Colour.BLACK, position.black)):
            for square in squares:
                top = _LETTER[colour]
                columns[square] = top.upper() if square in position.kings else top
        for square, pieces in beneath.items():
            if not columns[square]:
                raise FenError(
                    f"FEN {fen!r}: pieces are given beneath {GEOMETRY.algebraic(square)}, "
                    "which is not in a colour list"
                )
            columns[square] = pieces + columns[square]
        self.turn = position.turn
        self.columns = columns
        self.move_stack: list[Move] = []
        self._undo: list[list[str]] = []
        self._route_list: list[Move] | None = None

    def fen(self) -> str:
        """The position as a FEN with columns (module docstring)."""
        columns = self.columns

        def name(square: int) -> str:
            below = columns[square][:-1]
            return GEOMETRY.algebraic(square) + (f"({below})" if below else "")

        position = FenPosition(
            turn=self.turn,
            white=frozenset(self.squares(Colour.WHITE)),
            black=frozenset(self.squares(Colour.BLACK)),
            kings=frozenset(s for s in _SQUARES if columns[s][-1:].isupper()),
        )
        return format_fen(position, name)

    def square_name(self, square: int) -> str:
        """The algebraic name of ``square`` (``c3``), as Russian records write it."""
        return GEOMETRY.algebraic(square)

    def squares(self, colour: Colour) -> list[int]:
        """The squares of the columns ``colour`` owns, ascending."""
        return [s for s in _SQUARES if self.columns[s] and _owner(self.columns[s]) is colour]

    def position_key(self) -> Hashable:
        """Every column, bottom to top, and the side to move."""
        return (tuple(self.columns), self.turn)

    def figures(self) -> dict[int, tuple[Figure, ...]]:
        return {
            square: tuple(
                Figure(_COLOUR[piece.lower()], "king" if piece.isupper() else "man")
                for piece in column
            )
            for square, column in enumerate(self.columns)
            if column
        }

    def in_hand(self, colour: Colour) -> tuple[Figure, ...]:
        """Nothing is ever in hand in Bashni: captured pieces stay on the board."""
        return ()

    def copy(self) -> BashniBoard:
        board = type(self).__new__(type(self))
        board.turn = self.turn
        board.columns = list(self.columns)
        board.move_stack = list(self.move_stack)
        board._undo = [list(columns) for columns in self._undo]
        board._route_list = self._route_list
        return board

    def __str__(self) -> str:
        return self.fen()

    # -- moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move once (captures if there are any, else simple moves); empty
        when the side to move has lost."""
        return list(dict.fromkeys(self._routes()))

    def _routes(self) -> list[Move]:
        """Every capture route of the side to move if it has any, else its simple moves;
        worked out once per position (do not modify)."""
        if self._route_list is None:
            self._route_list = self._captures() or self._simple_moves()
        return self._route_list

    def _simple_moves(self) -> list[Move]:
        columns, turn = self.columns, self.turn
        moves: list[Move] = []
        for square in _SQUARES:
            column = columns[square]
            if not column or _owner(column) is not turn:
                continue
            king = column[-1].isupper()
            for index in range(4) if king else _FORWARD[turn]:
                for target in _RAYS[square][index]:
                    if columns[target]:
                        break
                    moves.append(Move(square, target))
                    if not king:
                        break
        return moves

    def _captures(self) -> list[Move]:
        """Every capture route of the side to move, one Move per route (the same move
        may come several times, by different routes)."""
        columns, turn = self.columns, self.turn
        routes: list[Move] = []
        for square in _SQUARES:
            column = columns[square]
            if column and _owner(column) is turn:
                king = column[-1].isupper()
                for taken, path in self._jumps(square, square, king, (), (square,)):
                    routes.append(Move(square, path[-1], frozenset(taken), path))
        return routes

    def _jumps(
        self, origin: int, at: int, king: bool, taken: tuple[int, ...], path: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The completions ``(taken, path)`` of a capture that has reached ``at``; none
        when no further jump is possible. The start square is empty during the move;
        jumped columns stay in place until it ends and cannot be jumped again."""
        columns, turn = self.columns, self.turn
        done: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for ray in _RAYS[at]:
            index = 0
            if king:
                while index < len(ray) and (ray[index] == origin or not columns[ray[index]]):
                    index += 1
            if index + 1 >= len(ray):
                continue
            victim = ray[index]
            if victim == origin or victim in taken or not columns[victim]:
                continue
            if _owner(columns[victim]) is turn:
                continue
            landings: list[int] = []
            for square in ray[index + 1 :]:
                if square != origin and columns[square]:
                    break
                landings.append(square)
                if not king:
                    break
            going_on: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            stops: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            for landing in landings:
                crowned = king or landing in _FAR_ROW[turn]
                after = (*taken, victim), (*path, landing)
                more = self._jumps(origin, landing, crowned, *after)
                going_on.extend(more)
                if not more:
                    stops.append(after)
            # a king must land where it can go on capturing, if it can (docs/rules/russian.md §2)
            done.extend(going_on or stops)
        return done

    def push(self, move: Move) -> None:
        """Play ``move`` (known legal): the column moves, the top piece of every jumped
        column goes under it as a man, and a man that reached the far row is crowned."""
        columns = self.columns
        self._undo.append(list(columns))
        self.move_stack.append(move)
        column = columns[move.from_square]
        columns[move.from_square] = ""
        prisoners = "".join(columns[square][-1].lower() for square in move.captures)
        for square in move.captures:
            columns[square] = columns[square][:-1]
        top = column[-1]
        if top.islower() and any(s in _FAR_ROW[self.turn] for s in move.path[1:]):
            top = top.upper()
        columns[move.to_square] = prisoners + column[:-1] + top
        self.turn = self.turn.other
        self._route_list = None

    def pop(self) -> Move:
        """Take back the last move and return it."""
        self.columns = self._undo.pop()
        self.turn = self.turn.other
        self._route_list = None
        return self.move_stack.pop()

    # -- the end --------------------------------------------------------------------

    def ending(self) -> Ending | None:
        """The side to move has lost when it has no legal move (module docstring)."""
        if self._routes():
            return None
        stuck = self.turn.name.lower()
        return Ending(Termination.NO_LEGAL_MOVE, self.turn.other, f"{stuck} has no legal move")

    def start_facts(self, ply: int) -> PlyFacts:
        return self._facts(ply, self.turn.other, start=True)

    def push_facts(self, move: Move, ply: int) -> PlyFacts:
        """Play ``move`` and return the facts of the ply. Men and kings are counted by the
        top pieces (the columns each side owns). ``captures`` counts the columns the move
        took off the board (lone pieces taken) and ``man_moved`` stays False, so that
        ``irreversible`` holds exactly after the plies that cannot be undone (module
        docstring, Draws)."""
        mover, top = self.turn, self.columns[move.from_square][-1]
        columns = self.columns
        kings = sum(columns[square][-1].isupper() for square in move.captures)
        removed = sum(len(columns[square]) == 1 for square in move.captures)
        self.push(move)
        crowned = top.islower() and self.columns[move.to_square][-1].isupper()
        return self._facts(
            ply, mover, start=False, captures=removed, captured_kings=kings, promoted=crowned
        )

    def push_facts_unless_quiet(self, move: Move, ply: int) -> PlyFacts | None:
        facts = self.push_facts(move, ply)
        return None if facts.quiet else facts

    def _facts(
        self,
        ply: int,
        mover: Colour,
        *,
        start: bool,
        captures: int = 0,
        captured_kings: int = 0,
        promoted: bool = False,
    ) -> PlyFacts:
        tops = [column[-1] for column in self.columns if column]
        return PlyFacts(
            ply=ply,
            mover=mover,
            man_moved=False,
            captures=captures,
            captured_kings=captured_kings,
            promoted=promoted,
            key=self.position_key(),
            white_men=tops.count("w"),
            white_kings=tops.count("W"),
            black_men=tops.count("b"),
            black_kings=tops.count("B"),
            start=start,
        )

    # -- notation -------------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """``c3-d4``, ``e3:c5``; a capture's landing squares ``e3:c5:e7`` when another
        legal capture joins the same two squares."""
        return capture_text(move, self.legal_moves(), GEOMETRY.algebraic)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (forms: module docstring). A written path
        names the moves that have a route from its first square to its last landing on
        the others in order; it must name exactly one (AmbiguousMoveError otherwise)."""
        path, start_file = _read_move(text)
        routes = self._routes()
        if start_file is not None:
            found = list(
                dict.fromkeys(
                    m
                    for m in routes
                    if m.to_square == path[-1]
                    and GEOMETRY.coordinates_of(m.from_square)[0] == start_file
                )
            )
        else:
            found = named_moves(path, routes)
        if len(found) == 1:
            return found[0]
        if found:
            raise ambiguous_error(text, self.fen(), found, GEOMETRY.algebraic)
        code, reason = self._explain(path, start_file is not None)
        legal = (self.move_text(m) for m in self.legal_moves())
        raise illegal_error(text, self.fen(), code, reason, legal)

    def _explain(self, path: tuple[int, ...], short: bool) -> tuple[str, str]:
        """(code, reason) for a move text that names no legal move: the most specific
        rule it breaks, with the codes of :mod:`arbiter.notation`."""
        name = GEOMETRY.algebraic
        start, end = path[0], path[-1]
        ending = self.ending()
        if ending is not None:
            return "game-over", f"the game is over: {ending.reason}"
        if short:
            return "not-reachable", "no legal move goes from that file to that square"
        column = self.columns[start]
        if not column:
            return "no-piece", f"there is no piece on {name(start)}"
        if _owner(column) is not self.turn:
            owner, mover = _owner(column).name.lower(), self.turn.name.lower()
            return "wrong-colour", f"{name(start)} holds a {owner} column and {mover} is to move"
        captures = self._captures()
        texts = tuple(self.move_text(m) for m in self.legal_moves())
        available = alternatives(texts) + (" was" if len(texts) == 1 else " were")
        if captures and len(path) == 2 and Move(start, end) in self._simple_moves():
            return "capture-compulsory", f"capture is compulsory: {available} available"
        if any(m.from_square == start and end in m.path[1:-1] for m in captures):
            return (
                "capture-incomplete",
                f"the capture was stopped at {name(end)} but must go on: {available} available",
            )
        twice = self._jumped_twice(path)
        if twice is not None:
            return (
                "jumped-twice",
                f"the column on {name(twice)} is jumped twice: a move takes one piece of a "
                "column, which stays in the way until the move ends (Turkish strike)",
            )
        (f0, r0), (f1, r1) = GEOMETRY.coordinates_of(start), GEOMETRY.coordinates_of(end)
        backwards = (r1 - r0) * (1 if self.turn is Colour.WHITE else -1) < 0
        if column[-1].islower() and len(path) == 2 and abs(f1 - f0) == 1 and backwards:
            return "man-backwards", "a man (a column with a man on top) cannot move backwards"
        if end != start and self.columns[end]:
            return "occupied", f"{name(end)} is occupied"
        if captures and all(m.from_square != start for m in captures):
            return "capture-compulsory", f"capture is compulsory: {available} available"
        return "not-reachable", f"no legal move takes the column on {name(start)} to {name(end)}"

    def _jumped_twice(self, path: tuple[int, ...]) -> int | None:
        """The first column a written path jumps a second time, if it does: the first
        column met on each diagonal leg (the start square is empty during the move)."""
        jumped: set[int] = set()
        for here, there in pairwise(path):
            ray = next((r for r in _RAYS[here] if there in r), ())
            leg = ray[: ray.index(there)] if ray else ()
            victim = next((s for s in leg if s != path[0] and self.columns[s]), None)
            if victim in jumped:
                return victim
            if victim is not None:
                jumped.add(victim)
        return None


def _read_move(text: str) -> tuple[tuple[int, ...], int | None]:
    """The squares a move text names, and the start file of a short ``cd4``."""
    compact = "".join(text.split()).lower()

    def square(token: str) -> int:
        number = GEOMETRY.parse_square(token)
        if number is None:
            raise InvalidMoveError(
                f"move {text!r}: {token!r} is not a square of the board "
                "(1-32 or a dark square such as c3)"
            )
        return number

    if _SEPARATORS.search(compact):
        tokens = _SEPARATORS.split(compact)
        if "" not in tokens and len(tokens) >= 2:
            return tuple(square(t) for t in tokens), None
    elif re.fullmatch(r"(?:[a-h][1-8]){2,}", compact):
        return tuple(square(t) for t in _ALGEBRAIC.findall(compact)), None
    elif short := _SHORT.fullmatch(compact):
        return (square(short[2]),), FILES.index(short[1])
    raise InvalidMoveError(
        f"move {text!r}: not a Bashni move (expected e.g. c3-d4, e3:c5, e3:c5:e7 or cd4)"
    )


def _read_brackets(fen: str) -> tuple[dict[int, str], str]:
    """The pieces written in brackets beneath the top piece of each square, and the FEN
    with the brackets blanked out (same length: :func:`arbiter.fen.parse_fen` then
    reports the columns of the original text, and ignores blanks)."""
    beneath: dict[int, str] = {}
    plain = list(fen)
    for match in _BRACKETS.finditer(fen):
        begin = match.start()
        while begin > 0 and (fen[begin - 1].isdigit() or fen[begin - 1] in FILES[:8]):
            begin -= 1
        token = fen[begin : match.start()]
        square = GEOMETRY.parse_square(token) if token else None
        if square is None:
            raise FenError(
                f"FEN {fen!r}, column {match.start() + 1}: expected a square before '(', "
                f"found {token or fen[begin - 1 : begin]!r}"
            )
        pieces = match[1]
        bad = next((i for i, ch in enumerate(pieces) if ch not in _COLOUR), None)
        if bad is not None:
            raise FenError(
                f"FEN {fen!r}, column {match.start() + 2 + bad}: expected the pieces beneath "
                f"the top, bottom first, as w or b (men), found {pieces[bad]!r}"
            )
        beneath[square] = pieces
        plain[match.start() : match.end()] = " " * (match.end() - match.start())
    stray = next((i for i, ch in enumerate(plain) if ch in "()"), None)
    if stray is not None:
        raise FenError(
            f"FEN {fen!r}, column {stray + 1}: expected a bracket pair after a square, "
            f"found a lone {plain[stray]!r}"
        )
    return beneath, "".join(plain)
