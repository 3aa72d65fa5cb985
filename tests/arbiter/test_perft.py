"""Perft against the published "drop" numbers (docs/rules/perft.md §2, §3); the full depths run
in ``benchmarks/perft_deep.py``."""

import pytest

from arbiter.perft import divide, perft
from arbiter.variants import EnglishBoard, InternationalBoard, RussianBoard

ALL_KINGS = (
    "W:W"
    + ",".join(f"K{s}" for s in range(31, 51))
    + ":B"
    + ",".join(f"K{s}" for s in range(1, 21))
)


@pytest.mark.parametrize(
    ("cls", "fen", "expected"),
    [
        (InternationalBoard, None, [9, 81, 658, 4265, 27117]),
        (EnglishBoard, None, [7, 49, 302, 1469, 7361, 36768]),
        (RussianBoard, None, [7, 49, 302, 1469, 7482, 37986]),
        (
            InternationalBoard,
            "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
            [6, 12, 30, 73, 215, 590, 1944, 6269, 22369],
        ),
        (
            InternationalBoard,
            "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
            [14, 55, 1168, 5432],
        ),
        (InternationalBoard, ALL_KINGS, [17, 79, 352, 1399]),
        (InternationalBoard, "W:W6,7,8,9,10:B41,42,43,44,45", [9, 81, 795, 7578]),
    ],
    ids=[
        "international",
        "english",
        "russian",
        "woldouby",
        "random178",
        "allkings",
        "almostpromotion",
    ],
)
def test_perft_small_depths(cls, fen, expected):
    board = cls(fen)
    assert [perft(board, d) for d in range(1, len(expected) + 1)] == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("cls", "depth", "expected"),
    [
        (InternationalBoard, 6, 167140),
        (EnglishBoard, 8, 845931),
        (RussianBoard, 8, 929899),
    ],
)
def test_perft_initial_position_drop_column(cls, depth, expected):
    """Russian depth 8 is the first where "drop" (929,899) differs from "keep" (929,905)."""
    assert perft(cls(), depth) == expected


def test_perft_depth_zero_and_position_unchanged():
    board = InternationalBoard()
    assert perft(board, 0) == 1
    perft(board, 3)
    assert board.fen() == InternationalBoard().fen()
    with pytest.raises(ValueError, match="depth"):
        perft(board, -1)


def test_divide_sums_to_perft():
    board = RussianBoard()
    parts = divide(board, 4)
    assert set(parts) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}
    assert sum(parts.values()) == 1469
