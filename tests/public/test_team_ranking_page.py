"""The team ranking of an individual event on the public site and in the API
(docs/rules/tournaments.md §7.5)."""

import csv
import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from tests.factories import UserFactory
from tests.tournaments.played_events import national_team_swiss, play_steered, steered_netherlands
from tournaments.services import events


@pytest.fixture
def national(db):
    user = UserFactory(username="national-organizer")
    event = national_team_swiss(user, slug="national-teams")
    play_steered(event, user, steered=steered_netherlands(), first=1, last=5)
    return event


def test_the_page_shows_the_best_four_and_the_tie_break(client, national):
    response = client.get("/events/national-teams/team-ranking/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Team ranking after round 5" in text
    assert (
        '<td>NED</td>\n      <td class="num"><strong>16.5</strong></td>\n      <td class="num">19.5'
        in text
    )
    assert "best members' points, 4 counted" in text
    home = client.get("/events/national-teams/").content.decode()
    assert 'href="/events/national-teams/team-ranking/"' in home
    assert "Team mates are never paired against each other." in home


def test_the_page_after_an_earlier_round(client, national):
    text = client.get("/events/national-teams/team-ranking/?round=1").content.decode()
    assert "Team ranking after round 1" in text
    assert '<td>NED</td>\n      <td class="num"><strong>4</strong></td>' in text


def test_an_event_without_team_ranking_has_no_page(client, national):
    events.event_update(event=national, user=None, team_score_members=0)
    assert client.get("/events/national-teams/team-ranking/").status_code == 404
    assert client.get("/api/events/national-teams/team-ranking/").status_code == 404
    assert "team-ranking" not in client.get("/events/national-teams/").content.decode()


def test_the_api_rows(client, national):
    response = client.get("/api/events/national-teams/team-ranking/")
    assert response.status_code == 200
    rows = response.json()["results"]
    ned = rows[0]
    assert (ned["rank"], ned["team"], ned["score"], ned["all_members"], ned["counted"]) == (
        1,
        "NED",
        "16.5",
        "19.5",
        4,
    )
    assert [m["points"] for m in ned["members"]] == ["5.0", "4.0", "4.0", "3.5", "3.0", "0.0"]
    about = client.get("/api/events/national-teams/").json()
    assert (about["team_score_members"], about["never_pair_team_mates"]) == (4, True)
    schema = client.get("/api/schema/").content.decode()
    assert "/api/events/{slug}/team-ranking/" in schema


def test_the_page_links_its_files_which_hold_the_api_figures(client, national):
    text = client.get("/events/national-teams/team-ranking/?round=4").content.decode()
    assert 'href="/events/national-teams/team-ranking.csv?round=4"' in text
    assert 'href="/events/national-teams/team-ranking.xlsx?round=4"' in text
    api = client.get("/api/events/national-teams/team-ranking/").json()["results"]
    answer = client.get("/events/national-teams/team-ranking.csv", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200 and answer.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Rang", "Équipe", "Score", "Tous"]
    assert [
        (r[1], Decimal(r[2].replace(",", ".")), Decimal(r[3].replace(",", "."))) for r in rows[1:]
    ] == [(t["team"], Decimal(t["score"]), Decimal(t["all_members"])) for t in api]
    sheet = load_workbook(
        io.BytesIO(client.get("/events/national-teams/team-ranking.xlsx").content)
    )
    cells = [list(row) for row in sheet.active.iter_rows(values_only=True)]
    assert cells[0] == ["Rank", "Team", "Score", "All"]
    assert [(r[1], Decimal(str(r[2]))) for r in cells[1:]] == [
        (t["team"], Decimal(t["score"])) for t in api
    ]
    earlier = client.get("/events/national-teams/team-ranking.csv", {"round": 1}).content
    assert "NED,4," in earlier.decode("utf-8-sig")


def test_an_event_without_team_ranking_has_no_files(client, national):
    events.event_update(event=national, user=None, team_score_members=0)
    assert client.get("/events/national-teams/team-ranking.csv").status_code == 404
    assert client.get("/events/national-teams/team-ranking.xlsx").status_code == 404
