"""Perft of every variant against the published counts (docs/rules/perft.md §2, §3; dctl's
traversal tests), to the depth the suite affords; ``benchmarks/perft_deep.py`` goes deeper.

Variants with no published count: Portuguese (its rules are Spanish's: the counts must be
Spanish's), Turkish (pydraughts' 8, 64, 708, 7,538, 85,146 is [unverified]; we count 85,090
at depth 5 and the 56 leaves apart are pydraughts' Turkish king sliding over pieces, see
test_peers.py), antidraughts and Russian giveaway (the moves of international and Russian
draughts: same counts), Spantsiretti (no count with Russian rules; dctl's count with
international rules on the same 10x8 board checks the board).
"""

import pytest

from arbiter.perft import perft
from arbiter.variants import (
    VARIANTS,
    InternationalBoard,
    ItalianBoard,
    SpantsirettiBoard,
    ThaiBoard,
)

#: name -> the first counts from the initial position ("drop" where it differs).
PUBLISHED = {
    "brazilian": [7, 49, 302, 1469, 7473, 37628],
    "canadian": [11, 121, 1222, 10053, 79049],
    "pool": [7, 49, 302, 1469, 7482, 37986],
    "italian": [7, 49, 302, 1469, 7361, 36473],
    "czech": [7, 49, 302, 1469, 7361, 36768],
    "spanish": [7, 49, 302, 1469, 7361, 36473],
    "portuguese": [7, 49, 302, 1469, 7361, 36473],
    "frisian": [9, 81, 658, 3874, 21265],
    "antidraughts": [9, 81, 658, 4265, 27117],
    "russian-giveaway": [7, 49, 302, 1469, 7482, 37986],
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_initial_position(name):
    board = VARIANTS[name]()
    expected = PUBLISHED[name]
    assert [perft(board, d) for d in range(1, len(expected) + 1)] == expected


def test_turkish_initial_position_as_we_count_it():
    board = VARIANTS["turkish"]()
    assert [perft(board, d) for d in range(1, 5)] == [8, 64, 708, 7538]


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        ("W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", [5, 13, 42, 107, 360, 1099]),
        ("B:W30,21,22,17,20,K6:B25,28,9,5,1,3", [6, 47, 271, 1916]),
        ("W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", [13, 112, 828]),
    ],
    ids=["gilbert-1", "gilbert-2", "gilbert-3"],
)
def test_italian_test_positions(fen, expected):
    """Ed Gilbert's positions (docs/rules/perft.md §3; dctl ``italian/gilbert.cpp``, "keep"
    counts, which equal "drop" at these depths: short-range kings)."""
    board = ItalianBoard(fen)
    assert [perft(board, d) for d in range(1, len(expected) + 1)] == expected


def test_thai_counts_are_published_for_the_twelve_men_set_up():
    """docs/rules/perft.md §2 gives Thai 7, 49, 302, ... "8 men each on the first two rows";
    from that set-up the third count is 392 (the armies are four rows apart). The
    published counts are those of our Thai rules from the English set-up of 12 men
    each (checked to depth 9, 3,963,648, in benchmarks/perft_deep.py)."""
    assert [perft(ThaiBoard(), d) for d in range(1, 4)] == [7, 49, 392]
    twelve = ThaiBoard("B:W1-12:B21-32")
    assert [perft(twelve, d) for d in range(1, 7)] == [7, 49, 302, 1469, 7361, 36768]


def test_spantsiretti_board_with_international_rules_gives_dctls_counts():
    """dctl ``initial/board_rectangular.cpp``: international rules on the Spantsiretti
    board, 9, 81, 658, 4,265, 27,117, 167,140; with Russian rules the fifth count
    differs (27,132: a man crowned in passing)."""

    class InternationalOnSpantsiretti(InternationalBoard):
        name = "international-on-10x8"
        geometry = SpantsirettiBoard.geometry
        starting_fen = SpantsirettiBoard.starting_fen

    board = InternationalOnSpantsiretti()
    assert [perft(board, d) for d in range(1, 6)] == [9, 81, 658, 4265, 27117]
    assert [perft(SpantsirettiBoard(), d) for d in range(1, 6)] == [9, 81, 658, 4265, 27132]
