"""The same games written in every shape programs write (benchmarks/pdn_shapes.py) get the
same verdicts: moves, the first illegal move, the end on the board and the result check.

The shapes differ in what surrounds the moves (comments, variations over lines, line ends,
padded squares, glued move numbers, the result's scale); the reader takes most of them on
its fast path (runs, variations kept unread), so this compares the fast path on each shape
with the plain file, game by game.
"""

from __future__ import annotations

import random
import re

import pytest

from arbiter.pdn import PdnMove, PdnSetup, normalize_result, read_games
from arbiter.replay import replay
from arbiter.variants import InternationalBoard
from arbiter.verdict import Verdict
from benchmarks.pdn_shapes import SHAPES, write_game

RESULTS = ("2-0", "0-2", "1-1", "*")
_SCALE = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}


def _random_games(count: int, seed: int) -> list[list[str]]:
    """The moves of ``count`` games of seeded random legal play (kings, captures of
    several pieces, games won on the board)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board = InternationalBoard()
        moves = []
        while len(moves) < 120 and (legal := board.legal_moves()):
            move = rng.choice(legal)
            moves.append(board.move_text(move))
            board.push(move)
        games.append(moves)
    return games


GAMES = [
    *_random_games(12, seed=3),
    ["32-28", "19-23", "28-22", "17-21"],  # capture is compulsory at ply 3
    ["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28", "50-45"],  # wrong colour
    ["32-28", "18-23", "37-32", "12-18", "41-37", "7-12", "46-41", "1-7"],  # short, no end
]


def _files() -> dict[str, str]:
    games = [
        ([("Event", f"game {i}"), ("GameType", "20"), ("Result", RESULTS[i % 4])], moves)
        for i, moves in enumerate(GAMES)
    ]
    return {
        shape: "".join(
            write_game(tags, moves, RESULTS[i % 4], shape, i)
            for i, (tags, moves) in enumerate(games)
        )
        for shape in SHAPES
    }


FILES = _files()


def _judged(verdict: Verdict) -> tuple[object, ...]:
    """What a verdict says about the game, without where things are written."""
    error = verdict.error
    recorded = normalize_result(verdict.recorded_result or "")
    return (
        verdict.verdict,
        verdict.plies,
        error and (error.code, error.ply, error.move_number),
        verdict.outcome,
        verdict.draw,
        verdict.claims,
        verdict.moves_after_end,
        verdict.final_fen,
        verdict.result_check,
        _SCALE.get(recorded, recorded),
    )


def _squares(item: PdnMove | PdnSetup) -> tuple[int, ...]:
    assert isinstance(item, PdnMove)
    return tuple(int(square) for square in re.findall(r"\d+", item.text))


def test_the_plain_file_judges_every_kind_of_game() -> None:
    verdicts = [replay(game, variant=InternationalBoard) for game in read_games(FILES["plain"])]
    assert {v.verdict for v in verdicts} == {"legal", "illegal"}
    assert {v.result_check for v in verdicts} == {"agrees", "contradicts", "not-checkable"}
    assert any(v.outcome is not None for v in verdicts)


@pytest.mark.parametrize("shape", [shape for shape in SHAPES if shape != "plain"])
def test_every_shape_gets_the_plain_files_verdicts(shape: str) -> None:
    plain = list(read_games(FILES["plain"]))
    shaped = list(read_games(FILES[shape]))
    assert len(shaped) == len(plain) == len(GAMES)
    for game, original in zip(shaped, plain, strict=True):
        assert not game.errors, (shape, game.index, game.errors)
        assert [_squares(m) for m in game.moves] == [_squares(m) for m in original.moves]
        assert [m.number for m in game.moves] == [m.number for m in original.moves]
        assert _judged(replay(game, variant=InternationalBoard)) == _judged(
            replay(original, variant=InternationalBoard)
        )


def test_variations_over_lines_read_as_written() -> None:
    """The variations of the ``variations`` shape (most cut by a line end, kept unread)
    read, when looked at, to the engine line that was written."""
    games = list(read_games(FILES["variations"]))
    lines = sum(text.count("\n") for text in FILES["variations"].split("(")[1:])
    assert lines > 100  # most variations run over lines
    for game, moves in zip(games, GAMES, strict=True):
        for ply, item in enumerate(game.moves):
            assert isinstance(item, PdnMove)
            if ply % 8 != 7 and ply + 1 < len(moves):
                (variation,) = item.variations
                assert [m.text for m in variation if isinstance(m, PdnMove)] == moves[
                    ply + 1 : ply + 6
                ]
            else:
                assert item.variations == ()


def test_the_peers_minimal_reader_reads_every_shape() -> None:
    """py-draughts is given every shape through the minimal reader of
    benchmarks/peers/whole_files.py: it finds the same moves (squares) in each."""
    import importlib.util

    from benchmarks.arbiter_speed import PEER_DIR

    spec = importlib.util.spec_from_file_location("peer_files", PEER_DIR / "whole_files.py")
    assert spec is not None and spec.loader is not None
    peer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peer)
    expected = [[tuple(map(int, re.findall(r"\d+", move))) for move in moves] for moves in GAMES]
    for shape, text in FILES.items():
        found = [
            [tuple(map(int, re.findall(r"\d+", move))) for move in moves]
            for _, moves in peer.main_lines(text)
        ]
        assert found == expected, shape
