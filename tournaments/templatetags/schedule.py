"""The schedule in the pages: ``{% round_times event as times %}`` (round number -> its
RoundTime), ``{% round_time event number as time %}`` (None when unscheduled) and
``{% berger_schedule event as pairings %}`` (a round robin's pairings in advance)."""

from django import template

from tournaments.models import Event, RoundTime
from tournaments.selectors.berger import ScheduledRoundPairings
from tournaments.selectors.berger import berger_schedule as event_berger_schedule
from tournaments.selectors.schedule import round_times as event_round_times

register = template.Library()


@register.simple_tag
def round_times(event: Event) -> list[RoundTime]:
    return list(event_round_times(event).values())


@register.simple_tag
def round_time(event: Event, number: int) -> RoundTime | None:
    return event.round_times.filter(number=number).first()


@register.simple_tag
def berger_schedule(event: Event) -> list[ScheduledRoundPairings]:
    """``{% berger_schedule event as pairings %}``: a round robin's every round once its
    pairing numbers are drawn (tournaments.selectors.berger), else empty."""
    return event_berger_schedule(event)
