"""Geometry: numbering, names and lines of the 10x10 and 8x8 boards (docs/rules/
international.md §1, russian.md §1, english.md §1)."""

import pytest

from arbiter.geometry import DIAGONALS, Colour, Geometry

TEN = Geometry.checkered(10, 10)
EIGHT = Geometry.checkered(8, 8)


def test_ten_by_ten_numbering_follows_fmjd_2_6():
    assert TEN.size == 50
    assert [TEN.algebraic(s) for s in (1, 5, 6, 15, 46, 50)] == [
        "b10",
        "j10",
        "a9",
        "j8",
        "a1",
        "i1",
    ]
    assert TEN.rank_squares(9) == (1, 2, 3, 4, 5)
    assert TEN.rank_squares(0) == (46, 47, 48, 49, 50)


def test_eight_by_eight_numbering_follows_wcdf_1_5():
    assert EIGHT.size == 32
    assert [EIGHT.algebraic(s) for s in (1, 4, 5, 29, 32)] == ["b8", "h8", "a7", "a1", "g1"]


def test_long_diagonal_runs_46_to_5():
    assert TEN.ray(46, (1, 1)) == (41, 37, 32, 28, 23, 19, 14, 10, 5)
    assert TEN.ray(5, (1, 1)) == ()
    assert EIGHT.ray(29, (1, 1)) == (25, 22, 18, 15, 11, 8, 4)


def test_every_diagonal_step_stays_on_playable_squares():
    for geometry in (TEN, EIGHT):
        for square in range(1, geometry.size + 1):
            f, r = geometry.coordinates_of(square)
            assert (f + r) % 2 == 0
            for direction in DIAGONALS:
                for k, s in enumerate(geometry.ray(square, direction), 1):
                    assert geometry.coordinates_of(s) == (
                        f + k * direction[0],
                        r + k * direction[1],
                    )


@pytest.mark.parametrize(
    ("text", "square"),
    [
        ("32", 32),
        ("05", 5),
        ("c3", 37),
        ("a1", 46),
        ("j10", 5),
        ("b1", None),
        ("51", None),
        ("0", None),
        ("k1", None),
    ],
)
def test_parse_square_on_ten_by_ten(text, square):
    assert TEN.parse_square(text) == square


def test_light_bottom_left_corner_mirrors_the_board():
    italian = Geometry.checkered(8, 8, bottom_left_playable=False)
    assert italian.square_at(0, 0) is None
    assert italian.algebraic(1) == "a8"


def test_rejects_inconsistent_coordinates():
    with pytest.raises(ValueError, match="off a 2x2 board"):
        Geometry(2, 2, ((0, 0), (3, 3)))
    with pytest.raises(ValueError, match="twice"):
        Geometry(2, 2, ((0, 0), (0, 0)))


def test_colour_other_and_letter():
    assert Colour.WHITE.other is Colour.BLACK
    assert Colour.BLACK.other is Colour.WHITE
    assert (Colour.WHITE.letter, Colour.BLACK.letter) == ("W", "B")
