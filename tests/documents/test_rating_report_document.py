"""The rating report PDF as a printed document: built by the Celery job like the other
documents (in-process here), kept while the event is unchanged, drawn again when a result
changes, written in the event's language, and for the event's officials only."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.documents.requests import pdf_text, request
from tests.factories import make_organizer, played_event
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.models import Game, GameResult
from tournaments.services import results
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def test_the_rating_report_is_built_kept_and_drawn_again_when_a_result_changes(
    media, django_capture_on_commit_callbacks
):
    organizer = make_organizer("olga")
    event, round_ = played_event(organizer, players=4, rating_k=20)
    first = request(django_capture_on_commit_callbacks, event=event, kind="ratingreport")
    document = first.document
    assert first.queued and document.status == DocumentStatus.DONE and document.pages == 1
    _, text = pdf_text(document)
    assert "Rating report" in text and "Change = K x (W - We) with K = 20." in text
    assert "Opponents' ratings" in text
    for registration in event.registrations.select_related("player"):
        assert registration.player.last_name in text
    again = request(django_capture_on_commit_callbacks, event=event, kind="ratingreport")
    assert not again.queued and again.document.file.name == document.file.name
    game = Game.objects.filter(pairing__round=round_, result=GameResult.PENDING).first()
    with django_capture_on_commit_callbacks(execute=True):
        results.result_record(game=game, result=GameResult.DRAW, user=organizer)
    changed = Document.objects.get(pk=document.pk)  # drawn again as the result was entered
    assert changed.status == DocumentStatus.DONE and changed.fingerprint != document.fingerprint


def test_the_rating_report_is_written_in_the_event_s_language(
    media, django_capture_on_commit_callbacks, settings
):
    settings.LANGUAGE_CODE = "en"
    event, _round = played_event(make_organizer("olga"), players=4)
    event = event_update(event=event, user=None, language="fr")
    document = request(django_capture_on_commit_callbacks, event=event, kind="ratingreport")
    _, text = pdf_text(document.document)
    assert "Rapport Elo" in text and "Rating report" not in text
    assert "en unités de K" in text


def test_the_rating_report_page_generates_and_serves_its_pdf(
    media, django_capture_on_commit_callbacks
):
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=20)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_rating_report", args=(event.pk,))
    page = client.get(url).content.decode()
    assert 'data-kind="ratingreport"' in page and 'data-kind="crosstable"' not in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("admin:tournaments_document_request"),
            {"event": event.pk, "kind": "ratingreport", "next": url},
        )
    assert answer.status_code == 302 and answer["Location"] == url
    document = Document.objects.get(event=event, kind=DocumentKind.RATING_REPORT)
    page = client.get(url).content.decode()
    download = reverse("admin:tournaments_document_download", args=(document.pk,))
    assert download in page
    pdf = client.get(download)
    assert pdf["Content-Type"] == "application/pdf"
    assert f"{event.slug}-ratingreport.pdf" in pdf["Content-Disposition"]
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_the_rating_report_pdf_is_for_the_event_s_officials_only(
    media, django_capture_on_commit_callbacks, client
):
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4)
    document = request(django_capture_on_commit_callbacks, event=event, kind="ratingreport")
    url = f"/api/events/{event.slug}/documents/{document.document.pk}/"
    assert client.get(url).status_code == 403
    assert logged_in(organizer).get(url).json()["kind"] == "ratingreport"
    assert client.get(f"/events/{event.slug}/ratingreport.pdf").status_code == 404
