"""Differential testing against pydraughts: positions from seeded random play, the peer
driven as a subprocess in its own virtualenv, and the comparison of move sets.

Used by ``tests/arbiter/test_differential.py`` (a few thousand positions, and a sample of
them in ``make test``) and ``benchmarks/differential.py`` (100,000 per variant).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from arbiter.board import Board, Colour
from arbiter.fen import FenPosition, format_fen

REPO = Path(__file__).resolve().parents[3]
PEER_PYTHON = REPO / ".peers" / "pydraughts" / "bin" / "python"
PEER_SCRIPT = Path(__file__).resolve().parent / "pydraughts_peer.py"
#: The second peer, py-draughts 1.10.1 (``py_draughts_peer.py``), and what it plays.
PY_DRAUGHTS_PYTHON = REPO / ".peers" / "py-draughts" / "bin" / "python"
PY_DRAUGHTS_SCRIPT = Path(__file__).resolve().parent / "py_draughts_peer.py"
PY_DRAUGHTS_VARIANTS = ("brazilian", "frisian", "antidraughts")
MAX_PLIES = 150
#: Our variants that pydraughts 0.6.7 also plays (``pydraughts_peer._NAMES``).
PEER_VARIANTS = (
    "international",
    "english",
    "russian",
    "italian",
    "brazilian",
    "turkish",
    "frisian",
    "antidraughts",
)

MoveKey = tuple[int, int, frozenset[int]]


@dataclass(frozen=True)
class Mismatch:
    fen: str
    only_ours: frozenset[MoveKey]
    only_peer: frozenset[MoveKey]


def peer_available() -> bool:
    return PEER_PYTHON.exists()


def numeric_fen(board: Board) -> str:
    """The position with numeric squares and White's list first (pydraughts needs both)."""
    kings = board.piece_squares(Colour.WHITE, kings=True) + board.piece_squares(
        Colour.BLACK, kings=True
    )
    return format_fen(
        FenPosition(
            turn=board.turn,
            white=frozenset(board.piece_squares(Colour.WHITE)),
            black=frozenset(board.piece_squares(Colour.BLACK)),
            kings=frozenset(kings),
        )
    )


def random_positions(cls: type[Board], count: int, seed: int) -> Iterator[Board]:
    """``count`` distinct positions with a legal move, met in random games from the
    starting position (a game stops when the side to move is lost or after MAX_PLIES)."""
    rng = random.Random(seed)
    seen: set[object] = set()
    while True:
        board = cls()
        for _ in range(MAX_PLIES):
            moves = board.legal_moves()
            if not moves:
                break
            key = board.position_key()
            if key not in seen:
                seen.add(key)
                yield board.copy()
                if len(seen) == count:
                    return
            board.push(rng.choice(moves))


def kind(board: Board) -> tuple[int, bool, bool, bool]:
    """What a position asks of move generation: the most pieces one legal move takes (3
    for three or more), whether a king may move, whether a man may reach the far row, and
    whether a king may be taken."""
    moves = board.legal_moves()
    geometry = board.geometry
    far = geometry.height - 1 if board.turn is Colour.WHITE else 0
    crowning = set(geometry.rank_squares(far))

    def king(square: int) -> bool:
        piece = board.piece_at(square)
        return piece is not None and piece.king

    return (
        min(max((len(m.captures) for m in moves), default=0), 3),
        any(king(m.from_square) for m in moves),
        any(not king(m.from_square) and not crowning.isdisjoint(m.path[1:]) for m in moves),
        any(king(square) for m in moves for square in m.captures),
    )


def varied(boards: list[Board], count: int) -> list[Board]:
    """``count`` of ``boards`` (all of them if fewer), taken in turn from each
    :func:`kind` of position, each kind in the order of ``boards``: the rare kinds (a
    long capture, a king taken, a man crowned on the way) are all in a small sample."""
    kinds: dict[tuple[int, bool, bool, bool], list[Board]] = {}
    for board in boards:
        kinds.setdefault(kind(board), []).append(board)
    queues = list(kinds.values())
    chosen: list[Board] = []
    for turn in range(max(map(len, queues), default=0)):
        chosen += [queue[turn] for queue in queues if turn < len(queue)]
    return chosen[:count]


def ours(board: Board) -> frozenset[MoveKey]:
    """Our legal moves in ``board``'s position as set up from its FEN, without the game's
    history (which the peer does not see either: the Frisian king-move limit)."""
    fresh = type(board)(numeric_fen(board))
    return frozenset((m.from_square, m.to_square, m.captures) for m in fresh.legal_moves())


def peer_moves(
    cases: list[tuple[str, str]], peer: tuple[Path, Path] = (PEER_PYTHON, PEER_SCRIPT)
) -> list[frozenset[MoveKey]]:
    """The peer's move set for each (variant, FEN), in order, from one run of the peer;
    ``peer`` is (interpreter, script), pydraughts by default."""
    lines = "".join(f"{variant}\t{fen}\n" for variant, fen in cases)
    done = subprocess.run(
        [str(peer[0]), str(peer[1])],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise RuntimeError(f"peer {peer[1].name} failed with exit status {done.returncode}")
    return [
        frozenset((a, b, frozenset(c)) for a, b, c in json.loads(line))
        for line in done.stdout.splitlines()
    ]


def known_peer_defect(cls: type[Board], mismatch: Mismatch) -> str | None:
    """Why ``mismatch`` is pydraughts' error, if it is one we have judged so; else None.

    Turkish: pydraughts 0.6.7 lets a king make a simple move along a line that pieces
    block (e.g. ``W:WK6,41-45,47-56:B9-13,15-21,24,31``: K6 (f8) "to" 62 (f1) over f7,
    f3 and f2). A Turkish king moves like a rook over empty squares only (docs/rules/
    turkish.md §2.1). Every such mismatch has moves only on pydraughts' side, all simple
    king moves over an occupied square.
    """
    if cls.name != "turkish" or mismatch.only_ours:
        return None
    board = cls(mismatch.fen)
    for start, end, captured in mismatch.only_peer:
        piece = board.piece_at(start)
        if captured or piece is None or not piece.king or not _blocked(board, start, end):
            return None
    return "pydraughts: Turkish king slides over pieces"


def _blocked(board: Board, start: int, end: int) -> bool:
    """Whether a piece stands between two squares of one row or file."""
    geometry = board.geometry
    (f0, r0), (f1, r1) = geometry.coordinates_of(start), geometry.coordinates_of(end)
    if f0 != f1 and r0 != r1:
        return False
    steps = max(abs(f1 - f0), abs(r1 - r0))
    df, dr = (f1 - f0) // steps, (r1 - r0) // steps
    between = (geometry.square_at(f0 + k * df, r0 + k * dr) for k in range(1, steps))
    return any(square is not None and board.piece_at(square) for square in between)


def compare_boards(
    variant: str, boards: list[Board], peer: tuple[Path, Path] = (PEER_PYTHON, PEER_SCRIPT)
) -> tuple[int, list[Mismatch]]:
    return compare_variants({variant: boards}, peer)[variant]


def compare_variants(
    boards: dict[str, list[Board]], peer: tuple[Path, Path] = (PEER_PYTHON, PEER_SCRIPT)
) -> dict[str, tuple[int, list[Mismatch]]]:
    """(positions compared, mismatches) for each variant's ``boards``, from one run of the
    peer (py-draughts takes half a second of CPU to start)."""
    fens = {variant: [numeric_fen(b) for b in some] for variant, some in boards.items()}
    theirs = peer_moves([(variant, fen) for variant, some in fens.items() for fen in some], peer)
    total = sum(map(len, fens.values()))
    if len(theirs) != total:
        raise RuntimeError(f"the peer answered {len(theirs)} of {total} positions")
    results: dict[str, tuple[int, list[Mismatch]]] = {}
    start = 0
    for variant, some in boards.items():
        answers = theirs[start : start + len(some)]
        start += len(some)
        mismatches = [
            Mismatch(fen, mine - peer, peer - mine)
            for board, fen, peer in zip(some, fens[variant], answers, strict=True)
            if (mine := ours(board)) != peer
        ]
        results[variant] = (len(some), mismatches)
    return results
