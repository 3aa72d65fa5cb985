"""The schedule: round times set through round_time_set, shown on the event and round pages,
and served as iCalendar files (the event's, a player's) that icalendar reads back, one
VEVENT per scheduled round with a stable UID and a SEQUENCE raised by each change."""

import datetime

import pytest
from django.utils import timezone
from icalendar import Calendar

from tests.client import form_data, logged_in
from tests.factories import PlayerFactory, event_with_players, make_organizer, team_league
from tournaments.models import RoundTime, System
from tournaments.services.errors import RoundTimeError
from tournaments.services.registrations import registration_add, registration_withdraw
from tournaments.services.schedule import event_round_count, round_time_set

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 7, 1, 10, 0))


def _events(body: bytes) -> list:
    return list(Calendar.from_ical(body).walk("VEVENT"))


@pytest.fixture
def scheduled(swiss, organizer):
    for number in range(1, 6):
        round_time_set(
            event=swiss,
            number=number,
            starts_at=START + datetime.timedelta(days=number - 1),
            user=organizer,
        )
    return swiss


def test_a_time_is_set_changed_and_removed(swiss, organizer):
    time = round_time_set(event=swiss, number=2, starts_at=START, user=organizer)
    assert (time.sequence, time.starts_at) == (0, START)
    same = round_time_set(event=swiss, number=2, starts_at=START, user=organizer)
    assert same.sequence == 0
    later = START + datetime.timedelta(hours=1)
    assert round_time_set(event=swiss, number=2, starts_at=later, user=organizer).sequence == 1
    round_time_set(event=swiss, number=2, starts_at=None, user=organizer)
    assert not RoundTime.objects.filter(event=swiss).exists()


def test_a_round_the_event_does_not_have_is_refused(swiss, organizer):
    with pytest.raises(RoundTimeError, match="has no round 6"):
        round_time_set(event=swiss, number=6, starts_at=START, user=organizer)
    assert not RoundTime.objects.exists()


def test_the_event_calendar_holds_one_event_per_scheduled_round(client, scheduled, organizer):
    answer = client.get(f"/events/{scheduled.slug}/calendar.ics")
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    events = _events(answer.content)
    assert len(events) == 5
    assert [str(e["UID"]) for e in events] == [
        f"{scheduled.slug}-round-{n}@damier" for n in range(1, 6)
    ]
    assert events[0].decoded("DTSTART") == START
    assert str(events[2]["SUMMARY"]) == f"{scheduled.name}, round 3"
    assert [int(e["SEQUENCE"]) for e in events] == [0] * 5

    later = START + datetime.timedelta(days=2, hours=4)
    round_time_set(event=scheduled, number=3, starts_at=later, user=organizer)
    events = _events(client.get(f"/events/{scheduled.slug}/calendar.ics").content)
    third = events[2]
    assert str(third["UID"]) == f"{scheduled.slug}-round-3@damier"
    assert (third.decoded("DTSTART"), int(third["SEQUENCE"])) == (later, 1)
    changed = RoundTime.objects.get(event=scheduled, number=3).changed_at
    assert third.decoded("DTSTAMP") == changed.replace(microsecond=0)


def test_the_pages_show_the_times(client, scheduled):
    home = client.get(f"/events/{scheduled.slug}/").content.decode()
    schedule = home[home.index('id="schedule"') : home.index("</ul>", home.index('id="schedule"'))]
    assert schedule.count("<time datetime=") == 5
    assert f'href="/events/{scheduled.slug}/calendar.ics"' in home
    page = client.get(f"/events/{scheduled.slug}/rounds/1/").content.decode()
    assert 'id="round-time"' in page and "10:00" in page


def test_a_player_s_calendar_holds_the_rounds_of_his_published_events(client, scheduled, organizer):
    player = scheduled.registrations.get(pairing_number=1).player
    body = client.get(f"/players/{player.pk}/calendar.ics").content
    assert len(_events(body)) == 5
    page = client.get(f"/players/{player.pk}/").content.decode()
    assert f'href="/players/{player.pk}/calendar.ics"' in page
    registration_withdraw(
        registration=scheduled.registrations.get(pairing_number=1), from_round=4, user=organizer
    )
    body = client.get(f"/players/{player.pk}/calendar.ics").content
    assert [str(e["UID"]) for e in _events(body)] == [
        f"{scheduled.slug}-round-{n}-player-{player.pk}@damier" for n in (1, 2, 3)
    ]
    outsider = PlayerFactory()
    assert client.get(f"/players/{outsider.pk}/calendar.ics").status_code == 404


def test_a_draft_s_calendar_is_private(client, scheduled):
    scheduled.published = False
    scheduled.save()
    assert client.get(f"/events/{scheduled.slug}/calendar.ics").status_code == 404
    player = scheduled.registrations.get(pairing_number=1).player
    assert client.get(f"/players/{player.pk}/calendar.ics").status_code == 404


def test_a_late_entry_into_a_round_robin_widens_its_rounds(organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    with pytest.raises(RoundTimeError):
        round_time_set(event=event, number=4, starts_at=START, user=organizer)
    registration_add(event=event, player=PlayerFactory(), user=organizer)
    assert round_time_set(event=event, number=5, starts_at=START, user=organizer).number == 5


def test_the_organizer_sets_and_changes_times_in_the_event_s_admin_page(swiss, organizer):
    user = make_organizer("scheduler")
    swiss.organizers.add(user)
    client = logged_in(user)
    url = f"/admin/tournaments/event/{swiss.pk}/change/"
    data = form_data(client.get(url), "event_form")
    data.update(
        {
            "round_times-0-number": ["1"],
            "round_times-0-starts_at_0": ["2026-07-01"],
            "round_times-0-starts_at_1": ["10:00:00"],
        }
    )
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    time = RoundTime.objects.get(event=swiss, number=1)
    assert (time.starts_at, time.sequence) == (START, 0)
    data = form_data(client.get(url), "event_form")
    data["round_times-0-starts_at_1"] = ["11:30:00"]
    assert client.post(url, data).status_code == 302
    time.refresh_from_db()
    assert (time.starts_at, time.sequence) == (START + datetime.timedelta(minutes=90), 1)
    assert time.history.first().history_user == user


def test_a_team_round_robin_has_as_many_rounds_as_its_teams_play():
    # Four teams of three players (12 registrations): the Berger table of 4 teams, 3 rounds,
    # not the 11 rounds of 12 players.
    event, user = team_league()
    assert event_round_count(event) == 3
    round_time_set(event=event, number=3, starts_at=START, user=user)
    with pytest.raises(RoundTimeError):
        round_time_set(event=event, number=4, starts_at=START, user=user)


def test_the_rounds_times_are_set_when_the_event_is_made():
    user = make_organizer("maker")
    client = logged_in(user)
    url = "/admin/tournaments/event/add/"
    data = form_data(client.get(url), "event_form")
    data.update(
        {
            "name": ["Summer Open"],
            "slug": ["summer-open"],
            "variant": ["international"],
            "start_date": ["2026-07-01"],
            "end_date": ["2026-07-03"],
            "system": ["swiss"],
            "number_of_rounds": ["3"],
            "round_times-0-number": ["1"],
            "round_times-0-starts_at_0": ["2026-07-01"],
            "round_times-0-starts_at_1": ["10:00:00"],
        }
    )
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    time = RoundTime.objects.get(event__slug="summer-open")
    assert (time.number, time.starts_at, time.sequence) == (1, START, 0)
    assert time.history.first().history_user == user
    data["slug"], data["name"] = ["winter-open"], ["Winter Open"]
    data["round_times-0-number"] = ["4"]  # the event has three rounds
    answer = client.post(url, data)
    assert answer.status_code == 302
    assert not RoundTime.objects.filter(event__slug="winter-open").exists()
