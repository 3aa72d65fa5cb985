"""Conditional reads: every GET of the API carries an ETag, answers 304 to a matching
If-None-Match, and a change of the event (a result) gives a new ETag and a new answer."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Game, GameResult
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

STATE_URLS = (
    "/api/events/{slug}/",
    "/api/events/{slug}/players/",
    "/api/events/{slug}/rounds/",
    "/api/events/{slug}/pairings/?round=1",
    "/api/events/{slug}/standings/",
    "/api/events/{slug}/standings/1/",
    "/api/events/{slug}/crosstable/",
)
CONTENT_URLS = ("/api/events/", "/api/events/{slug}/games/?round=1")


@pytest.mark.parametrize("template", STATE_URLS + CONTENT_URLS)
def test_every_read_answers_304_while_unchanged(client, swiss, template):
    url = template.format(slug=swiss.slug)
    first = client.get(url)
    assert first.status_code == 200
    assert "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304, url
    assert again["ETag"] == first["ETag"]
    assert again.content == b""
    assert client.get(url, HTTP_IF_NONE_MATCH='"something else"').status_code == 200


def test_state_etag_is_answered_without_reading_the_event_data(client, swiss):
    url = f"/api/events/{swiss.slug}/crosstable/"
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # No row at all for an anonymous reader: the ETag comes from the cache.
    assert len(queries) == 0


def test_a_logged_in_reader_gets_the_etag_of_what_they_may_see(client, swiss, organizer):
    """The ETag kept for anonymous readers is not theirs: the event's row is read."""
    url = f"/api/events/{swiss.slug}/crosstable/"
    etag = client.get(url)["ETag"]
    client.force_login(organizer)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) >= 1


@pytest.mark.parametrize("template", STATE_URLS[3:] + CONTENT_URLS[1:])
def test_a_result_changes_the_etag_and_the_answer(client, swiss, organizer, template):
    url = template.format(slug=swiss.slug)
    before = client.get(url)
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    flipped = GameResult.BLACK_WIN if game.result != GameResult.BLACK_WIN else GameResult.DRAW
    result_record(game=game, result=flipped, user=organizer)
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content


@pytest.mark.parametrize("name", ["crosstable", "standings", "pairings"])
def test_json_answers_are_kept_until_the_event_changes(client, swiss, organizer, name):
    url = f"/api/events/{swiss.slug}/{name}/"
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert len(queries) == 0  # the ETag and the answer come from the cache
    assert again.status_code == 200
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]
    assert again["Content-Type"] == first["Content-Type"]
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=2).first()
    flipped = GameResult.BLACK_WIN if game.result != GameResult.BLACK_WIN else GameResult.DRAW
    result_record(game=game, result=flipped, user=organizer)
    assert client.get(url).content != first.content


def test_schema_documents_conditional_reads(client):
    schema = client.get("/api/schema/?format=json").json()
    standings = schema["paths"]["/api/events/{slug}/standings/"]["get"]
    assert any(
        p["in"] == "header" and p["name"] == "If-None-Match" for p in standings["parameters"]
    )
    assert "ETag" in standings["responses"]["200"]["headers"]
    assert "304" in standings["responses"]
    gets = [ops["get"] for ops in schema["paths"].values() if "get" in ops]
    assert gets and all("304" in op["responses"] for op in gets)
