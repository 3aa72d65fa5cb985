"""The event archive in the admin and the API: only the event's organizers download it; any
staff member who may add events imports one after a preview, and a refused import writes
nothing."""

import io
import zipfile

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from games.archive import MANIFEST, PLAYERS
from games.archive.write import event_archive
from tests.client import logged_in
from tests.factories import UserFactory, make_organizer, played_event
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("organizer")
    event, _ = played_event(organizer, players=4)
    arbiter = make_organizer("arbiter")
    event.arbiters.add(arbiter)
    other = make_organizer("other")
    played_event(other, players=2)
    return organizer, arbiter, other, event


def test_only_the_organizers_download_the_archive(world):
    organizer, arbiter, other, event = world
    url = reverse("admin:tournaments_event_archive", args=(event.pk,))
    response = logged_in(organizer).get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert f"{event.slug}-archive.zip" in response["Content-Disposition"]
    assert MANIFEST in zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert logged_in(arbiter).get(url).status_code == 404
    assert logged_in(other).get(url).status_code == 404

    api = f"/api/events/{event.slug}/archive/"
    statuses = {}
    for name, user in (("organizer", organizer), ("arbiter", arbiter), ("other", other)):
        client = APIClient()
        client.force_authenticate(user)
        statuses[name] = client.get(api).status_code
    statuses["anonymous"] = APIClient().get(api).status_code
    assert statuses == {"organizer": 200, "arbiter": 403, "other": 403, "anonymous": 403}


def _upload(client, data: bytes, name: str = "event.zip"):
    url = reverse("admin:tournaments_event_archive_import")
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def test_import_previews_then_writes_on_confirmation(world):
    organizer, _, other, event = world
    data = event_archive(event=event, user=organizer)
    client = logged_in(other)
    events, players = Event.objects.count(), Player.objects.count()
    response = _upload(client, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "nothing has been written yet" in page
    assert f"The slug {event.slug} is taken" in page
    # The factory's players have no FMJD id: each is created, its namesake shown.
    assert page.count("Not matched (no FMJD id or national id in common)") == 4
    assert (Event.objects.count(), Player.objects.count()) == (events, players)

    token = response.context["confirm"].initial["token"]
    url = reverse("admin:tournaments_event_archive_import")
    refused = client.post(url, {"token": token, "slug": event.slug})
    assert "taken here" in refused.content.decode()
    assert Event.objects.count() == events

    done = client.post(url, {"token": token, "slug": "imported"})
    imported = Event.objects.get(slug="imported")
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:tournaments_event_change", args=(imported.pk,))
    assert list(imported.organizers.all()) == [other] and not imported.published
    assert imported.registrations.count() == event.registrations.count()
    again = client.post(url, {"token": token, "slug": "imported-again"})
    assert again.status_code == 404, "a confirmed archive is no longer waiting"


def test_a_bad_archive_is_refused_with_its_name(world):
    organizer, _, other, event = world
    response = _upload(logged_in(other), b"not a zip", name="broken.zip")
    assert "broken.zip: not a zip file." in response.content.decode()

    source = zipfile.ZipFile(io.BytesIO(event_archive(event=event, user=organizer)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as damaged:
        for info in source.infolist():
            content = source.read(info)
            damaged.writestr(info.filename, content + b" " if info.filename == PLAYERS else content)
    response = _upload(logged_in(other), out.getvalue(), name="edited.zip")
    assert "edited.zip: players.json does not match its sha256" in response.content.decode()


def test_import_needs_the_permission_to_add_events(world):
    clerk = UserFactory(username="clerk")
    url = reverse("admin:tournaments_event_archive_import")
    assert logged_in(clerk).get(url).status_code == 403


def test_a_new_upload_replaces_the_archive_waiting(world):
    organizer, _, other, event = world
    data = event_archive(event=event, user=organizer)
    client = logged_in(other)
    first = _upload(client, data).context["confirm"].initial["token"]
    second = _upload(client, data).context["confirm"].initial["token"]
    url = reverse("admin:tournaments_event_archive_import")
    assert client.post(url, {"token": first, "slug": "copy"}).status_code == 404
    assert client.post(url, {"token": second, "slug": "copy"}).status_code == 302
    assert default_storage.listdir("archive-imports")[1] == []
