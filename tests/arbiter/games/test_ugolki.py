"""Ugolki (corner draughts): one small position per rule, perft against a naive second
implementation, frozen records through replay and the command line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.errors import FenError, IllegalMoveError, InvalidMoveError
from arbiter.games.ugolki import HOME_MOVES, UgolkiBoard
from arbiter.geometry import Colour
from arbiter.pdn import read_game
from arbiter.perft import perft
from arbiter.replay import replay
from arbiter.variants import find_variant
from tests.arbiter.games import naive_ugolki as naive
from tests.arbiter.games.checks import cli, ended, stops_illegal, texts

RECORDS = Path(__file__).parent / "records" / "ugolki"
WHITE_HOME = "a1,b1,c1,a2,b2,c2,a3,b3,c3"
BLACK_HOME = "f6,g6,h6,f7,g7,h7,f8,g8,h8"


def ends(board: UgolkiBoard) -> set[str]:
    name = board.geometry.algebraic
    return {f"{name(m.from_square)}-{name(m.to_square)}" for m in board.legal_moves()}


def to_naive(board: UgolkiBoard) -> tuple[dict[str, str], str, int, int]:
    cells = {
        board.geometry.algebraic(square): colour.letter
        for colour in Colour
        for square in board.squares(colour)
    }
    return (
        cells,
        board.turn.letter,
        board.moves_made(Colour.WHITE),
        board.moves_made(Colour.BLACK),
    )


def random_board(seed: int, plies: int) -> UgolkiBoard:
    rng = random.Random(seed)
    board = UgolkiBoard()
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


# -- start, registry, FEN ----------------------------------------------------------------


def test_registered_by_name_and_alias() -> None:
    assert find_variant("ugolki") is UgolkiBoard
    assert find_variant("corners") is UgolkiBoard


def test_start_position_nine_each_in_opposite_corners() -> None:
    board = UgolkiBoard()
    name = board.geometry.algebraic
    assert {name(s) for s in board.squares(Colour.WHITE)} == set(WHITE_HOME.split(","))
    assert {name(s) for s in board.squares(Colour.BLACK)} == set(BLACK_HOME.split(","))
    assert board.turn is Colour.WHITE
    assert board.ending() is None


def test_start_moves_are_orthogonal_steps_and_jumps() -> None:
    steps = {"a3-a4", "b3-b4", "c3-c4", "c3-d3", "c2-d2", "c1-d1"}
    jumps = {"a2-a4", "b2-b4", "c2-c4", "b3-d3", "b2-d2", "b1-d1"}
    assert texts(UgolkiBoard()) == steps | jumps


def test_fen_round_trip_and_move_number() -> None:
    board = UgolkiBoard(f"B:W{WHITE_HOME}:B{BLACK_HOME}:F7")
    assert board.move_number == 7
    assert board.moves_made(Colour.WHITE) == 7
    assert board.moves_made(Colour.BLACK) == 6
    assert UgolkiBoard(board.fen()).fen() == board.fen()
    assert UgolkiBoard(f"W:W{WHITE_HOME}:B{BLACK_HOME}").move_number == 1


@pytest.mark.parametrize(
    ("fen", "says"),
    [
        ("W:WKa1:Bh8", "no kings"),
        ("W:Wa1:Bh8:F0", "move number"),
        ("W:Wa1:Bh8:Fx", "move number"),
        ("W:Wa1,a1:Bh8", "twice"),
        ("X:Wa1:Bh8", "side to move"),
    ],
)
def test_bad_fen_is_refused(fen: str, says: str) -> None:
    with pytest.raises(FenError, match=says):
        UgolkiBoard(fen)


# -- movement ------------------------------------------------------------------------------


def test_no_diagonal_step() -> None:
    board = UgolkiBoard("W:Wd4:Bh8")
    assert texts(board) == {"d4-d5", "d4-c4", "d4-e4", "d4-d3"}
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("d4-e5")
    assert caught.value.code == "diagonal-move"
    assert set(caught.value.legal) == texts(board)


def test_jump_over_either_colour_nothing_taken() -> None:
    board = UgolkiBoard("W:Wd4,d5:Be4,h8")
    assert {"d4-f4", "d4-d6"} <= texts(board)
    board.push(board.parse_move("d4-f4"))
    assert board.piece_at(board.geometry.parse_square("e4") or 0) is Colour.BLACK
    assert len(board.figures()) == 4


def test_jump_chain_turns_and_may_stop_anywhere() -> None:
    # d4 over d5 to d6, over e6 to f6, over f5 to f4: every landing square is a move
    board = UgolkiBoard("W:Wd4:Bd5,e6,f5,a8")
    assert {"d4-d6", "d4-d6-f6", "d4-d6-f6-f4"} <= texts(board)
    chain = board.parse_move("d4-d6-f6-f4")
    assert chain == board.parse_move("d4-f4") == board.parse_move("d4:d6:f6:f4")
    assert chain.path == tuple(board.geometry.parse_square(s) for s in ("d4", "d6", "f6", "f4"))


def test_two_routes_to_one_square_are_one_move() -> None:
    # b2 reaches d4 by b4 or by d2: one move, written with the shortest route found
    board = UgolkiBoard("W:Wb2:Bb3,c4,c2,d3,h8")
    to_d4 = [m for m in board.legal_moves() if board.geometry.algebraic(m.to_square) == "d4"]
    assert len(to_d4) == 1
    assert board.parse_move("b2-b4-d4") == board.parse_move("b2-d2-d4") == to_d4[0]
    assert board.parse_move("b2-d2-d4").path[1] == board.geometry.parse_square("d2")


def test_jump_needs_a_piece_to_jump_and_an_empty_landing() -> None:
    board = UgolkiBoard("W:Wa1,a4:Bb1,c1,h8")
    with pytest.raises(IllegalMoveError) as over_nothing:
        board.parse_move("a1-a3")
    assert over_nothing.value.code == "not-reachable"
    with pytest.raises(IllegalMoveError) as onto_piece:
        board.parse_move("a1-c1")
    assert onto_piece.value.code == "occupied"


def test_written_route_must_be_a_real_chain() -> None:
    board = UgolkiBoard("W:Wd4:Bd5,e6,f5,a8")
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("d4-e4-f4")
    assert caught.value.code == "invalid-jump"


@pytest.mark.parametrize(
    ("text", "code"),
    [("e5-e6", "no-piece"), ("h8-h7", "wrong-colour"), ("d4-d4", "no-move")],
)
def test_move_reasons(text: str, code: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        UgolkiBoard("W:Wd4:Bh8").parse_move(text)
    assert caught.value.code == code


@pytest.mark.parametrize("text", ["d4", "d4-", "d4-i5", "12-16", "d4-d5 x", "K-d5"])
def test_unreadable_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        UgolkiBoard("W:Wd4:Bh8").parse_move(text)


def test_separators_read_alike() -> None:
    board = UgolkiBoard()
    assert board.parse_move("a2-a4") == board.parse_move("a2:a4") == board.parse_move("a2a4")
    assert board.parse_move("a2xa4") == board.parse_move("A2-A4") == board.parse_move("a2-a4")


def test_position_key_ignores_the_route() -> None:
    first, second = UgolkiBoard(), UgolkiBoard()
    for text in ("a3-a4", "h6-h5", "b3-b4", "h5-h4"):
        first.push(first.parse_move(text))
    for text in ("b3-b4", "h6-h5", "a3-a4", "h5-h4"):
        second.push(second.parse_move(text))
    assert first.position_key() == second.position_key()


# -- the end -------------------------------------------------------------------------------


def test_black_equalises_after_white_fills_the_corner() -> None:
    # White fills Black's corner with g5-g6; Black then fills White's with b4-b3
    white = "f7,g7,h7,f8,g8,h8,f6,h6,g5"
    black = "a1,b1,c1,a2,b2,c2,a3,c3,b4"
    board = UgolkiBoard(f"W:W{white}:B{black}:F30")
    assert board.ending() is None
    board.push(board.parse_move("g5-g6"))
    assert board.ending() is None, "Black has one more move"
    assert board.legal_moves()
    board.push(board.parse_move("b4-b3"))
    ended(board, "corner-filled", None)
    assert board.legal_moves() == []


def test_white_wins_when_black_does_not_equalise() -> None:
    white = "f7,g7,h7,f8,g8,h8,f6,h6,g5"
    black = "a1,b1,c1,a2,b2,c2,a3,c3,b5"
    board = UgolkiBoard(f"W:W{white}:B{black}:F30")
    board.push(board.parse_move("g5-g6"))
    board.push(board.parse_move("b5-b4"))
    ended(board, "corner-filled", Colour.WHITE)


def test_black_filling_first_wins_at_once() -> None:
    white = "f7,g7,h7,f8,g8,h8,f6,h6,g4"
    black = "a1,b1,c1,a2,b2,c2,a3,c3,b4"
    board = UgolkiBoard(f"B:W{white}:B{black}:F30")
    board.push(board.parse_move("b4-b3"))
    ended(board, "corner-filled", Colour.BLACK)
    assert board.legal_moves() == []


def test_a_piece_at_home_after_the_fortieth_move_loses() -> None:
    # White's 40th move leaves a1 at home: allowed; its 41st too: lost
    board = UgolkiBoard(f"W:Wa1,d4:Bd8:F{HOME_MOVES}")
    board.push(board.parse_move("d4-d5"))
    assert board.ending() is None
    board.push(board.parse_move("d8-e8"))
    board.push(board.parse_move("d5-d6"))
    assert "a1" in ended(board, "corner-not-left", Colour.BLACK).reason


def test_coming_back_home_after_forty_moves_loses() -> None:
    board = UgolkiBoard(f"B:Wd4:Bh5,a8:F{HOME_MOVES + 5}")
    board.push(board.parse_move("h5-h6"))
    ended(board, "corner-not-left", Colour.WHITE)


def test_no_legal_move_loses() -> None:
    board = UgolkiBoard("W:Wa1:Ba2,a3,b1,c1")
    ended(board, "no-legal-move", Colour.BLACK)
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("a1-a2")
    assert caught.value.code == "game-over"


def test_play_facts_count_pieces() -> None:
    board = UgolkiBoard()
    start = board.start_facts(0)
    assert start.start and (start.white_men, start.black_men) == (9, 9)
    facts = board.push_facts(board.parse_move("a2-a4"), 1)
    assert facts.mover is Colour.WHITE and not facts.irreversible
    assert facts.key == board.position_key()


# -- perft ---------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start_agrees_with_the_naive_count(depth: int) -> None:
    # no published Ugolki perft was found: the naive second implementation is the check
    assert perft(UgolkiBoard(), depth) == naive.perft(naive.start(), "W", depth)


@pytest.mark.parametrize("seed", range(12))
def test_perft_in_random_positions_agrees_with_the_naive_count(seed: int) -> None:
    board = random_board(seed, plies=random.Random(seed).randrange(20, 90))
    cells, side, white_moves, black_moves = to_naive(board)
    assert perft(board, 2) == naive.perft(cells, side, 2, white_moves, black_moves)


@pytest.mark.parametrize("name", ["white_fills_corner", "both_fill_corners", "black_stays_home"])
def test_perft_near_the_end_agrees_with_the_naive_count(name: str) -> None:
    game = read_game((RECORDS / f"{name}.pdn").read_text())
    board = UgolkiBoard()
    moves = [item.text for item in game.moves]
    for text in moves[:-3]:
        board.push(board.parse_move(text))
    cells, side, white_moves, black_moves = to_naive(board)
    assert perft(board, 3) == naive.perft(cells, side, 3, white_moves, black_moves)


# -- properties ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80))
def test_every_move_reads_back_and_pops(seed: int, plies: int) -> None:
    board = random_board(seed, plies)
    fen = board.fen()
    assert UgolkiBoard(fen).fen() == fen
    for move in board.legal_moves():
        assert board.parse_move(board.move_text(move)) == move
        board.push(move)
        assert board.pop() == move
        assert board.fen() == fen
    assert ends(board.copy()) == ends(board)


# -- records, replay and the command line ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "termination", "winner"),
    [
        ("white_fills_corner", "corner-filled", "white"),
        ("black_fills_corner", "corner-filled", "black"),
        ("both_fill_corners", "corner-filled", None),
        ("white_stays_home", "corner-not-left", "black"),
        ("black_stays_home", "corner-not-left", "white"),
    ],
)
def test_legal_records(name: str, termination: str, winner: str | None) -> None:
    game = read_game((RECORDS / f"{name}.pdn").read_text())
    verdict = replay(game)
    assert verdict.verdict == "legal", verdict.error
    assert verdict.variant == "ugolki"
    assert verdict.outcome is not None
    assert (verdict.outcome.termination, verdict.outcome.winner) == (termination, winner)
    assert verdict.outcome.ply == verdict.plies == len(game.moves)
    assert verdict.result_check == "agrees"


@pytest.mark.parametrize(
    ("name", "ply", "code"),
    [
        ("damaged_diagonal", 11, "diagonal-move"),
        ("damaged_empty_jump", 21, "not-reachable"),
        ("damaged_route", 7, "invalid-jump"),
        ("damaged_twice", 4, "no-piece"),
        ("damaged_wrong_colour", 4, "wrong-colour"),
    ],
)
def test_damaged_records_stop_at_the_damage(name: str, ply: int, code: str) -> None:
    error = stops_illegal(RECORDS / f"{name}.pdn")
    assert (error.ply, error.code) == (ply, code)
    assert error.legal


def test_plies_after_the_end_and_a_wrong_result() -> None:
    verdict = replay(read_game((RECORDS / "after_end_wrong_result.pdn").read_text()))
    assert verdict.verdict == "legal"
    assert verdict.moves_after_end == 2
    assert verdict.result_check == "contradicts"


def test_cli_verify_and_perft() -> None:
    status, out = cli("verify", str(RECORDS / "white_fills_corner.pdn"))
    assert status == 0 and "ugolki: legal, 94 plies; white won on the board at ply 94" in out
    status, out = cli("verify", str(RECORDS / "damaged_route.pdn"))
    assert status == 1 and "invalid-jump" in out
    status, out = cli("perft", "--variant", "ugolki", "--depth", "3")
    assert status == 0 and out.split()[-1] == str(naive.perft(naive.start(), "W", 3))
