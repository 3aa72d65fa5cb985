"""Tie-break values worked out by hand on the small Swiss of tests/tournaments/states.py, with
byes and forfeits (its scores and adjusted scores are written there)."""

from decimal import Decimal

import pytest

from tests.tournaments.states import SWISS as STATE
from tests.tournaments.states import B, W, r
from tournaments.scoring.tiebreaks import TIEBREAKS, TieBreakContext, find_tiebreak
from tournaments.values import Competitor, TournamentState


def value(code, number, after_round=3):
    context = TieBreakContext.build(STATE, after_round=after_round)
    return find_tiebreak(code).detail(context, number).value


def test_scores_and_adjusted_scores():
    context = TieBreakContext.build(STATE, after_round=3)
    assert context.score == {1: 3, 2: 5, 3: 5, 4: 2, 5: 1, 6: 0}
    assert context.adjusted == {1: 3, 2: 5, 3: 5, 4: 2, 5: 2, 6: 2}
    assert context.vur_rounds[6] == {1, 2, 3} and context.vur_rounds[5] == {3}


EXPECTED = {
    # player: 1, 2, 3, 4, 5, 6
    "BH": [12, 7, 10, 10, 11, 0],  # 3: dummy 5 (forfeit win) + 2 + 3; 4: 3 + dummy 2 + 5
    "BH-C1": [10, 5, 8, 8, 10, 0],  # 5: the VUR (dummy 1) is cut, 16.5
    "TSOL": [10, 5, 8, 8, 10, 0],
    "BH-C2": [5, 3, 5, 5, 5, 0],
    "BH-M1": [5, 2, 3, 3, 5, 0],
    "SB": ["4.5", 6, "8.5", 2, "2.5", 0],  # 1: 2x1 + 5x0 ... 3: dummy 5x1 + 2x1 + 3x1/2
    "WON": [1, 2, 1, 0, 0, 0],  # forfeit wins and byes do not count
    "PS": [7, 9, 11, 4, 3, 0],
    "ARO": [1800, 1767, 1800, 1950, 1850, 0],  # forfeits, byes excluded; 5300/3 rounds up
    "ARO-C1": [1850, 1850, 2000, 2000, 1900, 0],
}


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_hand_worked_values(code):
    assert [value(code, n) for n in range(1, 7)] == [Decimal(str(v)) for v in EXPECTED[code]]


def test_detail_shows_dummy_and_cut():
    context = TieBreakContext.build(STATE, after_round=3)
    detail = find_tiebreak("BH-C1").detail(context, 5)
    assert [(c.round, c.opponent, c.value, c.dummy) for c in detail.counted] == [
        (1, 2, 5, False),
        (2, 3, 5, False),
    ]
    assert [(c.round, c.code, c.value, c.dummy) for c in detail.cut] == [(3, "Z", 1, True)]
    forfeit = find_tiebreak("BH").detail(context, 3).counted[0]
    assert (forfeit.opponent, forfeit.code, forfeit.value, forfeit.dummy) == (6, "+", 5, True)
    assert "16.4" in forfeit.note


def test_vur_is_cut_first_even_when_not_the_lowest():
    """C.07 16.5: player 1 takes a half-point bye in the last round (a VUR worth his own 3
    points); Cut-1 removes it rather than the lowest opponent score (2)."""
    rows = {
        1: (r(1, 2, W, "1"), r(2, None, None, "H")),
        2: (r(1, 1, B, "0"), r(2, 3, W, "1")),
        3: (r(1, 4, W, "1"), r(2, 2, B, "0")),
        4: (r(1, 3, B, "0"), r(2, None, None, "U")),
    }
    state = TournamentState(tuple(Competitor(n, f"P{n}", 0, results=rows[n]) for n in rows), 2)
    context = TieBreakContext.build(state, after_round=2)
    assert find_tiebreak("BH").detail(context, 1).value == 5  # 2 + dummy 3
    cut1 = find_tiebreak("BH-C1").detail(context, 1)
    assert cut1.value == 2
    assert [c.round for c in cut1.cut] == [2]


def test_intermediate_round():
    # after round 1: scores 1:2 2:1 3:2 4:0 5:1 6:0; 3's forfeit win is a dummy with 2
    assert [value("BH", n, after_round=1) for n in range(1, 7)] == [0, 1, 2, 2, 1, 0]


def test_direct_encounter_needs_all_tied_to_have_met():
    context = TieBreakContext.build(STATE, after_round=3)
    de = find_tiebreak("DE")
    not_met = de.detail(context, 2, frozenset({2, 3}))
    assert not_met.value == 0 and "not applied" in not_met.note
    assert de.detail(context, 1, frozenset({1, 3})).value == 1  # they drew
    assert de.detail(context, 2, frozenset({1, 2})).value == 2  # 2 beat 1


def test_registry():
    assert set(TIEBREAKS) >= {"TSOL", "BH", "BH-C1", "BH-C2", "BH-M1", "SB", "WON", "DE"}
    assert all(t.code == code and t.label for code, t in TIEBREAKS.items())
    with pytest.raises(KeyError, match="unknown tie-break 'XYZ'"):
        find_tiebreak("XYZ")
