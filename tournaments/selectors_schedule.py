"""Reads of the schedule: the rounds' times of an event, and of a player's published events
(his games), as the pages and the calendars (tournaments.calendars) show them."""

from django.utils.translation import gettext as _

from tournaments.calendars import ScheduledRound
from tournaments.models import Event, Registration, RoundTime


def round_times(event: Event) -> dict[int, RoundTime]:
    """The event's round times by round number."""
    return {time.number: time for time in event.round_times.order_by("number")}


def _scheduled(time: RoundTime, event: Event) -> ScheduledRound:
    return ScheduledRound(
        slug=event.slug,
        number=time.number,
        summary=_("%(event)s, round %(number)s") % {"event": event.name, "number": time.number},
        starts_at=time.starts_at,
        sequence=time.sequence,
        changed_at=time.changed_at,
        location=event.venue,
    )


def event_schedule(event: Event) -> list[ScheduledRound]:
    """The event's scheduled rounds, in order."""
    return [_scheduled(time, event) for time in round_times(event).values()]


def player_schedule(player_id: int) -> list[ScheduledRound]:
    """The scheduled rounds of the published events player ``player_id`` is registered in
    (withdrawn rounds left out), in time order."""
    times = (
        RoundTime.objects.filter(event__published=True, event__registrations__player_id=player_id)
        .select_related("event")
        .order_by("starts_at", "event__name", "number")
    )
    withdrawn = dict(
        Registration.objects.filter(player_id=player_id).values_list(
            "event_id", "withdrawn_from_round"
        )
    )
    scheduled = []
    for time in times:
        leaves = withdrawn.get(time.event_id)
        if leaves is None or time.number < leaves:
            scheduled.append(_scheduled(time, time.event))
    return scheduled
