"""The entries' endpoint: an anonymous entry answered 201 pending, hostile input 400 naming
the field, the list with its private fields for the event's organizers only, `entries_open`
on each event, and the operations in the OpenAPI schema."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from entries.models import Entry
from tests.factories import UserFactory, event_with_players, make_organizer, open_for_entries

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no anonymous entry counted (entries.throttles)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer():
    return make_organizer("organizer")


@pytest.fixture
def event(organizer):
    return open_for_entries(organizer)


def url(event) -> str:
    return f"/api/events/{event.slug}/entries/"


ANNA = {"first_name": "Anna", "last_name": "de Vries", "rating": 1800, "email": "a@example.org"}


def test_an_anonymous_entry_is_pending(event):
    response = APIClient().post(url(event), ANNA, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "pending"
    assert set(body) == {"id", "name", "status", "amount_due"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**ANNA, "rating": -5}, "rating"),
        ({**ANNA, "rating": "1e9"}, "rating"),
        ({**ANNA, "first_name": "x" * 500}, "first_name"),
        ({**ANNA, "federation": "<script>"}, "federation"),
        ({**ANNA, "birth_date": "yesterday"}, "birth_date"),
        ({**ANNA, "email": "'; DROP TABLE entries;--"}, "email"),
        ({"last_name": "de Vries"}, "first_name"),
        ({**ANNA, "national_id": "77"}, "federation"),
    ],
)
def test_hostile_input_is_refused_naming_the_field(event, body, field):
    response = APIClient().post(url(event), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()["error"]["details"]
    assert not Entry.objects.exists()


def test_a_closed_event_refuses_with_400(organizer):
    other = event_with_players(organizer, players=0)
    response = APIClient().post(url(other), ANNA, format="json")
    assert response.status_code == 400
    assert "event" in response.json()["error"]["details"]


def test_the_list_is_for_the_event_s_organizers(event, organizer):
    APIClient().post(url(event), ANNA, format="json")
    other = make_organizer("other-organizer")
    open_for_entries(other)
    player = UserFactory(username="player", is_staff=False)
    anonymous = APIClient().get(url(event))
    assert anonymous.status_code in (401, 403)
    for user in (other, player):
        client = APIClient()
        client.force_login(user)
        assert client.get(url(event)).status_code == 403, user
    client = APIClient()
    client.force_login(organizer)
    answer = client.get(url(event))
    assert answer.status_code == 200
    (row,) = answer.json()["results"]
    assert row["email"] == "a@example.org" and row["status"] == "pending"


def test_a_draft_event_is_not_found(organizer):
    draft = open_for_entries(organizer)
    draft.published = False
    draft.save()
    assert APIClient().post(url(draft), ANNA, format="json").status_code == 404


def test_anonymous_entries_are_throttled(event, settings):
    settings.ENTRY_THROTTLE_RATE = "2/hour"
    client = APIClient()
    statuses = [
        client.post(url(event), {**ANNA, "first_name": f"A{n}"}, format="json").status_code
        for n in range(3)
    ]
    assert statuses == [201, 201, 429]


def test_events_say_whether_entries_are_open(event, organizer):
    event_with_players(organizer, players=0)
    rows = APIClient().get("/api/events/").json()["results"]
    assert {row["slug"]: row["entries_open"] for row in rows} == {
        event.slug: True,
        "event-1": False,
    }


def test_the_schema_lists_the_operations(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = schema["paths"]["/api/events/{slug}/entries/"]
    assert {"get", "post"} <= set(operations)
    event = schema["components"]["schemas"]["Event"]["properties"]
    assert event["entries_open"]["type"] == "boolean"
