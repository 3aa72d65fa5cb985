"""Bashni (column draughts): one small position per rule of arbiter.games.bashni, perft
cross-checked with published Russian counts and with a naive generator, sample records
replayed, the command line."""

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.errors import AmbiguousMoveError, FenError, IllegalMoveError, InvalidMoveError
from arbiter.game import Figure
from arbiter.games.bashni import GEOMETRY, BashniBoard
from arbiter.geometry import Colour
from arbiter.pdn import read_game
from arbiter.perft import perft
from arbiter.replay import replay
from arbiter.variants import find_variant
from tests.arbiter.games import naive_bashni
from tests.arbiter.games.checks import cli, ended, stops_illegal

RECORDS = Path(__file__).parent / "records" / "bashni"
WHITE_MAN, BLACK_MAN = Figure(Colour.WHITE, "man"), Figure(Colour.BLACK, "man")
WHITE_KING, BLACK_KING = Figure(Colour.WHITE, "king"), Figure(Colour.BLACK, "king")


def square(name: str) -> int:
    number = GEOMETRY.parse_square(name)
    assert number is not None
    return number


def column(board: BashniBoard, name: str) -> tuple[Figure, ...]:
    return board.figures().get(square(name), ())


def texts(board: BashniBoard) -> list[str]:
    return sorted(board.move_text(m) for m in board.legal_moves())


def play(board: BashniBoard, *moves: str) -> BashniBoard:
    for text in moves:
        board.push(board.parse_move(text))
    return board


def random_boards(seed: int, plies: int = 200):
    """The positions of one game of seeded random legal play."""
    rng, board = random.Random(seed), BashniBoard()
    for _ in range(plies):
        yield board
        moves = board.legal_moves()
        if not moves:
            return
        board.push(rng.choice(moves))


# -- start and registration ----------------------------------------------------------


def test_start_position_is_russian_with_single_pieces():
    board = find_variant("bashni")()
    assert isinstance(board, BashniBoard) and find_variant("column-draughts") is BashniBoard
    assert board.turn is Colour.WHITE
    figures = board.figures()
    assert len(figures) == 24 and all(len(stack) == 1 for stack in figures.values())
    assert column(board, "a1") == (WHITE_MAN,) and column(board, "h8") == (BLACK_MAN,)
    assert board.fen() == BashniBoard("W:W21-32:B1-12").fen()
    assert board.in_hand(Colour.WHITE) == () and board.ending() is None


# -- the column rules ------------------------------------------------------------------


def test_captured_piece_goes_under_the_capturing_piece():
    board = play(BashniBoard("W:Wc3:Bd4,h8"), "c3:e5")
    assert column(board, "e5") == (BLACK_MAN, WHITE_MAN)
    assert column(board, "d4") == () and column(board, "c3") == ()
    assert board.fen() == "B:We5(b):Bh8"


def test_capturing_a_column_takes_only_its_top_and_frees_the_piece_below():
    # d4: a white man under a black man; White takes the black man and frees his own
    board = play(BashniBoard("W:Wc3:Bd4(w),h8"), "c3:e5")
    assert column(board, "d4") == (WHITE_MAN,)
    assert column(board, "e5") == (BLACK_MAN, WHITE_MAN)
    assert board.squares(Colour.WHITE) == [square("e5"), square("d4")]


def test_a_column_moves_as_its_top_piece():
    # a black man on top of two white men moves forward for Black, one square
    board = BashniBoard("B:Wa1:Bd4(ww)")
    assert texts(board) == ["d4-c3", "d4-e3"]
    play(board, "d4-c3")
    assert column(board, "c3") == (WHITE_MAN, WHITE_MAN, BLACK_MAN)


def test_only_the_top_piece_is_crowned():
    board = play(BashniBoard("W:Wc7(bb):Ba1"), "c7-d8")
    assert column(board, "d8") == (BLACK_MAN, BLACK_MAN, WHITE_KING)


def test_several_captured_pieces_go_under_and_a_man_crowned_in_passing_goes_on_as_king():
    # b6 jumps c7 to the far row d8, is crowned, and takes g5 as a flying king
    board = BashniBoard("W:Wb6:Bc7,g5")
    assert texts(board) == ["b6:h4"]
    move = board.legal_moves()[0]
    assert move.captures == {square("c7"), square("g5")}
    board.push(move)
    assert column(board, "h4") == (BLACK_MAN, BLACK_MAN, WHITE_KING)


def test_a_captured_king_goes_under_as_a_man_and_comes_back_a_man():
    board = play(BashniBoard("B:WKe5,g3,h2:Bd6,a7"), "d6:f4")
    assert column(board, "f4") == (WHITE_MAN, BLACK_MAN)
    play(board, "g3:e5", "a7-b6")
    assert column(board, "f4") == (WHITE_MAN,)
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("f4-e3")
    assert error.value.code == "man-backwards"


def test_a_column_is_jumped_once_per_move_and_blocks_until_the_move_ends():
    # the king takes the top of c3 and may not come back over what is left of it
    board = BashniBoard("W:WKa1:Bc3(b)")
    assert texts(board) == ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("a1:e5:b2")
    assert error.value.code == "jumped-twice"
    play(board, "a1:e5")
    assert column(board, "c3") == (BLACK_MAN,) and column(board, "e5") == (BLACK_MAN, WHITE_KING)


def test_a_king_lands_where_it_can_go_on_capturing():
    board = BashniBoard("W:WKa1:Bc3,f4")
    assert texts(board) == ["a1:g3", "a1:h2"]
    with pytest.raises(IllegalMoveError):
        board.parse_move("a1:d4")


def test_capture_is_compulsory_but_the_route_is_free():
    # taking one piece is as legal as taking two (no majority rule, docs/rules/russian.md §2)
    board = BashniBoard("W:Wc3,g3:Bb4,f4,f6")
    assert texts(board) == ["c3:a5", "g3:g7"]
    assert board.parse_move("c3:a5").captures == {square("b4")}
    with pytest.raises(IllegalMoveError) as error:
        board.parse_move("g3-h4")
    assert error.value.code == "capture-compulsory"


def test_the_side_without_a_move_loses():
    board = BashniBoard("B:Wa1,c1:Bb2(w)")
    ended(board, "no-legal-move", Colour.WHITE)
    assert board.legal_moves() == []


def test_captures_with_the_same_ends_are_told_apart_by_their_landing_squares():
    board = BashniBoard("W:WKh4(ww):Ba7,Kc7(wwww),c5(bb),b4(wbb),e3(b),g3(wwww),d2")
    twins = [
        m
        for m in board.legal_moves()
        if (m.from_square, m.to_square) == (square("h4"), square("d8"))
    ]
    assert len(twins) == 2 and twins[0].captures != twins[1].captures
    for move in twins:
        assert board.parse_move(board.move_text(move)) == move
        assert board.move_text(move).count(":") > 1
    with pytest.raises(AmbiguousMoveError) as error:
        board.parse_move("h4:d8")
    assert len(error.value.legal) == 2


# -- FEN -------------------------------------------------------------------------------


def test_fen_with_columns_round_trips_and_plain_fen_is_read():
    fen = "W:WKb8(bbw),d4(b),e3,c1:Bd6(ww),f6,c5(w),Kh2(ww)"
    board = BashniBoard(fen)
    assert column(board, "b8") == (BLACK_MAN, BLACK_MAN, WHITE_MAN, WHITE_KING)
    assert column(board, "h2") == (WHITE_MAN, WHITE_MAN, BLACK_KING)
    assert BashniBoard(board.fen()).position_key() == board.position_key()
    assert BashniBoard("B:W21,K22:B1").fen() == "B:Wa3,Kc3:Bb8"


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        ("W:Wc3(x):Bd4", "column 7: expected the pieces beneath"),
        ("W:Wc3(B):Bd4", "as w or b (men)"),
        ("W:Wc3(b:Bd4", "column 6: expected a bracket pair"),
        ("W:W(b):Bd4", "expected a square before '('"),
        ("W:Wc3:B(b)", "expected a square before '('"),
    ],
)
def test_fen_errors_name_the_column(fen, expected):
    with pytest.raises(FenError, match=re.escape(expected)):
        BashniBoard(fen)


def test_unreadable_move_text():
    with pytest.raises(InvalidMoveError):
        BashniBoard().parse_move("c3-z9")
    with pytest.raises(InvalidMoveError):
        BashniBoard().parse_move("hello")


# -- draw facts ------------------------------------------------------------------------


def test_only_a_ply_that_takes_a_column_off_the_board_is_irreversible():
    board = BashniBoard("W:Wc3,g3:Bd4(w),h6")
    facts = board.push_facts(board.parse_move("c3:e5"), 1)  # d4 keeps a white man
    assert not facts.irreversible and facts.white_men == 3
    facts = board.push_facts(board.parse_move("h6-g5"), 2)
    assert not facts.irreversible
    facts = board.push_facts(board.parse_move("d4-c5"), 3)  # a man's step
    assert not facts.irreversible
    board = BashniBoard("W:Wc3:Bd4,h8")
    assert board.push_facts(board.parse_move("c3:e5"), 1).irreversible


# -- perft -----------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "count"), [(1, 7), (2, 49), (3, 302), (4, 1469), (5, 7482)])
def test_perft_equals_russian_until_a_freed_piece_can_move(depth, count):
    """Until ply 5 every capture takes a lone man, so the leaves are those of Russian
    draughts (docs/rules/perft.md, Russian, depths 1-5); the counts part at depth 6."""
    assert perft(BashniBoard(), depth) == count


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
def test_perft_equals_the_naive_generator(depth):
    assert perft(BashniBoard(), depth) == naive_bashni.perft(*naive_bashni.start(), depth)


@pytest.mark.parametrize("seed", range(12))
def test_moves_and_positions_equal_the_naive_generator_along_random_games(seed):
    coordinates = GEOMETRY.coordinates_of
    for board in random_boards(seed):
        naive = {coordinates(s): list(c) for s, c in enumerate(board.columns) if c}
        ours = {
            (
                coordinates(m.from_square),
                coordinates(m.to_square),
                frozenset(map(coordinates, m.captures)),
            )
            for m in board.legal_moves()
        }
        theirs = naive_bashni.moves(naive, board.turn.letter.lower())
        assert ours == {move[:3] for move in theirs} and len(theirs) == len(ours), board.fen()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_round_trips_along_a_random_game(seed):
    for board in random_boards(seed, plies=120):
        assert BashniBoard(board.fen()).position_key() == board.position_key()
        for move in board.legal_moves():
            assert board.parse_move(board.move_text(move)) == move
            before = board.position_key()
            board.push(move)
            assert board.pop() == move and board.position_key() == before
        assert board.copy().position_key() == board.position_key()


# -- records and the command line ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "plies", "winner"),
    [
        ("random_white_wins.pdn", 73, "white"),
        ("random_black_wins.pdn", 100, "black"),
        ("setup_columns.pdn", 28, "black"),
        ("repetition_draw.pdn", 8, None),
    ],
)
def test_legal_records(name, plies, winner):
    verdict = replay(read_game((RECORDS / name).read_text()))
    assert (verdict.verdict, verdict.variant, verdict.plies) == ("legal", "bashni", plies)
    assert verdict.outcome is not None and verdict.outcome.winner == winner
    assert verdict.result_check == "agrees"
    if winner is None:
        assert verdict.draw is not None and verdict.draw.rule == "d64-7.2.3"


@pytest.mark.parametrize(
    ("name", "ply", "code"),
    [
        ("damaged_capture_compulsory.pdn", 5, "capture-compulsory"),
        ("damaged_capture_incomplete.pdn", 6, "capture-incomplete"),
        ("damaged_jumped_twice.pdn", 1, "jumped-twice"),
        ("damaged_freed_king.pdn", 4, "man-backwards"),
    ],
)
def test_damaged_records_stop_at_the_bad_move(name, ply, code):
    error = stops_illegal(RECORDS / name)
    assert (error.ply, error.code) == (ply, code)
    assert error.legal


def test_command_line_verify_and_perft():
    status, out = cli("verify", str(RECORDS / "random_white_wins.pdn"))
    assert status == 0 and "bashni: legal, 73 plies" in out
    status, out = cli("verify", str(RECORDS / "damaged_jumped_twice.pdn"))
    assert status == 1 and "jumped-twice" in out
    status, out = cli("perft", "--variant", "bashni", "--depth", "3")
    assert status == 0 and out.splitlines()[-1] == "302"
    status, out = cli("perft", "--variant", "bashni", "--depth", "1", "--fen", "W:WKa1:Bc3(b)")
    assert status == 0 and out.strip() == "5"
