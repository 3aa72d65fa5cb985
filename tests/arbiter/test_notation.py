"""Move text: every accepted form, the error codes, and writing (docs/rules/pdn.md §5, §6)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from arbiter.move import Move
from arbiter.notation import _full_path
from arbiter.variants import VARIANTS, EnglishBoard, InternationalBoard, RussianBoard, find_variant
from tests.arbiter.registry import BITBOARD_VARIANTS


@pytest.mark.parametrize("text", ["32-28", "32x28", "32:28", "3228", "32 - 28", " 32-28 "])
def test_numeric_forms(text):
    assert InternationalBoard().parse_move(text) == Move(32, 28)


@pytest.mark.parametrize("text", ["09-13", "0913", "9-13", "09x13"])
def test_leading_zeros_and_x_for_a_simple_move(text):
    assert EnglishBoard().parse_move(text) == Move(9, 13)


def test_dash_written_for_an_english_jump():
    """docs/rules/pdn.md §6: traditional checkers texts write jumps as 20-11."""
    board = EnglishBoard("B:Wc3:Bd4")
    assert board.parse_move("18-25") == Move(18, 25, frozenset({22}))


@pytest.mark.parametrize("text", ["c3-d4", "c3d4", "C3-D4", "cd4", "22-18", "c3xd4"])
def test_algebraic_and_short_russian_forms(text):
    assert RussianBoard().parse_move(text) == Move(22, 18)


def test_capture_paths_full_and_partial():
    board = RussianBoard("W:Wb6:Bc7,e7")
    for text in ("b6:h4", "b6:d8:h4", "b6xd8xh4", "b6d8h4"):
        move = board.parse_move(text)
        assert (move.from_square, move.to_square, len(move.captures)) == (9, 20, 2)
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("b6:f6:h4")
    assert caught.value.code == "not-reachable"


def test_parsed_move_keeps_the_written_route():
    board = EnglishBoard("W:W18:B14,15,6,7")
    assert board.parse_move("18x9x2").path == (18, 9, 2)
    assert board.parse_move("18x11x2").path == (18, 11, 2)


def test_ambiguous_capture_is_never_guessed():
    board = EnglishBoard("W:W18:B14,15,6,7")
    with pytest.raises(AmbiguousMoveError) as caught:
        board.parse_move("18x2")
    error = caught.value
    assert error.code == "ambiguous"
    assert set(error.legal) == {"18x9x2", "18x11x2"}
    assert "18x9x2 or 18x11x2" in str(error) or "18x11x2 or 18x9x2" in str(error)
    assert error.fen == board.fen()


def test_move_text_writes_full_path_only_when_needed():
    board = EnglishBoard("W:W18:B14,15,6,7")
    assert sorted(board.move_text(m) for m in board.legal_moves()) == ["18x11x2", "18x9x2"]
    board = InternationalBoard("W:W32,40:B28")
    assert [board.move_text(m) for m in board.legal_moves()] == ["32x23"]
    assert board.move_text(Move(32, 23, frozenset({28}))) == "32x23"
    assert RussianBoard("W:Wd4:Bc5").move_text(Move(18, 9, frozenset({14}))) == "d4:b6"
    assert RussianBoard().move_text(Move(22, 18)) == "c3-d4"


def test_full_path_uses_the_square_behind_the_piece_when_going_straight_on():
    """docs/rules/pdn.md §5: a1 x c3 (landing f6, straight on) x g7 to i9 is written
    a1-d4-i9, the turning rule giving the square just behind c3."""
    board = InternationalBoard("W:WK46:B37,19")
    route = Move(46, 10, frozenset({37, 19}), (46, 23, 10))
    assert _full_path(board, route) == (46, 32, 10)
    turning = Move(46, 39, frozenset({37, 33}), (46, 28, 39))
    assert _full_path(board, turning) == (46, 28, 39)


@pytest.mark.parametrize(
    ("cls", "fen", "text", "code", "words"),
    [
        (
            InternationalBoard,
            "W:W32,40:B28",
            "40-35",
            "capture-compulsory",
            "capture is compulsory: 32x23 was available",
        ),
        (InternationalBoard, "W:Wd4,h4:Bc5,g5,g7", "32x21", "majority-rule", "majority rule"),
        (
            InternationalBoard,
            "W:Wb8:Bc9,e9",
            "11x2",
            "capture-incomplete",
            "stopped at 2 but must go on: 11x13",
        ),
        (InternationalBoard, "W:W32:B1", "32-37", "man-backwards", "a man cannot move backwards"),
        (InternationalBoard, None, "25-30", "no-piece", "there is no piece on 25"),
        (
            InternationalBoard,
            None,
            "19-23",
            "wrong-colour",
            "19 holds a black piece and white is to move",
        ),
        (InternationalBoard, None, "36-31", "occupied", "31 is occupied"),
        (
            InternationalBoard,
            None,
            "32-22",
            "not-reachable",
            "no legal move takes the piece on 32 to 22",
        ),
        (EnglishBoard, "W:W18:B23", "18x27", "man-captures-backwards", "cannot capture backwards"),
        (EnglishBoard, "W:WK18:B1", "18-9", "king-range", "one square at a time"),
        (RussianBoard, "W:Wd4,h2:Bc5", "h2-g3", "capture-compulsory", "d4:b6 was available"),
    ],
)
def test_illegal_moves_are_explained(cls, fen, text, code, words):
    board = cls(fen)
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move(text)
    error = caught.value
    assert not isinstance(error, AmbiguousMoveError)
    assert error.code == code
    assert words in str(error)
    assert repr(text) in str(error)
    assert error.fen == board.fen()
    assert set(error.legal) == {board.move_text(m) for m in board.legal_moves()}


def test_majority_rule_message_counts_pieces():
    board = InternationalBoard("W:Wd4,h4:Bc5,g5,g7")
    with pytest.raises(
        IllegalMoveError, match="34x14 was available, taking 2 pieces; this move takes 1"
    ):
        board.parse_move("32x21")


@pytest.mark.parametrize("text", ["hello", "51-46", "32-", "-28", "x", "", "32-28-", "z9-a1", "5"])
def test_text_that_is_not_a_move(text):
    with pytest.raises(InvalidMoveError):
        InternationalBoard().parse_move(text)


def test_light_square_is_not_a_square():
    with pytest.raises(InvalidMoveError, match="'b1' is not a square"):
        RussianBoard().parse_move("b1-c2")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_written_moves_read_back(name, seed):
    """Along a random game, every legal move written by move_text reads back as itself."""
    rng = random.Random(seed)
    board = VARIANTS[name]()
    for _ in range(60):
        moves = board.legal_moves()
        if not moves:
            break
        for move in moves:
            assert board.parse_move(board.move_text(move)) == move
        board.push(rng.choice(moves))


def test_complete_path_wins_over_a_longer_route_through_the_same_squares():
    """h6:f4:h2 is the full path of the two-piece capture, and also a partial path of the
    six-piece loop through f4 twice: the full path names its own move."""
    board = RussianBoard("B:Wc5,Ke5,g5,c3,e3,g3,f2,a1,e1:Bh8,h6,a5")
    assert len(board.parse_move("h6:f4:h2").captures) == 2
    assert len(board.parse_move("h6:f4:d2:b4:d6:f4:h2").captures) == 6
    assert len(board.parse_move("h6:d2:h2").captures) == 6
    with pytest.raises(AmbiguousMoveError):
        board.parse_move("h6:h2")


def test_single_capture_written_from_to_is_its_own_full_path():
    """e1xa5 is the whole path of the one-piece capture (docs/rules/pdn.md §5); the four-piece
    capture between the same squares needs its landing squares."""
    board = find_variant("czech")("B:Wb4,d4,f4,f2,h2,a1,g1:Bd8,f8,h8,a7,c7,e7,g7,h4,Ke1")
    assert board.parse_move("e1xa5").captures == {board.geometry.parse_square("b4")}
    assert len(board.parse_move("e1xg3xe5xc3xa5").captures) == 4
    for move in board.legal_moves():
        assert board.parse_move(board.move_text(move)) == move
