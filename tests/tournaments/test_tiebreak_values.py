"""A tie-break's quick value (``TieBreak.value``, what the standings rank on) is its
detail's value to the digit, on the shared worked events (tests/tournaments/states.py); the
other tie-break tests check it on their own events (byes, forfeits, withdrawals, rests,
two-game matches, a game in progress, half-point draws and both texts of C.07 16.4) with
the same check (tests/tournaments/tiebreak_checks.py)."""

import pytest

from tests.tournaments import states
from tests.tournaments.tiebreak_checks import assert_values_are_the_details


@pytest.mark.parametrize("state", [states.SWISS, states.ROUND_ROBIN], ids=["Swiss", "round robin"])
def test_the_value_is_the_details_value(state):
    assert_values_are_the_details(state)
