"""Import jobs stay true and leave no files behind (tournaments.imports.services): a job whose
worker died is queued again once, then failed with the reason its page shows; a live job and
a finished one are left alone; a preview never confirmed expires and its file is deleted, as
are the files of failed and imported jobs and files no job names. Tasks run in-process;
PostgreSQL's answer on a job's liveness (tournaments.site.job_liveness) is stood in for
where a test needs it, since SQLite cannot tell."""

import datetime
import os

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from games.archive.write import event_archive
from tests.client import form_data, logged_in
from tests.factories import make_organizer, played_event
from tournaments import task_names
from tournaments.imports import services, watch
from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.imports.services import (
    import_job_confirm,
    import_job_run,
    import_job_start,
    import_jobs_check,
)
from tournaments.models import Event, RatingList
from tournaments.ratings.lists_import import RATING_LIST_IMPORT

pytestmark = pytest.mark.django_db

LIST = (
    b'"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
    b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n'
    b'"16000","","Chub, de","Tamara","UKR","MI","2250","GMIF","2250"\n'
)
PARAMETERS = {"source": "fmjd100", "published": "2026-01-01"}


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def olga(media):
    return make_organizer("olga")


@pytest.fixture
def jobs(django_capture_on_commit_callbacks):
    """A block at whose end the import jobs queued run, as without a broker."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def ago(seconds: float) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=seconds)


def start(user) -> ImportJob:
    """A rating list's job, queued (its task is handed over after a commit that never comes
    inside a test)."""
    return import_job_start(
        kind=RATING_LIST_IMPORT, data=LIST, file_name="fmjd.csv", parameters=PARAMETERS, user=user
    )


def previewed(user, jobs) -> ImportJob:
    with jobs():
        job = start(user)
    job.refresh_from_db()
    assert (job.phase, job.status) == (ImportPhase.PREVIEW, ImportStatus.DONE)
    return job


def confirmed(job: ImportJob) -> ImportJob:
    """The apply job queued (not run)."""
    assert import_job_confirm(job=job, parameters={"digest": job.result["digest"], "accepted": []})
    job.refresh_from_db()
    return job


def running(job: ImportJob, *, since: float, recoveries: int = 0) -> ImportJob:
    """The job as a worker leaves it when it dies: running, started `since` seconds ago."""
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportStatus.RUNNING, started_at=ago(since), recoveries=recoveries
    )
    job.refresh_from_db()
    return job


def stored(job: ImportJob) -> bool:
    return bool(job.file.name) and default_storage.exists(job.file.name)


def job_url(job: ImportJob, name: str = "job") -> str:
    return reverse(f"admin:tournaments_ratinglist_{name}", args=(job.pk,))


def alive(monkeypatch, answer: bool | None) -> None:
    """What the database says of every job's lock: PostgreSQL's answer, or SQLite's None."""
    monkeypatch.setattr(services, "job_alive", lambda job_id, *, namespace: answer)


# Lost jobs


def test_a_preview_whose_worker_died_is_queued_again_once_and_runs(olga, jobs, settings):
    job = running(start(olga), since=settings.IMPORT_STALE_SECONDS + 60)
    with jobs():
        check = import_jobs_check()
    assert check.requeued == (job.pk,) and not check.failed
    job.refresh_from_db()
    assert (job.phase, job.status, job.recoveries) == (ImportPhase.PREVIEW, "done", 1)
    assert [line["action"] for line in job.result["lines"]] == ["create", "create"]
    assert stored(job), "a preview waiting for its confirmation keeps its file"


def test_a_job_lost_a_second_time_fails_and_its_page_says_why(olga, jobs, settings):
    job = running(start(olga), since=settings.IMPORT_STALE_SECONDS + 60, recoveries=1)
    name = job.file.name
    client = logged_in(olga)
    page = client.get(job_url(job)).content.decode()  # the page reads the job as it is
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED and job.finished_at is not None
    assert job.error == (
        "The worker stopped while it read the file for its preview: start the import again."
    )
    assert 'id="import-job-error"' in page and job.error in page
    assert 'id="import-job"' not in page, "no progress bar following a job nobody runs"
    assert client.get(job_url(job, "job_status")).json()["status"] == "failed"
    assert not job.file and not default_storage.exists(name), "a failed job's file is deleted"
    assert import_jobs_check() == services.ImportCheck(), "nothing left to do"


def test_a_lost_apply_runs_again_and_imports_once(olga, jobs, settings):
    job = running(confirmed(previewed(olga, jobs)), since=settings.IMPORT_STALE_SECONDS + 60)
    assert not RatingList.objects.exists(), "the apply's transaction died with its worker"
    with jobs():
        assert import_jobs_check().requeued == (job.pk,)
    job.refresh_from_db()
    assert (job.phase, job.status) == (ImportPhase.APPLY, ImportStatus.DONE)
    assert RatingList.objects.get().ratings.count() == 2
    # lost again in this phase: failed, in the words of the apply
    again = running(confirmed(previewed(olga, jobs)), since=86400, recoveries=1)
    assert import_jobs_check().failed == (again.pk,)
    again.refresh_from_db()
    assert again.error == "The worker stopped while it imported the file: start the import again."
    assert RatingList.objects.count() == 1


def test_a_confirmation_gives_the_apply_its_own_recovery(olga, jobs):
    job = previewed(olga, jobs)
    ImportJob.objects.filter(pk=job.pk).update(recoveries=1)
    job.refresh_from_db()
    assert confirmed(job).recoveries == 0


def test_the_apply_and_the_jobs_outcome_commit_together(olga, jobs, monkeypatch):
    """A worker dying between what the import writes and the job's outcome (here, an error
    at that point) leaves nothing written: so the apply may run again."""
    job = confirmed(previewed(olga, jobs))
    finish = services._finish
    calls = []

    def dies_once(job, **kwargs):
        calls.append(kwargs.get("status", ImportStatus.DONE))
        if len(calls) == 1:
            raise RuntimeError("the worker died")
        return finish(job, **kwargs)

    monkeypatch.setattr(services, "_finish", dies_once)
    job = import_job_run(job_id=job.pk)
    assert calls == [ImportStatus.DONE, ImportStatus.FAILED]
    assert job.status == ImportStatus.FAILED and "nothing was written" in job.error
    assert not RatingList.objects.exists()
    assert not job.file


def test_a_queued_job_no_worker_takes_is_queued_again_then_failed(olga, settings):
    job = start(olga)
    ImportJob.objects.filter(pk=job.pk).update(queued_at=ago(settings.IMPORT_STALE_SECONDS + 60))
    assert import_jobs_check().requeued == (job.pk,)  # the new task waits for the commit
    job.refresh_from_db()
    assert (job.status, job.recoveries) == (ImportStatus.QUEUED, 1)
    assert job.queued_at > ago(60) and stored(job), "queued again: its file is kept"
    assert import_jobs_check() == services.ImportCheck(), "not lost again until the delay"
    ImportJob.objects.filter(pk=job.pk).update(queued_at=ago(settings.IMPORT_STALE_SECONDS + 60))
    assert import_jobs_check().failed == (job.pk,)
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED and "No worker took the job" in job.error


def test_a_live_job_is_left_alone(olga, settings, monkeypatch):
    recent = running(start(olga), since=60)
    queued = start(olga)
    # SQLite cannot tell: a job is lost only past the stale delay
    alive(monkeypatch, None)
    assert import_jobs_check() == services.ImportCheck()
    # PostgreSQL tells by the lock: held, even a job running for long is alive
    old = running(start(olga), since=settings.IMPORT_STALE_SECONDS + 60)
    alive(monkeypatch, True)
    assert import_jobs_check() == services.ImportCheck()
    for job in (recent, queued, old):
        status = job.status
        job.refresh_from_db()
        assert job.status == status and job.recoveries == 0 and stored(job)
    page = logged_in(olga).get(job_url(old)).content.decode()
    assert 'id="import-job"' in page and 'id="import-job-error"' not in page


def test_a_running_job_whose_lock_is_free_is_lost_at_once(olga, jobs, monkeypatch):
    job = running(start(olga), since=5)
    alive(monkeypatch, False)
    with jobs():
        assert import_jobs_check().requeued == (job.pk,)
    job.refresh_from_db()
    assert job.status == ImportStatus.DONE


def test_a_delivery_while_a_live_worker_holds_the_job_does_nothing(olga, monkeypatch):
    import contextlib

    job = start(olga)

    @contextlib.contextmanager
    def held(job_id, *, namespace):
        yield False

    monkeypatch.setattr(services, "job_lock", held)
    assert import_job_run(job_id=job.pk).status == ImportStatus.QUEUED


def test_finished_jobs_are_left_alone(olga, jobs, settings):
    long_ago = ago(settings.IMPORT_STALE_SECONDS + 60)
    preview = previewed(olga, jobs)
    imported = previewed(olga, jobs)
    with jobs():
        confirmed(imported)
    failed = start(olga)
    ImportJob.objects.filter(pk__in=(preview.pk, imported.pk, failed.pk)).update(
        started_at=long_ago, queued_at=long_ago
    )
    ImportJob.objects.filter(pk=failed.pk).update(status=ImportStatus.FAILED, error="bad")
    check = import_jobs_check()
    assert not (check.requeued or check.failed or check.expired)
    states = dict(ImportJob.objects.values_list("pk", "status"))
    assert states == {preview.pk: "done", imported.pk: "done", failed.pk: "failed"}
    assert RatingList.objects.count() == 1
    preview.refresh_from_db()
    assert stored(preview)


# Files


def test_a_preview_not_confirmed_in_time_expires_and_its_file_is_deleted(olga, jobs, settings):
    job = previewed(olga, jobs)
    client = logged_in(olga)
    page = client.get(job_url(job))
    ImportJob.objects.filter(pk=job.pk).update(
        finished_at=ago(settings.IMPORT_PREVIEW_SECONDS + 60)
    )
    name = job.file.name
    check = import_jobs_check()
    assert check.expired == (job.pk,) and check.files_deleted == 0  # deleted as it expired
    job.refresh_from_db()
    assert job.status == ImportStatus.EXPIRED and not job.file
    assert not default_storage.exists(name)
    shown = client.get(job_url(job)).content.decode()
    assert 'id="import-job-expired"' in shown
    assert "expired before it was confirmed: upload the file again" in shown
    assert 'id="import-confirm"' not in shown and 'id="import-upload"' in shown
    assert client.get(job_url(job, "job_status")).json()["status"] == "expired"
    # a confirmation sent from the page shown before: the page says the same, nothing written
    with jobs():
        sent = client.post(
            job_url(job), {**form_data(page, "import-confirm"), "confirm": "1"}, follow=True
        )
    assert "upload the file again" in sent.content.decode()
    assert not RatingList.objects.exists()
    assert ImportJob.objects.get(pk=job.pk).status == ImportStatus.EXPIRED


def test_a_preview_past_its_time_expires_when_its_page_is_read(olga, jobs, settings):
    job = previewed(olga, jobs)
    ImportJob.objects.filter(pk=job.pk).update(finished_at=ago(settings.IMPORT_PREVIEW_SECONDS + 1))
    assert not import_job_confirm(job=job, parameters={"digest": job.result["digest"]})
    page = logged_in(olga).get(job_url(job)).content.decode()
    assert 'id="import-job-expired"' in page
    job.refresh_from_db()
    assert job.status == ImportStatus.EXPIRED and not job.file


def test_a_preview_within_its_time_keeps_its_file(olga, jobs, settings):
    job = previewed(olga, jobs)
    ImportJob.objects.filter(pk=job.pk).update(
        finished_at=ago(settings.IMPORT_PREVIEW_SECONDS - 60)
    )
    assert import_jobs_check() == services.ImportCheck()
    job.refresh_from_db()
    assert job.status == ImportStatus.DONE and stored(job)
    assert confirmed(job).status == ImportStatus.QUEUED


def test_the_files_of_failed_and_imported_jobs_are_deleted(olga, jobs):
    with jobs():
        imported = confirmed(previewed(olga, jobs))
    name = previewed(olga, jobs).file.name  # a preview waiting for its confirmation
    imported.refresh_from_db()
    assert imported.status == ImportStatus.DONE and not imported.file
    assert RatingList.objects.get().file, "the list keeps its own copy"
    # one whose deletion never ran (its worker died right after the commit), and a job
    # failed before it started
    left = confirmed(previewed(olga, jobs))
    ImportJob.objects.filter(pk=left.pk).update(status=ImportStatus.DONE)
    failed = start(olga)
    ImportJob.objects.filter(pk=failed.pk).update(status=ImportStatus.FAILED)
    names = [left.file.name, failed.file.name]
    assert all(default_storage.exists(each) for each in names)
    assert import_jobs_check().files_deleted == 2
    assert not any(default_storage.exists(each) for each in names)
    assert not ImportJob.objects.get(pk=left.pk).file
    assert default_storage.exists(name), "the waiting preview's file is kept"


def test_a_job_the_broker_refuses_fails_and_its_file_is_deleted(olga, jobs, monkeypatch):
    class Down:
        def delay(self, job_id):
            raise OSError("connection refused")

    monkeypatch.setattr(task_names, "task_named", lambda name: Down())
    with jobs():
        job = start(olga)
    name = job.file.name
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED and "connection refused" in job.error
    assert not job.file and not default_storage.exists(name)


def test_no_file_a_queued_or_running_job_may_read_is_deleted(olga, jobs, settings, monkeypatch):
    long_ago = ago(settings.IMPORT_PREVIEW_SECONDS + 60)
    queued = confirmed(previewed(olga, jobs))
    running_ = running(start(olga), since=settings.IMPORT_PREVIEW_SECONDS + 60)
    ImportJob.objects.filter(pk__in=(queued.pk, running_.pk)).update(
        created_at=long_ago, finished_at=long_ago
    )
    for job in (queued, running_):  # and their files are as old
        path = default_storage.path(job.file.name)
        os.utime(path, (long_ago.timestamp(), long_ago.timestamp()))
    alive(monkeypatch, True)
    assert import_jobs_check() == services.ImportCheck()
    for job in (queued, running_):
        job.refresh_from_db()
        assert job.busy and stored(job)


def test_a_file_is_released_only_by_a_job_that_will_not_read_it_again(olga, jobs):
    waiting = previewed(olga, jobs)
    queued = start(olga)
    for job in (waiting, queued):
        assert services._file_release(job).file and stored(job)
    # a row read before a confirmation: the file follows the row as it is now
    stale = ImportJob.objects.get(pk=waiting.pk)
    confirmed(waiting)
    stale.status = ImportStatus.FAILED
    assert services._file_release(stale) and stored(waiting)


def test_files_no_job_names_are_deleted_once_old(olga, jobs, settings):
    kept = previewed(olga, jobs)
    gone = start(olga)
    old_name, fresh_name = gone.file.name, "imports/uploading.dat"
    gone.delete()  # a job deleted with its user leaves its file
    default_storage.save(fresh_name, SimpleUploadedFile("x", b"x"))  # an upload not committed
    long_ago = ago(settings.IMPORT_PREVIEW_SECONDS + 60).timestamp()
    for name in (old_name, kept.file.name):
        os.utime(default_storage.path(name), (long_ago, long_ago))
    assert import_jobs_check().files_deleted == 1
    assert not default_storage.exists(old_name)
    assert default_storage.exists(fresh_name) and stored(kept)


def test_the_check_without_an_upload_folder_does_nothing(media):
    assert not (media / "imports").exists()
    assert import_jobs_check() == services.ImportCheck()


def test_an_archive_preview_that_expired_says_so_on_its_page(jobs, media, settings):
    organizer = make_organizer("organizer")
    event, _ = played_event(organizer, players=2)
    client = logged_in(organizer)
    with jobs():
        client.post(
            reverse("admin:tournaments_event_archive_import"),
            {"file": SimpleUploadedFile("event.zip", event_archive(event=event, user=organizer))},
        )
    job = ImportJob.objects.get()
    assert job.status == ImportStatus.DONE
    ImportJob.objects.filter(pk=job.pk).update(
        finished_at=ago(settings.IMPORT_PREVIEW_SECONDS + 60)
    )
    url = reverse("admin:tournaments_event_archive_job", args=(job.pk,))
    with jobs():
        sent = client.post(url, {"slug": "copy"})
    assert sent.status_code == 302 and sent.url == url
    page = client.get(url).content.decode()
    assert 'id="import-job-expired"' in page and "upload the file again" in page
    assert 'id="archive-confirm"' not in page and 'id="archive-preview"' not in page
    assert not Event.objects.filter(slug="copy").exists()
    job.refresh_from_db()
    assert job.status == ImportStatus.EXPIRED and not job.file


# Where the check runs


def test_the_check_runs_under_celery_beat_or_in_the_server_process(settings):
    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["import-jobs-check"]
    assert entry["task"] in app.tasks
    assert entry["schedule"] == settings.IMPORT_CHECK_SECONDS
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker: beat runs the check
    assert watch.start() is None


def test_the_task_and_the_thread_run_the_check(olga, settings, monkeypatch):
    from tournaments.tasks import import_jobs_check_task

    job = start(olga)
    ImportJob.objects.filter(pk=job.pk).update(queued_at=ago(settings.IMPORT_STALE_SECONDS + 60))
    assert import_jobs_check_task() == 1
    assert watch.check_once() == 0
    checks: list[int] = []
    stop = watch.threading.Event()

    def check() -> services.ImportCheck:
        checks.append(1)
        if len(checks) == 3:
            stop.set()
        return services.ImportCheck()

    monkeypatch.setattr(watch, "import_jobs_check", check)
    settings.IMPORT_CHECK_SECONDS = 0
    watch._loop(stop)  # returns once stopped: three checks ran
    assert len(checks) == 3
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.IMPORT_CHECK_SECONDS = 3600  # the thread waits, and stops when told
    monkeypatch.setattr(watch, "_started", watch.threading.Event())
    started = watch.start()
    assert started is not None and watch.start() is None  # once per process
    started.set()
