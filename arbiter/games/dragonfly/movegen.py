"""Dragonfly move generation: the pseudo-legal moves of the side to move, then the legal
ones (those that do not leave the mover's king attacked), with castling and drops.

Sources: the rules page (Mindsports, see :mod:`.position`) and, where it says "the same
as in Chess", the FIDE Laws of Chess (https://handbook.fide.com/chapter/E012023):
art. 3 (moves of the pieces), 3.9 (a move may not leave one's own king attacked), 3.8.2
(castling conditions).
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.games.dragonfly.position import (
    BISHOP_RAYS,
    CASTLINGS,
    KING_FILE,
    KING_LEAPS,
    KNIGHT_LEAPS,
    ROOK_RAYS,
    SIZE,
    Castling,
    DragonflyMove,
    Position,
    back_rank,
    last_rank,
)
from arbiter.geometry import Colour

_RAYS = {"R": ROOK_RAYS, "B": BISHOP_RAYS}
_LEAPS = {"N": KNIGHT_LEAPS, "K": KING_LEAPS}


def pseudo_moves(position: Position) -> Iterator[DragonflyMove]:
    """Moves of the pieces and drops, before the test of the mover's king; no castling."""
    squares, mover = position.squares, position.turn
    for origin, piece in enumerate(squares):
        if piece is None or piece.colour is not mover:
            continue
        kind = piece.kind
        if kind == "P":
            yield from _pawn_moves(position, origin)
        elif kind in _LEAPS:
            for target in _LEAPS[kind][origin]:
                occupant = squares[target]
                if occupant is None or occupant.colour is not mover:
                    yield DragonflyMove(kind, origin, target, capture=occupant is not None)
        else:
            for ray in _RAYS[kind][origin]:
                for target in ray:
                    occupant = squares[target]
                    if occupant is None or occupant.colour is not mover:
                        yield DragonflyMove(kind, origin, target, capture=occupant is not None)
                    if occupant is not None:
                        break
    # a drop: "at the cost of a turn, on any vacant square" (Mindsports); no restriction
    # on the square (the last rank included) nor on giving check or mate
    held = position.held(mover)
    if held:
        for target, occupant in enumerate(squares):
            if occupant is None:
                for kind in held:
                    yield DragonflyMove(kind, None, target)


def _pawn_moves(position: Position, origin: int) -> Iterator[DragonflyMove]:
    """One step forward to an empty square, or one step diagonally forward onto an enemy
    piece; "no initial double step", hence no en passant (Mindsports; seed: "n'ont pas de
    double pas initial"). On the last rank the pawn becomes a piece "the opponent has in
    hand"; "if the opponent has no piece in hand, a pawn cannot move to the seventh rank"
    (seed: "un pion ne peut pas se déplacer vers la septième rangée")."""
    squares, mover = position.squares, position.turn
    step = SIZE if mover is Colour.WHITE else -SIZE
    file = origin % SIZE
    target = origin + step
    targets = [target] if squares[target] is None else []
    for side in (-1, 1):
        if 0 <= file + side < SIZE:
            occupant = squares[target + side]
            if occupant is not None and occupant.colour is not mover:
                targets.append(target + side)
    promotes = target // SIZE == last_rank(mover)
    promotions = position.held(mover.other) if promotes else (None,)
    for square in targets:
        for promotion in promotions:
            yield DragonflyMove("P", origin, square, promotion, capture=square != target)


def leaves_king_safe(position: Position, move: DragonflyMove) -> bool:
    """Whether ``move`` does not leave the mover's king attacked (FIDE art. 3.9)."""
    mover = position.turn
    position.play(move)
    king = position.king(mover)
    safe = king is None or not position.attacked(king, mover.other)
    position.undo()
    return safe


def castling_moves(position: Position) -> Iterator[DragonflyMove]:
    """The castlings allowed now: the right is kept (king and that rook never moved, the
    rook never captured nor dropped), the squares between them are empty, and the king is
    not in check, does not cross an attacked square and does not land on one ("under the
    usual conditions", Mindsports; FIDE art. 3.8.2)."""
    mover = position.turn
    home = back_rank(mover) * SIZE
    king = home + KING_FILE
    for castling in CASTLINGS:
        if castling_obstacle(position, castling) is None:
            yield DragonflyMove("K", king, home + castling.king_to)


def castling_obstacle(position: Position, castling: Castling) -> str | None:
    """Why ``castling`` cannot be played now (``no-right``, ``blocked``, ``in-check``,
    ``passes-attacked``, ``lands-attacked``), None if it can."""
    mover = position.turn
    home = back_rank(mover) * SIZE
    if castling.right_of(mover) not in position.rights:
        return "no-right"
    if any(position.squares[home + f] is not None for f in castling.empty):
        return "blocked"
    enemy = mover.other
    if position.attacked(home + KING_FILE, enemy):
        return "in-check"
    if position.attacked(home + castling.passes, enemy):
        return "passes-attacked"
    if position.attacked(home + castling.king_to, enemy):
        return "lands-attacked"
    return None


def legal_moves(position: Position) -> list[DragonflyMove]:
    """Every legal move of the side to move, each once."""
    moves = [m for m in pseudo_moves(position) if leaves_king_safe(position, m)]
    if position.rights:
        moves.extend(castling_moves(position))
    return moves


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has a legal move (stops at the first one found)."""
    if any(leaves_king_safe(position, m) for m in pseudo_moves(position)):
        return True
    return bool(position.rights) and any(True for _ in castling_moves(position))
