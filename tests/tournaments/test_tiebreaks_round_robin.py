"""Round-robin rests in the tie-breaks, worked out by hand on the five-player round robin of
tests/tournaments/states.py (its scores and Sonneborn-Berger values are written there)."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.states import ROUND_ROBIN as STATE
from tests.tournaments.states import rest, round_robin_state
from tournaments.pairing import berger_table, trf_dumps
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import TieBreakContext, find_tiebreak
from tournaments.values import RoundResult, TournamentState


def values(code: str, state: TournamentState = STATE) -> list[Decimal]:
    context = TieBreakContext.build(state, after_round=state.total_rounds)
    return [find_tiebreak(code).detail(context, n).value for n in sorted(context.competitors)]


def test_the_table_gives_each_player_one_rest():
    assert [[p.black for p in rnd if p.black is None] for rnd in berger_table(5)] == [[None]] * 5
    rests = {c.number: [r.round for r in c.results if r.rest] for c in STATE.competitors}
    assert rests == {1: [1], 2: [3], 3: [5], 4: [2], 5: [4]}


def test_scores_and_no_adjustment_for_a_rest():
    context = TieBreakContext.build(STATE, after_round=5)
    assert context.score == {1: 6, 2: 5, 3: 3, 4: 6, 5: 0}
    assert context.adjusted == context.score  # 3's last-round rest is no 16.2.5 bye
    assert all(not rounds for rounds in context.vur_rounds.values())


def test_sonneborn_berger_by_hand():
    assert values("SB") == [Decimal(v) for v in ("8.5", "6", "3", "9.5", "0")]


def test_solkoff_counts_the_opponents_met_only():
    # 1: 5 + 3 + 6 + 0; 2: 0 + 6 + 3 + 6; 3: 6 + 0 + 6 + 5; 4: 3 + 0 + 6 + 5; 5: 5+3+6+6
    assert values("BH") == [14, 15, 17, 14, 20]
    assert values("TSOL") == [14, 15, 17, 14, 17]  # 5 beaten cut (0); for 5, 3's score


def test_the_rest_is_absent_from_the_detail():
    context = TieBreakContext.build(STATE, after_round=5)
    for code in ("SB", "BH", "TSOL"):
        detail = find_tiebreak(code).detail(context, 3)
        counted = sorted(c.round for c in (*detail.counted, *detail.cut))
        assert counted == [1, 2, 3, 4], code
        assert not any(c.dummy for c in detail.counted)


def test_progressive_score_keeps_the_rest_round():
    # 1: rest 0, then 1, 3, 4, 6 -> 14; 4: 1, 1 (rest), 3, 4, 6 -> 15
    assert values("PS")[0] == 14 and values("PS")[3] == 15


def test_standings_break_the_tie_on_sonneborn_berger():
    rows = compute_standings(STATE, tiebreaks=["SB"], after_round=5)
    assert [(row.number, row.points, row.tiebreaks["SB"]) for row in rows] == [
        (4, 6, Decimal("9.5")),
        (1, 6, Decimal("8.5")),
        (2, 5, 6),
        (3, 3, 3),
        (5, 0, 0),
    ]


def test_a_rest_is_a_z_without_points_or_opponent():
    assert rest(2).bye and rest(2).lost and rest(2).bye_kind is not None
    with pytest.raises(ValueError, match="a round-robin rest is code 'Z'"):
        RoundResult(2, None, None, "H", Decimal(1), rest=True)
    with pytest.raises(ValueError, match="1 points"):
        RoundResult(2, None, None, "Z", Decimal(1), rest=True)


def test_trf_writes_the_rest_as_a_zero_point_bye():
    text = trf_dumps(STATE)
    line = next(line for line in text.splitlines() if line.startswith("001    1"))
    assert "0000 - Z" in line


_CODES = st.sampled_from(["1", "=", "0"])


@st.composite
def complete_round_robins(draw):
    players = draw(st.integers(min_value=3, max_value=8))
    results = {
        number: {(p.white, p.black): draw(_CODES) for p in rnd if p.black is not None}
        for number, rnd in enumerate(berger_table(players), start=1)
    }
    return round_robin_state(players, results)


@settings(max_examples=60, deadline=None)
@given(complete_round_robins())
def test_in_a_complete_round_robin_solkoff_is_everyone_elses_points(state):
    """Each player met every other player once and rested at most once: Solkoff is the sum
    of the others' scores, and Sonneborn-Berger is the sum of the beaten opponents' scores
    plus half the drawn opponents' scores, whatever the parity."""
    context = TieBreakContext.build(state, after_round=state.total_rounds)
    total = sum(context.score.values())
    solkoff = values("BH", state)
    sonneborn = values("SB", state)
    for index, number in enumerate(sorted(context.competitors)):
        assert solkoff[index] == total - context.score[number]
        rows = context.rows[number]
        expected = sum(
            (context.score[r.opponent] * {"1": 1, "=": Decimal("0.5"), "0": 0}[r.code])
            for r in rows
            if not r.rest
        )
        assert sonneborn[index] == expected


def test_the_value_types_docstring_examples_run():
    import doctest

    import tournaments.values

    result = doctest.testmod(tournaments.values)
    assert result.attempted >= 2 and result.failed == 0
