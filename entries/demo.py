"""The demo's event open for entries (tournaments.demo calls `open_event` through
tournaments.hooks.DEMO_EVENTS): a Swiss a month away whose entries are open, with a few
pending entries, one accepted (registered) and one on the waiting list."""

import datetime
import random
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from entries.models import EntrySettings
from entries.services import entry_accept, entry_settings_save, entry_submit, entry_waitlist
from tournaments.models import Event, Player, System
from tournaments.services.events import event_create

OPEN_SLUG = "demo-open-entries"

#: People who enter online, none of them in the registry yet: name, club, federation, rating.
ENTRANTS = (
    ("Anna", "de Vries", "Damclub Utrecht", "NED", 1820),
    ("Pierre", "Lambert", "Damier Lyonnais", "FRA", 1755),
    ("Olga", "Smirnova", "Shashki Kazan", "RUS", 1990),
    ("Jan", "Pieters", "DC Antwerpen", "BEL", 1640),
)


def open_event(
    user: AbstractBaseUser, players: list[Player], rng: random.Random, records: object = None
) -> Event:
    """Build the demo event open for entries; `players` are the registry's, one of whom
    enters by his FMJD id."""
    today = timezone.localdate()
    event = event_create(
        user=user,
        name="Damier Summer Cup",
        slug=OPEN_SLUG,
        variant="international",
        system=System.SWISS,
        number_of_rounds=7,
        start_date=today + datetime.timedelta(days=30),
        end_date=today + datetime.timedelta(days=33),
        venue="Utrecht",
        published=True,
    )
    now = timezone.now()
    entry_settings_save(
        rules=EntrySettings(
            event=event,
            opens_at=now - datetime.timedelta(days=7),
            closes_at=now + datetime.timedelta(days=28),
            max_players=len(ENTRANTS) + 1,
            waiting_list=True,
            fee=Decimal("25.00"),
        ),
        user=user,
    )
    known = rng.choice([p for p in players if p.fmjd_id])
    accepted = entry_submit(
        event=event,
        fields={
            "first_name": known.first_name,
            "last_name": known.last_name,
            "fmjd_id": known.fmjd_id,
        },
        user=None,
    )
    entry_accept(entry=accepted, user=user)
    entries = [
        entry_submit(
            event=event,
            fields={
                "first_name": first,
                "last_name": last,
                "club": club,
                "federation": federation,
                "rating": rating,
                "email": f"{first.lower()}@example.org",
            },
            user=None,
        )
        for first, last, club, federation, rating in ENTRANTS
    ]
    entry_waitlist(entry=entries[-1], user=user)
    return event
