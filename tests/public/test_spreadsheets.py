"""The public tables as spreadsheets (CSV and XLSX): their figures are the API's, the CSV is
UTF-8 with a BOM and the language's separators, drafts stay private."""

import csv
import io
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from openpyxl import load_workbook

from tests.factories import played_team_league
from tournaments.models import Game, GameResult, Player
from tournaments.services import results
from tournaments.services.registrations import registration_withdraw

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
    assert rows[0] == [
        *("Rank", "Name", "No.", "Rating", "Points", "TSOL", "SB", "DE"),
        "Withdrawn from round",
    ]
    assert len(rows) - 1 == len(api) == 7
    for line, row in zip(rows[1:], api, strict=True):
        assert line[1:4] == [row["name"], str(row["number"]), str(row["rating"])]
        assert _number(line[4]) == Decimal(row["points"])
        assert [_number(v) for v in line[5:8]] == [Decimal(v) for v in row["tiebreaks"].values()]
        assert line[8] == ""
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
    assert {len(line) for line in rows} == {9}  # ";" between the fields


def test_the_standings_files_name_the_round_a_withdrawn_player_left(client, swiss, organizer):
    """As the standings and crosstable pages mark him: withdrawn from the round after the
    standings' round or earlier (a player withdrawn from a later round still plays the next)."""
    swiss.rounds.get(number=3).delete()  # paired: nobody withdraws from it
    registration_withdraw(
        registration=swiss.registrations.get(pairing_number=3), from_round=3, user=organizer
    )
    registration_withdraw(
        registration=swiss.registrations.get(pairing_number=5), from_round=4, user=organizer
    )
    rows = _csv(client, f"/events/{swiss.slug}/standings.csv", "fr")
    assert rows[0][-1] == "Retiré à partir de la ronde"
    left = {line[2]: line[-1] for line in rows[1:]}
    assert left == {"1": "", "2": "", "3": "3", "4": "", "5": "", "6": "", "7": ""}
    sheet = _xlsx(client, f"/events/{swiss.slug}/standings.xlsx")
    assert {line[2]: line[-1] for line in sheet[1:]}[3] == 3
    for table in ("standings", "crosstable"):
        page = client.get(f"/events/{swiss.slug}/{table}/").content.decode()
        marked = [line for line in page.split("<tr>") if "(withdrawn)" in line]
        assert len(marked) == 1 and f"/events/{swiss.slug}/players/3/" in marked[0], table


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


class _Table(HTMLParser):
    """The cells of a page's table (``table_id``), row by row, as the page writes them."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id, self.inside, self.cell = table_id, False, None
        self.rows: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "table" and dict(attrs).get("id") == self.table_id:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell += data

    def handle_endtag(self, tag: str) -> None:
        if self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None
        elif tag == "table":
            self.inside = False


def _page_table(client, url: str, table_id: str, language: str) -> list[list[str]]:
    parser = _Table(table_id)
    parser.feed(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    return parser.rows


@pytest.fixture
def team_league():
    """played_team_league(), its games scored 1-½-0, with round 1's first match finished on
    a draw of its second board (board points 1.5-0.5), the other match still being played."""
    cache.clear()
    event, user = played_team_league()
    event.points_win = event.points_forfeit_win = Decimal(1)
    event.points_draw = Decimal("0.5")
    event.save()
    games = Game.objects.filter(pairing__round__event=event).order_by("pairing__board")
    results.result_record(game=games[1], result=GameResult.DRAW, user=user)
    return event, user


def test_the_team_crosstable_files_are_the_page_s_table(client, team_league):
    event, _user = team_league
    base = f"/events/{event.slug}"
    api = client.get(f"/api{base}/team-standings/").json()["results"]
    matches = client.get(f"/api{base}/team-matches/").json()["results"]
    assert [m["finished"] for m in matches] == [True, False]
    for language, decimal in (("en", "."), ("fr", ",")):
        page = _page_table(client, f"{base}/team-crosstable/", "team-crosstable", language)
        rows = _csv(client, f"{base}/team-crosstable.csv", language)
        # the page's headings written out: its numbered columns, MP and BP in words
        assert rows[0][2:6] == page[0][2:6] == ["1", "2", "3", "4"]
        assert rows[1:] == page[1:], language
        assert [
            (line[1], _number(line[6], decimal), _number(line[7], decimal)) for line in rows[1:]
        ] == [(t["team"], Decimal(t["match_points"]), Decimal(t["board_points"])) for t in api]
    assert rows[0] == [
        "Rang", "Équipe", "1", "2", "3", "4", "Points de match", "Points de partie"
    ]  # fmt: skip
    cells = [cell for line in rows[1:] for cell in line[2:6]]
    assert {"×", "1,5", "0,5", "…", ""} == set(cells)
    english = _csv(client, f"{base}/team-crosstable.csv")
    assert english[0] == ["Rank", "Team", "1", "2", "3", "4", "Match points", "Board points"]
    assert "1.5" in {cell for line in english[1:] for cell in line[2:6]}
    sheet = _xlsx(client, f"{base}/team-crosstable.xlsx")
    assert sheet[0] == english[0]
    order = [line[1] for line in english[1:]]
    for line, row in zip(sheet[1:], english[1:], strict=True):
        assert line[1] == row[1]
        for column, (value, text) in enumerate(zip(line[2:6], row[2:6], strict=True)):
            if text in ("1.5", "0.5"):  # a finished match's board points: a number
                assert isinstance(value, float), (row[1], order[column])
                assert Decimal(str(value)) == Decimal(text), (row[1], order[column])
            else:
                assert (value or "") == text, (row[1], order[column])
        assert Decimal(str(line[6])) == _number(row[6])


def test_the_team_crosstable_files_are_a_team_competition_s_only(client, swiss, team_league):
    event, user = team_league
    for fmt in ("csv", "xlsx"):
        assert client.get(f"/events/{swiss.slug}/team-crosstable.{fmt}").status_code == 404
    event.published = False
    event.save()
    for fmt in ("csv", "xlsx"):
        assert client.get(f"/events/{event.slug}/team-crosstable.{fmt}").status_code == 404
    client.force_login(user)
    assert client.get(f"/events/{event.slug}/team-crosstable.csv").status_code == 200


def test_each_page_links_its_files(client, swiss):
    for page, url in (
        (f"/events/{swiss.slug}/standings/", f"/events/{swiss.slug}/standings.csv?round=2"),
        (f"/events/{swiss.slug}/crosstable/", f"/events/{swiss.slug}/crosstable.xlsx?round=2"),
        (f"/events/{swiss.slug}/rounds/1/", f"/events/{swiss.slug}/rounds/1/pairings.csv"),
        (f"/events/{swiss.slug}/", f"/events/{swiss.slug}/players.xlsx"),
    ):
        assert f'href="{url}"' in client.get(page).content.decode(), page


def test_the_team_pages_link_their_files(client, team_league):
    event, _user = team_league
    base = f"/events/{event.slug}"
    for page, name in (("teams", "team-standings"), ("team-crosstable", "team-crosstable")):
        html = client.get(f"{base}/{page}/").content.decode()
        for fmt in ("csv", "xlsx"):
            assert f'href="{base}/{name}.{fmt}"' in html, (page, fmt)


def test_a_draft_s_files_are_its_organizers_only(client, swiss, organizer):
    swiss.published = False
    swiss.save()
    assert client.get(f"/events/{swiss.slug}/standings.csv").status_code == 404
    assert client.get(f"/events/{swiss.slug}/players.xlsx").status_code == 404
    client.force_login(organizer)
    assert client.get(f"/events/{swiss.slug}/standings.csv").status_code == 200
