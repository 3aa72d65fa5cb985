"""Against the demo: the directory finds every demo player by a part of his name, with and
without its accents and in the other script, and each player's page lists exactly the
published events whose standings name him, with their score and rank."""

import pytest
from anyascii import anyascii
from django.core.cache import cache

from tournaments.models import Player
from tournaments.selectors.public import last_public_round
from tournaments.selectors.standings import standings_get

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: The demo's Russian and Ukrainian last names as a Cyrillic list writes them.
CYRILLIC = {
    "Kuznetsov": "Кузнецов",
    "Smirnov": "Смирнов",
    "Morozov": "Морозов",
    "Petrov": "Петров",
    "Sokolova": "Соколова",
    "Orlov": "Орлов",
    "Lebedev": "Лебедев",
    "Kovalenko": "Коваленко",
    "Shevchenko": "Шевченко",
    "Bondarenko": "Бондаренко",
    "Melnyk": "Мельник",
    "Tkachenko": "Ткаченко",
}


@pytest.fixture
def demo(demo_of_the_module, db):
    cache.clear()
    yield
    cache.clear()


def _found(client, query: str) -> set[int]:
    answer = client.get("/api/players/", {"q": query, "page_size": 500}).json()
    return {player["id"] for player in answer["results"]}


def test_every_demo_player_is_found_by_part_of_his_name_in_any_writing(client, demo):
    players = list(Player.objects.all())
    assert client.get("/api/players/").json()["count"] == len(players) == 50
    misses = []
    for player in players:
        part = player.last_name[:5]
        queries = [part, part.upper(), anyascii(part)]
        if not player.last_name.isascii() and not anyascii(player.last_name).isascii():
            queries.append(anyascii(player.last_name))
        if player.last_name in CYRILLIC:
            queries.append(CYRILLIC[player.last_name][:5])
        if player.last_name == "Волков":
            queries += ["Volkov", "volk"]
        misses += [(player.last_name, q) for q in queries if player.pk not in _found(client, q)]
    assert misses == []
    assert len({p.pk for p in players if p.last_name in CYRILLIC}) >= 10
    assert Player.objects.filter(last_name="Волков").exists()


def test_each_player_lists_the_published_events_that_rank_him(client, demo):
    several = 0
    for player in Player.objects.all():
        answer = client.get(f"/api/players/{player.pk}/").json()
        listed = {e["slug"]: (e["score"], e["rank"]) for e in answer["events"]}
        expected = {}
        for registration in player.registrations.filter(event__published=True):
            event = registration.event
            after_round = last_public_round(event)
            rows = standings_get(event, after_round=after_round)
            row = next(row for row in rows if row.number == registration.pairing_number)
            # Before its first round an event ranks nobody (rank 0), as the player's page.
            expected[event.slug] = (f"{row.points:.1f}", row.rank if after_round else 0)
        assert listed == expected, player
        several += len(listed) > 1
    assert several >= 10
