"""FEN reading in every form met in practice, canonical writing (docs/rules/pdn.md §4)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.board import Colour
from arbiter.errors import FenError
from arbiter.fen import FenPosition, format_fen, parse_fen
from arbiter.geometry import Geometry
from arbiter.variants import EnglishBoard, InternationalBoard, RussianBoard

TEN = Geometry.checkered(10, 10)
EIGHT = Geometry.checkered(8, 8)


def content(text: str, geometry: Geometry = TEN) -> tuple[str, list[int], list[int], list[int]]:
    p = parse_fen(text, geometry)
    return p.turn.letter, sorted(p.white), sorted(p.black), sorted(p.kings)


def test_ranges():
    assert content("W:W31-50:B1-20") == ("W", list(range(31, 51)), list(range(1, 21)), [])


def test_kings_and_black_to_move():
    assert content("B:W18,K27:B12,K22") == ("B", [18, 27], [12, 22], [22, 27])


def test_either_colour_list_first():
    assert content("W:B12,13:W25,27") == ("W", [25, 27], [12, 13], [])


@pytest.mark.parametrize(
    "text",
    [
        "W:W31,32:B1,2.",
        " W : W31, 32 : B1 ,2 ",
        "W:W31,32:B01,02",
        "W:W31,32:B1,2:H0:F1",
        "W:W31,32,:B1,2",
        "W:W31-32:B1-2",
    ],
)
def test_lenient_forms(text):
    assert content(text) == ("W", [31, 32], [1, 2], [])


def test_zero_padded_squares():
    assert content("B:W32:B03,04") == ("B", [32], [3, 4], [])


def test_empty_list_for_one_side():
    assert content("W:W31:B") == ("W", [31], [], [])
    assert content("W:B5") == ("W", [], [5], [])


def test_algebraic_squares_on_eight_by_eight():
    assert content("W:Wa1,c1,Kh2:Bb8", EIGHT) == ("W", [28, 29, 30], [1], [28])
    assert content("W:Wa1,c1:B1", EIGHT) == ("W", [29, 30], [1], [])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "end of text: expected the side to move, W or B"),
        ("X:W31", "column 1: expected the side to move"),
        ("WW31", "column 2: expected ':' after the side to move"),
        ("W:W31:W32", "column 7: expected one list per colour (W given twice)"),
        ("W:W31:B31", "column 8: expected each square once (square 31 is given twice)"),
        ("W:W51", "column 4: expected a square, 1-50"),
        ("W:Wb1", "column 4: expected a square"),
        ("W:W20-10", "column 4: expected a rising range"),
        ("W:W0-10", "column 4: expected a square number 1-50 in a range"),
        ("W:W3,:1", "column 7: expected a colour list starting with W or B"),
    ],
)
def test_errors_name_text_column_and_expectation(text, message):
    with pytest.raises(FenError, match="FEN") as caught:
        parse_fen(text, TEN)
    assert repr(text) in str(caught.value)
    assert message in str(caught.value)


def test_error_column_counts_blanks_of_the_original_text():
    with pytest.raises(FenError, match="column 6"):
        parse_fen("W: W 51", TEN)


def test_writer_canonical_form():
    position = FenPosition(
        Colour.BLACK, frozenset({33, 31}), frozenset({12, 2}), frozenset({33, 2})
    )
    assert format_fen(position) == "B:W31,K33:BK2,12"


def test_board_fen_round_trip_and_algebraic_russian():
    assert InternationalBoard().fen() == "W:W" + ",".join(
        map(str, range(31, 51))
    ) + ":B" + ",".join(map(str, range(1, 21)))
    assert EnglishBoard().fen().startswith("B:W21,22")
    russian = RussianBoard()
    assert russian.fen() == (
        "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
    )
    assert RussianBoard(russian.fen()).position_key() == russian.position_key()


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.integers(1, 50), max_size=20),
    st.sets(st.integers(1, 50), max_size=20),
    st.sets(st.integers(1, 50)),
    st.sampled_from(list(Colour)),
)
def test_write_then_read_is_identity(white, black, kings, turn):
    black = black - white
    kings &= white | black
    position = FenPosition(turn, frozenset(white), frozenset(black), frozenset(kings))
    assert parse_fen(format_fen(position), TEN) == position
    assert parse_fen(format_fen(position, TEN.algebraic), TEN) == position
