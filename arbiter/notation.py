"""Move text: read it against a position, write it (docs/rules/pdn.md §5, §6; FMJD 8.1-8.2).

Reading is lenient about form and strict about meaning. Accepted forms: ``32-28``,
``32x28``, ``32:28``, full or partial capture paths ``27x18x9``, algebraic ``c3-d4``,
``e3:c5:e7``, ``a3b4``, numeric without separator ``3228``, leading zeros ``05-09``,
and Russian short algebraic ``ed4`` (start file and target square). The separator is
not trusted: ``x`` written for a simple move and ``-`` for a jump occur in real records
(docs/rules/pdn.md §6), so the squares alone pick the move. A written path matches every
legal capture route from its first to its last square that lands on the listed squares
in order; the text must name exactly one move as identified by (from, to, captured
set), or AmbiguousMoveError lists the candidates. A move that matches nothing is
explained with the most specific rule it breaks (IllegalMoveError ``code``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from math import gcd
from typing import ClassVar, Protocol

from arbiter._cache import class_cache, class_lru_cache
from arbiter._movegen import MoveGenerator, RawMove
from arbiter.errors import AmbiguousMoveError, InvalidMoveError
from arbiter.geometry import FILES, Colour, Direction, Geometry
from arbiter.move import Move
from arbiter.written import alternatives, illegal_error, on_route


class _PieceRead(Protocol):
    """What move text reads of a piece (arbiter.board.Piece)."""

    @property
    def colour(self) -> Colour: ...

    @property
    def king(self) -> bool: ...


class TextBoard(Protocol):
    """What move text reads of a board (arbiter.board.Board): named by its uses here, so
    that this module never imports the board that imports it."""

    geometry: ClassVar[Geometry]
    capture_separator: ClassVar[str]
    man_captures: ClassVar[tuple[Direction, ...]]
    flying_kings: ClassVar[bool]
    king_move_limit: ClassVar[int | None]
    _generator: ClassVar[MoveGenerator]

    @property
    def turn(self) -> Colour: ...

    def fen(self) -> str: ...

    def piece_at(self, square: int) -> _PieceRead | None: ...

    def square_name(self, square: int) -> str: ...

    def legal_moves(self) -> list[Move]: ...

    def move_text(self, move: Move) -> str: ...

    def _raw(self) -> tuple[int, int, int, int]: ...

    def _legal_raw(self) -> list[RawMove]: ...


_SEPARATORS = re.compile(r"[-x:]")
_ALGEBRAIC_RUN = re.compile(r"(?:[a-z][0-9]+){2,}")
_ALGEBRAIC_SQUARE = re.compile(r"[a-z][0-9]+")
_SHORT = re.compile(r"([a-z])([a-z][0-9]+)")


@dataclass(frozen=True)
class _Written:
    """What a move text says: candidate square sequences (first, intermediates..., last),
    or for short algebraic a start file and a target."""

    paths: tuple[tuple[int, ...], ...] = ()
    start_file: int | None = None
    target: int | None = None


def parse_move(board: TextBoard, text: str) -> Move:
    """The legal move of ``board`` written ``text``.

    >>> from arbiter.variants import InternationalBoard
    >>> InternationalBoard().parse_move("32-28")
    Move(32, 28)
    """
    written = _read(board, text)
    matches = _matches(board, written)
    if len(matches) == 1:
        return matches[0]
    if matches:
        full = tuple(_joined(board, m, m.path) for m in matches)
        raise AmbiguousMoveError(
            f"ambiguous move {text!r}: it matches {alternatives(full)}; write the full path",
            move=text,
            fen=board.fen(),
            code="ambiguous",
            legal=full,
        )
    code, reason = _explain(board, written)
    legal = (board.move_text(m) for m in board.legal_moves())
    raise illegal_error(text, board.fen(), code, reason, legal)


def move_text(board: TextBoard, move: Move) -> str:
    """``move`` written for ``board``'s variant: ``from-to`` or ``from x to``, with the
    full landing path only when another legal capture joins the same squares
    (docs/rules/pdn.md §5)."""
    legal = board.legal_moves()
    move = next((m for m in legal if m == move), move)
    twins = any(
        m != move and m.from_square == move.from_square and m.to_square == move.to_square
        for m in legal
    )
    if move.captures and twins:
        return _joined(board, move, _full_path(board, move))
    return _joined(board, move, (move.from_square, move.to_square))


# -- reading --------------------------------------------------------------------------


@class_lru_cache(maxsize=16384)
def plain_ends(board_type: type[TextBoard], text: str) -> tuple[int, int] | None:
    """The bit indices of the two squares of a text ``a-b``, ``axb`` or ``a:b`` (square
    numbers, zero-padded or not, or algebraic names), or None for any other text: the
    commonest text, which ``Board.parse_move`` reads without building every legal move."""
    for separator in "-x:":
        if separator in text:
            first, _, last = text.partition(separator)
            break
    else:
        return None
    names = _square_names(board_type)
    start, end = names.get(first), names.get(last)
    if start is None or end is None:
        # zero-padded square numbers ("05-10"), as engines write them: the general reader
        # reads them as the numbers they are
        start, end = names.get(first.lstrip("0")), names.get(last.lstrip("0"))
        if start is None or end is None:
            return None
    index = board_type._generator.layout.index
    return index[start], index[end]


@class_cache
def _square_names(board_type: type[TextBoard]) -> dict[str, int]:
    """Every square of the variant by its number and by its algebraic name, as the
    general reader accepts them (without leading zeros or capitals)."""
    geometry = board_type.geometry
    names = {str(square): square for square in range(1, geometry.size + 1)}
    names.update((geometry.algebraic(square), square) for square in range(1, geometry.size + 1))
    return names


def _read(board: TextBoard, text: str) -> _Written:
    compact = "".join(text.split()).lower()
    geometry = board.geometry

    def square(token: str) -> int:
        number = geometry.parse_square(token)
        if number is None:
            raise InvalidMoveError(
                f"move {text!r}: {token!r} is not a square of this board "
                f"(1-{geometry.size} or a playable square such as a1)"
            )
        return number

    if _SEPARATORS.search(compact):
        tokens = _SEPARATORS.split(compact)
        if "" in tokens or len(tokens) < 2:
            raise InvalidMoveError(f"move {text!r}: expected squares joined by '-', 'x' or ':'")
        return _Written(paths=(tuple(square(t) for t in tokens),))
    if compact.isdigit() and len(compact) >= 2:
        splits = tuple(
            (a, b)
            for i in range(1, len(compact))
            if (a := geometry.parse_square(compact[:i]))
            and (b := geometry.parse_square(compact[i:]))
        )
        if splits:
            return _Written(paths=splits)
        raise InvalidMoveError(f"move {text!r}: cannot be read as two square numbers")
    if _ALGEBRAIC_RUN.fullmatch(compact):
        return _Written(paths=(tuple(square(t) for t in _ALGEBRAIC_SQUARE.findall(compact)),))
    short = _SHORT.fullmatch(compact)
    if short:
        return _Written(start_file=FILES.index(short.group(1)), target=square(short.group(2)))
    raise InvalidMoveError(f"move {text!r}: not a move (expected e.g. 32-28, 28x19, c3-d4 or cd4)")


def _matches(board: TextBoard, written: _Written) -> list[Move]:
    """The distinct legal moves the text can mean, each with a route that fits it.

    A path that is exactly one move's complete landing path names that move even if it
    is also a partial path of a longer one: the standard's full path lists every
    landing square (docs/rules/pdn.md §5)."""
    found: dict[Move, Move] = {}
    exact: dict[Move, Move] = {}
    to_move = board._generator.move
    for raw in _routes(board):
        move = to_move(raw)
        if not _fits(board, written, move):
            continue
        found.setdefault(move, move)
        if move.captures and (
            move.path in written.paths or _full_path(board, move) in written.paths
        ):
            exact.setdefault(move, move)
    if len(found) > 1 and len(exact) == 1:
        return list(exact.values())
    return list(found.values())


def _fits(board: TextBoard, written: _Written, move: Move) -> bool:
    if written.target is not None:
        return (
            move.to_square == written.target
            and board.geometry.coordinates_of(move.from_square)[0] == written.start_file
        )
    return any(on_route(path, move.path) for path in written.paths)


def _routes(board: TextBoard) -> list[RawMove]:
    """Every legal move, with every route of every legal capture: the route the legal
    moves carry first, so that a move the text fits keeps that route as its path."""
    generator = board._generator
    position = board._raw()
    legal = board._legal_raw()
    if not legal or not legal[0][2]:
        return legal
    allowed = {raw[:3] for raw in legal}
    return legal + [raw for raw in generator.capture_paths(*position) if raw[:3] in allowed]


# -- explaining -----------------------------------------------------------------------


def _explain(board: TextBoard, written: _Written) -> tuple[str, str]:
    """(code, reason) for a text that matches no legal move: the most specific rule."""
    if written.target is not None:
        return "not-reachable", "no legal move goes from that file to that square"
    path = next((p for p in written.paths if board.piece_at(p[0])), written.paths[0])
    start, end = path[0], path[-1]
    name = board.square_name
    piece = board.piece_at(start)
    if piece is None:
        return "no-piece", f"there is no piece on {name(start)}"
    if piece.colour is not board.turn:
        mover, owner = board.turn.name.lower(), piece.colour.name.lower()
        return "wrong-colour", f"{name(start)} holds a {owner} piece and {mover} is to move"
    generator = board._generator
    square = generator.layout.square
    to_move = generator.move
    position = board._raw()
    captures = generator.capture_paths(*position)
    legal = board._legal_raw()
    available = _listed(board, legal)
    if len(path) == 2:
        simple = generator.simple_moves(*position)
        if any(square[m[0]] == start and square[m[1]] == end for m in simple):
            if captures:
                return "capture-compulsory", f"capture is compulsory: {available}"
            return (
                "king-move-limit",
                f"the king on {name(start)} has made {board.king_move_limit} simple moves "
                "in a row and its side still has men (Frisian rules, docs/rules/frisian.md)",
            )
    tried = [raw for raw in captures if on_route(path, to_move(raw).path)]
    if tried:
        best, taken = legal[0][2].bit_count(), tried[0][2].bit_count()
        if best > taken:
            return (
                "majority-rule",
                f"majority rule: {available}, taking {best} pieces; this move takes {taken}",
            )
        return "capture-priority", f"another capture has priority: {available}"
    allowed = {m[:3] for m in legal}
    stopped = [
        raw
        for raw in captures
        if raw[:3] in allowed and square[raw[0]] == start and end in to_move(raw).path[1:-1]
    ]
    if stopped:
        return (
            "capture-incomplete",
            f"the capture was stopped at {name(end)} but must go on: {_listed(board, stopped)}",
        )
    moves_this_piece = any(square[m[0]] == start for m in legal)
    compulsory = available if captures and not moves_this_piece else ""
    return _explain_geometry(board, piece.king, start, end, compulsory)


def _explain_geometry(
    board: TextBoard, king: bool, start: int, end: int, compulsory: str
) -> tuple[str, str]:
    """Reasons that depend only on where the piece goes; ``compulsory`` lists the
    captures when one is compulsory and this piece has none."""
    geometry = board.geometry
    (f0, r0), (f1, r1) = geometry.coordinates_of(start), geometry.coordinates_of(end)
    df, dr = f1 - f0, r1 - r0
    distance = max(abs(df), abs(dr))
    diagonal = abs(df) == abs(dr) and distance > 0
    step = (df // distance, dr // distance) if diagonal else (0, 0)
    middle = geometry.square_at(f0 + step[0], r0 + step[1]) if distance == 2 else None
    jumped = board.piece_at(middle) if middle else None
    over_enemy = jumped is not None and jumped.colour is not board.turn
    backwards = dr * (1 if board.turn is Colour.WHITE else -1) < 0
    if not king and diagonal and backwards:
        if distance == 1:
            return "man-backwards", "a man cannot move backwards"
        if over_enemy and step not in _side_directions(board, board.man_captures):
            return "man-captures-backwards", "a man cannot capture backwards in this variant"
    if king and diagonal and not board.flying_kings and distance > 1 and not over_enemy:
        return "king-range", "a king moves only one square at a time in this variant"
    if board.piece_at(end) is not None:
        return "occupied", f"{board.square_name(end)} is occupied"
    if compulsory:
        return "capture-compulsory", f"capture is compulsory: {compulsory}"
    return (
        "not-reachable",
        f"no legal move takes the piece on {board.square_name(start)} to {board.square_name(end)}",
    )


def _side_directions(
    board: TextBoard, directions: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    """``directions`` (given for White) as the side to move sees them on the board."""
    if board.turn is Colour.WHITE:
        return directions
    return tuple((df, -dr) for df, dr in directions)


# -- writing --------------------------------------------------------------------------


def _full_path(board: TextBoard, move: Move) -> tuple[int, ...]:
    """The standard's full path (docs/rules/pdn.md §5): where the piece turns, the turning
    square; where it goes straight on, the square just behind the captured piece."""
    route = move.path
    legs: list[tuple[tuple[int, int], int]] = []
    for a, b in pairwise(route):
        direction, line = _line(board, a, b)
        victim = next(i for i, s in enumerate(line) if s in move.captures)
        legs.append((direction, line[victim + 1]))
    squares = [move.from_square]
    for (direction, behind), (next_direction, _), landing in zip(
        legs, legs[1:], route[1:], strict=False
    ):
        squares.append(behind if direction == next_direction else landing)
    squares.append(move.to_square)
    return tuple(squares)


def _line(board: TextBoard, a: int, b: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """The direction and the line of squares from ``a`` through ``b``: the shortest step
    that reaches ``b`` (one square diagonally or straight, or two squares straight
    between squares of one colour as in Frisian captures, docs/rules/frisian.md)."""
    geometry = board.geometry
    (fa, ra), (fb, rb) = geometry.coordinates_of(a), geometry.coordinates_of(b)
    df, dr = fb - fa, rb - ra
    steps = gcd(df, dr)
    for k in range(steps, 0, -1):
        if steps % k == 0:
            direction = (df // k, dr // k)
            line = geometry.ray(a, direction)
            if b in line:
                return direction, line
    raise AssertionError(f"squares {a} and {b} are not on one line")


def _joined(board: TextBoard, move: Move, squares: tuple[int, ...]) -> str:
    separator = board.capture_separator if move.captures else "-"
    return separator.join(board.square_name(s) for s in squares)


def _listed(board: TextBoard, moves: list[RawMove]) -> str:
    to_move = board._generator.move
    texts = tuple(board.move_text(to_move(m)) for m in moves)
    return alternatives(texts) + (" was available" if len(set(texts)) == 1 else " were available")
