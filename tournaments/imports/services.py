"""Import jobs: started by the upload (the file stored, the preview job queued), confirmed
once the preview is shown (the apply job queued), run by tournaments.tasks.import_job_task.

Each kind of import registers its preview and its apply under a name
(`import_kind_register`, from its app's ready()); both read the stored file, report their
progress through a callback, and return what the page shows as JSON. Without a Celery
broker the task runs in-process, as the printed documents' jobs do (config.settings).
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import ImportChangedError
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
        )
        job.file.save(f"{kind}.dat", ContentFile(data), save=False)
        job.save()
        transaction.on_commit(partial(_enqueue, job.pk))
    return job


def import_job_confirm(*, job: ImportJob, parameters: dict[str, Any]) -> bool:
    """Queue the apply job of a previewed import with what the confirmation adds to its
    parameters (the preview's digest, the lines accepted, a slug); False (nothing queued)
    when the job is not a finished preview."""
    with transaction.atomic():
        updated = ImportJob.objects.filter(
            pk=job.pk, phase=ImportPhase.PREVIEW, status=ImportStatus.DONE
        ).update(
            phase=ImportPhase.APPLY,
            status=ImportStatus.QUEUED,
            parameters={**job.parameters, **parameters},
            done=0,
            total=0,
            error="",
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
        return
    ImportJob.objects.filter(pk=job_id).update(task_id=task_id)


def import_job_run(*, job_id: int) -> ImportJob:
    """The job: the preview or the apply of its kind, in the language of the page that
    asked. A delivery of a job that is not queued does nothing. A file that cannot be read
    fails the job with the error naming the line (and is deleted); an apply whose preview
    no longer holds shows the new preview with the reason."""
    claimed = ImportJob.objects.filter(pk=job_id, status=ImportStatus.QUEUED).update(
        status=ImportStatus.RUNNING
    )
    job = ImportJob.objects.get(pk=job_id)
    if not claimed:
        return job
    kind = IMPORT_KINDS[job.kind]
    last = [0, 0]  # the last progress told: a rolled-back preview also rolls back its updates

    def progress(done: int, total: int) -> None:
        last[:] = [min(done, total), total]
        _progress(job_id, done, total)

    with translation.override(job.language or None):
        try:
            with job.file.open("rb") as file:
                data = file.read()
            if job.phase == ImportPhase.PREVIEW:
                return _finish(job, result=kind.preview(job, data, progress), told=last[1])
            try:
                result = kind.apply(job, data, progress)
            except ImportChangedError as exc:
                preview = kind.preview(job, data, progress)
                return _finish(
                    job, result=preview, phase=ImportPhase.PREVIEW, error=str(exc), told=last[1]
                )
            job.file.delete(save=False)  # the import keeps its own copy when it needs one
            return _finish(job, result=result, told=last[1])
        except ImportFormatError as exc:
            job.file.delete(save=False)  # nothing can be confirmed: a new upload starts over
            return _finish(job, status=ImportStatus.FAILED, error=str(exc))
        except Exception:
            logger.exception("import job %s failed", job_id)
            job.file.delete(save=False)
            return _finish(
                job,
                status=ImportStatus.FAILED,
                error=_("The import stopped on an unexpected error; nothing was written."),
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
