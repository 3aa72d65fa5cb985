"""Reads of the entries: whether an event takes entries now, its places, the registry's player
an entry is for (by id only), the possible matches by name shown to the organizer, and the
public list of entries, the players of the printed lists of the hall."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet
from django.utils import timezone, translation

from entries.models import ACTIVE_STATUSES, Entry, EntrySettings, EntryStatus
from tournaments.models import Event, Player
from tournaments.names import person_order, search_key


def entry_settings_get(event: Event) -> EntrySettings | None:
    """The event's entry settings, None when it takes no entries online."""
    return EntrySettings.objects.filter(event=event).first()


def entries_open(event: Event, *, now: datetime.datetime | None = None) -> bool:
    """Whether `event` takes entries at `now` (default: now): it has entry settings and
    `now` is between their opening and closing."""
    rules = entry_settings_get(event)
    return rules is not None and rules_open(rules, now=now)


def rules_open(rules: EntrySettings, *, now: datetime.datetime | None = None) -> bool:
    moment = now or timezone.now()
    return rules.opens_at <= moment < rules.closes_at


def places_taken(event: Event) -> int:
    """The places held: the registered players and the pending entries (an accepted entry
    is a registration already)."""
    pending = Entry.objects.filter(event=event, status=EntryStatus.PENDING).count()
    return event.registrations.count() + pending


def is_full(rules: EntrySettings) -> bool:
    return rules.max_players is not None and places_taken(rules.event) >= rules.max_players


class AmbiguousIds(Exception):
    """The FMJD id and the national id name two different players; `field` is the one to
    correct."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def player_by_ids(*, fmjd_id: str, national_id: str, federation: str) -> Player | None:
    """The registry's player with this FMJD id, or this national id within `federation`;
    None when neither finds exactly one. Never by name. AmbiguousIds when the two ids find
    two different players."""
    by_fmjd = Player.objects.filter(fmjd_id=fmjd_id).first() if fmjd_id else None
    by_national = None
    if national_id and federation:
        found = list(Player.objects.filter(national_id=national_id, federation=federation)[:2])
        by_national = found[0] if len(found) == 1 else None
    if by_fmjd and by_national and by_fmjd.pk != by_national.pk:
        raise AmbiguousIds("national_id")
    return by_fmjd or by_national


def possible_matches(entry: Entry) -> QuerySet[Player]:
    """Players of the registry with the entry's name (accents and case aside): shown to
    the organizer as possible matches, never applied without him."""
    key = search_key(f"{entry.last_name} {entry.first_name}")
    return Player.objects.filter(search_name=key).exclude(pk=entry.player_id or 0)


def age_on(birth_date: datetime.date, day: datetime.date) -> int:
    """Age in whole years on `day`."""
    before_birthday = (day.month, day.day) < (birth_date.month, birth_date.day)
    return day.year - birth_date.year - before_birthday


@dataclass(frozen=True)
class PublicEntry:
    """What the public list shows of an entry: no contact details, no birth date, no id."""

    name: str
    club: str
    federation: str
    rating: int
    status: str
    status_label: str


def public_entries(event: Event) -> list[PublicEntry]:
    """The event's entries that hold or wait for a place, by rating then name."""
    rows = Entry.objects.filter(event=event, status__in=ACTIVE_STATUSES).select_related("player")
    entries = [
        PublicEntry(
            name=f"{row.last_name}, {row.first_name}",
            club=row.club,
            federation=row.federation,
            rating=row.player.rating if row.player else row.rating,
            status=row.status,
            status_label=str(row.get_status_display()),
        )
        for row in rows
    ]
    return sorted(entries, key=lambda e: (-e.rating, e.name.casefold()))


def organizer_entries(event: Event) -> QuerySet[Entry]:
    """Every entry of the event with its private fields, for its organizers."""
    return Entry.objects.filter(event=event).select_related("player").order_by("entered_at", "pk")


@dataclass(frozen=True)
class HallRow:
    """A registered player as the printed lists of the hall show him: the amounts are his
    entry's (None when he was registered without an online entry)."""

    number: int
    name: str
    federation: str
    club: str
    rating: int
    amount_due: Decimal | None
    amount_paid: Decimal | None


def hall_rows(event: Event, *, by_rating: bool) -> list[HallRow]:
    """The event's players, by rating (highest first, then name) or by name, as the
    language of the event's documents sorts surnames (tournaments.names.person_order)."""
    names = person_order("player__last_name", "player__first_name")
    order = ["-rating", *names] if by_rating else names
    with translation.override(event.language):
        registrations = list(event.registrations.select_related("player", "entry").order_by(*order))
    rows = []
    for registration in registrations:
        entry = getattr(registration, "entry", None)
        rows.append(
            HallRow(
                number=registration.pairing_number,
                name=str(registration.player),
                federation=registration.player.federation,
                club=registration.player.club,
                rating=registration.rating,
                amount_due=entry.amount_due if entry else None,
                amount_paid=entry.amount_paid if entry else None,
            )
        )
    return rows
