"""The schedule in the pages: ``{% round_times event as times %}`` (round number -> its
RoundTime) and ``{% round_time event number as time %}`` (None when unscheduled)."""

from django import template

from tournaments.models import Event, RoundTime
from tournaments.selectors_schedule import round_times as event_round_times

register = template.Library()


@register.simple_tag
def round_times(event: Event) -> list[RoundTime]:
    return list(event_round_times(event).values())


@register.simple_tag
def round_time(event: Event, number: int) -> RoundTime | None:
    return event.round_times.filter(number=number).first()
