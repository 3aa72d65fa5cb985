"""The schedule: when each round of an event starts (RoundTime)."""

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Round, RoundTime, TeamCompetition
from tournaments.selectors.events import event_total_rounds
from tournaments.services.errors import RoundTimeError
from tournaments.services.history import recorded_by


@transaction.atomic
def round_time_set(
    *, event: Event, number: int, starts_at: datetime.datetime | None, user: AbstractBaseUser | None
) -> RoundTime | None:
    """Round `number` of `event` starts at `starts_at` (None: no time any more). A new time
    raises the round's sequence, which calendar programs follow (as does publishing the
    round's pairing: round_time_revise); the same time changes nothing. RoundTimeError for
    a round beyond the event's number of rounds."""
    rounds = _rounds(event)
    if number < 1 or (rounds is not None and number > rounds):
        raise RoundTimeError(
            _("%(event)s has no round %(number)s (it has %(rounds)s).")
            % {"event": event, "number": number, "rounds": rounds}
        )
    existing = RoundTime.objects.filter(event=event, number=number).first()
    if starts_at is None:
        if existing is not None:
            recorded_by(existing, user).delete()
        return None
    if existing is not None and existing.starts_at == starts_at:
        return existing
    time = existing or RoundTime(event=event, number=number, sequence=-1)
    time.starts_at = starts_at
    time.sequence += 1
    time.changed_at = timezone.now()
    recorded_by(time, user).save()
    return time


def round_time_revise(*, round: Round, user: AbstractBaseUser | None) -> RoundTime | None:
    """The calendar entry of ``round``'s time changed otherwise than by its time: its pairing
    was published (a player's calendar then names his opponent, or his bye) or taken back to
    draft (it names the round alone again). Its sequence is raised and its DTSTAMP moved, so
    that a calendar program replaces the entry it holds; nothing for a round without a time.
    Called by round_publish and round_unpublish: a published round's boards change only
    through them (a draft's edits are never shown)."""
    time = (
        RoundTime.objects.select_for_update()
        .filter(event_id=round.event_id, number=round.number)
        .first()
    )
    if time is None:
        return None
    time.sequence += 1
    time.changed_at = timezone.now()
    recorded_by(time, user).save()
    return time


def event_round_count(event: Event) -> int:
    """The event's number of rounds as far as it is known (0 while unknown)."""
    return _rounds(event) or 0


def _rounds(event: Event) -> int | None:
    """The event's number of rounds: a Swiss's own, a round robin's from its players, a team
    round robin's from its teams, who meet by the Berger table of the teams
    (tournaments.teams.services.team_round_schedule); None while it has fewer than two: any
    round may then be given a time."""
    if event.number_of_rounds:
        return event.number_of_rounds
    teams = event.teams.count() if TeamCompetition.objects.filter(event=event).exists() else None
    entrants = event.registrations.count() if teams is None else teams
    return event_total_rounds(event, players=entrants, teams=teams) if entrants >= 2 else None
