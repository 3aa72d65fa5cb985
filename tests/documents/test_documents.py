"""Documents through the services, with tasks run in-process (no broker): requested, built,
stored, deduplicated, regenerated only when the data changed, failures in words, and the
broker-down answer."""

import re
from unittest import mock

import pytest
from django.core.cache import cache
from kombu.exceptions import OperationalError as BrokerError

from tests.documents.requests import pdf_text, request
from tournaments.demo import ENGLISH_BALLOT_SLUG
from tournaments.documents import services as documents
from tournaments.documents.data import document_data
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import (
    DocumentQueueError,
    DocumentRequestError,
    document_request,
    documents_round_completed,
)
from tournaments.models import Event, Player, RoundStatus
from tournaments.scoring.crosstable import format_points
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def demo(media, demo_of_the_module, db):
    """The demo's events, loaded once for the module; fresh objects and an empty cache for
    each test (a test's changes are rolled back after it)."""
    cache.clear()
    yield {event.slug: event for event in Event.objects.all()}
    cache.clear()


def test_crosstable_is_built_stored_and_kept_while_unchanged(
    demo, django_capture_on_commit_callbacks
):
    swiss = demo["demo-swiss"]
    Player.objects.filter(registrations__event=swiss, last_name="Kuznetsov").update(
        last_name="Кузнецов", first_name="Александр"
    )
    answer = request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable")
    document = answer.document
    assert answer.queued and document.status == DocumentStatus.DONE and document.progress == 100
    assert document.attempts == 1 and document.error == "" and document.duration >= 0
    pages, text = pdf_text(document)
    assert pages == document.pages == 2  # 40 players: 39 rows under the header, then 1
    assert "Кузнецов, Александр" in text and "Lefèvre" in text
    assert "Damier Open (demo) — Crosstable" in text and "complete to round 5 of 9" in text
    table = document_data(document).content
    for row in table.rows:
        identity = [p for p in (row.title, row.federation, str(row.rating)) if p]
        cells = [cell.text for cell in row.cells]
        name = f"{row.name} (withdrawn)" if row.withdrawn else row.name
        assert " ".join([name, *identity, *cells, format_points(row.score)]) in text
    assert [row.name for row in table.rows if row.withdrawn] == ["Lewandowski, Natalia"]
    # Nothing changed: no new job, same file.
    again = request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable")
    assert not again.queued and again.document.file.name == document.file.name
    # Forced: built again from the same data (same fingerprint, same name, new time).
    forced = request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable", force=True)
    assert forced.queued and forced.document.attempts == 2
    assert forced.document.fingerprint == document.fingerprint
    assert forced.document.generated_at > document.generated_at
    assert forced.document.file.name == document.file.name


def test_an_unrelated_change_runs_the_job_but_keeps_the_file(
    demo, django_capture_on_commit_callbacks
):
    swiss = demo["demo-swiss"]
    first = request(django_capture_on_commit_callbacks, event=swiss, kind="standings").document
    # A change the event fingerprint sees but the standings do not show (a phone number).
    player = Player.objects.filter(registrations__event=swiss).first()
    player.phone = "+33 1 00 00 00 00"
    with django_capture_on_commit_callbacks(execute=True):
        player.save()  # the standings follow the change (tournaments.documents.follow)
    second = Document.objects.get(pk=first.pk)
    assert second.status == DocumentStatus.DONE and second.attempts == 2
    assert second.generated_at == first.generated_at
    assert second.file.name == first.file.name
    assert not request(django_capture_on_commit_callbacks, event=swiss, kind="standings").queued


def test_a_completed_round_regenerates_the_published_documents(
    demo, django_capture_on_commit_callbacks, media
):
    robin = demo["demo-round-robin"]
    before = request(django_capture_on_commit_callbacks, event=robin, kind="crosstable").document
    _, text = pdf_text(before)
    assert "complete to round 4 of 9" in text and "×" in text
    round_5 = robin.rounds.get(number=5)
    from tournaments.models import Game, GameResult
    from tournaments.services import results, rounds

    with django_capture_on_commit_callbacks(execute=True):
        for game in Game.objects.filter(pairing__round=round_5, result=GameResult.PENDING):
            results.result_record(game=game, result=GameResult.DRAW, user=None)
        rounds.round_complete(round=round_5, user=None)
        answers = documents_round_completed(round=round_5)
    assert [a.document.kind for a in answers] == ["crosstable", "standings"]
    after = Document.objects.get(pk=before.pk)
    assert after.status == DocumentStatus.DONE and after.fingerprint != before.fingerprint
    _, text = pdf_text(after)
    assert "complete to round 5 of 9" in text
    assert not (media / before.file.name).exists() and (media / after.file.name).exists()


def test_two_requests_while_a_job_is_queued_start_one_job(demo, django_capture_on_commit_callbacks):
    swiss = demo["demo-swiss"]
    with mock.patch("tournaments.documents.tasks.document_build_task.delay") as delay:
        delay.return_value.id = "task-1"
        first = request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable")
        second = request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable")
        forced = request(
            django_capture_on_commit_callbacks, event=swiss, kind="crosstable", force=True
        )
    assert first.queued and not second.queued and not forced.queued
    assert delay.call_count == 1
    assert second.document.pk == first.document.pk and second.document.status == "queued"
    assert Document.objects.get(pk=first.document.pk).task_id == "task-1"
    assert Document.objects.filter(event=swiss).count() == 1


def test_a_lost_job_is_queued_again_after_the_stale_delay(
    demo, django_capture_on_commit_callbacks, settings
):
    swiss = demo["demo-swiss"]
    with mock.patch("tournaments.documents.tasks.document_build_task.delay") as delay:
        delay.return_value.id = "task-1"
        request(django_capture_on_commit_callbacks, event=swiss, kind="standings")
        settings.DOCUMENT_TIME_LIMIT = 0
        again = request(django_capture_on_commit_callbacks, event=swiss, kind="standings")
    assert again.queued and delay.call_count == 2


def test_a_redelivered_job_that_already_finished_does_nothing(
    demo, django_capture_on_commit_callbacks
):
    document = request(
        django_capture_on_commit_callbacks, event=demo["demo-swiss"], kind="crosstable"
    ).document
    again = documents.document_build(document_id=document.pk)
    assert again.attempts == 1 and again.finished_at == document.finished_at


def test_broker_down_marks_the_document_failed_and_says_so(
    demo, django_capture_on_commit_callbacks
):
    swiss = demo["demo-swiss"]
    down = BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with (
        mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=down),
        pytest.raises(DocumentQueueError, match=r"could not be queued.*Connection refused"),
    ):
        request(django_capture_on_commit_callbacks, event=swiss, kind="crosstable")
    document = Document.objects.get(event=swiss, kind="crosstable")
    assert document.status == DocumentStatus.FAILED and "could not be queued" in document.error
    # The round-completion hook only records it.
    round_ = swiss.rounds.get(number=5)
    with mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=down):
        answers = request_after_round(django_capture_on_commit_callbacks, round_)
    assert all(a.queued for a in answers)
    assert set(Document.objects.filter(event=swiss).values_list("status", flat=True)) == {
        DocumentStatus.FAILED
    }


def request_after_round(django_capture_on_commit_callbacks, round_):
    with django_capture_on_commit_callbacks(execute=True):
        return documents_round_completed(round=round_)


def test_a_layout_error_fails_the_document_in_words(demo, django_capture_on_commit_callbacks):
    with mock.patch(
        "tournaments.documents.data.render_standings", side_effect=ValueError("no room")
    ):
        document = request(
            django_capture_on_commit_callbacks, event=demo["demo-swiss"], kind="standings"
        ).document
    assert document.status == DocumentStatus.FAILED
    assert document.error == "ValueError: no room" and not document.file


def test_round_documents_of_a_two_game_ballot_event(demo, django_capture_on_commit_callbacks):
    """English draughts, 2 games per pairing, one 3-move card per pairing: the pairing
    sheet prints each board's card, the score sheets one page per game with the card's
    moves pre-printed and Black's column first."""
    event = demo[ENGLISH_BALLOT_SLUG]
    round_ = event.rounds.get(status=RoundStatus.PUBLISHED)
    boards = round_.pairings.exclude(black=None).count()
    sheet = request(
        django_capture_on_commit_callbacks, event=event, kind="pairings", round=round_
    ).document
    pages, text = pdf_text(sheet)
    data = document_data(sheet).content
    assert pages == 1 and data.games == 2 and data.black_first
    cards = [board.card for board in data.boards if board.black is not None]
    assert all(cards) and all(card.text in text for card in cards)
    scores = request(
        django_capture_on_commit_callbacks, event=event, kind="scoresheets", round=round_
    ).document
    pages, text = pdf_text(scores)
    assert pages == 2 * boards
    assert f"Round {round_.number} · Board 1 · Game 2 of 2" in text
    assert cards[0].moves in text and "Black White" in text


def test_requests_that_name_no_document(demo):
    swiss = demo["demo-swiss"]
    with pytest.raises(
        DocumentRequestError, match=r"pairing sheet of Damier Open .* needs a round"
    ):
        document_request(event=swiss, kind=DocumentKind.PAIRING_SHEET)
    with pytest.raises(DocumentRequestError, match="covers the whole event"):
        document_request(event=swiss, kind="crosstable", round=swiss.rounds.first())
    other = demo["demo-round-robin"].rounds.first()
    with pytest.raises(DocumentRequestError, match="is not a round of Damier Open"):
        document_request(event=swiss, kind="pairings", round=other)
    with pytest.raises(ValueError, match="'poster' is not a valid DocumentKind"):
        document_request(event=swiss, kind="poster")


def test_every_document_is_written_in_the_event_s_language(
    demo, django_capture_on_commit_callbacks, settings
):
    settings.LANGUAGE_CODE = "en"
    robin = demo["demo-round-robin"]
    english = request(django_capture_on_commit_callbacks, event=robin, kind="crosstable").document
    with django_capture_on_commit_callbacks(execute=True):
        robin = event_update(event=robin, user=None, language="fr")
    french = request(django_capture_on_commit_callbacks, event=robin, kind="crosstable").document
    assert french.fingerprint != english.fingerprint
    _, text = pdf_text(french)
    assert "Grille américaine" in text and "Crosstable" not in text
    # The French decimal comma in the half points (2,5), never a point.
    assert re.search(r"\d,5", text) and not re.search(r"\d\.5", text)
    round_ = robin.rounds.get(number=1)
    for kind, words in (("pairings", "Appariements"), ("scoresheets", "Feuille de partie")):
        document = request(
            django_capture_on_commit_callbacks, event=robin, kind=kind, round=round_
        ).document
        _, text = pdf_text(document)
        assert words in text, (kind, text[:300])
    standings = request(django_capture_on_commit_callbacks, event=robin, kind="standings")
    _, text = pdf_text(standings.document)
    assert "Classement" in text and "Standings" not in text


def test_a_swiss_s_documents_name_the_text_of_the_dutch_system_in_force(
    demo, settings, django_capture_on_commit_callbacks
):
    """The pairings and standings of a Swiss name the text of C.04.3 it is paired by, in the
    event's language; a round robin's name none."""
    settings.LANGUAGE_CODE = "en"

    def drawn(event, kind, round=None):
        answer = request(django_capture_on_commit_callbacks, event=event, kind=kind, round=round)
        return pdf_text(answer.document)[1]

    swiss = demo["demo-swiss"]
    text = drawn(swiss, DocumentKind.PAIRING_SHEET, swiss.rounds.get(number=1))
    assert "Pairing rules: FIDE Dutch, text applied from 1 February 2026" in text
    swiss = event_update(event=swiss, user=None, language="fr")
    text = drawn(swiss, DocumentKind.STANDINGS)
    assert "appariement : FIDE hollandais, texte appliqué depuis le 1er février 2026" in text
    assert "Pairing rules" not in drawn(demo["demo-round-robin"], DocumentKind.STANDINGS)
