"""Standings: points, then tie-breaks in order, then pairing number; details per player."""

from decimal import Decimal

import pytest

from tests.tournaments.states import SWISS as STATE
from tests.tournaments.states import B, W, r
from tournaments.pairing import berger_table
from tournaments.pairing.simulate import simulate
from tournaments.scoring.standings import compute_standings, tiebreak_detail
from tournaments.values import Competitor, TournamentState


def test_order_by_points_then_tiebreaks_in_order():
    rows = compute_standings(STATE, tiebreaks=["TSOL", "SB"], after_round=3)
    assert [row.number for row in rows] == [3, 2, 1, 4, 5, 6]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[0].points == 5 and rows[0].tiebreaks == {"TSOL": 8, "SB": Decimal("8.5")}
    assert not any(row.shared_rank for row in rows)


def test_shared_rank_when_only_the_pairing_number_separates():
    rows = compute_standings(STATE, tiebreaks=["WON"], after_round=3)
    # 2 and 3 on 5 points: 2 won two games, 3 one. Nobody else is level.
    assert [row.number for row in rows[:2]] == [2, 3]
    rows = compute_standings(STATE, tiebreaks=[], after_round=3)
    assert [(row.number, row.shared_rank) for row in rows[:3]] == [(2, True), (3, True), (1, False)]


def test_direct_encounter_within_the_tied_group():
    """Round robin of 4: 2 beats 1, 1 beats 3 and 4, every other game drawn: 1 and 2 both
    finish on 4 points and 2 is ahead on direct encounter."""
    winner = {frozenset({1, 2}): 2, frozenset({1, 3}): 1, frozenset({1, 4}): 1}
    results = {n: [] for n in range(1, 5)}
    for round_number, boards in enumerate(berger_table(4), start=1):
        for pair in boards:
            won = winner.get(frozenset({pair.white, pair.black}))
            for me, other, colour in ((pair.white, pair.black, W), (pair.black, pair.white, B)):
                code = "=" if won is None else "1" if won == me else "0"
                results[me].append(r(round_number, other, colour, code))
    state = TournamentState(
        tuple(Competitor(n, f"P{n}", 0, results=tuple(results[n])) for n in results), 3
    )
    rows = compute_standings(state, tiebreaks=["DE"], after_round=3)
    assert [(row.number, row.points) for row in rows[:2]] == [(2, 4), (1, 4)]
    assert rows[0].tiebreaks["DE"] == 2 and rows[1].tiebreaks["DE"] == 0
    detail = tiebreak_detail(state, 2, "DE", 3, tiebreaks=["DE"])
    assert [(c.opponent, c.value) for c in detail.counted] == [(1, 2)]


def test_tiebreak_detail():
    detail = tiebreak_detail(STATE, 5, "BH-C1", 3)
    assert detail.value == 10 and [c.round for c in detail.cut] == [3]
    with pytest.raises(KeyError, match="no competitor with pairing number 9"):
        tiebreak_detail(STATE, 9, "BH", 3)
    with pytest.raises(KeyError, match="unknown tie-break"):
        compute_standings(STATE, tiebreaks=["NOPE"], after_round=3)


def test_standings_are_a_total_order_on_a_simulated_event():
    sim = simulate(seed=4, players=40, rounds=7, late_entries=2, withdrawals=2, forfeit_rate=0.05)
    rows = compute_standings(sim.state, tiebreaks=["TSOL", "BH", "SB", "PS"], after_round=7)
    assert sorted(row.number for row in rows) == list(range(1, 41))
    keys = [(-row.points, *(-v for v in row.tiebreaks.values()), row.number) for row in rows]
    assert keys == sorted(keys)


def _one_round_of_four() -> TournamentState:
    """Round 1 of 4 players: 1 beats 2, 3 and 4 draw. By hand (2 points a win): 1 has 2
    points, 3 and 4 one each and no tie-break can separate them (they drew each other, won no game,
    played opponents on the same score), 2 has nothing."""
    rows = {
        1: (r(1, 2, W, "1"),),
        2: (r(1, 1, B, "0"),),
        3: (r(1, 4, W, "="),),
        4: (r(1, 3, B, "="),),
    }
    return TournamentState(tuple(Competitor(n, f"P{n}", 0, results=rows[n]) for n in rows), 1)


def test_players_level_on_points_and_every_tiebreak_share_their_place():
    rows = compute_standings(_one_round_of_four(), tiebreaks=["WON", "BH", "SB"], after_round=1)
    assert [(row.position, row.number, row.place) for row in rows] == [
        (1, 1, "1"),
        (2, 3, "2="),
        (3, 4, "2="),
        (4, 2, "4"),
    ]
    assert [row.rank for row in rows] == [1, 2, 2, 4]
    assert [row.shared_rank for row in rows] == [False, True, True, False]


def test_a_tiebreak_that_separates_gives_distinct_places():
    rows = compute_standings(STATE, tiebreaks=["TSOL", "SB"], after_round=3)
    assert [row.place for row in rows] == ["1", "2", "3", "4", "5", "6"]
    rows = compute_standings(STATE, tiebreaks=[], after_round=3)
    assert [row.place for row in rows[:3]] == ["1=", "1=", "3"]


def test_the_crosstable_and_its_pdf_columns_show_the_shared_place():
    from tournaments.documents.pdf.crosstable import identity
    from tournaments.scoring.crosstable import build_crosstable

    state = _one_round_of_four()
    standings = compute_standings(state, tiebreaks=["WON"], after_round=1)
    table = build_crosstable(state, standings, after_round=1, tiebreaks=["WON"])
    assert [identity(row)[0] for row in table.rows] == ["1", "2=", "2=", "4"]
    # Cells name the opponent by his line, distinct even for the tied pair.
    assert [row.cells[0].text for row in table.rows] == ["4w2", "3w1", "2b1", "1b0"]
