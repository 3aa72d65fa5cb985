"""What a withdrawal from a round robin does to the standings.

FIDE Tournament Rules (Handbook C.06, "The conduct of the players", article 4): when a
player withdraws from (or is expelled from) a round robin,

* 4.1: having completed fewer than half of his games, his results stay in the table but
  neither his points nor the points scored against him count in the standings;
* 4.2: having completed at least half, his results count; his unplayed games are
  forfeits (``-`` for him, ``+`` for his opponents).

Federations differ (some FMJD events forfeit the remaining games and always keep the
results; some annul them all), so the event chooses its :class:`WithdrawalRule`
(``docs/rules/tournaments.md`` §2.5). In a Swiss a withdrawn player is simply not paired
again and his results stand (C.06 article 5).
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from tournaments.i18n import gettext_noop
from tournaments.scoring.absences import rest
from tournaments.values import TournamentState


class WithdrawalRule(StrEnum):
    """How a round robin treats the games of a player who withdraws."""

    HALF = "half"
    FORFEITS = "forfeits"
    ANNUL = "annul"

    @property
    def description(self) -> str:
        """The rule in one sentence with its source, marked for translation."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    WithdrawalRule.HALF: gettext_noop(
        "A player who withdraws having played fewer than half of their games has all their "
        "games annulled for the standings; otherwise their results stand and their remaining "
        "games are forfeits (FIDE Tournament Rules, C.06 V.4)."
    ),
    WithdrawalRule.FORFEITS: gettext_noop(
        "A player who withdraws keeps their results; their remaining games are forfeits "
        "(rule of the event)."
    ),
    WithdrawalRule.ANNUL: gettext_noop(
        "A player who withdraws has all their games annulled for the standings; their "
        "remaining games are forfeits (rule of the event)."
    ),
}


def games_annulled(rule: WithdrawalRule, *, played: int, scheduled: int) -> bool:
    """Whether a player who withdrew after ``played`` of his ``scheduled`` games has his
    games annulled for the standings under ``rule``.

    >>> games_annulled(WithdrawalRule.HALF, played=3, scheduled=9)
    True
    >>> games_annulled(WithdrawalRule.HALF, played=5, scheduled=9)
    False
    """
    if rule is WithdrawalRule.ANNUL:
        return True
    if rule is WithdrawalRule.FORFEITS:
        return False
    return 2 * played < scheduled


def annul_games(state: TournamentState) -> TournamentState:
    """The state as the standings count it: every round of a player of ``state.annulled``,
    and every round against one, becomes a rest (no points, left out of the tie-breaks, as
    a round-robin rest; C.06 V.4.1 "not counted in the final standings"). The record itself
    keeps the results; this is only what is ranked.

    >>> from decimal import Decimal
    >>> from tournaments.values import Colour, Competitor, RoundResult
    >>> win = RoundResult(1, 2, Colour.WHITE, "1", Decimal(2))
    >>> loss = RoundResult(1, 1, Colour.BLACK, "0", Decimal(0))
    >>> state = TournamentState(
    ...     (Competitor(1, "A", 0, results=(win,)), Competitor(2, "B", 0, results=(loss,))),
    ...     total_rounds=1,
    ...     annulled=frozenset({2}),
    ... )
    >>> annul_games(state).competitors[0].results[0].rest
    True
    """
    annulled = state.annulled
    if not annulled:
        return state
    return replace(
        state,
        competitors=tuple(
            replace(
                c,
                results=tuple(
                    rest(r.round) if c.number in annulled or r.opponent in annulled else r
                    for r in c.results
                ),
            )
            for c in state.competitors
        ),
        annulled=frozenset(),
    )
