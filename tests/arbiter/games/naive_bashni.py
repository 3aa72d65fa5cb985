"""A second, naive Bashni move generator, written only to cross-check perft counts of
:mod:`arbiter.games.bashni`. It shares no code with it: a dict from ``(file, rank)`` to
the column (a list of letters, bottom first: ``w``/``b`` men, ``W``/``B`` kings), plain
loops, a copied board per move.

The rules are the same decisions (see the module docstring of arbiter.games.bashni):
Russian draughts, a column moves as its top piece, a capture takes the top piece of each
jumped column once, jumped columns block until the move ends, captured pieces go to the
bottom of the capturing column as men, a man reaching the far row is crowned and goes on
as a king, a king lands where it can go on capturing if it can. Moves count once per
(start, end, set of jumped squares).
"""

from __future__ import annotations

Square = tuple[int, int]
Board = dict[Square, list[str]]
STEPS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def start() -> tuple[Board, str]:
    board: Board = {}
    for rank in range(8):
        for file in range(8):
            if (file + rank) % 2 == 0:
                if rank <= 2:
                    board[(file, rank)] = ["w"]
                elif rank >= 5:
                    board[(file, rank)] = ["b"]
    return board, "w"


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def last_rank(side: str) -> int:
    return 7 if side == "w" else 0


def moves(board: Board, side: str) -> list[tuple[Square, Square, frozenset[Square], bool]]:
    """(start, end, jumped squares, crowned) of every legal move, each once."""
    found: list[tuple[Square, Square, frozenset[Square], bool]] = []
    for square, column in board.items():
        if column[-1].lower() != side:
            continue
        king = column[-1].isupper()
        sequences: list[tuple[Square, list[Square], bool]] = []
        jumps(board, side, square, square, king, False, [], sequences)
        for end, jumped, crowned in sequences:
            move = (square, end, frozenset(jumped), crowned)
            if move not in found:
                found.append(move)
    if found:
        return found
    for square, column in board.items():
        if column[-1].lower() != side:
            continue
        king = column[-1].isupper()
        forward = 1 if side == "w" else -1
        for df, dr in STEPS:
            if not king and dr != forward:
                continue
            target = (square[0] + df, square[1] + dr)
            while on_board(target) and target not in board:
                found.append((square, target, frozenset(), target[1] == last_rank(side)))
                if not king:
                    break
                target = (target[0] + df, target[1] + dr)
    return found


def blocked(board: Board, square: Square, origin: Square) -> bool:
    return square in board and square != origin


def jumps(
    board: Board,
    side: str,
    origin: Square,
    here: Square,
    king: bool,
    crowned: bool,
    jumped: list[Square],
    out: list[tuple[Square, list[Square], bool]],
) -> bool:
    """Append the finished sequences (end, jumped, crowned) from ``here``; True if any
    jump was possible from there."""
    any_jump = False
    for df, dr in STEPS:
        victim = (here[0] + df, here[1] + dr)
        if king:
            while on_board(victim) and not blocked(board, victim, origin):
                victim = (victim[0] + df, victim[1] + dr)
        if not on_board(victim) or not blocked(board, victim, origin):
            continue
        if victim in jumped or board[victim][-1].lower() == side:
            continue
        landings = []
        land = (victim[0] + df, victim[1] + dr)
        while on_board(land) and not blocked(board, land, origin):
            landings.append(land)
            if not king:
                break
            land = (land[0] + df, land[1] + dr)
        if landings:
            any_jump = True
        going_on: list[tuple[Square, list[Square], bool]] = []
        stopping: list[tuple[Square, list[Square], bool]] = []
        for land in landings:
            now_king = king or land[1] == last_rank(side)
            now_crowned = crowned or (now_king and not king)
            more: list[tuple[Square, list[Square], bool]] = []
            if jumps(board, side, origin, land, now_king, now_crowned, [*jumped, victim], more):
                going_on.extend(more)
            else:
                stopping.append((land, [*jumped, victim], now_crowned))
        out.extend(going_on or stopping)
    return any_jump


def play(board: Board, move: tuple[Square, Square, frozenset[Square], bool]) -> Board:
    start_square, end, jumped, crowned = move
    new = {square: list(column) for square, column in board.items()}
    column = new.pop(start_square)
    prisoners = []
    for square in jumped:
        prisoners.append(new[square].pop().lower())
        if not new[square]:
            del new[square]
    if crowned:
        column[-1] = column[-1].upper()
    new[end] = prisoners + column
    return new


def perft(board: Board, side: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    other = "b" if side == "w" else "w"
    for move in moves(board, side):
        total += perft(play(board, move), other, depth - 1) if depth > 1 else 1
    return total
