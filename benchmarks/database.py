"""What the database benchmarks share: a throw-away test database, and an event of
generated players built through the services. Import it after ``django.setup()``."""

import datetime
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.test.utils import setup_test_environment

from tournaments.models import Event, Player, System
from tournaments.services import events, registrations


@contextmanager
def throwaway_database() -> Iterator[None]:
    """A test database for the time of the ``with`` block, destroyed after it."""
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def benchmark_event(user, *, name: str, slug: str, system: str = System.SWISS, **options) -> Event:
    """An international draughts event of 2026 created through the service (``options``:
    the rest of :func:`tournaments.services.events.event_create`'s fields)."""
    return events.event_create(
        user=user,
        name=name,
        slug=slug,
        variant="international",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        system=system,
        **options,
    )


def benchmark_players(count: int, prefix: str = "") -> list[Player]:
    """``count`` players rated 2400 downwards, written in bulk."""
    return Player.objects.bulk_create(
        Player(first_name="P", last_name=f"{prefix}{i:04d}", rating=2400 - i) for i in range(count)
    )


def register_players(event: Event, user, count: int, prefix: str = "") -> None:
    """``count`` new players registered in ``event`` through the service."""
    for player in benchmark_players(count, prefix):
        registrations.registration_add(event=event, player=player, user=user)
