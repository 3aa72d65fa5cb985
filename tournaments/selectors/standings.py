"""The standings after a round (with the event's tie-breaks), whether they still wait for a
result, and the withdrawals they show."""

from tournaments.models import Event, Game, GameResult, System
from tournaments.scoring.standings import StandingRow, compute_standings
from tournaments.selectors.state import tournament_state
from tournaments.selectors.withdrawals import WithdrawalOutcome, withdrawals_in


def standings_get(event: Event, *, after_round: int) -> list[StandingRow]:
    """Ranking after `after_round` with the event's tie-breaks (tournaments.scoring.standings)."""
    state = tournament_state(event, up_to_round=after_round)
    return compute_standings(state, tiebreaks=list(event.tiebreaks), after_round=after_round)


def standings_provisional(event: Event, *, after_round: int) -> bool:
    """Whether the standings after ``after_round`` still wait for a result: a game of a round
    up to it is pending (its pairing is left out of them, see tournament_state)."""
    return Game.objects.filter(
        pairing__round__event=event,
        pairing__round__number__lte=after_round,
        result=GameResult.PENDING,
    ).exists()


def withdrawal_outcomes(event: Event, *, after_round: int) -> list[WithdrawalOutcome]:
    """The round-robin withdrawals in force after ``after_round`` (the player withdrew by
    the next round), in pairing-number order: what the standings, crosstable, PDFs and TRF
    show. Empty for a Swiss, where a withdrawn player's results simply stand (C.06 V.5)."""
    if event.system == System.SWISS:
        return []
    state = tournament_state(event, up_to_round=after_round)
    return withdrawals_in(event, state.competitors, up_to_round=after_round)
