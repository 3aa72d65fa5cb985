"""Samoyed draughts: captures of either colour, one small position per rule, perft against
the naive second implementation, frozen records through replay and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.errors import IllegalMoveError, InvalidMoveError
from arbiter.geometry import Colour
from arbiter.perft import perft
from arbiter.variants import RussianBoard, find_variant
from arbiter.variants.samoyed import SamoyedBoard
from tests.arbiter.games import naive_russian_family as naive
from tests.arbiter.games.checks import (
    cli,
    random_game_round_trips,
    replays_legal,
    stops_illegal,
    texts,
)

RECORDS = Path(__file__).parent / "records" / "samoyed"


def taken(board: SamoyedBoard) -> set[frozenset[str]]:
    name = board.geometry.algebraic
    return {frozenset(name(s) for s in move.captures) for move in board.legal_moves()}


def test_the_start_forces_white_to_take_its_own_men() -> None:
    board = SamoyedBoard()
    assert texts(board) == {"b2:d4", "d2:b4", "d2:f4", "f2:d4", "f2:h4", "h2:f4"}
    assert texts(RussianBoard()) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}


def test_a_man_takes_its_own_men_forward_and_backward() -> None:
    board = SamoyedBoard("W:Wc5,d4:Bh8")
    assert texts(board) == {"c5:e3", "d4:b6"}


def test_a_piece_is_jumped_once_and_taken_at_the_end() -> None:
    # back over d2 to c1 would jump d2 twice (Turkish strike)
    board = SamoyedBoard("W:Wc1,d2:Bh8")
    assert texts(board) == {"c1:e3"}
    board.push(board.legal_moves()[0])
    assert board.fen() == "B:We3:Bh8"


def test_a_flying_king_lands_where_the_capture_goes_on() -> None:
    board = SamoyedBoard("W:WKa1,c3:Bb6")
    assert texts(board) == {"a1:a7"}
    assert taken(board) == {frozenset({"c3", "b6"})}
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("a1:d4")
    assert error.value.code == "capture-incomplete"


def test_a_man_crowned_during_a_capture_goes_on_as_a_king() -> None:
    board = SamoyedBoard("W:Wb6:Bc7,f6")
    assert texts(board) == {"b6:g5", "b6:h4"}
    board.push(board.parse_move("b6:h4"))
    assert board.figures()[board.geometry.parse_square("h4")][0].kind == "king"


def test_capture_of_own_pieces_is_compulsory() -> None:
    board = SamoyedBoard("W:Wa1,b2,g3:Bh8")
    assert texts(board) == {"a1:c3"}
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("g3-h4")
    assert error.value.code == "capture-compulsory"


def test_the_side_without_a_legal_move_loses() -> None:
    stuck = SamoyedBoard("B:Wa1,c1:Ba3,b2")
    ending = stuck.ending()
    assert stuck.legal_moves() == [] and ending is not None
    assert (ending.termination, ending.winner) == ("no-legal-move", Colour.WHITE)


def test_unreadable_and_illegal_texts() -> None:
    board = SamoyedBoard()
    with pytest.raises(InvalidMoveError):
        board.parse_move("b2")
    with pytest.raises(InvalidMoveError):
        board.parse_move("b2-z9")
    for text, code in (("c5-d6", "no-piece"), ("f6-e5", "wrong-colour"), ("a3-b4", None)):
        with pytest.raises(IllegalMoveError) as error:
            board.parse_move(text)
        assert error.value.code == (code or "capture-compulsory")
    assert board.parse_move("27x18") == board.parse_move("f2:d4")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_round_trip(seed: int) -> None:
    random_game_round_trips(SamoyedBoard(), seed)


def test_registered_by_name_and_alias() -> None:
    assert find_variant("samoyed") is SamoyedBoard
    assert find_variant("samoyedy") is SamoyedBoard
    assert SamoyedBoard.draw_rules == RussianBoard.draw_rules


@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_agrees_with_the_naive_implementation(depth: int) -> None:
    # no published counts for this game
    expected = naive.perft(SamoyedBoard.starting_fen, depth, samoyed=True)
    assert perft(SamoyedBoard(), depth) == expected


@pytest.mark.parametrize("path", sorted(RECORDS.glob("random_*.pdn")), ids=lambda p: p.name)
def test_legal_records_replay_to_their_result(path: Path) -> None:
    replays_legal(path, "samoyed")


@pytest.mark.parametrize(
    ("name", "ply", "move"),
    [
        ("damaged_own_capture_compulsory.pdn", 1, "a3-b4"),
        ("damaged_own_capture_later.pdn", 3, "a3-b4"),
    ],
)
def test_damaged_records_stop_at_the_ignored_capture(name: str, ply: int, move: str) -> None:
    error = stops_illegal(RECORDS / name)
    assert (error.ply, error.move, error.code) == (ply, move, "capture-compulsory")


def test_cli_verifies_a_record_and_counts_perft() -> None:
    status, out = cli("verify", str(RECORDS / "random_3.pdn"))
    assert status == 0 and "samoyed: legal" in out
    status, out = cli("perft", "--variant", "samoyed", "--depth", "4")
    expected = naive.perft(SamoyedBoard.starting_fen, 4, samoyed=True)
    assert status == 0 and out.split()[-1] == str(expected)
