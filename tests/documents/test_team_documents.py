"""The team competition PDFs through the documents pipeline (tasks in-process): the team
standings with the penalty's reason, the match sheets board by board and the team crosstable
(each team's board points against every other, in standings order), in the event's
language; refused for an event that is not a team competition; requested again with the other
published documents."""

import io
import random

import pytest
from pypdf import PdfReader

from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments import demo
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    DocumentRequestError,
    document_request,
    documents_request_published,
)
from tournaments.models import Event
from tournaments.services.rounds import round_publish
from tournaments.teams.selectors import team_matches, team_standings_get
from tournaments.teams.services import team_no_show, team_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("league-docs")
    players = demo._players(random.Random(demo.SEED))
    event = demo.team_league(organizer, players, random.Random(1))
    # The jobs queued while the league was played never ran (no commit in a test).
    Document.objects.filter(event=event).delete()
    return event


def _built(django_capture_on_commit_callbacks, event: Event, kind: str) -> tuple[int, str]:
    with django_capture_on_commit_callbacks(execute=True):
        answer = document_request(event=event, kind=kind)
    document = answer.document
    document.refresh_from_db()
    assert document.status == DocumentStatus.DONE, document.error
    with document.file.open("rb") as handle:
        reader = PdfReader(io.BytesIO(handle.read()))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    return len(reader.pages), text


def test_team_standings_pdf_holds_every_team_and_the_penalty(
    league, django_capture_on_commit_callbacks
):
    pages, text = _built(django_capture_on_commit_callbacks, league, DocumentKind.TEAM_STANDINGS)
    assert pages == 1
    assert "Team standings" in text
    standings = team_standings_get(league)
    assert len(standings) == 6
    for standing in standings:
        assert standing.name in text
    assert "Ineligible player fielded in round 1" in text
    first = standings[0]
    assert f"{first.row.rank} {first.name}" in text


def test_team_match_sheets_pdf_in_the_events_language(league, django_capture_on_commit_callbacks):
    Event.objects.filter(pk=league.pk).update(language="fr")
    league.refresh_from_db()
    pages, text = _built(django_capture_on_commit_callbacks, league, DocumentKind.TEAM_MATCHES)
    matches = team_matches(league)
    assert pages >= 1 and matches
    assert "Rencontres par équipes" in text and "Ronde 1" in text and "Table" in text
    assert "après la ronde 3 sur 5" in text
    played = next(m for m in matches if m.team_b and m.boards)
    assert f"{played.team_a} – {played.team_b}" in text
    assert played.boards[0].player_a in text
    assert "ff" in text  # the demo's forfeited board


def test_team_documents_need_a_team_competition(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=4)
    with pytest.raises(DocumentRequestError, match="need a team competition"):
        document_request(event=event, kind=DocumentKind.TEAM_STANDINGS)
    assert not Document.objects.filter(event=event).exists()
    kinds = {answer.document.kind for answer in documents_request_published(event=event)}
    assert kinds == {DocumentKind.CROSSTABLE, DocumentKind.STANDINGS}


def test_a_league_requests_its_team_documents_with_the_others(league):
    kinds = {answer.document.kind for answer in documents_request_published(event=league)}
    assert {
        DocumentKind.TEAM_STANDINGS,
        DocumentKind.TEAM_MATCHES,
        DocumentKind.TEAM_CROSSTABLE,
    } <= kinds


def test_team_crosstable_pdf_holds_each_teams_board_points_against_every_other(
    league, django_capture_on_commit_callbacks
):
    pages, text = _built(django_capture_on_commit_callbacks, league, DocumentKind.TEAM_CROSSTABLE)
    assert pages == 1
    assert "Team crosstable" in text and "after round 3 of 5" in text
    standings = team_standings_get(league)
    place = {s.name: i for i, s in enumerate(standings)}
    # The row of each team, read from the PDF text: rank, name, one cell per team, MP, BP.
    for standing in standings:
        row = standing.row
        mine = [m for m in team_matches(league) if standing.name in (m.team_a, m.team_b)]
        cells = [""] * len(standings)
        cells[place[standing.name]] = "×"
        for match in mine:
            if match.team_b is None:
                continue
            own_a = match.team_a == standing.name
            other = match.team_b if own_a else match.team_a
            points = match.board_points_a if own_a else match.board_points_b
            cells[place[other]] = _number(points)
        expected = " ".join(
            [
                f"{row.rank}{'=' if row.shared_rank else ''}",
                standing.name,
                *(cell for cell in cells if cell),
                _number(row.match_points),
                _number(row.board_points),
            ]
        )
        assert expected in text, expected
    assert "Ineligible player fielded in round 1" in text


def _number(value) -> str:
    """A number as the PDF prints it: 11, 9.5, -1 (no trailing zeros)."""
    return format(value.normalize(), "f")


def test_the_team_crosstable_is_offered_only_to_a_team_competition(league, client):
    client.force_login(league.organizers.first())
    page = client.get(f"/admin/tournaments/event/{league.pk}/change/")
    assert 'data-kind="teamcross"' in page.text and "Team crosstable" in page.text
    user = UserFactory(is_superuser=True, is_staff=True)
    single = event_with_players(user, players=4)
    client.force_login(user)
    page = client.get(f"/admin/tournaments/event/{single.pk}/change/")
    assert 'data-kind="crosstable"' in page.text and 'data-kind="teamcross"' not in page.text


def test_dutch_team_standings_name_each_column_once_with_dutch_dates(
    league, django_capture_on_commit_callbacks
):
    """The league breaks ties on BP, DE, TSB: BP has its own column and is not drawn again;
    the adjustment column's abbreviation is the legend's; the dates are written in Dutch."""
    Event.objects.filter(pk=league.pk).update(language="nl")
    _pages, text = _built(django_capture_on_commit_callbacks, league, DocumentKind.TEAM_STANDINGS)
    header = text[text.index("Rang") : text.index(team_standings_get(league)[0].name)]
    assert header.split().count("BP") == 1
    assert "Corr.: Correctie" in text and "Adj." not in text
    start = league.start_date
    months = ("januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus")
    months += ("september", "oktober", "november", "december")
    assert f"{start.day} {months[start.month - 1]} {start.year}" in text
    assert start.isoformat() not in text


def test_match_sheets_carry_the_signature_lines_and_a_no_show(
    league, django_capture_on_commit_callbacks
):
    round_ = league.rounds.get(number=4)
    match = round_.team_matches.order_by("number").first()
    team_no_show(match=match, team=match.team_b, user=None)
    round_publish(round=team_round_pair(round=round_, user=None), user=None)
    _pages, text = _built(django_capture_on_commit_callbacks, league, DocumentKind.TEAM_MATCHES)
    assert f"Captain {match.team_a.name}: ________________" in text
    assert "Arbiter: ________________" in text
    assert f"{match.team_b.name} did not show up: every board is a forfeit loss" in text
