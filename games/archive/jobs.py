"""An event archive previewed and imported by import jobs (tournaments.imports): the kind
registered by games.apps, its preview kept as JSON for the job's page."""

from typing import Any

from games.archive.check import archive_open
from games.archive.load import archive_import
from games.archive.preview import ArchivePreview, archive_preview
from games.services.errors import ArchiveError
from tournaments.imports.models import ImportJob
from tournaments.imports.services import Progress
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import ImportChangedError

#: The event archive's kind of import job.
ARCHIVE_IMPORT = "archive"


def archive_preview_json(preview: ArchivePreview) -> dict[str, Any]:
    """The preview as the job keeps it: what the page shows, the existing players by name."""
    report = preview.report
    return {
        "name": preview.name,
        "archive_slug": preview.archive_slug,
        "slug_taken": preview.slug_taken,
        "slug": preview.slug,
        "report": {
            "counts": report.counts,
            "differing": report.differing,
            "decks_created": report.decks_created,
            "people": report.people,
            "players": [
                {
                    "name": match.name,
                    "existing": str(match.existing) if match.existing is not None else "",
                    "matched_by": match.matched_by,
                    "same_name": list(match.same_name),
                    "differences": list(match.differences),
                }
                for match in report.players
            ],
        },
    }


def archive_job_preview(job: ImportJob, data: bytes, progress: Progress) -> dict[str, Any]:
    """The preview job of an archive; its fault fails the job, named as the page names it."""
    try:
        archive = archive_open(data, name=job.file_name)
        preview = archive_preview(archive=archive, user=job.requested_by, progress=progress)
    except ArchiveError as exc:
        raise ImportFormatError(str(exc)) from None
    return archive_preview_json(preview)


def archive_job_apply(job: ImportJob, data: bytes, progress: Progress) -> dict[str, Any]:
    """The import job of a confirmed archive under the slug chosen; a fault (the slug taken
    meanwhile) brings the preview back with it."""
    try:
        report = archive_import(
            archive=archive_open(data, name=job.file_name),
            user=job.requested_by,
            slug=job.parameters["slug"],
            progress=progress,
        )
    except ArchiveError as exc:
        raise ImportChangedError(str(exc)) from None
    event = report.event
    return {"event": event.pk if event is not None else None, "name": str(event)}
