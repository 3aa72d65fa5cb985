"""Two-move draughts: the turn of two moves, its rules, perft against the naive second
implementation, frozen records through replay and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.errors import FenError, IllegalMoveError
from arbiter.geometry import Colour
from arbiter.pdn import read_game
from arbiter.perft import perft
from arbiter.replay import replay
from arbiter.variants import RussianBoard, find_variant
from arbiter.variants.russian_two_move import RussianTwoMoveBoard
from tests.arbiter.games import naive_russian_family as naive
from tests.arbiter.games.checks import (
    cli,
    random_game_round_trips,
    replays_legal,
    stops_illegal,
    texts,
)

RECORDS = Path(__file__).parent / "records" / "russian-two-move"


def play(board: RussianTwoMoveBoard, *texts: str) -> None:
    for text in texts:
        board.push(board.parse_move(text))


def test_white_opens_with_one_move_then_turns_of_two() -> None:
    board = RussianTwoMoveBoard()
    movers = []
    for _ in range(7):
        movers.append((board.turn, board.moves_left))
        board.push(board.legal_moves()[0])
    white, black = Colour.WHITE, Colour.BLACK
    turns = [(white, 1), (black, 2), (black, 1), (white, 2), (white, 1), (black, 2), (black, 1)]
    assert movers == turns


def test_capture_after_the_first_move_is_compulsory_on_the_second() -> None:
    board = RussianTwoMoveBoard("W:Wc3,h2:Bf6")
    play(board, "c3-d4")
    assert board.turn is Colour.WHITE and texts(board) == {"d4-c5", "d4-e5", "h2-g3"}
    board = RussianTwoMoveBoard("B:Wd4:Bf6,h8")
    assert texts(board) == {"f6-e5", "f6-g5", "h8-g7"}
    play(board, "f6-e5")
    assert board.turn is Colour.BLACK and texts(board) == {"e5:c3"}
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("h8-g7")
    assert error.value.code == "capture-compulsory"


def test_a_player_without_a_second_move_loses() -> None:
    board = RussianTwoMoveBoard("B:We1,f2,g1:Bg3")
    assert texts(board) == {"g3-h2"}
    play(board, "g3-h2")  # then g1 is taken and cannot be jumped
    ending = board.ending()
    assert board.turn is Colour.BLACK and board.moves_left == 1
    assert board.legal_moves() == [] and ending is not None
    assert (ending.termination, ending.winner) == ("no-legal-move", Colour.WHITE)
    assert "last move of its turn" in ending.reason


def test_first_move_taking_the_last_piece_ends_the_game() -> None:
    board = RussianTwoMoveBoard("W:Wc3,h2:Bd4")
    play(board, "c3:e5")
    ending = board.ending()
    assert board.turn is Colour.WHITE and board.moves_left == 1
    assert board.legal_moves() == [] and ending is not None
    assert (ending.termination, ending.winner) == ("no-pieces", Colour.WHITE)
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("h2-g3")
    assert error.value.code == "game-over"


def test_fen_carries_the_moves_left() -> None:
    assert RussianTwoMoveBoard().fen().endswith(":M1")
    assert RussianTwoMoveBoard("W:Wc3:Bf6").moves_left == 2
    board = RussianTwoMoveBoard("B:Wc3:Bf6:M1")
    assert (board.turn, board.moves_left, board.fen()) == (Colour.BLACK, 1, "B:Wc3:Bf6:M1")
    for bad in ("W:Wc3:Bf6:M3", "W:Wc3:Bf6:M1:M2"):
        with pytest.raises(FenError):
            RussianTwoMoveBoard(bad)


def test_repetition_key_holds_the_moves_left() -> None:
    full, half = RussianTwoMoveBoard("W:WKa1:BKh8:M2"), RussianTwoMoveBoard("W:WKa1:BKh8:M1")
    assert full.position_key() != half.position_key()
    game = read_game(
        '[Variant "russian-two-move"] [FEN "W:WKa1:BKh8:M2"] '
        "1. a1-b2 b2-a1 h8-g7 g7-h8 2. a1-b2 b2-a1 h8-g7 g7-h8 3. a1-b2 *"
    )
    verdict = replay(game)
    assert verdict.draw is not None and verdict.outcome is not None
    # the start comes back after each round of four plies: the third time at ply 8
    assert (verdict.draw.rule, verdict.outcome.ply) == ("d64-7.2.3", 8)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_round_trip(seed: int) -> None:
    board = RussianTwoMoveBoard()
    copy = random_game_round_trips(board, seed)
    assert board.fen() == RussianTwoMoveBoard().fen() and copy.move_stack


def test_registered_by_name_and_alias() -> None:
    assert find_variant("russian-two-move") is RussianTwoMoveBoard
    assert find_variant("two-move") is RussianTwoMoveBoard
    assert RussianTwoMoveBoard.draw_rules == RussianBoard.draw_rules


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft_agrees_with_the_naive_implementation(depth: int) -> None:
    # no published counts for this game
    expected = naive.perft(RussianTwoMoveBoard.starting_fen, depth, two_move=True)
    assert perft(RussianTwoMoveBoard(), depth) == expected


def test_perft_differs_from_russian_once_turns_of_two_matter() -> None:
    assert perft(RussianTwoMoveBoard(), 5) != perft(RussianBoard(), 5)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("random_*.pdn")), ids=lambda p: p.name)
def test_legal_records_replay_to_their_result(path: Path) -> None:
    verdict = replays_legal(path, "russian-two-move")
    assert not any("out of order" in note for note in verdict.notes)


@pytest.mark.parametrize(
    ("name", "ply", "move", "code"),
    [
        ("damaged_second_move_must_capture.pdn", 3, "a7-b6", "capture-compulsory"),
        ("damaged_one_move_turn.pdn", 3, "c3-b4", "wrong-colour"),
    ],
)
def test_damaged_records_stop_at_the_broken_rule(name: str, ply: int, move: str, code: str) -> None:
    error = stops_illegal(RECORDS / name)
    assert (error.ply, error.move, error.code) == (ply, move, code)


def test_cli_verifies_a_record_and_counts_perft() -> None:
    status, out = cli("verify", str(RECORDS / "random_2.pdn"))
    assert status == 0 and "black has no pieces left" in out
    status, out = cli("perft", "--variant", "russian-two-move", "--depth", "4")
    expected = naive.perft(RussianTwoMoveBoard.starting_fen, 4, two_move=True)
    assert status == 0 and out.split()[-1] == str(expected)
