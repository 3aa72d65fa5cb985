"""The job of one large import: the uploaded file, who asked, the phase (preview, then
apply once confirmed), its state and progress, and the preview's result or the error.
Imported by tournaments.models; written only by tournaments.imports.services (the periodic
check of lost jobs and of files no longer needed included)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ImportPhase(models.TextChoices):
    PREVIEW = "preview", _("preview")
    APPLY = "apply", _("import")


class ImportStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")
    #: A preview not confirmed in time (IMPORT_PREVIEW_SECONDS): its file is deleted.
    EXPIRED = "expired", _("expired")


class ImportJob(models.Model):
    """One import of one file, previewed then applied by Celery jobs.

    `parameters` holds what the upload form gave (a rating list's source and date) and, once
    confirmed, the preview's digest and the lines accepted; `result` holds the preview (the
    lines as shown) after the preview job, then what the import wrote after the apply job.
    """

    kind = models.CharField(_("kind"), max_length=20)
    phase = models.CharField(
        _("phase"), max_length=8, choices=ImportPhase.choices, default=ImportPhase.PREVIEW
    )
    status = models.CharField(
        _("status"), max_length=8, choices=ImportStatus.choices, default=ImportStatus.QUEUED
    )
    file = models.FileField(_("file"), upload_to="imports/", max_length=300, blank=True)
    file_name = models.CharField(_("file name"), max_length=200, blank=True)
    parameters = models.JSONField(_("parameters"), default=dict, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="import_jobs",
        verbose_name=_("requested by"),
    )
    #: The language of the page that asked: the preview's words are written in it.
    language = models.CharField(_("language"), max_length=10, blank=True)
    done = models.PositiveIntegerField(_("lines done"), default=0)
    total = models.PositiveIntegerField(_("lines in all"), default=0)
    result = models.JSONField(_("result"), default=dict, blank=True)
    error = models.TextField(_("error"), blank=True)
    task_id = models.CharField(_("task id"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    #: When the job was last handed to the broker (the upload, the confirmation, a recovery).
    queued_at = models.DateTimeField(_("queued at"), null=True, blank=True)
    #: When a worker took the job (None while queued).
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    #: How many times the periodic check queued the job again after its worker was lost, in
    #: this phase: once at most, then the job fails.
    recoveries = models.PositiveSmallIntegerField(_("recoveries"), default=0)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("import job")
        verbose_name_plural = _("import jobs")
        ordering = ("-created_at",)
        constraints = (
            models.CheckConstraint(
                condition=Q(done__lte=models.F("total")), name="import_done_total"
            ),
        )

    def __str__(self) -> str:
        return _("import of %(file)s") % {"file": self.file_name or self.kind}

    @property
    def busy(self) -> bool:
        """A job is queued or running."""
        return self.status in (ImportStatus.QUEUED, ImportStatus.RUNNING)

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0
