"""Diagrams in the reader's language: the title and the screen-reader label of a position."""

import re

import pytest
from django.utils import translation

import arbiter
from tournaments.diagrams import diagram_svg


def _label(svg: str) -> str:
    return re.search(r'aria-label="([^"]*)"', svg).group(1)


def test_a_diagram_is_told_in_english_by_default():
    board = arbiter.find_variant("english")("B:WK5,30:B1")
    with translation.override("en"):
        svg = diagram_svg(board)
    assert _label(svg) == ("English draughts, black to move. White: king 5, man 30. Black: man 1.")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Dames anglaises, les Noirs jouent. Blancs : dame 5, pion 30. Noirs : pion 1."),
        ("ru", "Английские шашки, ход чёрных. Белые: дамка 5, шашка 30. Чёрные: шашка 1."),
    ],
)
def test_a_diagram_is_told_in_the_page_language(language, expected):
    board = arbiter.find_variant("english")("B:WK5,30:B1")
    with translation.override(language):
        svg = diagram_svg(board)
    assert _label(svg) == expected
    title = re.search(r"<title>([^<]*)</title>", svg).group(1)
    assert expected.startswith(title + ".")


def test_a_column_is_told_bottom_first_in_the_page_language():
    board = arbiter.find_variant("bashni")()
    with translation.override("fr"):
        label = _label(diagram_svg(board))
    with translation.override("en"):
        english = _label(diagram_svg(board))
    assert "Blancs : pion" in label and "White: man" in english
    assert "white" not in label and "man" not in label
