"""Round-robin withdrawals as the record shows them (the rule is
tournaments.scoring.withdrawals), and the preview the organizer confirms before withdrawing a
player."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Event, Pairing, Registration, System
from tournaments.scoring.withdrawals import WithdrawalRule, games_annulled
from tournaments.selectors.events import event_total_rounds
from tournaments.selectors.names import player_name
from tournaments.values import Competitor


@dataclass(frozen=True)
class WithdrawalOutcome:
    """A round-robin withdrawal as the record shows it: the player, the first round he no
    longer plays, his games played before it of those the table gives him, whether they are
    annulled for the standings, and the event's rule (WithdrawalRule.description, marked
    for translation)."""

    number: int
    name: str
    from_round: int
    played: int
    scheduled: int
    annulled: bool
    rule: str


@dataclass(frozen=True)
class WithdrawalPreview:
    """What withdrawing a player from ``from_round`` on will do, before it is done: in a
    round robin his games of ``forfeit_rounds`` become forfeits and, under the event's
    ``rule``, his ``played`` games of ``scheduled`` are annulled for the standings or stand;
    in a Swiss he is no longer paired and his results stand."""

    name: str
    from_round: int
    round_robin: bool
    played: int
    scheduled: int
    annulled: bool
    rule: str
    forfeit_rounds: tuple[int, ...]


def withdrawal_preview(registration: Registration, *, from_round: int) -> WithdrawalPreview:
    """The preview the organizer confirms before registration_withdraw (two queries)."""
    event = registration.event
    players = event.registrations.count()
    round_robin = event.system != System.SWISS
    played = (
        Pairing.objects.filter(round__event=event, round__number__lt=from_round)
        .filter(Q(white=registration) | Q(black=registration))
        .exclude(black__isnull=True)
        .count()
    )
    rule = WithdrawalRule(event.withdrawal_rule)
    scheduled = _games_in_table(event, players=players)
    total = event_total_rounds(event, players=players)
    return WithdrawalPreview(
        name=player_name(registration),
        from_round=from_round,
        round_robin=round_robin,
        played=played,
        scheduled=scheduled,
        annulled=round_robin and games_annulled(rule, played=played, scheduled=scheduled),
        rule=rule.description if round_robin else "",
        forfeit_rounds=tuple(range(from_round, total + 1)) if round_robin else (),
    )


def _games_in_table(event: Event, *, players: int) -> int:
    """The games a round robin gives each player: one against each other player, twice in a
    double round robin (C.05 Annex 1)."""
    return (players - 1) * (2 if event.system == System.DOUBLE_ROUND_ROBIN else 1)


def withdrawals_in(
    event: Event, competitors: Sequence[Competitor], *, up_to_round: int
) -> list[WithdrawalOutcome]:
    """The round-robin withdrawals of ``competitors`` (in their order) in force after
    ``up_to_round``: the player withdrew by the next round. A game played is a round before
    his withdrawal with an opponent (a rest or a bye is none). Empty for a Swiss."""
    if event.system == System.SWISS:
        return []
    rule = WithdrawalRule(event.withdrawal_rule)
    scheduled = _games_in_table(event, players=len(competitors))
    outcomes = []
    for competitor in competitors:
        start = competitor.withdrawn_from_round
        if start is None or start > up_to_round + 1:
            continue
        played = sum(1 for r in competitor.results if r.round < start and r.opponent is not None)
        outcomes.append(
            WithdrawalOutcome(
                number=competitor.number,
                name=competitor.name,
                from_round=start,
                played=played,
                scheduled=scheduled,
                annulled=games_annulled(rule, played=played, scheduled=scheduled),
                rule=rule.description,
            )
        )
    return outcomes
