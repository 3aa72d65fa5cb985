"""An event's schedule as an iCalendar file (RFC 5545) that calendar programs read: one
VEVENT per scheduled round, its UID stable (the event's slug and the round's number, and in a
player's calendar the player's id), its
SEQUENCE and DTSTAMP the round time's, so that a program that read the file before replaces
a round whose time changed, or whose pairing was published or taken back (a player's
calendar then names his opponent: tournaments.selectors.schedule). No Django: the views give
the values."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from icalendar import Calendar
from icalendar import Event as CalendarEvent

#: The domain part of every UID (RFC 5545 3.8.4.7: globally unique).
UID_DOMAIN = "damier"


@dataclass(frozen=True)
class ScheduledRound:
    """A round with its time, as a calendar shows it."""

    slug: str
    number: int
    summary: str
    starts_at: datetime.datetime
    sequence: int
    changed_at: datetime.datetime
    location: str = ""
    url: str = ""
    #: The player whose calendar this round is in (None: the event's calendar).
    player: int | None = None


def round_uid(slug: str, number: int, player: int | None = None) -> str:
    """``demo-swiss-round-3@damier``: the same for a round whatever its time; in a player's
    calendar ``demo-swiss-round-3-player-7@damier``, its own entry (it names his opponent), so
    that a program holding both calendars keeps both."""
    seat = f"-player-{player}" if player is not None else ""
    return f"{slug}-round-{number}{seat}@{UID_DOMAIN}"


def calendar_bytes(name: str, rounds: Iterable[ScheduledRound]) -> bytes:
    """The calendar named ``name`` holding ``rounds``."""
    calendar = Calendar()
    calendar.add("prodid", "-//Damier//draughts tournaments//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    for entry in rounds:
        event = CalendarEvent()
        event.add("uid", round_uid(entry.slug, entry.number, entry.player))
        event.add("summary", entry.summary)
        event.add("dtstart", entry.starts_at.astimezone(datetime.UTC))
        # No DTEND nor DURATION: nothing says how long a round lasts (an event has no time
        # control or round length, and the next round's start is no end), and none is made
        # up. With a DATE-TIME DTSTART, RFC 5545 3.6.1 then reads the round as a point in
        # time: it "ends on the same calendar date and time of day", a zero-length instant.
        event.add("dtstamp", entry.changed_at.astimezone(datetime.UTC))
        event.add("sequence", entry.sequence)
        if entry.location:
            event.add("location", entry.location)
        if entry.url:
            event.add("url", entry.url)
        calendar.add_component(event)
    return calendar.to_ical()
