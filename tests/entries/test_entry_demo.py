"""The demo's event open for entries (entries.demo, built by load_demo through
tournaments.hooks.DEMO_EVENTS): a few pending entries, one accepted, one waiting."""

import pytest

from entries.demo import OPEN_SLUG
from entries.models import EntryStatus
from entries.selectors import entries_open
from games.demo import records_demo
from tournaments.demo import load_demo
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_has_an_event_open_for_entries():
    report = load_demo(records=records_demo, only=(OPEN_SLUG,))
    event = Event.objects.get(slug=OPEN_SLUG)
    assert event.name in report.events_created
    assert entries_open(event)
    statuses = sorted(event.entries.values_list("status", flat=True))
    assert statuses.count(EntryStatus.PENDING) >= 2
    assert statuses.count(EntryStatus.ACCEPTED) == 1
    assert statuses.count(EntryStatus.WAITLISTED) == 1
    assert event.registrations.count() == 1
    again = load_demo(records=records_demo, only=(OPEN_SLUG,))
    assert event.name in again.events_kept
