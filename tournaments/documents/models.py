"""Printed documents (PDF) built by Celery workers: one row per event document (crosstable,
standings, rating report, the team documents) or round document (pairing sheet, score
sheets), holding the latest file and the state of its last job. Imported by
tournaments.models; written only by tournaments.documents.services."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class DocumentKind(models.TextChoices):
    CROSSTABLE = "crosstable", _("crosstable")
    STANDINGS = "standings", _("standings")
    PAIRING_SHEET = "pairings", _("pairing sheet")
    SCORE_SHEETS = "scoresheets", _("score sheets")
    RATING_REPORT = "ratingreport", _("rating report")
    TEAM_STANDINGS = "teamstanding", _("team standings")
    TEAM_MATCHES = "teammatches", _("team match sheets")
    TEAM_RANKING = "teamranking", _("team ranking")
    TEAM_CROSSTABLE = "teamcross", _("team crosstable")


#: Kinds drawn for one round (the others cover the whole event).
ROUND_KINDS = frozenset({DocumentKind.PAIRING_SHEET, DocumentKind.SCORE_SHEETS})
#: The documents of a team competition only.
TEAM_KINDS = frozenset(
    {DocumentKind.TEAM_STANDINGS, DocumentKind.TEAM_MATCHES, DocumentKind.TEAM_CROSSTABLE}
)
#: The documents of an individual event that ranks teams (Event.team_score_members) only.
TEAM_RANKING_KINDS = frozenset({DocumentKind.TEAM_RANKING})


class DocumentStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class Document(models.Model):
    """The latest PDF of one document and the state of the job that builds it.

    `fingerprint` is the SHA-256 of the data the file was drawn from (and the layout's
    version): a job whose data has the same fingerprint keeps the file instead of drawing
    it again, unless `forced`. `source_state` is the event's change marker when the job read
    the data (tournaments.selectors.public.event_fingerprint): a request made while it is
    still current and the file exists needs no job at all.
    """

    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        related_name="documents",
        verbose_name=_("event"),
    )
    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.CASCADE,
        related_name="documents",
        null=True,
        blank=True,
        verbose_name=_("round"),
    )
    kind = models.CharField(_("document"), max_length=12, choices=DocumentKind.choices)
    status = models.CharField(
        _("status"), max_length=8, choices=DocumentStatus.choices, default=DocumentStatus.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    error = models.TextField(_("error"), blank=True)
    #: ``documents/<event slug>/<kind>[-round-<n>]-<fingerprint>.pdf``: 10 + a slug of up to
    #: 200 (Event.slug) + 1 + a stem of up to 24 + 1 + 16 + 4 characters: room for 300.
    file = models.FileField(_("file"), upload_to="documents/", blank=True, max_length=300)
    pages = models.PositiveIntegerField(_("pages"), default=0)
    fingerprint = models.CharField(_("data fingerprint"), max_length=64, blank=True)
    #: The SHA-256 (hex) of the event's state when the job read its data.
    source_state = models.CharField(_("event state read"), max_length=64, blank=True)
    forced = models.BooleanField(_("regenerate even if unchanged"), default=False)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    task_id = models.CharField(_("task id"), max_length=64, blank=True)
    requested_at = models.DateTimeField(_("requested at"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    generated_at = models.DateTimeField(_("file generated at"), null=True, blank=True)

    class Meta:
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        ordering = ("event", "kind", "round")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "kind"],
                condition=Q(round__isnull=True),
                name="document_unique_event_kind",
            ),
            models.UniqueConstraint(
                fields=["event", "kind", "round"], name="document_unique_round_kind"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=sorted(ROUND_KINDS), round__isnull=False)
                | (~Q(kind__in=sorted(ROUND_KINDS)) & Q(round__isnull=True)),
                name="document_round_matches_kind",
            ),
            models.CheckConstraint(condition=Q(progress__lte=100), name="document_progress_100"),
        )

    def __str__(self) -> str:
        values = {"event": self.event, "kind": self.get_kind_display()}
        if self.round_id:
            return _("%(event)s: %(kind)s, round %(number)s") % {
                **values,
                "number": self.round.number,
            }
        return _("%(event)s: %(kind)s") % values

    @property
    def busy(self) -> bool:
        """A job is queued or running."""
        return self.status in (DocumentStatus.QUEUED, DocumentStatus.RUNNING)

    @property
    def state_label(self) -> str:
        """The state in words: a document with a file whose job is queued or running is
        "being updated" (the file it has no longer holds the event's figures)."""
        if self.busy and self.file:
            return str(_("being updated"))
        return str(self.get_status_display())

    @property
    def has_file(self) -> bool:
        """The latest file is in storage (the row may name one that storage lost)."""
        return bool(self.file) and self.file.storage.exists(self.file.name)

    @property
    def file_stem(self) -> str:
        """The kind, and the round of a round document: ``crosstable``, ``pairings-round-3``."""
        return f"{self.kind}-round-{self.round.number}" if self.round_id else self.kind

    @property
    def duration(self) -> float | None:
        """Seconds the last job took, when it has finished."""
        if self.started_at is None or self.finished_at is None:
            return None
        return (self.finished_at - self.started_at).total_seconds()
