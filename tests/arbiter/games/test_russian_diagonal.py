"""Diagonal draughts: the start, Russian rules from it, perft against the naive second
implementation, frozen records through replay and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.geometry import Colour
from arbiter.perft import perft
from arbiter.variants import RussianBoard, find_variant
from arbiter.variants.russian_diagonal import RussianDiagonalBoard
from tests.arbiter.games import naive_russian_family as naive
from tests.arbiter.games.checks import (
    cli,
    replays_legal,
    stops_illegal,
    texts,
)

RECORDS = Path(__file__).parent / "records" / "russian-diagonal"


def squares(board: RussianDiagonalBoard, colour: Colour) -> set[str]:
    return {board.geometry.algebraic(s) for s in board.piece_squares(colour)}


def test_start_fills_each_side_of_the_long_diagonal() -> None:
    board = RussianDiagonalBoard()
    white, black = squares(board, Colour.WHITE), squares(board, Colour.BLACK)
    assert white == {"c1", "e1", "g1", "d2", "f2", "h2", "e3", "g3", "f4", "h4", "g5", "h6"}
    assert black == {"b8", "d8", "f8", "a7", "c7", "e7", "b6", "d6", "a5", "c5", "b4", "a3"}
    geometry = board.geometry
    files_minus_ranks = {
        colour: {
            geometry.coordinates_of(s)[0] - geometry.coordinates_of(s)[1]
            for s in board.piece_squares(colour)
        }
        for colour in Colour
    }
    assert min(files_minus_ranks[Colour.WHITE]) > 0 > max(files_minus_ranks[Colour.BLACK])
    assert board.turn is Colour.WHITE and not board.piece_squares(Colour.WHITE, kings=True)


def test_first_moves_are_russian_steps_forward() -> None:
    assert texts(RussianDiagonalBoard()) == {"h6-g7", "g5-f6", "f4-e5", "e3-d4", "d2-c3", "c1-b2"}


def test_promotion_rows_are_the_russian_ones() -> None:
    board = RussianDiagonalBoard("W:Wg7:Bc3")
    board.push(board.parse_move("g7-h8"))
    board.push(board.parse_move("c3-d2"))
    assert board.figures()[board.geometry.parse_square("h8")][0].kind == "king"
    board.push(board.parse_move("h8-g7"))
    board.push(board.parse_move("d2-e1"))
    assert board.figures()[board.geometry.parse_square("e1")][0].kind == "king"


def test_capture_is_compulsory_from_the_start() -> None:
    board = RussianDiagonalBoard()
    board.push(board.parse_move("h6-g7"))
    assert texts(board) == {"f8:h6"}


def test_registered_by_name_and_alias_without_a_gametype() -> None:
    assert find_variant("russian-diagonal") is RussianDiagonalBoard
    assert find_variant("diagonal") is RussianDiagonalBoard
    assert find_variant("25") is RussianBoard
    assert RussianDiagonalBoard.draw_rules == RussianBoard.draw_rules


@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_agrees_with_the_naive_implementation(depth: int) -> None:
    # no published counts for this game
    expected = naive.perft(RussianDiagonalBoard.starting_fen, depth)
    assert perft(RussianDiagonalBoard(), depth) == expected


@pytest.mark.parametrize("path", sorted(RECORDS.glob("random_*.pdn")), ids=lambda p: p.name)
def test_legal_records_replay_to_their_result(path: Path) -> None:
    replays_legal(path, "russian-diagonal")


def test_damaged_record_stops_at_the_ignored_capture() -> None:
    error = stops_illegal(RECORDS / "damaged_capture_compulsory.pdn")
    assert (error.ply, error.move, error.code) == (3, "h6-g7", "capture-compulsory")
    assert "h4:f6" in error.legal


def test_cli_verifies_a_record_and_counts_perft() -> None:
    status, out = cli("verify", str(RECORDS / "random_2.pdn"))
    assert status == 0 and "russian-diagonal: legal" in out
    status, out = cli("perft", "--variant", "russian-diagonal", "--depth", "4")
    expected = naive.perft(RussianDiagonalBoard.starting_fen, 4)
    assert status == 0 and out.split()[-1] == str(expected)
