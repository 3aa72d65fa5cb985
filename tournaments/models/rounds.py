"""Rounds, their times, the draw of pairing numbers, pairings and games."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models.choices import labelled_choices
from tournaments.models.events import Event
from tournaments.models.registrations import Registration
from tournaments.values import ByeKind


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("draft")
    PUBLISHED = "published", _("published")
    COMPLETED = "completed", _("completed")


class Round(models.Model):
    """A round of an event: paired as a draft, reviewed, published, then completed."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    status = models.CharField(
        _("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = (
            "event",
            "number",
        )
        constraints = (
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
        )

    def __str__(self) -> str:
        return _("%(event)s — round %(number)s") % {"event": self.event, "number": self.number}


class RoundTime(models.Model):
    """When round `number` of an event starts: set when the event is made and changed in its
    admin page, before or after the round is paired. `sequence` counts the changes of the
    round's calendar entry (iCalendar's SEQUENCE, RFC 5545 3.8.7.4): of its time, and of its
    pairing published or taken back to draft (a player's calendar names his opponent);
    `changed_at` is the last one (DTSTAMP): a calendar program that has read the calendar
    replaces a round it knows by the one of a higher sequence."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="round_times", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    starts_at = models.DateTimeField(_("starts at"))
    sequence = models.PositiveIntegerField(_("changes"), default=0, editable=False)
    changed_at = models.DateTimeField(_("changed at"), editable=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("round time")
        verbose_name_plural = _("round times")
        ordering = ("event", "number")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "number"],
                name="round_time_unique_number",
                violation_error_message=_("This round already has a time."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.event} {self.number}: {self.starts_at.isoformat()}"


class PairingNumberDraw(models.Model):
    """A round robin's pairing numbers fixed before round 1: drawn by lot (`seed`, checkable
    with tournaments.pairing.lot.draw_numbers over `entrants`, the registration ids in id
    order) or set by hand (empty seed: the numbers as the organizer entered them). `numbers`
    maps each registration id to its number. The event's last draw counts; a draw is refused
    once round 1 exists (tournaments.services.pairing_numbers). While it stands, round 1 keeps
    these numbers instead of renumbering by rating, and the whole Berger schedule is public."""

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="pairing_number_draws",
        verbose_name=_("event"),
    )
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    entrants = models.JSONField(_("registrations drawn"), default=list)
    numbers = models.JSONField(_("pairing numbers"), default=dict)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("drawn by"),
    )
    drawn_at = models.DateTimeField(_("drawn at"))

    class Meta:
        verbose_name = _("pairing number draw")
        verbose_name_plural = _("pairing number draws")
        ordering = ("event", "drawn_at", "pk")

    def __str__(self) -> str:
        how = _("by lot") if self.seed else _("by hand")
        return f"{self.event}: {how}, {self.drawn_at.isoformat()}"


#: The translated name of each bye; the values are those of ``tournaments.values.ByeKind``.
BYE_KIND_LABELS: dict[ByeKind, Promise] = {
    ByeKind.PAIRING_ALLOCATED: _("pairing-allocated bye"),
    ByeKind.HALF_POINT: _("half-point bye"),
    ByeKind.ZERO_POINT: _("zero-point bye"),
    ByeKind.FULL_POINT: _("full-point bye"),
}


class Pairing(models.Model):
    """A board of a round, or a bye (black is empty and bye_kind says which bye)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(_("board"), validators=[MinValueValidator(1)])
    white = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="+", verbose_name=_("white")
    )
    black = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("black"),
    )
    bye_kind = models.CharField(
        _("bye"), max_length=4, choices=labelled_choices(BYE_KIND_LABELS), blank=True
    )
    manual = models.BooleanField(_("edited by hand"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        ordering = (
            "round",
            "board",
        )
        constraints = (
            models.UniqueConstraint(fields=["round", "board"], name="pairing_unique_board"),
            models.CheckConstraint(
                condition=(Q(black__isnull=True) & ~Q(bye_kind=""))
                | (Q(black__isnull=False) & Q(bye_kind="")),
                name="pairing_bye_has_no_black",
            ),
            models.CheckConstraint(condition=~Q(white=F("black")), name="pairing_two_players"),
        )

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.board}. {self.white} — {self.get_bye_kind_display()}"
        return f"{self.board}. {self.white} — {self.black}"


class GameResult(models.TextChoices):
    """Result codes. Forfeits (`+/-`, `-/+`, `-/-`) are not played games (FIDE C.04.1 note:
    forfeited games do not count as played for pairing purposes); `0-0` is a game the arbiter
    declared unplayed without fault of either player (both score a loss, no forfeit)."""

    PENDING = "*", _("pending")
    WHITE_WIN = "1-0", _("white wins")
    DRAW = "1/2", _("draw")
    BLACK_WIN = "0-1", _("black wins")
    WHITE_FORFEIT_WIN = "+/-", _("white wins by forfeit")
    BLACK_FORFEIT_WIN = "-/+", _("black wins by forfeit")
    DOUBLE_FORFEIT = "-/-", _("double forfeit")
    UNPLAYED = "0-0", _("unplayed")


class Game(models.Model):
    """One game of a pairing. Game 2 of a two-game pairing has the colours swapped.

    `version` grows by one at every result change; tournaments.services.results.result_record
    refuses a write made against an older version (optimistic locking). The tables keep the
    names they were created with (`games_game`, `games_historicalgame`).
    """

    pairing = models.ForeignKey(
        Pairing,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("pairing"),
    )
    index = models.PositiveSmallIntegerField(
        _("game"), default=1, validators=[MinValueValidator(1), MaxValueValidator(2)]
    )
    white = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("white"),
    )
    black = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("black"),
    )
    result = models.CharField(
        _("result"), max_length=3, choices=GameResult.choices, default=GameResult.PENDING
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    history = HistoricalRecords(table_name="games_historicalgame")

    class Meta:
        db_table = "games_game"
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = (
            "pairing",
            "index",
        )
        constraints = (
            models.UniqueConstraint(fields=["pairing", "index"], name="game_unique_index"),
        )

    def __str__(self) -> str:
        return f"{self.white} — {self.black}: {self.result}"
