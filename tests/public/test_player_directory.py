"""The player directory (/players/, /players/<id>/): one player across the published events,
found by name in any script or by id, public fields only, the events' own figures."""

import datetime

import pytest

from tournaments.models import Player, Rating, RatingList, RatingSource
from tournaments.selectors.players import player_record, player_search
from tournaments.selectors.public import last_public_round
from tournaments.selectors.standings import standings_get

pytestmark = pytest.mark.django_db


def _names(query: str) -> list[str]:
    return [found.name for found in player_search(query)]


@pytest.mark.parametrize(
    "query",
    [
        "Иванов",
        "иван",
        "Ivanov",
        "IVANOV",
        "ivanov aleksei",
        "Alexei Ivanov",
        "Aleksey",
        "16010",
        "rus-7741",
    ],
)
def test_a_player_is_found_by_any_writing_of_his_name_or_by_his_ids(ivanov, query):
    assert _names(query) == ["Иванов, Алексей"]


@pytest.mark.parametrize("query", ["Lefèvre", "lefevre", "LEFEVRE", "Лефевр", "jan lef"])
def test_accents_case_and_script_aside(ivanov, query):
    assert _names(query) == ["Lefèvre, Jan"]


def test_nobody_is_found_by_a_part_of_an_id_or_a_private_field(ivanov):
    assert _names("1601") == []
    assert _names("ivanov@example.org") == []
    assert _names("1987") == []
    assert _names("Minsk") == []  # the club is shown, not searched


def test_a_player_of_drafts_only_is_not_in_the_directory(client, ivanov):
    hidden = Player.objects.get(last_name="Hidden")
    assert _names("Hidden") == []
    assert client.get(f"/players/{hidden.pk}/").status_code == 404
    assert client.get("/api/players/?q=Hidden").json()["count"] == 0


def test_the_directory_page_searches_and_links_each_player(client, ivanov):
    page = client.get("/players/", {"q": "иванов"}).content.decode()
    assert "1 player found." in page
    assert f'href="/players/{ivanov.pk}/"' in page and "Иванов, Алексей" in page
    everyone = client.get("/players/").content.decode()
    assert "Lefèvre, Jan" in everyone and "Hidden" not in everyone


def test_the_player_page_lists_his_published_events_with_their_figures(client, ivanov):
    record = player_record(ivanov.pk)
    assert [entry.slug for entry in record.events] == ["autumn-masters", "spring-open"]
    for entry in record.events:
        standing = standings_get(
            ivanov.registrations.get(event__slug=entry.slug).event,
            after_round=entry.after_round,
        )
        row = next(row for row in standing if row.number == entry.number)
        assert (entry.card.points, entry.card.rank, entry.card.place) == (
            row.points,
            row.rank,
            row.place,
        )
    assert [len(entry.card.lines) for entry in record.events] == [1, 2]
    page = client.get(f"/players/{ivanov.pk}/").content.decode()
    assert "Spring Open" in page and "Autumn Masters" in page
    assert "Secret Cup" not in page
    for private in ("ivanov@example.org", "+7 495", "1987", "RUS-7741"):
        assert private not in page
    assert "16010" in page and "RUS" in page and "MI" in page


def test_the_player_page_shows_each_game_and_its_result(client, ivanov):
    record = player_record(ivanov.pk)
    swiss = next(entry for entry in record.events if entry.slug == "spring-open")
    assert swiss.after_round == last_public_round(
        ivanov.registrations.get(event__slug="spring-open").event
    )
    page = client.get(f"/players/{ivanov.pk}/").content.decode()
    section = page[page.index('id="event-spring-open"') :]
    section = section[: section.index("</section>")]
    for line in swiss.card.lines:
        assert f'href="/events/spring-open/rounds/{line.round}/"' in section
        if line.opponent:
            assert line.opponent_name in section
    assert f'href="/events/spring-open/players/{swiss.number}/"' in section


def test_the_player_page_charts_his_ratings_list_by_list(client, ivanov):
    for source, published, rating in (
        (RatingSource.FMJD_100, datetime.date(2026, 1, 1), 2301),
        (RatingSource.FMJD_100, datetime.date(2026, 7, 1), 2322),
        (RatingSource.NATIONAL, datetime.date(2026, 3, 1), 2250),
    ):
        rating_list = RatingList.objects.create(source=source, published=published)
        Rating.objects.create(rating_list=rating_list, player=ivanov, rating=rating, title="MI")
    record = player_record(ivanov.pk)
    assert [(s.source, [r.rating for r in s.ratings]) for s in record.ratings] == [
        ("fmjd100", [2301, 2322]),
        ("national", [2250]),
    ]
    page = client.get(f"/players/{ivanov.pk}/").content.decode()
    assert 'id="ratings-fmjd100"' in page and "<polyline" in page
    assert page.index(">2301<") < page.index(">2322<")


def test_an_event_player_page_links_to_his_page_across_events(client, ivanov):
    swiss = next(e for e in player_record(ivanov.pk).events if e.slug == "spring-open")
    page = client.get(f"/events/spring-open/players/{swiss.number}/").content.decode()
    assert f'id="player-directory-link" href="/players/{ivanov.pk}/"' in page


def test_a_renamed_player_is_found_by_his_new_name(ivanov):
    ivanov.last_name = "Petrov"
    ivanov.save(update_fields=["last_name"])
    assert Player.objects.get(pk=ivanov.pk).search_name == "petrov aleksei"
    assert _names("Петров") == ["Petrov, Алексей"]
    assert _names("Иванов") == []


def test_an_unknown_player_is_a_404(client, ivanov):
    assert client.get("/players/999999/").status_code == 404
