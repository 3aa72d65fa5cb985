"""The public PDF addresses and the API endpoint, tasks run in-process (no broker).

Transactional tests: the views call the services outside any transaction, as in production,
so a job queued "after commit" runs before the view answers."""

import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from kombu.exceptions import OperationalError as BrokerError

from tournaments.demo import ENGLISH_BALLOT_SLUG, ORGANIZER_USERNAME
from tournaments.documents.models import Document, DocumentStatus
from tournaments.models import Event, RoundStatus

pytestmark = pytest.mark.django_db(transaction=True)

DOWN = BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


@pytest.fixture
def demo(settings, tmp_path, demo_loader):
    """The demo events these tests ask for (a transactional test loads its own)."""
    settings.MEDIA_ROOT = tmp_path
    demo_loader(("demo-swiss", "demo-round-robin", ENGLISH_BALLOT_SLUG))


@pytest.fixture
def organizer(client, demo):
    client.force_login(get_user_model().objects.get(username=ORGANIZER_USERNAME))
    return client


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def body(response) -> bytes:
    return b"".join(response.streaming_content)


def test_public_pdfs_are_served_and_built_when_missing(client, demo):
    for kind in ("crosstable", "standings"):
        response = client.get(f"/events/demo-swiss/{kind}.pdf")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert f'filename="demo-swiss-{kind}.pdf"' in response["Content-Disposition"]
        assert body(response).startswith(b"%PDF")
    assert client.get("/events/nope/crosstable.pdf").status_code == 404
    status = client.get("/events/demo-swiss/documents/status.json").json()
    assert status["crosstable"]["status"] == "done"
    assert status["crosstable"]["url"] == "/events/demo-swiss/crosstable.pdf"


def test_public_pdf_with_the_broker_down(client, demo):
    with mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=DOWN):
        response = client.get("/events/demo-swiss/crosstable.pdf")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "could not be queued" in response.content.decode()
    # With a file drawn earlier, the broker being down still leaves it served.
    client.get("/events/demo-swiss/crosstable.pdf")
    Document.objects.update(source_state="")  # the data "changed" since
    with mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=DOWN):
        response = client.get("/events/demo-swiss/crosstable.pdf")
    assert response.status_code == 200 and body(response).startswith(b"%PDF")


def test_public_pdf_while_the_first_job_runs(client, demo):
    with mock.patch("tournaments.documents.tasks.document_build_task.delay") as delay:
        delay.return_value.id = "task-1"
        response = client.get("/events/demo-swiss/standings.pdf")
    assert response.status_code == 503
    assert (
        "being generated" in response.content.decode() and "<progress" in response.content.decode()
    )
    status = client.get("/events/demo-swiss/documents/status.json").json()
    assert status["standings"]["status"] == "queued" and status["crosstable"] is None


def test_api_request_poll_and_download(organizer):
    response = post(
        organizer,
        "/api/events/demo-round-robin/documents/",
        {"kind": "crosstable"},
    )
    assert response.status_code == 202, response.content
    document = response.json()
    poll = organizer.get(document["poll"])
    assert poll.status_code == 200 and poll.json()["status"] == "done"
    assert poll.json()["progress"] == 100 and poll.json()["pages"] == 1
    download = organizer.get(poll.json()["download"])
    assert download.status_code == 200 and body(download).startswith(b"%PDF")


def test_api_round_documents_are_for_officials(client, organizer):
    from tournaments.models import Event

    event = Event.objects.get(slug=ENGLISH_BALLOT_SLUG)
    number = event.rounds.get(status=RoundStatus.PUBLISHED).number
    url = f"/api/events/{ENGLISH_BALLOT_SLUG}/documents/"
    response = post(organizer, url, {"kind": "scoresheets", "round": number})
    assert response.status_code == 202 and response.json()["round"] == number
    document_id = response.json()["id"]
    organizer.logout()
    refused = client.get(f"{url}{document_id}/file/")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "permission_denied"
    assert post(client, url, {"kind": "crosstable"}).status_code in (401, 403)


def test_api_errors(organizer):
    url = "/api/events/demo-swiss/documents/"
    bad_round = post(organizer, url, {"kind": "pairings", "round": 42})
    assert (
        bad_round.status_code == 400 and "has no round 42" in bad_round.json()["error"]["message"]
    )
    no_round = post(organizer, url, {"kind": "pairings"})
    assert no_round.status_code == 409 and "needs a round" in no_round.json()["error"]["message"]
    with mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=DOWN):
        down = post(organizer, url, {"kind": "standings"})
    assert down.status_code == 503
    assert down.json()["error"]["code"] == "not_queued"
    assert "could not be queued" in down.json()["error"]["message"]
    document = Document.objects.get(event__slug="demo-swiss", kind="standings")
    assert document.status == DocumentStatus.FAILED
    missing = organizer.get(f"{url}{document.pk}/file/")
    assert missing.status_code == 404 and "has no file yet" in missing.json()["error"]["message"]


def test_load_demo_generates_the_published_pdfs(settings, tmp_path, ballot_decks):
    """`make run` loads the demo with `manage.py load_demo`: without a broker the jobs run
    in-process, so every demo event has its crosstable and standings (a league its team
    PDFs too) when the server starts."""
    settings.MEDIA_ROOT = tmp_path
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "Damier Open (demo): crosstable done" in out.getvalue()
    documents = Document.objects.all()
    # Crosstable and standings of every event; team standings, match sheets and crosstable of
    # each team competition; the team ranking of an event that ranks teams.
    leagues = Event.objects.filter(team_competition__isnull=False).count()
    ranked = Event.objects.filter(team_score_members__gt=0).count()
    assert documents.count() == 2 * Event.objects.count() + 3 * leagues + ranked == 30
    assert all(
        d.status == DocumentStatus.DONE and (tmp_path / d.file.name).exists() for d in documents
    )
