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
from games.archive.check import archive_open
from games.archive.jobs import archive_preview_json
from games.archive.load import IMPORT_STEPS
from games.archive.preview import archive_preview
from games.archive.write import event_archive
from tests.client import logged_in
from tests.factories import UserFactory, make_organizer, played_event
from tournaments.imports.models import ImportJob
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def jobs(django_capture_on_commit_callbacks):
    """A block at whose end the import jobs queued run, as without a broker."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


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


def _upload(client, jobs, data: bytes, name: str = "event.zip"):
    """Post the archive: the answer is at once a redirect to its import job's page, which
    shows the preview once the job (run here as the transaction commits) is done."""
    url = reverse("admin:tournaments_event_archive_import")
    with jobs():
        answer = client.post(url, {"file": SimpleUploadedFile(name, data)})
    job = ImportJob.objects.latest("pk")
    assert answer.status_code == 302
    assert answer.url == reverse("admin:tournaments_event_archive_job", args=(job.pk,))
    return client.get(answer.url)


def _confirm(client, jobs, preview, slug: str):
    """Confirm the preview under ``slug``: the import runs as a job, then the job's page
    answers (the event imported, or the preview again with the fault)."""
    with jobs():
        posted = client.post(preview.wsgi_request.path, {"slug": slug})
    if posted.status_code != 302:
        return posted
    assert posted.url == preview.wsgi_request.path
    return client.get(posted.url)


def test_import_previews_then_writes_on_confirmation(world, jobs):
    organizer, _, other, event = world
    data = event_archive(event=event, user=organizer)
    client = logged_in(other)
    events, players = Event.objects.count(), Player.objects.count()
    response = _upload(client, jobs, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "nothing has been written yet" in page
    assert f"The slug {event.slug} is taken" in page
    # The factory's players have no FMJD id: each is created, its namesake shown.
    assert page.count("Not matched (no FMJD id or national id in common)") == 4
    assert (Event.objects.count(), Player.objects.count()) == (events, players)
    job = ImportJob.objects.get()
    assert (job.status, job.done, job.total) == ("done", IMPORT_STEPS, IMPORT_STEPS)
    shown = archive_preview(archive=archive_open(data, name="event.zip"), user=other)
    assert job.result == archive_preview_json(shown), "the job's preview is the service's"

    refused = _confirm(client, jobs, response, event.slug)
    assert "taken here" in refused.content.decode()
    assert 'id="archive-preview"' in refused.content.decode()
    assert Event.objects.count() == events

    done = _confirm(client, jobs, response, "imported")
    imported = Event.objects.get(slug="imported")
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:tournaments_event_change", args=(imported.pk,))
    assert list(imported.organizers.all()) == [other] and not imported.published
    assert imported.registrations.count() == event.registrations.count()
    again = _confirm(client, jobs, response, "imported-again")
    assert again.status_code == 404, "a confirmed archive is no longer waiting"
    assert not Event.objects.filter(slug="imported-again").exists()


def test_a_bad_archive_is_refused_with_its_name(world, jobs):
    organizer, _, other, event = world
    response = _upload(logged_in(other), jobs, b"not a zip", name="broken.zip")
    assert "broken.zip: not a zip file." in response.content.decode()

    source = zipfile.ZipFile(io.BytesIO(event_archive(event=event, user=organizer)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as damaged:
        for info in source.infolist():
            content = source.read(info)
            damaged.writestr(info.filename, content + b" " if info.filename == PLAYERS else content)
    response = _upload(logged_in(other), jobs, out.getvalue(), name="edited.zip")
    assert "edited.zip: players.json does not match its sha256" in response.content.decode()
    assert all(not job.file for job in ImportJob.objects.all()), "a refused archive is deleted"


def test_import_needs_the_permission_to_add_events(world):
    clerk = UserFactory(username="clerk")
    url = reverse("admin:tournaments_event_archive_import")
    assert logged_in(clerk).get(url).status_code == 403


def test_an_archive_waiting_is_seen_only_by_who_uploaded_it(world, jobs):
    organizer, _, other, event = world
    data = event_archive(event=event, user=organizer)
    preview = _upload(logged_in(other), jobs, data)
    job = ImportJob.objects.get()
    assert default_storage.exists(job.file.name)
    status = reverse("admin:tournaments_event_archive_job_status", args=(job.pk,))
    for user in (organizer, make_organizer("third")):
        client = logged_in(user)
        assert client.get(preview.wsgi_request.path).status_code == 404
        assert client.get(status).status_code == 404
        assert client.post(preview.wsgi_request.path, {"slug": "copy"}).status_code == 404
    assert logged_in(UserFactory(username="clerk")).get(status).status_code == 403
    assert not Event.objects.filter(slug="copy").exists()
    assert _confirm(logged_in(other), jobs, preview, "copy").status_code == 302
    assert not default_storage.exists(job.file.name), "an imported archive is deleted"
