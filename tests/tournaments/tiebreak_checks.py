"""A check shared by the tie-break tests: a tie-break's quick value (``TieBreak.value``, what
the standings rank on) is its detail's value to the digit (``Decimal("2")`` and
``Decimal("2.0")`` print apart), after every round of a worked event."""

from tournaments.scoring.tiebreaks import TIEBREAKS, TieBreakContext
from tournaments.values import TournamentState


def assert_values_are_the_details(state: TournamentState) -> None:
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
