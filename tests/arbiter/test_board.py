"""Board state, history and the variant registry; properties over random legal play."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.board import Board, Colour, Piece
from arbiter.errors import UnknownVariantError
from arbiter.move import Move
from arbiter.variants import VARIANTS, EnglishBoard, InternationalBoard, RussianBoard, find_variant
from tests.arbiter.registry import BITBOARD_VARIANTS


def test_starting_positions():
    international = InternationalBoard()
    assert international.turn is Colour.WHITE
    assert international.piece_squares(Colour.WHITE) == list(range(31, 51))
    assert international.piece_squares(Colour.BLACK) == list(range(1, 21))
    english = EnglishBoard()
    assert english.turn is Colour.BLACK is EnglishBoard.first_player
    assert english.count(Colour.BLACK) == english.count(Colour.WHITE) == 12
    assert RussianBoard().turn is Colour.WHITE


def test_pieces_and_counts():
    board = InternationalBoard("B:W18,K27:B12,K22")
    assert board.piece_at(27) == Piece(Colour.WHITE, True)
    assert board.piece_at(12) == Piece(Colour.BLACK, False)
    assert board.piece_at(1) is None
    assert board.piece_squares(Colour.WHITE, kings=True) == [27]
    assert board.piece_squares(Colour.WHITE, kings=False) == [18]
    assert board.count(Colour.BLACK) == 2
    assert board.count(Colour.BLACK, kings=True) == 1


def test_push_pop_and_history():
    board = InternationalBoard()
    start = board.fen()
    move = board.parse_move("32-28")
    board.push(move)
    assert board.turn is Colour.BLACK
    assert board.move_stack == [move]
    assert board.piece_at(28) == Piece(Colour.WHITE, False)
    assert board.pop() == move
    assert board.fen() == start
    assert board.move_stack == []


def test_push_completes_a_capture_given_without_its_route():
    """A Russian man crowned in passing: the route decides; push finds it."""
    board = RussianBoard("W:Wb6:Bc7,e7")
    board.push(Move(9, 20, frozenset({6, 7})))
    assert board.piece_at(20) == Piece(Colour.WHITE, True)


def test_copy_is_independent():
    board = EnglishBoard()
    twin = board.copy()
    twin.push(twin.legal_moves()[0])
    assert board.move_stack == []
    assert twin.pop() is not None
    assert twin.fen() == board.fen()


def test_position_key_includes_side_to_move():
    assert (
        InternationalBoard("W:W31:B1").position_key()
        != InternationalBoard("B:W31:B1").position_key()
    )
    assert (
        InternationalBoard("W:W31:B1").position_key()
        == InternationalBoard("W:B1:W31.").position_key()
    )


def test_is_legal_and_repr():
    board = InternationalBoard()
    assert board.is_legal(Move(32, 28))
    assert not board.is_legal(Move(32, 27, frozenset({1})))
    assert repr(board) == f"InternationalBoard({board.fen()!r})"
    assert eval(repr(board)).position_key() == board.position_key()


@pytest.mark.parametrize(
    ("key", "cls"),
    [
        ("international", InternationalBoard),
        ("FMJD", InternationalBoard),
        ("draughts", InternationalBoard),
        ("10x10", InternationalBoard),
        (20, InternationalBoard),
        ("20", InternationalBoard),
        ("20,W,10,10,N2,0", InternationalBoard),
        ("20,W,10,10,N1,0", InternationalBoard),
        ("checkers", EnglishBoard),
        ("american", EnglishBoard),
        ("21,B,8,8,N1,0", EnglishBoard),
        (" shashki ", RussianBoard),
        (25, RussianBoard),
        ("25,W,8,8,A0,0", RussianBoard),
    ],
)
def test_find_variant(key, cls):
    assert find_variant(key) is cls


@pytest.mark.parametrize("key", ["chess", 0, "42", "20,W,8,8,N2,0", ""])
def test_unknown_variant_lists_the_known_ones(key):
    with pytest.raises(UnknownVariantError, match="known: international") as caught:
        find_variant(key)
    assert repr(key) in str(caught.value)


def test_variant_attributes():
    assert {name: VARIANTS[name].game_type for name in ("international", "english", "russian")} == {
        "international": 20,
        "english": 21,
        "russian": 25,
    }
    assert InternationalBoard.result_format == "international"
    assert RussianBoard.capture_separator == ":"
    assert RussianBoard.notation == "algebraic"
    assert RussianBoard().square_name(29) == "a1"
    assert EnglishBoard().square_name(29) == "29"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(BITBOARD_VARIANTS), st.integers(0, 10**6))
def test_random_play_properties(name, seed):
    """FEN round trip, push/pop restoring the position, no duplicate legal moves."""
    rng = random.Random(seed)
    board: Board = VARIANTS[name]()
    fens = []
    for _ in range(rng.randint(10, 120)):
        moves = board.legal_moves()
        assert len(moves) == len(set(moves))
        assert board.has_legal_moves() == bool(moves)
        fen = board.fen()
        again = VARIANTS[name](fen)
        assert again.fen() == fen
        assert again.position_key() == board.position_key()
        if not moves:
            break
        fens.append(fen)
        board.push(rng.choice(moves))
    while board.move_stack:
        board.pop()
        assert board.fen() == fens.pop()
