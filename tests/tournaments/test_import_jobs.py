"""A rating list imported through a job (tournaments.imports): the upload answers at once
with the job's page, which follows its progress, then shows the same preview as the
service's; the confirmation writes, as a job, the same rows as the service; a file that
cannot be read fails the job with the error naming its line; only who asked sees it."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from tests.client import form_data, logged_in
from tests.factories import PlayerFactory, UserFactory, make_organizer
from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.imports.services import import_job_run
from tournaments.models import Player, Rating, RatingList, RatingSource
from tournaments.ratings import lists_import
from tournaments.ratings.lists_import import (
    rating_list_apply,
    rating_list_plan,
    rating_list_preview_json,
)

pytestmark = pytest.mark.django_db

HEADER = b'"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
LIST = (
    HEADER
    + b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n'
    + b'"16000","","Chub, de","Tamara","UKR","MI","2250","GMIF","2250"\n'
    + b'"17000","","Sijbrands","Ton","NED","GMI","2380","",""\n'
    + b'"18000","","Nobody","","NED","","22.5","",""\n'
)
JANUARY = datetime.date(2026, 1, 1)


def post_list(client, data: bytes = LIST, name: str = "fmjd-2026-01.csv"):
    return client.post(
        reverse("admin:tournaments_ratinglist_import"),
        {"file": SimpleUploadedFile(name, data), "source": "fmjd100", "published": "2026-01-01"},
    )


def job_url(job: ImportJob, name: str = "job") -> str:
    return reverse(f"admin:tournaments_ratinglist_{name}", args=(job.pk,))


def test_the_upload_answers_at_once_with_the_jobs_page_following_its_progress():
    client = logged_in(make_organizer("olga"))
    answer = post_list(client)  # the job is queued once the transaction commits: not here
    job = ImportJob.objects.get()
    assert answer.status_code == 302 and answer.url == job_url(job)
    assert (job.kind, job.phase, job.status, job.file_name) == (
        "ratinglist",
        ImportPhase.PREVIEW,
        ImportStatus.QUEUED,
        "fmjd-2026-01.csv",
    )
    assert job.file.read() == LIST and job.requested_by.username == "olga"
    page = client.get(answer.url).content.decode()
    assert 'id="import-job"' in page and "<progress" in page and "js/import-job.js" in page
    assert f'data-status-url="{job_url(job, "job_status")}"' in page
    assert 'id="import-preview"' not in page and not RatingList.objects.exists()
    state = client.get(job_url(job, "job_status")).json()
    assert state == {"status": "queued", "phase": "preview", "done": 0, "total": 0}


def test_the_jobs_preview_is_the_services_preview_and_its_progress_reaches_the_end(
    django_capture_on_commit_callbacks,
):
    PlayerFactory(last_name="Sijbrands", first_name="Ton", fmjd_id="", rating=2300)
    olga = make_organizer("olga")
    client = logged_in(olga)
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_list(client)
    job = ImportJob.objects.get()
    expected = rating_list_preview_json(
        rating_list_plan(LIST, source="fmjd100", published=JANUARY, user=olga)
    )
    assert job.result == expected
    assert (job.status, job.done, job.total) == (ImportStatus.DONE, 4, 4)
    assert [line["action"] for line in job.result["lines"]] == [
        "create",
        "create",
        "proposed",
        "refused",
    ]
    page = client.get(answer.url).content.decode()
    assert 'id="import-preview"' in page and 'id="import-job"' not in page
    assert "2250 (women: 2250)" in page and "not a whole number" in page
    assert "name matches to accept: 1" in page
    assert not RatingList.objects.exists()


def test_the_progress_is_told_every_few_lines(monkeypatch):
    monkeypatch.setattr(lists_import, "PROGRESS_EVERY", 3)
    told: list[tuple[int, int]] = []
    data = HEADER + b"".join(
        f'"{10000 + n}","","Player{n}","A","NED","","2000","",""\n'.encode() for n in range(7)
    )
    rating_list_plan(
        data,
        source=RatingSource.FMJD_100,
        published=JANUARY,
        progress=lambda done, total: told.append((done, total)),
    )
    assert told == [(3, 7), (6, 7), (7, 7)]


def test_the_confirmed_job_writes_what_the_service_writes(django_capture_on_commit_callbacks):
    namesake = PlayerFactory(last_name="Sijbrands", first_name="Ton", fmjd_id="", rating=2300)
    client = logged_in(make_organizer("olga"))
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_list(client)
    preview = client.get(answer.url)
    with django_capture_on_commit_callbacks(execute=True):
        posted = client.post(
            answer.url, {**form_data(preview, "import-confirm"), "confirm": "1", "accept": "4"}
        )
    assert posted.status_code == 302 and posted.url == answer.url
    job = ImportJob.objects.get()
    assert (job.phase, job.status, job.done, job.total) == (ImportPhase.APPLY, "done", 8, 8)
    done = client.get(answer.url)
    rating_list = RatingList.objects.get()
    assert done.url == reverse("admin:tournaments_ratinglist_change", args=(rating_list.pk,))
    assert not job.file  # the list keeps its own copy
    by_job = sorted(Rating.objects.values_list("player__fmjd_id", "rating", "women_rating"))
    assert Player.objects.get(pk=namesake.pk).fmjd_id == "17000"

    # The same file and choice through the service, on a fresh set of rows.
    RatingList.objects.all().delete()
    Player.objects.exclude(pk=namesake.pk).delete()
    Player.objects.filter(pk=namesake.pk).update(fmjd_id="")
    plan = rating_list_plan(LIST, source=RatingSource.FMJD_100, published=JANUARY)
    rating_list_apply(
        LIST,
        source=RatingSource.FMJD_100,
        published=JANUARY,
        file_name="fmjd-2026-01.csv",
        digest=plan.digest,
        accepted={4},
        user=None,
    )
    by_service = sorted(Rating.objects.values_list("player__fmjd_id", "rating", "women_rating"))
    assert (
        by_job
        == by_service
        == [
            ("15000", 2400, None),
            ("16000", 2250, 2250),
            ("17000", 2380, None),
        ]
    )


@pytest.mark.postgres
def test_the_planner_counts_the_rows_an_import_wrote(django_capture_on_commit_callbacks):
    """After the apply, PostgreSQL's planner knows how many ratings there are (ANALYZE ran):
    a never-counted table reads -1 in pg_class.reltuples."""
    client = logged_in(make_organizer("olga"))
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_list(client)
    preview = client.get(answer.url)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            answer.url, {**form_data(preview, "import-confirm"), "confirm": "1", "accept": "4"}
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = %s", [Rating._meta.db_table])
        (counted,) = cursor.fetchone()
    assert counted == Rating.objects.count() == 3


def test_a_confirmation_after_the_players_changed_shows_the_new_preview_and_writes_nothing(
    django_capture_on_commit_callbacks,
):
    client = logged_in(make_organizer("olga"))
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_list(client)
    preview = client.get(answer.url)
    PlayerFactory(last_name="Boomstra", first_name="Roel", fmjd_id="15000", rating=2390)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(answer.url, {**form_data(preview, "import-confirm"), "confirm": "1"})
    job = ImportJob.objects.get()
    assert (job.phase, job.status) == (ImportPhase.PREVIEW, ImportStatus.DONE)
    assert "changed since the preview" in job.error
    page = client.get(answer.url).content.decode()
    assert "changed since the preview" in page and "2390" in page
    assert not RatingList.objects.exists()


def test_a_file_that_cannot_be_read_fails_its_job_naming_the_line(
    django_capture_on_commit_callbacks,
):
    client = logged_in(make_organizer("olga"))
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_list(client, b'"nr_ew","last_n","first_n\n"1","a","b"\n', "bad.csv")
    job = ImportJob.objects.get()
    assert job.status == ImportStatus.FAILED
    assert job.error == "Line 1 (the header): its quotation marks do not match."
    assert not job.file  # nothing to confirm: the stored file is deleted
    page = client.get(answer.url).content.decode()
    assert 'id="import-job-error"' in page and job.error in page and "bad.csv" in page
    assert client.get(job_url(job, "job_status")).json()["status"] == "failed"
    assert not RatingList.objects.exists() and not Player.objects.exists()


def test_a_job_is_seen_only_by_who_asked_and_run_once(django_capture_on_commit_callbacks):
    olga = make_organizer("olga")
    with django_capture_on_commit_callbacks(execute=True):
        post_list(logged_in(olga))
    job = ImportJob.objects.get()
    other = logged_in(make_organizer("piet"))
    assert other.get(job_url(job)).status_code == 404
    assert other.get(job_url(job, "job_status")).status_code == 404
    assert other.post(job_url(job), {"confirm": "1", "digest": "x"}).status_code == 404
    no_import = logged_in(UserFactory(username="viewer"))
    assert no_import.get(job_url(job)).status_code == 403
    superuser = logged_in(UserFactory(username="root", is_superuser=True))
    assert superuser.get(job_url(job)).status_code == 200
    # A second delivery of a finished job does nothing.
    finished = job.finished_at
    assert import_job_run(job_id=job.pk).finished_at == finished
    assert ImportJob.objects.get().phase == ImportPhase.PREVIEW
