"""Import jobs: started by the upload (the file stored, the preview job queued), confirmed
once the preview is shown (the apply job queued), run by tournaments.tasks.import_job_task.

Each kind of import registers its preview and its apply under a name
(`import_kind_register`, from its app's ready()); both read the stored file, report their
progress through a callback, and return what the page shows as JSON. Without a Celery
broker the task runs in-process, as the printed documents' jobs do (config.settings).

A running job holds its lock (tournaments.site.job_liveness, namespace IMPORT_JOBS), so a
job whose worker died is told apart from one that runs. The periodic check
(`import_jobs_check`: Celery beat, or tournaments.imports.watch without a broker) queues such
a lost job again once, then fails it, and deletes the uploaded files nothing will read again:
a failed job's, an imported one's, a preview's not confirmed within IMPORT_PREVIEW_SECONDS
(the job expires). Both phases may run again after a death: the preview writes nothing, and
the apply writes in one transaction with the job's outcome (a job lost before its commit has
written nothing; after it, it is done, not lost). The job's pages read it through
`import_job_refresh`, which applies the same rules at once.
"""

import datetime
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import ImportChangedError
from tournaments.site.job_liveness import IMPORT_JOBS, job_alive, job_lock
from tournaments.site.planner_statistics import planner_statistics_refresh
from tournaments.task_names import TaskQueueError, task_queue

logger = logging.getLogger(__name__)

#: ``progress(done, total)``: lines done out of lines in all.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ImportKind:
    """What one kind of import does with a job's file: `preview` returns the preview as
    JSON and writes nothing; `apply` writes what the preview showed and returns what it
    wrote. Both raise ImportFormatError for a file they cannot read (the error names the
    line); `apply` raises ImportChangedError when the preview no longer holds."""

    preview: Callable[[ImportJob, bytes, Progress], dict[str, Any]]
    apply: Callable[[ImportJob, bytes, Progress], dict[str, Any]]


IMPORT_KINDS: dict[str, ImportKind] = {}


def import_kind_register(name: str, kind: ImportKind) -> None:
    IMPORT_KINDS[name] = kind


def import_job_start(
    *,
    kind: str,
    data: bytes,
    file_name: str,
    parameters: dict[str, Any],
    user: AbstractBaseUser,
) -> ImportJob:
    """Store the file and queue its preview job (once the transaction commits)."""
    if kind not in IMPORT_KINDS:
        raise KeyError(kind)
    with transaction.atomic():
        job = ImportJob(
            kind=kind,
            file_name=file_name[:200],
            parameters=parameters,
            requested_by_id=user.pk,
            language=translation.get_language() or "",
            queued_at=timezone.now(),
        )
        job.file.save(f"{kind}.dat", ContentFile(data), save=False)
        job.save()
        transaction.on_commit(partial(_enqueue, job.pk))
    return job


def import_job_confirm(*, job: ImportJob, parameters: dict[str, Any]) -> bool:
    """Queue the apply job of a previewed import with what the confirmation adds to its
    parameters (the preview's digest, the lines accepted, a slug); False (nothing queued)
    when the job is not a finished preview, or one older than IMPORT_PREVIEW_SECONDS (its
    file is deleted, or about to be: the job expires)."""
    with transaction.atomic():
        updated = ImportJob.objects.filter(
            pk=job.pk,
            phase=ImportPhase.PREVIEW,
            status=ImportStatus.DONE,
            finished_at__gte=_preview_cutoff(),
        ).update(
            phase=ImportPhase.APPLY,
            status=ImportStatus.QUEUED,
            parameters={**job.parameters, **parameters},
            done=0,
            total=0,
            error="",
            queued_at=timezone.now(),
            started_at=None,
            recoveries=0,
            finished_at=None,
        )
        if updated:
            transaction.on_commit(partial(_enqueue, job.pk))
    return bool(updated)


def _enqueue(job_id: int) -> None:
    try:
        task_id = task_queue("tournaments.tasks.import_job_task", job_id)
    except TaskQueueError as exc:
        logger.warning("import job %s %s", job_id, exc)
        ImportJob.objects.filter(pk=job_id).update(
            status=ImportStatus.FAILED, error=str(exc), finished_at=timezone.now()
        )
        _file_release(ImportJob.objects.get(pk=job_id))
        return
    ImportJob.objects.filter(pk=job_id).update(task_id=task_id)


def import_job_run(*, job_id: int) -> ImportJob:
    """The job: the preview or the apply of its kind, in the language of the page that
    asked. A delivery of a job that is not queued, or that a live worker runs, does nothing.
    A file that cannot be read fails the job with the error naming the line (and is
    deleted); an apply whose preview no longer holds shows the new preview with the reason.

    The job holds its lock while it runs (tournaments.site.job_liveness), taken before it is
    marked running and released once its outcome is saved: a running job whose lock is free
    was lost with its worker."""
    with job_lock(job_id, namespace=IMPORT_JOBS) as acquired:
        if not acquired:
            logger.info("import job %s: it runs on another worker", job_id)
            return ImportJob.objects.get(pk=job_id)
        return _run(job_id)


def _run(job_id: int) -> ImportJob:
    claimed = ImportJob.objects.filter(pk=job_id, status=ImportStatus.QUEUED).update(
        status=ImportStatus.RUNNING, started_at=timezone.now()
    )
    job = ImportJob.objects.get(pk=job_id)
    if not claimed:
        return job
    kind = IMPORT_KINDS[job.kind]
    last = [0, 0]  # the last progress told: a rolled-back preview also rolls back its updates

    def progress(done: int, total: int) -> None:
        last[:] = [min(done, total), total]
        _progress(job_id, done, total)

    stored = job.file.name
    with translation.override(job.language or None):
        try:
            with job.file.open("rb") as file:
                data = file.read()
            if job.phase == ImportPhase.PREVIEW:
                return _finish(job, result=kind.preview(job, data, progress), told=last[1])
            try:
                # What the import writes and the job's outcome commit together: a worker lost
                # before the commit wrote nothing, and the job runs again from the start.
                with transaction.atomic():
                    result = kind.apply(job, data, progress)
                    job.file = None  # the import keeps its own copy when it needs one
                    finished = _finish(job, result=result, told=last[1])
                    transaction.on_commit(partial(job.file.storage.delete, stored))
                    # the rows written are counted before the pages read them
                    transaction.on_commit(planner_statistics_refresh)
                return finished
            except ImportChangedError as exc:
                preview = kind.preview(job, data, progress)
                return _finish(
                    job, result=preview, phase=ImportPhase.PREVIEW, error=str(exc), told=last[1]
                )
        except ImportFormatError as exc:
            # nothing can be confirmed: a new upload starts over
            job.file.name = stored
            return _file_release(_finish(job, status=ImportStatus.FAILED, error=str(exc)))
        except Exception:
            logger.exception("import job %s failed", job_id)
            job.file.name = stored
            return _file_release(
                _finish(
                    job,
                    status=ImportStatus.FAILED,
                    error=_("The import stopped on an unexpected error; nothing was written."),
                )
            )


def _finish(
    job: ImportJob,
    *,
    result: dict[str, Any] | None = None,
    status: str = ImportStatus.DONE,
    phase: str | None = None,
    error: str = "",
    told: int = 0,
) -> ImportJob:
    job.status = status
    job.error = error
    job.phase = phase or job.phase
    job.finished_at = timezone.now()
    job.total = max(told, ImportJob.objects.values_list("total", flat=True).get(pk=job.pk))
    job.done = job.total
    if result is not None:
        job.result = result
    job.save()
    return job


def _progress(job_id: int, done: int, total: int) -> None:
    """Save the progress where the job's page reads it. Inside the import's transaction an
    update would be seen only once it commits (or never, for a preview rolled back): on
    PostgreSQL it goes through a connection of its own, skipping the row while another
    transaction holds it; elsewhere (SQLite, in-process) the page sees the end only."""
    done = min(done, total)
    if not (connection.in_atomic_block and connection.vendor == "postgresql"):
        ImportJob.objects.filter(pk=job_id).update(done=done, total=total)
        return
    table = connection.ops.quote_name(ImportJob._meta.db_table)
    side = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with side.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET done = %s, total = %s WHERE id = "
                f"(SELECT id FROM {table} WHERE id = %s FOR UPDATE SKIP LOCKED)",
                [done, total, job_id],
            )
    finally:
        side.close()


# The periodic check: lost jobs, expired previews, files nothing will read again.

#: A lost job is queued again this many times in a phase, then it fails.
RECOVERIES = 1
#: Where the uploaded files are stored (ImportJob.file's upload_to).
FILES_FOLDER = "imports"
_BUSY = (ImportStatus.QUEUED, ImportStatus.RUNNING)


@dataclass(frozen=True)
class ImportCheck:
    """What one check did: the jobs queued again, failed (lost once too often) and expired
    (previews never confirmed), and how many files it deleted."""

    requeued: tuple[int, ...] = ()
    failed: tuple[int, ...] = ()
    expired: tuple[int, ...] = ()
    files_deleted: int = 0

    @property
    def count(self) -> int:
        return len(self.requeued) + len(self.failed) + len(self.expired) + self.files_deleted


def _preview_cutoff() -> datetime.datetime:
    """A preview finished before this time is no longer confirmed: it expires."""
    return timezone.now() - datetime.timedelta(seconds=settings.IMPORT_PREVIEW_SECONDS)


def _lost(job: ImportJob) -> bool:
    """A job no worker will finish: running while its lock is free (its worker is gone:
    tournaments.site.job_liveness), or, where the database cannot tell, running or queued
    for longer than IMPORT_STALE_SECONDS (the process that ran it died, or the broker lost
    it)."""
    if job.status not in _BUSY:
        return False
    if job.status == ImportStatus.RUNNING:
        alive = job_alive(job.pk, namespace=IMPORT_JOBS)
        if alive is not None:
            return not alive
    since = job.started_at or job.queued_at or job.created_at
    return (timezone.now() - since).total_seconds() > settings.IMPORT_STALE_SECONDS


def _lost_error(job: ImportJob) -> str:
    """Why a lost job failed, in the words of the page that asked for it."""
    with translation.override(job.language or None):
        if job.status == ImportStatus.QUEUED:
            return _(
                "No worker took the job in time (is a Celery worker running?): start the "
                "import again."
            )
        if job.phase == ImportPhase.PREVIEW:
            return _(
                "The worker stopped while it read the file for its preview: start the import again."
            )
        return _("The worker stopped while it imported the file: start the import again.")


def _recover(job: ImportJob) -> str | None:
    """Queue a lost job again (RECOVERIES times in a phase), or fail it with the reason and
    delete its file; returns what was done ("requeued", "failed"), None for a job that is
    not lost (any more)."""
    if not _lost(job):
        return None
    with transaction.atomic():
        row = ImportJob.objects.select_for_update().get(pk=job.pk)
        if not _lost(row):
            return None
        if row.recoveries < RECOVERIES:
            logger.warning("import job %s: its worker is gone; queued again", row.pk)
            row.status = ImportStatus.QUEUED
            row.recoveries += 1
            row.queued_at = timezone.now()
            row.started_at = None
            row.done = row.total = 0
            row.save(
                update_fields=["status", "recoveries", "queued_at", "started_at", "done", "total"]
            )
            transaction.on_commit(partial(_enqueue, row.pk))
            return "requeued"
        logger.warning("import job %s: its worker is gone again; failed", row.pk)
        row.error = _lost_error(row)
        row.status = ImportStatus.FAILED
        row.finished_at = timezone.now()
        row.save(update_fields=["status", "error", "finished_at"])
    _file_release(row)
    return "failed"


def _expire(job: ImportJob) -> bool:
    """Expire a preview not confirmed in time and delete its file; False when it is not
    such a preview (a confirmation won the race: its file is read by the apply)."""
    expired = ImportJob.objects.filter(
        pk=job.pk,
        phase=ImportPhase.PREVIEW,
        status=ImportStatus.DONE,
        finished_at__lt=_preview_cutoff(),
    ).update(status=ImportStatus.EXPIRED)
    if expired:
        job.refresh_from_db()
        _file_release(job)
    return bool(expired)


def _file_release(job: ImportJob) -> ImportJob:
    """Delete the file of a job that will never read it again (failed, expired, or imported:
    the import keeps its own copy when it needs one); a job that may still read it (queued,
    running, or a preview waiting for its confirmation) keeps it."""
    name = job.file.name
    finished = job.status in (ImportStatus.FAILED, ImportStatus.EXPIRED) or (
        job.phase == ImportPhase.APPLY and job.status == ImportStatus.DONE
    )
    if not name or not finished:
        return job
    # Only while the row still says so: its status is final, nothing takes the job back.
    if ImportJob.objects.filter(pk=job.pk, status=job.status, file=name).update(file=""):
        job.file.storage.delete(name)
    job.file = None
    return job


def import_job_refresh(*, job: ImportJob) -> ImportJob:
    """The job as it truly is, for its pages: a lost job is queued again or failed, a
    preview not confirmed in time expires (as the periodic check would do), so that a page
    never follows a job that no worker runs, nor offers to confirm a file deleted."""
    if _recover(job) is not None:
        return ImportJob.objects.get(pk=job.pk)
    waited_too_long = job.finished_at is not None and job.finished_at < _preview_cutoff()
    if job.phase == ImportPhase.PREVIEW and job.status == ImportStatus.DONE and waited_too_long:
        _expire(job)
    return job


def import_jobs_check() -> ImportCheck:
    """The periodic check (tournaments.tasks.import_jobs_check_task under Celery beat,
    tournaments.imports.watch without a broker): every lost job is queued again or failed,
    every preview not confirmed within IMPORT_PREVIEW_SECONDS expires, and the files nothing
    will read again are deleted: those of failed, expired and imported jobs, and those of no
    job at all (a job deleted with its user, an upload whose job was never saved) once as
    old as a preview may wait. A file a queued or running job may read is never deleted."""
    done: dict[str, list[int]] = {"requeued": [], "failed": []}
    for job in ImportJob.objects.filter(status__in=_BUSY).order_by("pk"):
        outcome = _recover(job)
        if outcome is not None:
            done[outcome].append(job.pk)
    expired = [
        job.pk
        for job in ImportJob.objects.filter(
            phase=ImportPhase.PREVIEW,
            status=ImportStatus.DONE,
            finished_at__lt=_preview_cutoff(),
        ).order_by("pk")
        if _expire(job)
    ]
    deleted = 0
    finished = (
        ImportJob.objects.exclude(file="")
        .filter(
            Q(status__in=(ImportStatus.FAILED, ImportStatus.EXPIRED))
            | Q(phase=ImportPhase.APPLY, status=ImportStatus.DONE)
        )
        .order_by("pk")
    )
    for job in finished:
        if job.file.name and not _file_release(job).file:
            deleted += 1
    deleted += _orphans_delete()
    return ImportCheck(
        requeued=tuple(done["requeued"]),
        failed=tuple(done["failed"]),
        expired=tuple(expired),
        files_deleted=deleted,
    )


def _orphans_delete() -> int:
    """Delete the files of the upload folder that no job names, once older than a preview
    may wait (an upload's file is stored just before its job's row commits); returns how
    many."""
    storage = ImportJob._meta.get_field("file").storage
    try:
        _, names = storage.listdir(FILES_FOLDER)
    except FileNotFoundError:
        return 0
    named = set(ImportJob.objects.exclude(file="").values_list("file", flat=True))
    cutoff = _preview_cutoff()
    deleted = 0
    for base in names:
        name = f"{FILES_FOLDER}/{base}"
        if name in named:
            continue
        try:
            if storage.get_modified_time(name) >= cutoff:
                continue
        except (FileNotFoundError, NotImplementedError):
            continue
        storage.delete(name)
        deleted += 1
    return deleted
