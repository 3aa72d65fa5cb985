"""Against the demo: every event's standings and crosstable downloaded as CSV and XLSX hold
the API's figures (a team league's team standings and team crosstable: it has no individual
files), and every event's calendar parses with one event per scheduled round."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from icalendar import Calendar
from openpyxl import load_workbook

from tournaments.models import Event, RoundTime, TeamCompetition

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def demo(demo_of_the_module, db):
    cache.clear()
    yield list(Event.objects.filter(published=True))
    cache.clear()


def _csv(client, url: str) -> list[list[str]]:
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(body), delimiter=";"))


def _xlsx(client, url: str) -> list[list[object]]:
    sheet = load_workbook(io.BytesIO(client.get(url).content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _french(points: str) -> str:
    """Points as a French page writes them: ``2,5``, ``10``."""
    return format(Decimal(points).normalize(), "f").replace(".", ",")


def _check_team_crosstable(client, base: str, teams: list[dict]) -> None:
    """The team crosstable files: the teams in the team standings' order with their match
    and board points, and each cell the row team's board points in its matches against the
    column's team (… while unfinished), × against itself, as the team-matches API gives."""
    answer = client.get(f"/api{base}/team-matches/", {"page_size": 500}).json()
    assert answer["next"] is None
    met: dict[tuple[str, str], list[str]] = {}
    for match in sorted(answer["results"], key=lambda m: m["round"]):
        if match["team_b"] is None:
            continue
        for team, opponent, side in (
            (match["team_a"], match["team_b"], "a"),
            (match["team_b"], match["team_a"], "b"),
        ):
            points = _french(match[f"board_points_{side}"]) if match["finished"] else "…"
            met.setdefault((team, opponent), []).append(points)
    order = [t["team"] for t in teams]
    rows = _csv(client, f"{base}/team-crosstable.csv")
    assert rows[0][2 : 2 + len(order)] == [str(n) for n in range(1, len(order) + 1)]
    assert [r[1] for r in rows[1:]] == order
    for row, team in zip(rows[1:], teams, strict=True):
        expected = [
            "×" if opponent == team["team"] else " ".join(met.get((team["team"], opponent), []))
            for opponent in order
        ]
        assert row[2 : 2 + len(order)] == expected, (base, team["team"])
        assert row[2 + len(order) :] == [
            _french(team["match_points"]),
            _french(team["board_points"]),
        ]
    assert any("…" not in cell and cell not in ("", "×") for r in rows[1:] for cell in r[2:])
    sheet = _xlsx(client, f"{base}/team-crosstable.xlsx")
    assert [(r[1], Decimal(str(r[-1]))) for r in sheet[1:]] == [
        (t["team"], Decimal(t["board_points"])) for t in teams
    ]


def test_every_event_s_standings_and_crosstable_files_hold_the_api_figures(client, demo):
    checked = 0
    for event in demo:
        base = f"/events/{event.slug}"
        if TeamCompetition.objects.filter(event=event).exists():
            # A team league's table is its team standings; it has no individual files.
            for name in ("standings.csv", "crosstable.xlsx"):
                assert client.get(f"{base}/{name}").status_code == 404, (event.slug, name)
            teams = client.get(f"/api{base}/team-standings/").json()["results"]
            rows = _csv(client, f"{base}/team-standings.csv")[1:]
            assert [(r[1], Decimal(r[3].replace(",", "."))) for r in rows] == [
                (t["team"], Decimal(t["match_points"])) for t in teams
            ]
            _check_team_crosstable(client, base, teams)
            checked += 1
            continue
        standings = client.get(f"/api{base}/standings/", {"page_size": 500}).json()
        if not standings.get("results"):
            continue
        api = [(r["name"], Decimal(r["points"]), r["rank"]) for r in standings["results"]]
        rows = _csv(client, f"{base}/standings.csv")[1:]
        assert [(r[1], Decimal(r[4].replace(",", "."))) for r in rows] == [a[:2] for a in api]
        sheet = _xlsx(client, f"{base}/standings.xlsx")[1:]
        assert [(r[1], Decimal(str(r[4]))) for r in sheet] == [a[:2] for a in api]
        crosstable = client.get(f"/api{base}/crosstable/", {"page_size": 500}).json()["results"]
        rows = _csv(client, f"{base}/crosstable.csv")
        points = rows[0].index("Points")  # the French heading
        assert [(r[1], Decimal(r[points].replace(",", "."))) for r in rows[1:]] == [
            (r["name"], Decimal(r["score"])) for r in crosstable
        ]
        checked += 1
    # Every event with rounds (the one open for entries has none yet).
    assert checked == len([event for event in demo if event.rounds.exists()]) == 9


def test_every_event_s_calendar_has_one_event_per_scheduled_round(client, demo):
    for event in demo:
        calendar = Calendar.from_ical(client.get(f"/events/{event.slug}/calendar.ics").content)
        uids = [str(e["UID"]) for e in calendar.walk("VEVENT")]
        numbers = RoundTime.objects.filter(event=event).values_list("number", flat=True)
        assert uids == [f"{event.slug}-round-{n}@damier" for n in sorted(numbers)]
        assert numbers, event.slug
