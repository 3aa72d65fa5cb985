"""Standings with pending games say they are provisional (page, crosstable, API); an event
whose last round is complete is listed as finished, whatever its dates say."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import event_with_players
from tests.public.conftest import play_round
from tournaments.models import System
from tournaments.selectors import event_finished, standings_provisional
from tournaments.selectors_public import event_groups
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

PROVISIONAL = "provisional: results are pending"


def test_pending_games_make_the_standings_provisional(client, organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    play_round(event, organizer)
    rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=organizer)
    assert standings_provisional(event, after_round=2)
    assert not standings_provisional(event, after_round=1)
    standings = client.get(reverse("public:standings", args=[event.slug])).content.decode()
    assert f"Standings after round 2, {PROVISIONAL}" in standings
    crosstable = client.get(reverse("public:crosstable", args=[event.slug])).content.decode()
    assert f"Crosstable after round 2, {PROVISIONAL}" in crosstable
    earlier = client.get(reverse("public:standings", args=[event.slug]) + "?round=1")
    assert PROVISIONAL not in earlier.content.decode()
    rows = client.get(f"/api/events/{event.slug}/standings/").json()["results"]
    assert rows and all(row["provisional"] for row in rows)
    rows = client.get(f"/api/events/{event.slug}/standings/?round=1").json()["results"]
    assert not any(row["provisional"] for row in rows)


def test_an_event_whose_last_round_is_complete_is_finished(client, organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    today = datetime.date(2026, 7, 2)  # between the event's dates
    for _ in range(2):
        play_round(event, organizer)
    assert not event_finished(event)
    assert event in event_groups(today=today).current
    play_round(event, organizer)  # round 3 of 3
    assert event_finished(event)
    groups = event_groups(today=today)
    assert event in groups.finished and event not in groups.current
    upcoming = event_groups(today=datetime.date(2026, 6, 1))
    assert event in upcoming.finished and event not in upcoming.upcoming
    page = client.get(reverse("public:event_list")).content.decode()
    finished_section = page[page.index('id="finished-heading"') :]
    assert event.name in finished_section
