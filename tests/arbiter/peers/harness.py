"""Differential testing against pydraughts: positions from seeded random play, the peer
driven as a subprocess in its own virtualenv, and the comparison of move sets.

Used by ``tests/arbiter/test_differential.py`` (a few thousand positions) and
``benchmarks/differential.py`` (100,000 per variant).
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
MAX_PLIES = 150

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


def ours(board: Board) -> frozenset[MoveKey]:
    return frozenset((m.from_square, m.to_square, m.captures) for m in board.legal_moves())


def peer_moves(variant: str, fens: list[str]) -> list[frozenset[MoveKey]]:
    """pydraughts' move set for each FEN, in order."""
    lines = "".join(f"{variant}\t{fen}\n" for fen in fens)
    done = subprocess.run(
        [str(PEER_PYTHON), str(PEER_SCRIPT)],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise RuntimeError(f"pydraughts peer failed with exit status {done.returncode}")
    return [
        frozenset((a, b, frozenset(c)) for a, b, c in json.loads(line))
        for line in done.stdout.splitlines()
    ]


def compare(cls: type[Board], count: int, seed: int) -> tuple[int, list[Mismatch]]:
    """(positions compared, mismatches) for ``count`` random positions of ``cls``."""
    return compare_boards(cls.name, list(random_positions(cls, count, seed)))


def compare_boards(variant: str, boards: list[Board]) -> tuple[int, list[Mismatch]]:
    fens = [numeric_fen(b) for b in boards]
    theirs = peer_moves(variant, fens)
    if len(theirs) != len(boards):
        raise RuntimeError(f"pydraughts answered {len(theirs)} of {len(boards)} positions")
    mismatches = [
        Mismatch(fen, mine - peer, peer - mine)
        for board, fen, peer in zip(boards, fens, theirs, strict=True)
        if (mine := ours(board)) != peer
    ]
    return len(boards), mismatches
