"""One small position per distinctive rule of each variant (docs/rules/README.md §3, dctl, FID,
APCA, lidraughts: each rule's source is in its variant's docstring). Squares are written
algebraically; ``helpers.setup`` converts them to the variant's own numbering."""

import pytest

from arbiter.errors import IllegalMoveError
from arbiter.perft import perft
from arbiter.variants import (
    BrazilianBoard,
    CanadianBoard,
    CzechBoard,
    FrisianBoard,
    ItalianBoard,
    PoolBoard,
    PortugueseBoard,
    RussianBoard,
    SpanishBoard,
    SpantsirettiBoard,
    ThaiBoard,
    TurkishBoard,
)
from tests.arbiter.variants.helpers import moves, setup

# -- Italian (FID 5.3, 6.6-6.9) ----------------------------------------------------------


def test_italian_man_may_not_take_a_king():
    assert moves(setup(ItalianBoard, "W", "c4", "Kd5")) == {"c4-b5"}
    assert moves(setup(ItalianBoard, "W", "c4", "d5")) == {"c4xe6/d5"}


def test_italian_men_capture_forward_only():
    assert moves(setup(ItalianBoard, "W", "c4", "b3")) == {"c4-b5", "c4-d5"}


def test_italian_most_pieces_first():
    assert moves(setup(ItalianBoard, "W", "Kg2", "f3 d5 b7")) == {"g2xa8/b7,d5,f3"}


def test_italian_king_captures_before_a_man_at_equal_count():
    assert moves(setup(ItalianBoard, "W", "c4 Ka6", "d5 b7")) == {"a6xc8/b7"}


def test_italian_most_kings_at_equal_count():
    assert moves(setup(ItalianBoard, "W", "Ke4", "d5 Kf5")) == {"e4xg6/f5"}


def test_italian_the_king_met_earliest():
    """Both captures take a king and a man with a king; the one that meets the king first
    must be played (6.9)."""
    assert moves(setup(ItalianBoard, "W", "Ke2", "Kd3 b5 f3 Kf5")) == {"e2xa6/b5,d3"}


def test_italian_board_is_mirrored():
    """Square 1 is a8 and a1 is not played on (2.3, 2.4)."""
    geometry = ItalianBoard.geometry
    assert geometry.algebraic(1) == "a8" and geometry.algebraic(32) == "h1"
    assert geometry.parse_square("a1") is None


# -- Czech, Spanish, Portuguese --------------------------------------------------------


def test_czech_king_capture_has_priority():
    """The man on c3 could take d4; the king's capture must be played (4.14)."""
    legal = moves(setup(CzechBoard, "W", "c3 Kh2", "d4 f4"))
    assert legal == {"h2xe5/f4", "h2xd6/f4", "h2xc7/f4", "h2xb8/f4"}


def test_czech_men_capture_forward_only():
    assert moves(setup(CzechBoard, "W", "c3", "b2")) == {"c3-b4", "c3-d4"}


@pytest.mark.parametrize("cls", [SpanishBoard, PortugueseBoard])
def test_spanish_and_portuguese_take_the_most_kings_at_equal_count(cls):
    assert moves(setup(cls, "W", "c4", "b5 Kd5")) == {"c4xe6/d5"}


@pytest.mark.parametrize("cls", [SpanishBoard, PortugueseBoard])
def test_spanish_and_portuguese_numbering(cls):
    """Square 1 at White's near-right corner, a1 a light square (PDN N1, invert flag 1)."""
    geometry = cls.geometry
    assert (geometry.algebraic(1), geometry.algebraic(4), geometry.algebraic(5)) == (
        "h1",
        "b1",
        "g2",
    )
    assert sorted(cls().piece_squares(cls.first_player)) == list(range(1, 13))


# -- Pool, Brazilian, Russian: a man passing the far row -------------------------------


def test_pool_man_passing_the_back_row_stays_a_man():
    board = setup(PoolBoard, "W", "b6", "c7 e7")
    assert moves(board) == {"b6xf6/c7,e7"}
    board.push(board.legal_moves()[0])
    square = board.geometry.parse_square("f6")
    assert square is not None
    piece = board.piece_at(square)
    assert piece is not None and not piece.king


def test_russian_man_passing_the_back_row_goes_on_as_a_king():
    legal = moves(setup(RussianBoard, "W", "b6", "c7 e7"))
    assert legal == {"b6xf6/c7,e7", "b6xg5/c7,e7", "b6xh4/c7,e7"}


def test_pool_has_free_choice_and_brazilian_the_majority_rule():
    assert moves(setup(PoolBoard, "W", "c3", "d4 f6 b4")) == {"c3xa5/b4", "c3xg7/d4,f6"}
    assert moves(setup(BrazilianBoard, "W", "c3", "d4 f6 b4")) == {"c3xg7/d4,f6"}


def test_brazilian_man_crowned_only_at_the_end_of_the_move():
    assert moves(setup(BrazilianBoard, "W", "b6", "c7 e7")) == {"b6xf6/c7,e7"}


# -- Thai -------------------------------------------------------------------------------


def test_thai_king_lands_right_behind_the_piece():
    assert moves(setup(ThaiBoard, "W", "Ka1", "c3")) == {"a1xd4/c3"}
    assert moves(setup(RussianBoard, "W", "Ka1", "c3")) == {
        "a1xd4/c3",
        "a1xe5/c3",
        "a1xf6/c3",
        "a1xg7/c3",
        "a1xh8/c3",
    }


def test_thai_set_up_and_numbering():
    """Black first; square 1 at the top left as Black sees the board (g1)."""
    board = ThaiBoard()
    assert board.turn is ThaiBoard.first_player and board.fen().startswith("B:")
    assert board.count(board.turn) == board.count(board.turn.other) == 8
    assert ThaiBoard.geometry.algebraic(1) == "g1"


# -- Turkish ----------------------------------------------------------------------------


def test_turkish_capture_opens_a_new_line():
    """The king takes e4, then comes back down the e-file over the emptied square to take
    e2: possible only because each piece leaves the board as it is taken."""
    assert moves(setup(TurkishBoard, "W", "Kh4", "e4 c6 d7 e6 e2")) == {"h4xe1/c6,d7,e2,e4,e6"}


def test_turkish_king_may_not_turn_back():
    assert moves(setup(TurkishBoard, "W", "Kd4", "d6 d2")) == {
        "d4xd7/d6",
        "d4xd8/d6",
        "d4xd1/d2",
    }


def test_turkish_men_move_and_capture_forward_and_sideways():
    assert moves(setup(TurkishBoard, "W", "d4", "d5 c4 e4 d3")) == {
        "d4xb4/c4",
        "d4xd6/d5",
        "d4xf4/e4",
    }
    assert moves(setup(TurkishBoard, "W", "d4", "a8")) == {"d4-c4", "d4-d5", "d4-e4"}


# -- Frisian ----------------------------------------------------------------------------


def test_frisian_two_men_outweigh_a_king():
    assert moves(setup(FrisianBoard, "W", "Ka1 h2", "Ka3 i3 i5")) == {"h2xh6/i3,i5"}


def test_frisian_a_king_outweighs_a_man():
    assert moves(setup(FrisianBoard, "W", "Ka1 h2", "Ka3 i3")) == {
        "a1xa5/a3",
        "a1xa7/a3",
        "a1xa9/a3",
    }


def test_frisian_king_captures_first_at_equal_value():
    assert moves(setup(FrisianBoard, "W", "Ka1 h2", "a3 i3")) == {
        "a1xa5/a3",
        "a1xa7/a3",
        "a1xa9/a3",
    }


def test_frisian_men_capture_straight():
    assert moves(setup(FrisianBoard, "W", "e5", "e7 b10")) == {"e5xe9/e7"}


def test_frisian_king_move_limit():
    board = setup(FrisianBoard, "W", "Ka1 j2", "Kh10 b10")
    for text in ("a1-b2", "h10-g9", "b2-c3", "g9-h10", "c3-b2", "h10-g9"):
        board.push(board.parse_move(text))
    assert moves(board) == {"j2-i3"}
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("b2-a1")
    assert caught.value.code == "king-move-limit"
    assert perft(board, 1) == 1
    # the same position set up afresh has no history, hence no limit
    assert "b2-a1" in moves(FrisianBoard(board.fen()))


# -- Canadian and Spantsiretti boards ---------------------------------------------------


def test_canadian_board():
    board = CanadianBoard()
    assert board.geometry.size == 72
    assert board.count(board.turn) == board.count(board.turn.other) == 30


def test_spantsiretti_man_crowned_in_passing_goes_on_as_a_king():
    """Crowned on d8, the new king takes g5 from a distance at once (Russian rules)."""
    board = setup(SpantsirettiBoard, "W", "b6", "c7 g5")
    assert board.geometry.size == 40 and board.geometry.algebraic(1) == "b8"
    assert moves(board) == {"b6xh4/c7,g5", "b6xi3/c7,g5", "b6xj2/c7,g5"}
