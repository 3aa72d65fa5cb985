"""GET /api/players/?q= and /api/players/<id>/: the directory's players (public fields only)
and one player across his published events, with the figures of each event's standings."""

import datetime

import pytest

from tournaments.models import Rating, RatingList, RatingSource

pytestmark = pytest.mark.django_db


def test_the_search_answers_public_fields_only(client, ivanov):
    answer = client.get("/api/players/", {"q": "ivanov"}).json()
    assert answer["count"] == 1
    assert answer["results"] == [
        {
            "id": ivanov.pk,
            "name": "Иванов, Алексей",
            "federation": "RUS",
            "fmjd_id": "16010",
            "title": "MI",
            "rating": ivanov.rating,
        }
    ]
    assert client.get("/api/players/", {"q": "Алексей"}).json()["count"] == 1
    assert client.get("/api/players/", {"q": "RUS-7741"}).json()["count"] == 1


def test_a_player_lists_the_published_events_that_name_him_with_their_standings(client, ivanov):
    answer = client.get(f"/api/players/{ivanov.pk}/").json()
    assert answer["player"]["name"] == "Иванов, Алексей" and answer["club"] == "Minsk 64"
    text = str(answer)
    for private in ("ivanov@example.org", "+7 495", "1987", "RUS-7741", "Secret Cup"):
        assert private not in text
    assert [event["slug"] for event in answer["events"]] == ["autumn-masters", "spring-open"]
    for event in answer["events"]:
        standings = client.get(f"/api/events/{event['slug']}/standings/").json()["results"]
        row = next(row for row in standings if row["number"] == event["number"])
        assert (event["score"], event["rank"]) == (row["points"], row["rank"])
        assert event["start_date"] and event["end_date"] and "performance" in event
        games = client.get(
            f"/api/events/{event['slug']}/games/", {"player": event["number"]}
        ).json()["results"]
        listed = [game["id"] for line in event["games"] for game in line["games"]]
        assert listed == [game["id"] for game in games]


def test_an_unknown_player_is_a_404_in_the_api_error_shape(client, ivanov):
    answer = client.get("/api/players/999999/")
    assert answer.status_code == 404 and "999999" in str(answer.json())


def test_the_schema_describes_the_directory(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert {"/api/players/", "/api/players/{player_id}/"} <= set(schema["paths"])
    detail = schema["components"]["schemas"]["PlayerEvent"]["properties"]
    assert {
        "slug",
        "name",
        "start_date",
        "end_date",
        "score",
        "rank",
        "games",
        "performance",
    } <= set(detail)


def test_a_player_s_ratings_list_by_list(client, ivanov):
    for source, published, rating in (
        (RatingSource.FMJD_100, datetime.date(2026, 7, 1), 2322),
        (RatingSource.FMJD_100, datetime.date(2026, 1, 1), 2301),
    ):
        rating_list = RatingList.objects.create(source=source, published=published)
        Rating.objects.create(rating_list=rating_list, player=ivanov, rating=rating, title="MI")
    answer = client.get(f"/api/players/{ivanov.pk}/").json()
    assert answer["ratings"] == [
        {
            "rating_list": "fmjd100",
            "ratings": [
                {"published": "2026-01-01", "rating": 2301, "title": "MI"},
                {"published": "2026-07-01", "rating": 2322, "title": "MI"},
            ],
        }
    ]
