"""The team ranking PDF of an individual event through the documents pipeline (tasks
in-process): the worked example's 16.5, offered and requested for such events only."""

import io

import pytest
from pypdf import PdfReader

from tests.factories import UserFactory, event_with_players
from tests.tournaments.played_events import national_team_swiss, play_steered, steered_netherlands
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    DocumentRequestError,
    document_request,
    documents_request_published,
)
from tournaments.documents.templatetags import documents_panel

pytestmark = pytest.mark.django_db


def test_the_team_ranking_pdf_prints_the_best_four(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    user = UserFactory()
    event = national_team_swiss(user)
    play_steered(event, user, steered=steered_netherlands(), first=1, last=5)
    # The jobs queued while the rounds were completed never ran (no commit in a test).
    Document.objects.filter(event=event).delete()
    with django_capture_on_commit_callbacks(execute=True):
        document = document_request(event=event, kind=DocumentKind.TEAM_RANKING).document
    document.refresh_from_db()
    assert document.status == DocumentStatus.DONE, document.error
    with document.file.open("rb") as handle:
        reader = PdfReader(io.BytesIO(handle.read()))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert len(reader.pages) == 1
    assert "Team ranking" in text and "after round 5 of 5" in text
    assert "1 NED 16.5 19.5" in text
    assert "best members' points, 4 counted" in text
    kinds = {answer.document.kind for answer in documents_request_published(event=event)}
    assert DocumentKind.TEAM_RANKING in kinds
    panel = documents_panel({}, event)
    assert DocumentKind.TEAM_RANKING in [kind for kind, _document in panel["rows"]]


def test_the_team_ranking_pdf_needs_an_event_that_ranks_teams(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = UserFactory()
    event = event_with_players(user, players=4)
    with pytest.raises(DocumentRequestError, match="needs an event that ranks teams"):
        document_request(event=event, kind=DocumentKind.TEAM_RANKING)
    kinds = {answer.document.kind for answer in documents_request_published(event=event)}
    assert DocumentKind.TEAM_RANKING not in kinds
    panel = documents_panel({}, event)
    assert DocumentKind.TEAM_RANKING not in [kind for kind, _document in panel["rows"]]
