"""A second, naive implementation of Russian draughts and its three variants, written only
to cross-check perft: a dict of (file, rank) -> piece letter, plain loops, no code shared
with arbiter (its own FEN reading, numbering, move generator and turn order).

Pieces: ``w``/``b`` men, ``W``/``B`` kings. Rules (docs/rules/russian.md): men step
forward, capture both ways; kings fly; a piece is jumped once and stays until the end of
the move; a man reaching the far row is crowned at once and captures on as a king; a king
lands where the capture goes on if it can; capture compulsory, free choice. ``samoyed``:
pieces of both colours are captured. ``two_move``: two moves per turn, ``moves_left``
given by the FEN's ``M`` field (2 without it), and the game is over once a side has no
pieces.
"""

from __future__ import annotations

Square = tuple[int, int]
Board = dict[Square, str]

DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def number_to_square(number: int) -> Square:
    """Square 1 is b8, 4 is h8, 5 is a7... 32 is g1 (rows from the top, left to right)."""
    row = (number - 1) // 4
    rank = 7 - row
    file = 2 * ((number - 1) % 4) + (1 if rank % 2 == 1 else 0)
    return file, rank


def read_square(text: str) -> Square:
    if text.isdigit():
        return number_to_square(int(text))
    return "abcdefgh".index(text[0]), int(text[1:]) - 1


def read_fen(fen: str) -> tuple[Board, str, int]:
    """(pieces, side to move ``w``/``b``, moves left in the turn)."""
    parts = fen.replace(" ", "").split(":")
    board: Board = {}
    moves_left = 2
    for part in parts[1:]:
        if part.startswith("M"):
            moves_left = int(part[1:])
            continue
        colour = part[0].lower()
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            if "-" in item:
                low, high = item.split("-")
                squares = [number_to_square(n) for n in range(int(low), int(high) + 1)]
            else:
                squares = [read_square(item)]
            for square in squares:
                board[square] = colour.upper() if king else colour
    return board, parts[0].lower(), moves_left


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def is_king(piece: str) -> bool:
    return piece.isupper()


def colour_of(piece: str) -> str:
    return piece.lower()


def crown_rank(colour: str) -> int:
    return 7 if colour == "w" else 0


def simple_moves(board: Board, side: str) -> list[tuple[Square, Square, frozenset[Square]]]:
    moves = []
    forward = 1 if side == "w" else -1
    for square, piece in board.items():
        if colour_of(piece) != side:
            continue
        for df, dr in DIRECTIONS:
            if not is_king(piece) and dr != forward:
                continue
            f, r = square[0] + df, square[1] + dr
            while on_board((f, r)) and (f, r) not in board:
                moves.append((square, (f, r), frozenset()))
                if not is_king(piece):
                    break
                f, r = f + df, r + dr
    return moves


def free(board: Board, square: Square, origin: Square) -> bool:
    """Whether a capturing piece may pass or land on ``square`` (its start is empty)."""
    return on_board(square) and (square not in board or square == origin)


def jumps_from(
    board: Board,
    side: str,
    samoyed: bool,
    origin: Square,
    here: Square,
    king: bool,
    taken: tuple[Square, ...],
) -> list[tuple[Square, list[Square]]]:
    """The jumps the capturing piece can make from ``here``: (jumped square, landings)."""
    found = []
    for df, dr in DIRECTIONS:
        f, r = here[0] + df, here[1] + dr
        # walk over empty squares (the origin is empty now) up to a piece
        if king:
            while free(board, (f, r), origin):
                f, r = f + df, r + dr
        target = (f, r)
        if not on_board(target) or target not in board or target == origin:
            continue
        if target in taken:
            continue
        if not samoyed and colour_of(board[target]) == side:
            continue
        landings = []
        f, r = f + df, r + dr
        while free(board, (f, r), origin):
            landings.append((f, r))
            if not king:
                break
            f, r = f + df, r + dr
        if landings:
            found.append((target, landings))
    return found


def capture_moves(
    board: Board, side: str, samoyed: bool
) -> list[tuple[Square, Square, frozenset[Square]]]:
    """Every complete capture (start, end, captured squares), each once."""
    result: set[tuple[Square, Square, frozenset[Square]]] = set()
    for origin, piece in board.items():
        if colour_of(piece) != side:
            continue
        # depth-first with an explicit stack: (where, king now, captured so far)
        stack: list[tuple[Square, bool, tuple[Square, ...]]] = [(origin, is_king(piece), ())]
        while stack:
            here, king, taken = stack.pop()
            continuations = jumps_from(board, side, samoyed, origin, here, king, taken)
            if not continuations and taken:
                result.add((origin, here, frozenset(taken)))
                continue
            for target, landings in continuations:
                options = []
                for landing in landings:
                    now_king = king or landing[1] == crown_rank(side)
                    options.append((landing, now_king, (*taken, target)))
                if king:
                    # a flying king must land where the capture goes on, if it can
                    going = [o for o in options if jumps_from(board, side, samoyed, origin, *o)]
                    options = going or options
                stack.extend(options)
    return list(result)


def legal(board: Board, side: str, samoyed: bool) -> list[tuple[Square, Square, frozenset]]:
    return capture_moves(board, side, samoyed) or simple_moves(board, side)


def play(board: Board, move: tuple[Square, Square, frozenset[Square]], side: str) -> Board:
    start, end, taken = move
    after = {s: p for s, p in board.items() if s not in taken and s != start}
    piece = board[start]
    crowned = False
    if not is_king(piece):
        crowned = passes_crown_row(board, move, side) if taken else end[1] == crown_rank(side)
    after[end] = piece.upper() if crowned else piece
    return after


def passes_crown_row(board: Board, move, side: str) -> bool:
    """Whether some route of this capture by a man lands on the far row: replay the
    jumps of the man (any route with the same captured set does)."""
    start, end, taken = move
    stack = [(start, False, frozenset())]
    while stack:
        here, crowned, done = stack.pop()
        if here == end and done == taken:
            return crowned
        for df, dr in DIRECTIONS:
            f, r = here[0] + df, here[1] + dr
            if crowned:
                while free(board, (f, r), start):
                    f, r = f + df, r + dr
            if (f, r) not in taken or (f, r) in done:
                continue
            g, h = f + df, r + dr
            while free(board, (g, h), start):
                stack.append(((g, h), crowned or h == crown_rank(side), done | {(f, r)}))
                if not crowned:
                    break
                g, h = g + df, h + dr
    raise AssertionError(f"no route for {move}")


def perft(fen: str, depth: int, *, samoyed: bool = False, two_move: bool = False) -> int:
    board, side, moves_left = read_fen(fen)
    return count(board, side, moves_left if two_move else 1, depth, samoyed, two_move)


def count(board: Board, side: str, left: int, depth: int, samoyed: bool, two_move: bool) -> int:
    if depth == 0:
        return 1
    if two_move and not all(any(colour_of(p) == c for p in board.values()) for c in "wb"):
        return 0
    total = 0
    for move in legal(board, side, samoyed):
        after = play(board, move, side)
        if two_move and left == 2:
            total += count(after, side, 1, depth - 1, samoyed, two_move)
        else:
            other = "b" if side == "w" else "w"
            total += count(after, other, 2 if two_move else 1, depth - 1, samoyed, two_move)
    return total
