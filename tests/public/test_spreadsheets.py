"""The public tables as spreadsheets (CSV and XLSX): their figures are the API's, the CSV is
UTF-8 with a BOM and the language's separators, drafts stay private."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from openpyxl import load_workbook

from tests.factories import played_team_league
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _csv(client, url: str, language: str = "en", **params) -> list[list[str]]:
    answer = client.get(url, params, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200, url
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert answer["Content-Disposition"].startswith("attachment; filename=")
    body = answer.content
    assert body.startswith(b"\xef\xbb\xbf")
    delimiter = "," if language == "en" else ";"
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=delimiter))


def _xlsx(client, url: str, **params) -> list[list[object]]:
    answer = client.get(url, params)
    assert answer.status_code == 200, url
    sheet = load_workbook(io.BytesIO(answer.content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _number(text: str, decimal: str = ".") -> Decimal:
    return Decimal(text.replace(decimal, "."))


def test_the_standings_files_hold_the_api_figures(client, swiss):
    api = client.get(f"/api/events/{swiss.slug}/standings/").json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/standings.csv")
    assert rows[0] == ["Rank", "Name", "No.", "Rating", "Points", "TSOL", "SB", "DE"]
    assert len(rows) - 1 == len(api) == 7
    for line, row in zip(rows[1:], api, strict=True):
        assert line[1:4] == [row["name"], str(row["number"]), str(row["rating"])]
        assert _number(line[4]) == Decimal(row["points"])
        assert [_number(v) for v in line[5:]] == [Decimal(v) for v in row["tiebreaks"].values()]
    sheet = _xlsx(client, f"/events/{swiss.slug}/standings.xlsx")
    assert sheet[0] == rows[0]
    for line, row in zip(sheet[1:], api, strict=True):
        assert (line[1], line[2], line[3]) == (row["name"], row["number"], row["rating"])
        assert Decimal(str(line[4])) == Decimal(row["points"])


@pytest.mark.parametrize(("language", "decimal"), [("fr", ","), ("nl", ","), ("ru", ",")])
def test_a_csv_writes_numbers_as_its_language_does(client, swiss, language, decimal):
    api = client.get(f"/api/events/{swiss.slug}/standings/").json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/standings.csv", language)
    assert rows[0][0] != "Rank"  # the headings are translated
    for line, row in zip(rows[1:], api, strict=True):
        assert _number(line[4], decimal) == Decimal(row["points"])
    assert {len(line) for line in rows} == {8}  # ";" between the fields


def test_an_earlier_round_s_standings(client, swiss):
    api = client.get(f"/api/events/{swiss.slug}/standings/", {"round": 1}).json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/standings.csv", round=1)
    assert [_number(line[4]) for line in rows[1:]] == [Decimal(r["points"]) for r in api]
    assert client.get(f"/events/{swiss.slug}/standings.csv", {"round": 3}).status_code == 404
    assert client.get(f"/events/{swiss.slug}/standings.csv", {"round": "x"}).status_code == 404


def test_the_crosstable_files_hold_the_api_cells(client, swiss):
    api = client.get(f"/api/events/{swiss.slug}/crosstable/").json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/crosstable.csv")
    assert rows[0] == ["Rank", "Name", "Rating", "R1", "R2", "Points", "TSOL", "SB", "DE"]
    for line, row in zip(rows[1:], api, strict=True):
        assert line[1] == row["name"]
        assert line[3:5] == [cell["text"] for cell in row["cells"]]
        assert _number(line[5]) == Decimal(row["score"])
        assert [_number(v) for v in line[6:]] == [Decimal(v) for v in row["tiebreaks"]]
    sheet = _xlsx(client, f"/events/{swiss.slug}/crosstable.xlsx")
    assert [line[3:5] for line in sheet[1:]] == [[c["text"] for c in r["cells"]] for r in api]


def test_the_pairings_file_of_a_published_round(client, swiss):
    api = client.get(f"/api/events/{swiss.slug}/pairings/", {"round": 2}).json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/rounds/2/pairings.csv")
    assert rows[0] == ["Board", "White", "No.", "Black", "No.", "Result"]
    assert [(int(line[0]), line[1], line[3]) for line in rows[1:]] == [
        (p["board"], p["white"]["name"], p["black"]["name"] if p["black"] else "") for p in api
    ]
    assert rows[1][5] == "2-0" and rows[-1][5] == "pairing-allocated bye"
    assert _xlsx(client, f"/events/{swiss.slug}/rounds/2/pairings.xlsx")[1][5] == "2-0"
    # Round 3 is a draft: neither its page nor its file is public.
    assert client.get(f"/events/{swiss.slug}/rounds/3/pairings.csv").status_code == 404


def test_the_players_file_is_the_starting_rank_list(client, swiss):
    api = client.get(f"/api/events/{swiss.slug}/players/").json()["results"]
    rows = _csv(client, f"/events/{swiss.slug}/players.csv")
    assert rows[0][:2] == ["Starting rank", "Name"]
    ordered = sorted(api, key=lambda p: (-p["rating"], p["name"]))
    assert [(line[1], int(line[4]), int(line[6])) for line in rows[1:]] == [
        (p["name"], p["rating"], p["number"]) for p in ordered
    ]
    assert [int(line[0]) for line in rows[1:]] == list(range(1, len(api) + 1))
    text = client.get(f"/events/{swiss.slug}/players.csv").content.decode("utf-8-sig")
    for player in Player.objects.filter(registrations__event=swiss):
        assert player.email not in text and player.phone not in text


def test_the_team_standings_file(client):
    cache.clear()
    event, _user = played_team_league()
    api = client.get(f"/api/events/{event.slug}/team-standings/").json()["results"]
    rows = _csv(client, f"/events/{event.slug}/team-standings.csv")
    assert rows[0][:5] == ["Rank", "Team", "Played", "Match points", "Board points"]
    assert [(line[1], _number(line[3]), _number(line[4])) for line in rows[1:]] == [
        (t["team"], Decimal(t["match_points"]), Decimal(t["board_points"])) for t in api
    ]
    assert _xlsx(client, f"/events/{event.slug}/team-standings.xlsx")[1][1] == api[0]["team"]
    assert client.get("/events/open-0/team-standings.csv").status_code == 404


def test_each_page_links_its_files(client, swiss):
    for page, url in (
        (f"/events/{swiss.slug}/standings/", f"/events/{swiss.slug}/standings.csv?round=2"),
        (f"/events/{swiss.slug}/crosstable/", f"/events/{swiss.slug}/crosstable.xlsx?round=2"),
        (f"/events/{swiss.slug}/rounds/1/", f"/events/{swiss.slug}/rounds/1/pairings.csv"),
        (f"/events/{swiss.slug}/", f"/events/{swiss.slug}/players.xlsx"),
    ):
        assert f'href="{url}"' in client.get(page).content.decode(), page


def test_a_draft_s_files_are_its_organizers_only(client, swiss, organizer):
    swiss.published = False
    swiss.save()
    assert client.get(f"/events/{swiss.slug}/standings.csv").status_code == 404
    assert client.get(f"/events/{swiss.slug}/players.xlsx").status_code == 404
    client.force_login(organizer)
    assert client.get(f"/events/{swiss.slug}/standings.csv").status_code == 200
