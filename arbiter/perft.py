"""Perft: count the leaf positions of the legal-move tree, the standard check of a move
generator against published numbers (REFERENCE.md section 7, "drop" column: captures
with the same start, end and captured set count once)."""

from __future__ import annotations

from arbiter._movegen import KingRun, MoveGenerator, frozen_by_run, next_king_run, play
from arbiter.board import Board
from arbiter.game import GameBoard


def perft(board: Board | GameBoard, depth: int) -> int:
    """The number of move sequences of ``depth`` plies from ``board``'s position.

    >>> from arbiter.variants import InternationalBoard
    >>> perft(InternationalBoard(), 2)
    81
    """
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    if not isinstance(board, Board):
        return _count_any(board, depth)
    own, opp, kings, c = board._raw()
    limit = board.king_move_limit
    runs = ((-1, 0), (-1, 0))
    if limit is not None:
        runs = (board._king_run(board.turn), board._king_run(board.turn.other))
    return _count(board._generator, own, opp, kings, c, depth, limit, *runs)


def divide(board: Board | GameBoard, depth: int) -> dict[str, int]:
    """Perft split by first move: move text -> leaves below it (``depth`` >= 1)."""
    if depth < 1:
        raise ValueError(f"divide depth must be 1 or more, not {depth}")
    result: dict[str, int] = {}
    for move in board.legal_moves():
        text = board.move_text(move)
        board.push(move)
        result[text] = perft(board, depth - 1)
        board.pop()
    return result


def _count(
    generator: MoveGenerator,
    own: int,
    opp: int,
    kings: int,
    c: int,
    depth: int,
    limit: int | None = None,
    run: KingRun = (-1, 0),
    other_run: KingRun = (-1, 0),
) -> int:
    """Leaves below a position; ``run`` and ``other_run`` are the king runs of the side
    to move and of the other side, followed only where the variant limits them."""
    if limit is None:
        return _count_free(generator, own, opp, kings, c, depth)
    frozen = frozen_by_run(run, own & ~kings, limit)
    if depth == 0:
        return 1
    if depth == 1:
        return generator.count(own, opp, kings, c, frozen)
    total = 0
    other = 1 - c
    for move in generator.legal(own, opp, kings, c, frozen):
        mine, theirs, crowned = play(own, opp, kings, move)
        after = next_king_run(run, move, bool(kings >> move[0] & 1))
        total += _count(generator, theirs, mine, crowned, other, depth - 1, limit, other_run, after)
    return total


def _count_free(
    generator: MoveGenerator, own: int, opp: int, kings: int, c: int, depth: int
) -> int:
    """:func:`_count` where kings move freely: the last two plies are counted in one
    loop (the leaves' parents are not visited through a call of their own)."""
    if depth == 0:
        return 1
    if depth == 1:
        return generator.count(own, opp, kings, c)
    total = 0
    other = 1 - c
    if depth == 2:
        count = generator.count
        for move in generator.legal(own, opp, kings, c):
            mine, theirs, crowned = play(own, opp, kings, move)
            total += count(theirs, mine, crowned, other)
        return total
    for move in generator.legal(own, opp, kings, c):
        mine, theirs, crowned = play(own, opp, kings, move)
        total += _count_free(generator, theirs, mine, crowned, other, depth - 1)
    return total


def _count_any(board: GameBoard, depth: int) -> int:
    """Leaves below the position of a game without a bitboard generator: play and take
    back every legal move (a game over on the board has no legal move, so no leaf)."""
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += _count_any(board, depth - 1)
        board.pop()
    return total
