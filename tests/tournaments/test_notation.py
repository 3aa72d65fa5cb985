"""How results are written per variant (tournaments.scoring.notation), pure: every final
result in both notations, in PDN, on a player card and as a two-game match score."""

import pytest

from tournaments.scoring.notation import (
    notation,
    pairing_score,
    pdn_result,
    player_score,
    result_score,
)
from tournaments.scoring.results import GAME_CODES, PENDING
from tournaments.values import FORFEIT_RESULTS

EVERY_RESULT = [*GAME_CODES, PENDING]


@pytest.mark.parametrize(
    ("variant", "written"),
    [
        ("international", ["2-0", "1-1", "0-2", "+/-", "-/+", "-/-", "0-0", "*"]),
        ("english", ["1-0", "½-½", "0-1", "+/-", "-/+", "-/-", "0-0", "*"]),
    ],
)
def test_each_result_on_the_pages(variant, written):
    assert [result_score(result, variant) for result in EVERY_RESULT] == written


@pytest.mark.parametrize(
    ("variant", "tokens"),
    [
        # Forfeits are wins in PDN; a double forfeit and an unplayed game are 0-0.
        ("international", ["2-0", "1-1", "0-2", "2-0", "0-2", "0-0", "0-0", "*"]),
        # Black moves first in English draughts: the first score is Black's.
        ("english", ["0-1", "1/2-1/2", "1-0", "0-1", "1-0", "0-0", "0-0", "*"]),
        ("russian", ["1-0", "1/2-1/2", "0-1", "1-0", "0-1", "0-0", "0-0", "*"]),
    ],
)
def test_each_result_in_pdn(variant, tokens):
    assert [pdn_result(result, variant) for result in EVERY_RESULT] == tokens


def test_a_forfeit_keeps_its_sign_on_a_player_card():
    assert [player_score(code, "international") for code in "1=0+-"] == [
        "2-0",
        "1-1",
        "0-2",
        "+/-",
        "-/+",
    ]
    # A bye is named where it is shown (tournaments.results.player_result).
    assert player_score("H", "english") == "H"
    assert set(FORFEIT_RESULTS) >= {player_score(code, "english") for code in "+-"}


def test_a_two_game_match_score_is_in_the_variants_points():
    assert pairing_score([(1, "1-0"), (2, "1/2")], 1, "international") == "3-1"
    assert pairing_score([(1, "1/2"), (2, "0-1")], 1, "english") == "1½-½"
    assert pairing_score([(2, "+/-"), (1, "-/-")], 1, "english") == "0-1"
    assert pairing_score([(1, "1-0"), (2, "*")], 1, "english") is None
    assert pairing_score([(1, "1-0")], 1, "english") is None


def test_an_unknown_variant_writes_as_fmjd():
    assert notation("no-such-game").fmjd
    assert result_score("1-0", "no-such-game") == "2-0"
