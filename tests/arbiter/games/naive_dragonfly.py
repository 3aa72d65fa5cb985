"""A second, naive Dragonfly move generator, written only to cross-check perft.

It shares nothing with ``arbiter.games.dragonfly``: the board is a dict from square names
to (colour, letter), every move copies the whole state, attacks are found by looking at
every enemy piece, and a move is legal when, once played, no enemy piece attacks the
mover's king. Rules as in the brief: chess moves without a queen and without a double
step, drops of held R/B/N on any empty square, captured R/B/N to the captor's hand,
captured pawns gone, promotion only to a kind the opponent holds (which leaves his hand),
castling d1-f1 with g1-e1 and d1-b1 with a1-c1 under the usual conditions. A pawn attacks
its two forward diagonals even where it could not move (no piece to promote to).
"""

from __future__ import annotations

FILES = "abcdefg"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(f, r):
    return FILES[f] + str(r + 1)


def coords(square):
    return FILES.index(square[0]), int(square[1]) - 1


def on_board(f, r):
    return 0 <= f < 7 and 0 <= r < 7


class State:
    def __init__(self, board, hands, rights, turn):
        self.board = board  # {"d1": ("w", "K")}
        self.hands = hands  # {"w": ["N"], "b": []}
        self.rights = rights  # {"K", "Q", "k", "q"}
        self.turn = turn  # "w" or "b"


def from_fen(fen):
    """Read the FEN form of the real implementation (placement[hands] turn rights)."""
    fields = fen.split()
    placement, hands_text = fields[0].split("[")
    board = {}
    for i, row in enumerate(placement.split("/")):
        r = 6 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                colour = "w" if ch.isupper() else "b"
                board[name(f, r)] = (colour, ch.upper())
                f += 1
    hands = {"w": [], "b": []}
    for ch in hands_text.rstrip("]"):
        hands["w" if ch.isupper() else "b"].append(ch.upper())
    rights = set(fields[2]) - {"-"}
    return State(board, hands, rights, fields[1])


START = "rbbknnr/ppppppp/7/7/7/PPPPPPP/RBBKNNR[] w KQkq"


def other(colour):
    return "b" if colour == "w" else "w"


def attacks(board, square):
    """The squares the piece on ``square`` attacks."""
    colour, kind = board[square]
    f, r = coords(square)
    result = []
    if kind == "P":
        dr = 1 if colour == "w" else -1
        for df in (-1, 1):
            if on_board(f + df, r + dr):
                result.append(name(f + df, r + dr))
    if kind in ("N", "K"):
        for df, dr in KNIGHT if kind == "N" else KING:
            if on_board(f + df, r + dr):
                result.append(name(f + df, r + dr))
    if kind in ("R", "B"):
        for df, dr in ROOK if kind == "R" else BISHOP:
            x, y = f + df, r + dr
            while on_board(x, y):
                result.append(name(x, y))
                if name(x, y) in board:
                    break
                x, y = x + df, y + dr
    return result


def attacked(board, square, by):
    return any(colour == by and square in attacks(board, s) for s, (colour, _) in board.items())


def pseudo(state):
    """(kind, origin or "@", target, promotion) moves, no castling, no king test."""
    moves = []
    me, board = state.turn, state.board
    for s, (colour, kind) in list(board.items()):
        if colour != me:
            continue
        f, r = coords(s)
        if kind == "P":
            dr = 1 if me == "w" else -1
            targets = []
            if on_board(f, r + dr) and name(f, r + dr) not in board:
                targets.append(name(f, r + dr))
            for t in attacks(board, s):
                if t in board and board[t][0] != me:
                    targets.append(t)
            for t in targets:
                last = (t[1] == "7") if me == "w" else (t[1] == "1")
                if last:
                    for promo in sorted(set(state.hands[other(me)])):
                        moves.append(("P", s, t, promo))
                else:
                    moves.append(("P", s, t, None))
        else:
            for t in attacks(board, s):
                if t not in board or board[t][0] != me:
                    moves.append((kind, s, t, None))
    for kind in sorted(set(state.hands[me])):
        for f in range(7):
            for r in range(7):
                if name(f, r) not in board:
                    moves.append((kind, "@", name(f, r), None))
    return moves


def play(state, move):
    kind, origin, target, promo = move
    me = state.turn
    board = dict(state.board)
    hands = {"w": list(state.hands["w"]), "b": list(state.hands["b"])}
    rights = set(state.rights)
    if target in board and board[target][1] != "P":
        hands[me].append(board[target][1])
    if origin == "@":
        hands[me].remove(kind)
        board[target] = (me, kind)
    else:
        del board[origin]
        board[target] = (me, promo or kind)
        if promo:
            hands[other(me)].remove(promo)
        home = "1" if me == "w" else "7"
        if kind == "K" and origin == "d" + home and target == "f" + home:
            del board["g" + home]
            board["e" + home] = (me, "R")
        if kind == "K" and origin == "d" + home and target == "b" + home:
            del board["a" + home]
            board["c" + home] = (me, "R")
    for square, right in (
        ("d1", "KQ"),
        ("g1", "K"),
        ("a1", "Q"),
        ("d7", "kq"),
        ("g7", "k"),
        ("a7", "q"),
    ):
        if square in (origin, target):
            rights -= set(right)
    return State(board, hands, rights, other(me))


def king_square(board, colour):
    for s, piece in board.items():
        if piece == (colour, "K"):
            return s
    return None


def legal(state):
    me = state.turn
    result = []
    for move in pseudo(state):
        after = play(state, move)
        if not attacked(after.board, king_square(after.board, me), other(me)):
            result.append(move)
    home = "1" if me == "w" else "7"
    sides = (
        ("K" if me == "w" else "k", "g", "f", ["e", "f"], "e"),
        ("Q" if me == "w" else "q", "a", "b", ["b", "c"], "c"),
    )
    for right, _rook, king_to, empty, crossed in sides:
        if right not in state.rights:
            continue
        if any(f + home in state.board for f in empty):
            continue
        if any(attacked(state.board, f + home, other(me)) for f in ("d", crossed, king_to)):
            continue
        result.append(("K", "d" + home, king_to + home, None))
    return result


def perft(state, depth):
    if depth == 0:
        return 1
    total = 0
    for move in legal(state):
        total += perft(play(state, move), depth - 1)
    return total
