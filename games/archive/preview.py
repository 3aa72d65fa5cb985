"""Previewing the import of an event's archive (`archive_preview`): what importing it would
create and what it conflicts with, found by importing it (games.archive.load) and rolling
back. What the preview accepts, the import accepts, unless the database changed in between.
"""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from games import archive as fmt
from games.archive.check import Archive
from games.archive.load import archive_rows_load
from games.archive.rows import ImportReport
from tournaments.imports.services import Progress
from tournaments.models import Event


@dataclass(frozen=True)
class ArchivePreview:
    """The archive's event, whether its slug is taken here (and a free one), and what an
    import with `slug` creates."""

    name: str
    archive_slug: str
    slug_taken: bool
    slug: str
    report: ImportReport


def archive_preview(
    *, archive: Archive, user: AbstractBaseUser, progress: Progress | None = None
) -> ArchivePreview:
    """What importing ``archive`` would create, found by importing it and rolling back; the
    slug is the archive's, or a free one when it is taken here. ``progress(done, total)`` is
    told each of the IMPORT_STEPS done."""
    event = archive.json[fmt.EVENT]
    archive_slug = event.get("slug") if isinstance(event, dict) else None
    if not isinstance(archive_slug, str) or not archive_slug:
        raise archive.error(_("expected the event's slug"), file=fmt.EVENT, where="slug")
    slug_taken = Event.objects.filter(slug=archive_slug).exists()
    slug = free_slug(archive_slug) if slug_taken else archive_slug
    report = None

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            report = archive_rows_load(
                archive, user=user, slug=slug, store_files=False, progress=progress
            )
            raise Rollback
    except Rollback:
        pass
    return ArchivePreview(
        name=report.event.name,
        archive_slug=archive_slug,
        slug_taken=slug_taken,
        slug=slug,
        report=report,
    )


def free_slug(slug: str) -> str:
    """``slug`` followed by the first number that makes it free: ``open-2``, ``open-3``."""
    number = 2
    while Event.objects.filter(slug=f"{slug}-{number}").exists():
        number += 1
    return f"{slug}-{number}"
