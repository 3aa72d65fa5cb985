"""The documents in the admin: the panels on the event and round pages, the buttons, the
event list action, the progress JSON, the download, and the broker-down message.

Transactional: the admin views call the services outside a transaction, as in production,
so an in-process job has run when the view answers."""

from unittest import mock

import pytest
from kombu.exceptions import OperationalError as BrokerError

from tests.client import logged_in, message_texts
from tests.factories import make_organizer, played_event
from tournaments.documents.models import Document, DocumentStatus

pytestmark = pytest.mark.django_db(transaction=True)

DOWN = BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
REQUEST = "/admin/tournaments/document/request/"


@pytest.fixture
def setup(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = make_organizer("org")
    event, round_ = played_event(user)
    return logged_in(user), event, round_


def test_event_page_panel_button_progress_and_download(setup):
    client, event, _round = setup
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert (
        "Printed documents" in text and "not generated yet" in text and "Score sheets" not in text
    )
    response = client.post(
        REQUEST,
        {
            "event": event.pk,
            "kind": "crosstable",
            "next": f"/admin/tournaments/event/{event.pk}/change/",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == f"/admin/tournaments/event/{event.pk}/change/"
    assert message_texts(response) == ["Ready: crosstable."]
    document = Document.objects.get(event=event, kind="crosstable")
    status = client.get(f"/admin/tournaments/document/{document.pk}/status/").json()
    assert status["status"] == "done" and status["progress"] == 100
    download = client.get(status["url"])
    assert download.status_code == 200 and b"".join(download.streaming_content).startswith(b"%PDF")
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert (
        "Generate again" in page and f"/admin/tournaments/document/{document.pk}/download/" in page
    )


def test_round_page_panel_and_round_documents(setup):
    client, event, round_ = setup
    page = client.get(f"/admin/tournaments/round/{round_.pk}/change/").content.decode()
    assert "Pairing sheet" in page and "Score sheets" in page
    response = client.post(
        REQUEST, {"event": event.pk, "round": round_.pk, "kind": "scoresheets"}, follow=True
    )
    assert response.status_code == 200
    document = Document.objects.get(event=event, kind="scoresheets", round=round_)
    assert document.status == DocumentStatus.DONE and document.pages == 3  # 6 players, 3 games


def test_broker_down_is_a_message_not_a_server_error(setup):
    client, event, _round = setup
    with mock.patch("tournaments.documents.tasks.document_build_task.delay", side_effect=DOWN):
        response = client.post(REQUEST, {"event": event.pk, "kind": "standings"})
    assert response.status_code == 302
    [message] = message_texts(response)
    assert message.startswith("The standings could not be queued: the task broker is unreachable")
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert "Failed: could not be queued" in page


def test_event_list_action(setup):
    client, event, _round = setup
    response = client.post(
        "/admin/tournaments/event/",
        {"action": "generate_published_documents", "_selected_action": [event.pk]},
    )
    assert response.status_code == 302
    assert message_texts(response) == ["2 documents requested."]
    assert set(Document.objects.values_list("kind", "status")) == {
        ("crosstable", "done"),
        ("standings", "done"),
    }


def test_documents_of_other_organizers_stay_hidden(setup):
    client, event, _round = setup
    other = logged_in(make_organizer("other"))
    client.post(REQUEST, {"event": event.pk, "kind": "crosstable"})
    document = Document.objects.get()
    assert other.get(f"/admin/tournaments/document/{document.pk}/download/").status_code == 404
    assert other.post(REQUEST, {"event": event.pk, "kind": "crosstable"}).status_code == 404
    assert other.get("/admin/tournaments/document/").content.decode().count("<progress") == 0


def test_score_sheets_and_a_single_page_are_said_in_good_english(setup):
    """The status comes before a name that may be plural ("Ready: score sheets.", never
    "The score sheets is ready."), and one page is "1 page", never "(1 pages)"."""
    client, event, round_ = setup
    response = client.post(REQUEST, {"event": event.pk, "round": round_.pk, "kind": "scoresheets"})
    assert message_texts(response) == ["Ready: score sheets."]
    response = client.post(REQUEST, {"event": event.pk, "kind": "standings"})
    assert message_texts(response)[-1] == "Ready: standings."
    document = Document.objects.get(event=event, kind="standings")
    assert document.pages == 1
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert "(1 page)" in page and "(1 pages)" not in page
