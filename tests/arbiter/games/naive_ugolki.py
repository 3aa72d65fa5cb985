"""A second, deliberately plain Ugolki, written only to cross-check the arbiter's perft.

It shares no code with :mod:`arbiter.games.ugolki`: a dict from square names to ``"W"``
or ``"B"``, plain loops, a recursive search for jump chains and the end rules written out
again (corner filled, Black's equalising reply, nobody at home after 40 moves, no move).
"""

from __future__ import annotations

FILES = "abcdefgh"
WHITE_HOME = {f + r for f in "abc" for r in "123"}
BLACK_HOME = {f + r for f in "fgh" for r in "678"}


def start() -> dict[str, str]:
    board = dict.fromkeys(WHITE_HOME, "W")
    board.update(dict.fromkeys(BLACK_HOME, "B"))
    return board


def shifted(square: str, df: int, dr: int) -> str | None:
    f = FILES.index(square[0]) + df
    r = int(square[1]) + dr
    if 0 <= f < 8 and 1 <= r <= 8:
        return FILES[f] + str(r)
    return None


def jump_targets(board: dict[str, str], origin: str) -> set[str]:
    """Every square the piece on ``origin`` reaches with one or more jumps."""
    seen = {origin}

    def walk(square: str) -> None:
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            over = shifted(square, df, dr)
            land = shifted(square, 2 * df, 2 * dr)
            if over is None or land is None:
                continue
            if over in board and land not in board and land not in seen:
                seen.add(land)
                walk(land)

    walk(origin)
    seen.discard(origin)
    return seen


def moves(board: dict[str, str], side: str) -> list[tuple[str, str]]:
    result = []
    for square, owner in board.items():
        if owner != side:
            continue
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            to = shifted(square, df, dr)
            if to is not None and to not in board:
                result.append((square, to))
        for to in jump_targets(board, square):
            result.append((square, to))
    return result


def game_over(board: dict[str, str], side: str, white_moves: int, black_moves: int) -> bool:
    white_in = all(board.get(s) == "W" for s in BLACK_HOME)
    black_in = all(board.get(s) == "B" for s in WHITE_HOME)
    if black_in or (white_in and side == "W"):
        return True
    if white_moves > 40 and any(board.get(s) == "W" for s in WHITE_HOME):
        return True
    return black_moves > 40 and any(board.get(s) == "B" for s in BLACK_HOME)


def perft(
    board: dict[str, str], side: str, depth: int, white_moves: int = 0, black_moves: int = 0
) -> int:
    if depth == 0:
        return 1
    if game_over(board, side, white_moves, black_moves):
        return 0
    total = 0
    for origin, to in moves(board, side):
        after = dict(board)
        del after[origin]
        after[to] = side
        if side == "W":
            total += perft(after, "B", depth - 1, white_moves + 1, black_moves)
        else:
            total += perft(after, "W", depth - 1, white_moves, black_moves + 1)
    return total
