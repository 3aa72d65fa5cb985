"""A tie-break's quick value (``TieBreak.value``, what the standings rank on) is its
detail's value to the digit (``Decimal("2")`` and ``Decimal("2.0")`` print apart), on the
worked events of the other tie-break tests: byes, forfeits, withdrawals, rests, two-game
matches, a game in progress, half-point draws and both texts of C.07 16.4."""

import pytest

from tests.tournaments import states, test_tiebreaks_c07, test_tiebreaks_two_games
from tests.tournaments.test_tiebreaks_unplayed import eight, in_progress
from tournaments.scoring.tiebreaks import TIEBREAKS, TieBreakContext
from tournaments.values import TieBreakRules, TournamentState

STATES = {
    "C.07 Swiss": test_tiebreaks_c07.build_state(
        test_tiebreaks_c07.SWISS, lambda number: 2250 - 50 * number
    ),
    "C.07 round robin": test_tiebreaks_c07.build_state(
        test_tiebreaks_c07.ROUND_ROBIN, lambda number: 0
    ),
    "Swiss": states.SWISS,
    "round robin": states.ROUND_ROBIN,
    "unplayed, 2023": eight(TieBreakRules.FIDE_2023),
    "unplayed, 2026": eight(TieBreakRules.FIDE_2026),
    "in progress": in_progress(eight(TieBreakRules.FIDE_2026), 4, {1, 2}),
    "two games, game points": test_tiebreaks_two_games.state(match_points=False),
    "two games, match points": test_tiebreaks_two_games.state(match_points=True),
}


@pytest.mark.parametrize("name", STATES)
def test_the_value_is_the_details_value(name):
    state: TournamentState = STATES[name]
    quick = [t for t in TIEBREAKS.values() if t.value_function is not None]
    assert len(quick) == len(TIEBREAKS) - 1  # all but direct encounter
    for after_round in range(1, state.total_rounds + 1):
        context = TieBreakContext.build(state, after_round=after_round)
        for tiebreak in quick:
            for number in context.competitors:
                value = tiebreak.value(context, number)
                expected = tiebreak.detail(context, number).value
                assert (str(value), value) == (str(expected), expected), (
                    tiebreak.code,
                    after_round,
                    number,
                )
