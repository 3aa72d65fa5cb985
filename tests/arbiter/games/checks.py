"""Checks that the tests of the games beyond draughts run alike on any :class:`GameBoard`: the
moves written, how a game ended, a random game played forward and back, a record
replayed, the command line."""

from __future__ import annotations

import io
import random
from pathlib import Path

from arbiter.cli import main
from arbiter.game import Ending, GameBoard
from arbiter.geometry import Colour
from arbiter.pdn import read_game
from arbiter.replay import replay
from arbiter.verdict import MoveError, Verdict


def texts(board: GameBoard) -> set[str]:
    """The legal moves of ``board``, written."""
    return {board.move_text(move) for move in board.legal_moves()}


def ended(board: GameBoard, termination: str, winner: Colour | None) -> Ending:
    """The ending of ``board``, checked to be ``termination`` won by ``winner`` (None: a
    draw)."""
    ending = board.ending()
    assert ending is not None
    assert (ending.termination, ending.winner) == (termination, winner)
    return ending


def random_game_round_trips(board: GameBoard, seed: int, plies: int = 40) -> GameBoard:
    """Play up to ``plies`` random moves on ``board``, checking before each that the
    move is read back from its text and that the FEN sets up the same position, then
    take them all back, checking each FEN; returns a copy made at the end of the game."""
    rng = random.Random(seed)
    start = board.fen()
    fens = []
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert board.parse_move(board.move_text(move)) == move
        assert type(board)(board.fen()).position_key() == board.position_key()
        fens.append(board.fen())
        board.push(move)
    copy = board.copy()
    while fens:
        board.pop()
        assert board.fen() == fens.pop()
    assert board.fen() == start
    return copy


def replays_legal(path: Path, variant: str) -> Verdict:
    """The verdict of the record at ``path``, checked to be a legal game of ``variant``
    played to its end with the result it records."""
    game = read_game(path.read_text())
    verdict = replay(game)
    assert verdict.variant == variant
    assert verdict.verdict == "legal", verdict.error
    assert verdict.plies == len(game.moves)
    assert verdict.result_check == "agrees"
    return verdict


def stops_illegal(path: Path) -> MoveError:
    """The error of the record at ``path``, checked to be illegal."""
    verdict = replay(read_game(path.read_text()))
    assert verdict.verdict == "illegal"
    assert verdict.error is not None
    return verdict.error


def cli(*args: str) -> tuple[int, str]:
    """The exit status and the output of the command line run with ``args``."""
    out = io.StringIO()
    status = main(list(args), stdout=out)
    return status, out.getvalue()
