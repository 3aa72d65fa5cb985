"""FIDE C.07's own worked examples: IA Mario Held, "Exercises in Tie-Breaking" (FIDE
Arbiters' Commission, rev. 2403220900, written for C.07 as applied from 2023).

Each test rebuilds one of the paper's crosstables as a :class:`TournamentState` and checks
the values its solutions state. Chess scoring (1, 1/2, 0; a half-point bye scores 1/2, a
pairing-allocated bye 1), as in the paper.

§2.1, Swiss, 16 players, 5 rounds, ratings 2200 (#1) down to 1450 (#16) by 50. It holds a
half-point bye (#4 round 2, #9 round 3), pairing-allocated byes (#12 round 2, #6 round 3,
#9 round 5), forfeits (#12 beats #14 round 3, #11 beats #9 round 4), a zero-point bye
(#14 round 4) and a withdrawal (#12 after round 3: ``Z`` in rounds 4 and 5).

The same Swiss played on to 9 rounds (exercise 25) adds four rounds of games to it; in that
version #2 beat #3 in round 5 (a draw in the 5-round one).

§2.2, round robin, 6 players, 5 rounds, with one forfeit (#6 beats #5 round 4).

Unplayed rounds follow C.07 16 (2023): no virtual opponent; the player's own unplayed
rounds are games against a dummy with his own score (16.4), his opponents see his score
adjusted so that trailing requested byes count as draws (16.3), and a cut removes a
voluntary unplayed round first (16.5).
"""

from decimal import Decimal

import pytest

from tests.factories import ONE_POINT_A_WIN
from tests.tournaments.tiebreak_checks import assert_values_are_the_details
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import TieBreakContext, find_tiebreak
from tournaments.values import Colour, Competitor, RoundResult, TournamentState

W, B = Colour.WHITE, Colour.BLACK
CHESS = ONE_POINT_A_WIN
BYE = (None, None)

#: §2.1: per player, per round, (opponent, colour, result code); a bye has no opponent.
SWISS = {
    1: ((9, W, "1"), (13, B, "="), (2, W, "="), (15, B, "1"), (4, W, "=")),
    2: ((10, B, "1"), (7, W, "1"), (1, B, "="), (16, W, "1"), (3, B, "=")),
    3: ((11, W, "="), (6, B, "1"), (8, W, "1"), (4, B, "="), (2, W, "=")),
    4: ((12, B, "1"), (*BYE, "H"), (13, W, "1"), (3, W, "="), (1, B, "=")),
    5: ((13, W, "0"), (15, B, "0"), (11, W, "1"), (7, B, "="), (10, W, "1")),
    6: ((14, B, "0"), (3, W, "0"), (*BYE, "U"), (10, W, "1"), (8, B, "1")),
    7: ((15, W, "1"), (2, B, "0"), (16, B, "0"), (5, W, "="), (11, B, "0")),
    8: ((16, B, "="), (14, W, "1"), (3, B, "0"), (13, W, "1"), (6, W, "0")),
    9: ((1, B, "0"), (10, W, "0"), (*BYE, "H"), (11, B, "-"), (*BYE, "U")),
    10: ((2, W, "0"), (9, B, "1"), (15, W, "0"), (6, B, "0"), (5, B, "0")),
    11: ((3, B, "="), (16, W, "0"), (5, B, "0"), (9, W, "+"), (7, W, "1")),
    12: ((4, W, "0"), (*BYE, "U"), (14, W, "+"), (*BYE, "Z"), (*BYE, "Z")),
    13: ((5, B, "1"), (1, W, "="), (4, B, "0"), (8, B, "0"), (14, W, "0")),
    14: ((6, W, "1"), (8, B, "0"), (12, B, "-"), (*BYE, "Z"), (13, B, "1")),
    15: ((7, B, "0"), (5, W, "1"), (10, B, "1"), (1, W, "0"), (16, B, "0")),
    16: ((8, W, "="), (11, B, "1"), (7, W, "1"), (2, B, "0"), (15, W, "1")),
}

#: Rounds 6 to 9 of the same Swiss (exercise 25).
LATER_ROUNDS = {
    1: ((6, B, "="), (3, B, "="), (16, W, "="), (8, B, "1")),
    2: ((4, W, "="), (6, W, "0"), (15, B, "="), (5, W, "=")),
    3: ((16, B, "1"), (1, W, "="), (14, W, "1"), (10, B, "1")),
    4: ((2, B, "="), (16, W, "="), (6, B, "="), (15, W, "1")),
    5: ((14, B, "0"), (9, B, "1"), (8, W, "0"), (2, B, "=")),
    6: ((1, W, "="), (2, B, "1"), (4, W, "="), (16, B, "1")),
    7: ((10, B, "0"), (13, W, "1"), (9, W, "1"), (14, B, "1")),
    8: ((11, B, "="), (15, W, "="), (5, B, "1"), (1, W, "0")),
    9: ((13, B, "1"), (5, W, "0"), (7, B, "0"), (12, W, "=")),
    10: ((7, W, "1"), (12, B, "1"), (11, W, "1"), (3, W, "0")),
    11: ((8, W, "="), (14, B, "0"), (10, B, "0"), (13, W, "=")),
    12: ((15, B, "0"), (10, W, "0"), (13, B, "="), (9, B, "=")),
    13: ((9, W, "0"), (7, B, "0"), (12, W, "="), (11, B, "=")),
    14: ((5, W, "1"), (11, W, "1"), (3, B, "0"), (7, W, "0")),
    15: ((12, W, "1"), (8, B, "="), (2, W, "="), (4, B, "0")),
    16: ((3, W, "0"), (4, B, "="), (1, B, "="), (6, W, "0")),
}

#: §2.2, round robin.
ROUND_ROBIN = {
    1: ((5, W, "="), (2, W, "1"), (3, B, "1"), (4, W, "0"), (6, B, "1")),
    2: ((6, W, "1"), (1, B, "0"), (5, W, "1"), (3, W, "="), (4, B, "1")),
    3: ((4, W, "1"), (6, B, "1"), (1, W, "0"), (2, B, "="), (5, W, "1")),
    4: ((3, B, "0"), (5, B, "0"), (6, W, "="), (1, B, "1"), (2, W, "0")),
    5: ((1, B, "="), (4, W, "1"), (2, B, "0"), (6, W, "-"), (3, B, "0")),
    6: ((2, B, "0"), (3, W, "0"), (4, B, "="), (5, B, "+"), (1, W, "0")),
}


def build_state(crosstable, rating) -> TournamentState:
    competitors = tuple(
        Competitor(
            number,
            f"P{number}",
            rating(number),
            results=tuple(
                RoundResult(round_number, opponent, colour, code, CHESS.points_for(code))
                for round_number, (opponent, colour, code) in enumerate(rounds, start=1)
            ),
        )
        for number, rounds in crosstable.items()
    )
    rounds = len(next(iter(crosstable.values())))
    return TournamentState(competitors, total_rounds=rounds, scoring=CHESS)


def build(crosstable, rating) -> TieBreakContext:
    state = build_state(crosstable, rating)
    return TieBreakContext.build(state, after_round=state.total_rounds)


SWISS_CONTEXT = build(SWISS, lambda number: 2250 - 50 * number)
ROUND_ROBIN_CONTEXT = build(ROUND_ROBIN, lambda number: 0)


def ranks_by_direct_encounter(crosstable) -> dict[int, int]:
    """The places after points then direct encounter (C.07 6), ties left shared."""
    state = build_state(crosstable, lambda number: 0)
    rows = compute_standings(state, tiebreaks=["DE"], after_round=state.total_rounds)
    return {row.number: row.rank for row in rows}


def values(code: str, expected: dict, context: TieBreakContext = SWISS_CONTEXT) -> dict:
    """The tie-break ``code`` of the players in ``expected``."""
    tiebreak = find_tiebreak(code)
    return {n: tiebreak.detail(context, n).value for n in expected}


def decimals(expected: dict) -> dict:
    return {n: Decimal(str(v)) for n, v in expected.items()}


def check(code: str, expected: dict, context: TieBreakContext = SWISS_CONTEXT) -> None:
    assert values(code, expected, context) == decimals(expected)


# The paper's solution tables for the whole §2.1 field.
BH = {1: 12.5, 2: 13, 3: 15.5, 4: 15, 5: 8.5, 6: 12, 7: 14.5, 8: 13.5}
BH |= {9: 9, 10: 13, 11: 13.5, 12: 11.5, 13: 14, 14: 11, 15: 12, 16: 12.5}
BH_C1 = {1: 11, 2: 12, 3: 13, 4: 11.5, 5: 7.5, 6: 11, 7: 12.5, 8: 12}
BH_C1 |= {9: 7.5, 10: 11.5, 11: 12, 12: 9.5, 13: 12, 14: 9, 15: 11, 16: 11}
SB = {1: 8, 2: 9.5, 3: 10.5, 4: 9.75, 5: 4.25, 6: 6.5, 7: 3.25, 8: 5.25}
SB |= {9: 2.25, 10: 1.5, 11: 5.75, 12: 4, 13: 4.25, 14: 4.5, 15: 3.5, 16: 7.25}


def only(table: dict, *players: int) -> dict:
    return {n: table[n] for n in players}


def test_crosstable_scores():
    """§2.1's final scores: byes, forfeits and the withdrawal scored as the paper does."""
    assert SWISS_CONTEXT.score == decimals(
        {1: 3.5, 2: 4, 3: 3.5, 4: 3.5, 5: 2.5, 6: 3, 7: 1.5, 8: 2.5}
        | {9: 1.5, 10: 1, 11: 2.5, 12: 2, 13: 1.5, 14: 2, 15: 2, 16: 3.5}
    )


def test_exercise_01_buchholz_played_games():
    """Exercise 1, C.07 8.1: #2 played all five games, BH = 1 + 1.5 + 3.5 + 3.5 + 3.5."""
    check("BH", only(BH, 2))


def test_exercise_02_buchholz_opponents_with_byes():
    """Exercise 2, C.07 8.1 and 16.3: an opponent's byes and forfeits count with the points
    awarded (#1 met #9; #3 met #4, #6 and #11)."""
    check("BH", only(BH, 1, 3))


def test_exercise_03_buchholz_forfeit_win_is_a_dummy():
    """Exercise 3, C.07 16.4: #11's forfeit win over #9 counts as a game against a dummy
    with #11's own score (2.5), not #9's."""
    check("BH", only(BH, 5, 8, 11))


def test_exercise_04_buchholz_half_bye_and_withdrawn_opponent():
    """Exercise 4, C.07 16.3-16.4: #4's half-point bye is a dummy with his own 3.5; his
    opponent #12, withdrawn after round 3, counts 3 (the two trailing ``Z`` as draws)."""
    check("BH", only(BH, 1, 3, 4, 16))


def test_buchholz_whole_field():
    """Exercises 1-4, C.07 8.1: the paper's Buchholz table for all 16 players."""
    check("BH", BH)


def test_exercise_05_buchholz_cut1():
    """Exercise 5, C.07 14.1: Cut-1 of the players on 2.5 (#11's forfeit win is no VUR, so
    the lowest opponent is cut)."""
    check("BH-C1", only(BH_C1, 5, 8, 11))


def test_exercise_06_buchholz_cut1_vur_cut_first():
    """Exercise 6, C.07 16.5: #9's half-point bye and forfeit loss are VURs; the least
    significant of them is cut, not his lowest opponent."""
    check("BH-C1", only(BH_C1, 7, 9, 13))


def test_exercise_07_buchholz_cut1_half_bye_cut():
    """Exercise 7, C.07 16.5: #4's half-point bye (a dummy worth 3.5) is cut although
    opponent #13 scored 1.5."""
    check("BH-C1", only(BH_C1, 1, 3, 4, 16))


def test_exercise_08_buchholz_cut1_withdrawal_and_zero_bye():
    """Exercise 8, C.07 16.5: #12's withdrawal rounds and #14's forfeit loss and zero-point
    bye are VURs, cut before any opponent."""
    check("BH-C1", only(BH_C1, 12, 14, 15))


def test_buchholz_cut1_whole_field():
    """Exercises 5-8, C.07 14.1 and 16.5: the paper's Cut-1 table for all 16 players."""
    check("BH-C1", BH_C1)


def test_exercise_11_sonneborn_berger_leaders():
    """Exercise 11, C.07 9.1 and 16.4: SB of the players on 3.5; #4's half-point bye adds
    half of a dummy with his own score."""
    check("SB", only(SB, 1, 3, 4, 16))


def test_exercise_12_sonneborn_berger_whole_field():
    """Exercise 12, C.07 9.1: the paper's Sonneborn-Berger table for all 16 players."""
    check("SB", SB)


def test_exercise_14_sonneborn_berger_round_robin():
    """Exercise 14, C.07 9.1: round robin §2.2; #6's forfeit win over #5 and #5's loss."""
    expected = {1: 9.25, 2: 6.25, 3: 6.25, 4: 4.25, 5: 3.25, 6: 2.25}
    check("SB", expected, ROUND_ROBIN_CONTEXT)


def test_exercise_17_average_rating_of_opponents():
    """Exercise 17, C.07 10.1 and 15.2: games played over the board only, rounded to the
    nearest whole number (#4: 7550 / 4 = 1887.5 -> 1888)."""
    expected = {1: 1820, 2: 1880, 3: 1940, 4: 1888, 5: 1690, 6: 1813, 7: 1760, 8: 1730}
    expected |= {9: 1975, 10: 1880, 11: 1863, 12: 2050, 13: 1930, 14: 1800, 15: 1860}
    check("ARO", expected | {16: 1820})


def test_exercise_18_average_rating_cut1():
    """Exercise 18, C.07 14.1.1: ARO without the lowest-rated opponent. #12 met one
    opponent over the board, so Cut-1 leaves none: the paper gives no number for him."""
    expected = {1: 1900, 2: 1988, 3: 2000, 4: 1983, 5: 1738, 6: 1900, 7: 1838, 8: 1800}
    expected |= {9: 2200, 10: 1975, 11: 2000, 13: 2025, 14: 1900, 15: 1963, 16: 1900}
    check("ARO-C1", expected)


def test_exercises_23_24_direct_encounter_not_applied():
    """Exercises 23-24, C.07 6: the players on 3.5 (#1 #3 #4 #16) and on 2.5 (#5 #8 #11)
    have not all met, so direct encounter leaves each group sharing its place."""
    ranks = ranks_by_direct_encounter(SWISS)
    assert only(ranks, 1, 3, 4, 16) == {1: 2, 3: 2, 4: 2, 16: 2}
    assert only(ranks, 5, 8, 11) == {5: 7, 8: 7, 11: 7}


def test_exercise_25_direct_encounter_nine_rounds():
    """Exercise 25, C.07 6: after 9 rounds the four players on 6 have all met (#6 scores 2
    points against the other three, #1 and #4 1.5, #2 1); the groups on 4.5 and 4 have not, and
    #9 and #12 drew their game."""
    swiss_9 = {n: SWISS[n] + LATER_ROUNDS[n] for n in SWISS}
    swiss_9[2] = (*SWISS[2][:4], (3, B, "1"), *LATER_ROUNDS[2])
    swiss_9[3] = (*SWISS[3][:4], (2, W, "0"), *LATER_ROUNDS[3])
    expected = {1: 3, 2: 5, 3: 1, 4: 3, 5: 9, 6: 2, 7: 6, 8: 6}
    expected |= {9: 14, 10: 9, 11: 13, 12: 14, 13: 16, 14: 9, 15: 9, 16: 6}
    assert ranks_by_direct_encounter(swiss_9) == expected


def test_exercise_26_direct_encounter_round_robin():
    """Exercise 26, C.07 6: round robin §2.2. On 3.5, #1 beat #2 and #3 who drew; on 1.5,
    #6's forfeit win over #5 counts, so #6 is 4th, #5 (who beat #4) 5th, #4 6th."""
    assert ranks_by_direct_encounter(ROUND_ROBIN) == {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4}


def test_exercise_28_games_won():
    """Exercise 28, C.07 7.3 (WON): games won over the board; forfeit wins and byes do not
    count (#9, #12: 0)."""
    expected = {1: 2, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1, 8: 2}
    check("WON", expected | {9: 0, 10: 1, 11: 1, 12: 0, 13: 1, 14: 2, 15: 2, 16: 3})


def test_exercise_32_progressive_score():
    """Exercise 32, C.07 7.5: the sum of the running scores, byes and forfeits included."""
    expected = {1: 11, 2: 13, 3: 11, 4: 11.5, 5: 5, 6: 6, 7: 6, 8: 8.5}
    check("PS", expected | {9: 2.5, 10: 4, 11: 5.5, 12: 7, 13: 7, 14: 6, 15: 7, 16: 10.5})


@pytest.mark.parametrize(
    ("crosstable", "rating"),
    [(SWISS, lambda number: 2250 - 50 * number), (ROUND_ROBIN, lambda number: 0)],
    ids=["Swiss", "round robin"],
)
def test_each_tiebreak_s_value_is_its_detail_s(crosstable, rating):
    assert_values_are_the_details(build_state(crosstable, rating))
