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

from enum import StrEnum

from tournaments.i18n import gettext_noop


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
