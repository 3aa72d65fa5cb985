"""POST /api/events/<slug>/rounds/<n>/check-in/: the player himself, the organizer naming a
player, and what hostile input gets (a 400 naming the field, never a server error)."""

import pytest
from rest_framework.test import APIClient

from hall.models import CheckIn, CheckInMode, CheckInRule, CheckInStatus
from tests.factories import UserFactory, event_with_players, make_organizer

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4)
    CheckInRule.objects.create(event=event, mode=CheckInMode.FIRST_ROUND)
    return event


def _client(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def _url(event, number: int = 1) -> str:
    return f"/api/events/{event.slug}/rounds/{number}/check-in/"


def _player(event, number: int):
    registration = event.registrations.get(pairing_number=number)
    user = UserFactory(username=f"p{number}", is_staff=False)
    registration.player.user = user
    registration.player.save()
    return user


def test_the_player_checks_himself_in(event):
    response = _client(_player(event, 2)).post(_url(event), {}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["player"] == 2
    assert response.json()["round"] == 1
    assert response.json()["status"] == "present"


def test_a_player_may_not_check_in_another(event):
    response = _client(_player(event, 2)).post(_url(event), {"player": 3}, format="json")
    assert response.status_code == 403
    assert not CheckIn.objects.exists()


def test_the_organizer_marks_a_player_absent(event):
    organizer = event.organizers.get()
    response = _client(organizer).post(
        _url(event), {"player": 3, "status": "absent"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert CheckIn.objects.get().status == CheckInStatus.ABSENT


def test_another_organizer_is_refused(event):
    response = _client(make_organizer("other")).post(_url(event), {"player": 3}, format="json")
    assert response.status_code == 403
    assert not CheckIn.objects.exists()


def test_anonymous_is_refused(event):
    response = APIClient().post(_url(event), {"player": 3}, format="json")
    assert response.status_code in (401, 403)


def test_a_round_not_open_is_a_conflict(event):
    response = _client(event.organizers.get()).post(_url(event, 2), {"player": 3}, format="json")
    assert response.status_code == 409
    assert "round 2" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"status": "maybe"}, "status"),
        ({"player": "three"}, "player"),
        ({"player": 10**12}, "player"),
        ({"player": -1}, "player"),
        ({"player": [1]}, "player"),
        ({}, "player"),  # the organizer is no player of the event: he names one
    ],
)
def test_hostile_input_names_the_field(event, body, field):
    response = _client(event.organizers.get()).post(_url(event), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.content.decode()


def test_an_unknown_player_is_not_found(event):
    response = _client(event.organizers.get()).post(_url(event), {"player": 99}, format="json")
    assert response.status_code == 404
