"""Perft: count the leaf positions of the legal-move tree, the standard check of a move
generator against published numbers (docs/rules/perft.md, "drop" column: captures
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
    loop (the leaves' parents are not visited through a call of their own), and where
    men move along :attr:`MoveGenerator.diagonal` the leaves' parents below a position
    up to three plies from the leaves are counted together (:class:`_LeafParents`)."""
    if depth == 0:
        return 1
    if depth == 1:
        return generator.count(own, opp, kings, c)
    if generator.diagonal is not None and depth <= 3:
        parents = _LeafParents(generator)
        if depth == 2:
            parents.add_after_each_move(own, opp, kings, c)
            return parents.count(1 - c)
        for move in generator.legal(own, opp, kings, c):
            mine, theirs, crowned = play(own, opp, kings, move)
            parents.add_after_each_move(theirs, mine, crowned, 1 - c)
        return parents.count(c)
    total = 0
    if depth == 2:
        count = generator.count
        for move in generator.legal(own, opp, kings, c):
            mine, theirs, crowned = play(own, opp, kings, move)
            total += count(theirs, mine, crowned, 1 - c)
        return total
    for move in generator.legal(own, opp, kings, c):
        mine, theirs, crowned = play(own, opp, kings, move)
        total += _count_free(generator, theirs, mine, crowned, 1 - c, depth - 1)
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


class _LeafParents:
    """Leaves' parents (positions one ply from the leaves, all with the same side to
    move) packed side by side for :meth:`MoveGenerator.count_lanes`, which counts the
    legal moves of each on its own bits; a position with a king is counted alone, at
    once. Men move along :attr:`MoveGenerator.diagonal`."""

    __slots__ = ("alone", "empty", "generator", "movers", "others", "shift")

    def __init__(self, generator: MoveGenerator) -> None:
        self.generator = generator
        #: the packed positions: the side to move's pieces, the other side's, the empty
        #: squares; ``shift``: where the next one goes
        self.movers = self.others = self.empty = self.shift = 0
        #: the moves of the positions counted alone
        self.alone = 0

    def count(self, c: int) -> int:
        """The legal moves of every position added, side ``c`` to move in each."""
        n = self.shift // self.generator.lane
        if not n:
            return self.alone
        return self.alone + self.generator.count_lanes(self.movers, self.others, self.empty, c, n)

    def add_after_each_move(self, own: int, opp: int, kings: int, c: int) -> None:
        """Add the position after each legal move of this one (side ``c`` to move). Where
        the board has no king and that side no capture, its moves are the steps of its
        men, played here on the packed bits."""
        generator = self.generator
        other = 1 - c
        full, lane = generator.full, generator.lane
        shift = self.shift
        jumpers = generator.capturers(own, opp, kings, c)
        if kings or jumpers:
            if jumpers:
                moves = generator.captures(own, opp, kings, c, jumpers)
            else:
                moves = generator.simple_moves(own, opp, kings, c)
            movers = others = empty = 0
            for move in moves:
                mine, theirs, crowned = play(own, opp, kings, move)
                if crowned:
                    self.alone += generator.count(theirs, mine, crowned, other)
                else:
                    movers |= theirs << shift
                    others |= mine << shift
                    empty |= (full ^ (theirs | mine)) << shift
                    shift += lane
        else:
            promotion = generator.promotion[c]
            rising = generator.rising[c]
            vacant = full ^ (own | opp)
            starts = ends = 0
            for d in generator.diagonal:  # type: ignore[union-attr]
                targets = (own << d if rising else own >> d) & vacant
                crowning = targets & promotion
                targets ^= crowning
                while crowning:
                    end = crowning & -crowning
                    crowning ^= end
                    start = end >> d if rising else end << d
                    self.alone += generator.count(opp, own ^ start | end, end, other)
                landed = 0
                while targets:
                    end = targets & -targets
                    targets ^= end
                    landed |= end << shift
                    shift += lane
                ends |= landed
                starts |= landed >> d if rising else landed << d
            repeat = generator._packing((shift - self.shift) // lane)[0] << self.shift
            movers = opp * repeat
            others = own * repeat ^ starts | ends
            empty = vacant * repeat ^ starts ^ ends
        self.movers |= movers
        self.others |= others
        self.empty |= empty
        self.shift = shift
