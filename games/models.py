"""The records (PDN) of games (tournaments.models.Game), the background verification of each
record, disputes and rulings; the live relay of a round's games (RelaySource, RelayBoard); the
players' reports of their results (ResultReport) and how an event takes them
(ResultReporting)."""

import secrets

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models import (
    COLOUR_LABELS,
    Event,
    Game,
    GameResult,
    Round,
    labelled_choices,
)


class RecordSource(models.TextChoices):
    TYPED = "typed", _("typed")
    UPLOAD = "upload", _("uploaded file")
    API = "api", _("API")
    RELAY = "relay", _("live relay")


class GameRecord(models.Model):
    """The record (PDN text) of one game. Each save raises `revision`; the background
    verification checks the revision it was asked for and drops a stale answer."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="record", verbose_name=_("game")
    )
    pdn = models.TextField(_("PDN"))
    source = models.CharField(_("source"), max_length=10, choices=RecordSource.choices)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("game record")
        verbose_name_plural = _("game records")

    def __str__(self) -> str:
        return _("record of %(game)s") % {"game": self.game}


class VerificationStatus(models.TextChoices):
    PENDING = "pending", _("waiting for verification")
    DONE = "done", _("verified")


class Verification(models.Model):
    """What the arbiter's replay found in the latest revision of a record.

    `report` is the replay's verdict (arbiter.Verdict.to_dict()); `flags` are the findings
    an arbiter must look at ({"kind", "ply", "message"}: games.verification.Flag). A flag
    never changes the game's result: only a ruling or a result entry does.
    """

    record = models.OneToOneField(
        GameRecord,
        on_delete=models.CASCADE,
        related_name="verification",
        verbose_name=_("record"),
    )
    revision = models.PositiveIntegerField(_("record revision"))
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=VerificationStatus.choices,
        default=VerificationStatus.PENDING,
    )
    verdict = models.CharField(_("verdict"), max_length=12, blank=True)
    result_check = models.CharField(_("result check"), max_length=14, blank=True)
    opening_followed = models.BooleanField(_("opening followed"), null=True)
    flags = models.JSONField(_("flags"), default=list, blank=True)
    flagged = models.BooleanField(_("flagged"), default=False, db_index=True)
    report = models.JSONField(_("report"), default=dict, blank=True)
    verified_at = models.DateTimeField(_("verified at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("verification")
        verbose_name_plural = _("verifications")

    def __str__(self) -> str:
        return f"{self.record}: {self.get_status_display()}"


class DisputeClaim(models.TextChoices):
    ILLEGAL_MOVE = "illegal-move", _("illegal move")
    WRONG_RESULT = "wrong-result", _("wrong result")
    DRAW_BY_RULE = "draw-by-rule", _("draw by rule (repetition, 25-move, endgame rule)")
    WRONG_OPENING = "wrong-opening", _("wrong opening")


class DisputeStatus(models.TextChoices):
    OPEN = "open", _("open")
    RULED = "ruled", _("ruled")


class Dispute(models.Model):
    """A claim on a game, opened by its organizer, an arbiter or one of its players."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="disputes", verbose_name=_("game")
    )
    claim = models.CharField(_("claim"), max_length=14, choices=DisputeClaim.choices)
    ply = models.PositiveIntegerField(
        _("ply"), null=True, blank=True, help_text=_("The half-move the claim is about.")
    )
    statement = models.TextField(_("statement"))
    status = models.CharField(
        _("status"), max_length=6, choices=DisputeStatus.choices, default=DisputeStatus.OPEN
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("opened by"),
    )
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")
        ordering = ("-opened_at",)

    def __str__(self) -> str:
        return f"{self.get_claim_display()}: {self.game}"


class RulingDecision(models.TextChoices):
    UPHOLD = "uphold", _("uphold the claim")
    REJECT = "reject", _("reject the claim")
    ADJUST = "adjust", _("adjust the result")
    REPLAY = "replay", _("replay from a ply")


class Ruling(models.Model):
    """The arbiter's decision on a dispute, with the written reason and the result it set."""

    dispute = models.OneToOneField(
        Dispute, on_delete=models.CASCADE, related_name="ruling", verbose_name=_("dispute")
    )
    decision = models.CharField(_("decision"), max_length=6, choices=RulingDecision.choices)
    reason = models.TextField(_("reason"))
    result_before = models.CharField(_("result before"), max_length=3, choices=GameResult.choices)
    result_after = models.CharField(_("result after"), max_length=3, choices=GameResult.choices)
    replay_from_ply = models.PositiveIntegerField(_("replay from ply"), null=True, blank=True)
    replay_fen = models.CharField(_("position to replay from"), max_length=400, blank=True)
    arbiter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("arbiter"),
    )
    ruled_at = models.DateTimeField(_("ruled at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")

    def __str__(self) -> str:
        return f"{self.get_decision_display()}: {self.dispute}"


class RelayKind(models.TextChoices):
    URL = "url", _("PDN file polled at an address")
    BOARDS = "boards", _("one PDN file per board, polled")
    PUSH = "push", _("games pushed through the API")

    @classmethod
    def polled(cls) -> tuple[str, ...]:
        return (cls.URL, cls.BOARDS)


def relay_token() -> str:
    return secrets.token_urlsafe(32)


class RelayToken(models.Model):
    """The push token of an event's relay: its bearer may push the games of any round of the
    event (games.relay.services.relay_push), and nothing else."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="relay_token", verbose_name=_("event")
    )
    token = models.CharField(_("push token"), max_length=64, unique=True, default=relay_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("relay push token")
        verbose_name_plural = _("relay push tokens")

    def __str__(self) -> str:
        return _("push token of %(event)s") % {"event": self.event}


class RelaySource(models.Model):
    """Where the games of a round come from while they are played: a PDN file for the round
    polled at ``url``, one file per board (``feeds``), polled every ``interval`` seconds
    (games.relay.services.relay_poll), or pushed through the API with the event's
    RelayToken."""

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="relay_source", verbose_name=_("round")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=RelayKind.choices)
    url = models.URLField(
        _("PDN address"),
        max_length=500,
        blank=True,
        help_text=_("The address of the round's PDN file (for a polled source)."),
    )
    interval = models.PositiveSmallIntegerField(
        _("seconds between two polls"), default=5, validators=[MinValueValidator(2)]
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("created by"),
    )
    active = models.BooleanField(_("active"), default=True)
    failures = models.PositiveIntegerField(_("failures in a row"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    next_poll_at = models.DateTimeField(_("next poll at"), null=True, blank=True)
    last_move_at = models.DateTimeField(_("last new move at"), null=True, blank=True)

    class Meta:
        verbose_name = _("relay source")
        verbose_name_plural = _("relay sources")

    def __str__(self) -> str:
        return _("relay of %(round)s") % {"round": self.round}


class RelayFeed(models.Model):
    """One board's own PDN file, for a round relayed one file per board: the file's game is
    that board's ``game``, whatever its tags say."""

    source = models.ForeignKey(
        RelaySource, on_delete=models.CASCADE, related_name="feeds", verbose_name=_("source")
    )
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="relay_feed", verbose_name=_("game")
    )
    url = models.URLField(_("PDN address"), max_length=500)

    class Meta:
        verbose_name = _("board's PDN file")
        verbose_name_plural = _("boards' PDN files")

    def __str__(self) -> str:
        return self.url


class RelayStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FLAGGED = "flagged", _("flagged")
    FINISHED = "finished", _("finished")


class RelayBoard(models.Model):
    """One relayed game as checked so far (games.relay.core): the legal ``plies`` in the
    variant's notation, the position after them, the draw counters, the clock tags, the
    first illegal move or rewrite (``flag``), the record's ``result``. ``game`` is None
    while the game is not matched to the round's pairings (the arbiter assigns it);
    ``key`` names it in the source."""

    source = models.ForeignKey(
        RelaySource, on_delete=models.CASCADE, related_name="boards", verbose_name=_("source")
    )
    game = models.OneToOneField(
        Game,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="relay",
        verbose_name=_("game"),
    )
    key = models.CharField(_("game in the source"), max_length=300)
    white = models.CharField(_("white as written"), max_length=200, blank=True)
    black = models.CharField(_("black as written"), max_length=200, blank=True)
    unmatched_reason = models.TextField(_("why it is not matched"), blank=True)
    pdn = models.TextField(_("last version received"), blank=True)
    plies = models.JSONField(_("plies"), default=list, blank=True)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    status = models.CharField(
        _("status"), max_length=8, choices=RelayStatus.choices, default=RelayStatus.RUNNING
    )
    flag = models.JSONField(_("flag"), null=True, blank=True)
    fen = models.CharField(_("position"), max_length=400, blank=True)
    counters = models.JSONField(_("draw counters"), default=list, blank=True)
    clocks = models.JSONField(_("clocks"), default=dict, blank=True)
    result = models.CharField(_("result in the record"), max_length=8, blank=True)
    updated_at = models.DateTimeField(_("updated at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("relayed board")
        verbose_name_plural = _("relayed boards")
        constraints = (
            models.UniqueConstraint(fields=["source", "key"], name="relay_board_unique_key"),
        )

    def __str__(self) -> str:
        return f"{self.source}: {self.key}"


class ReportOutcome(models.TextChoices):
    """What became of a player's report of his game's result."""

    WAITING = "waiting", _("waiting for the opponent's report")
    RECORDED = "recorded", _("both players agree: result recorded")
    CONFIRM = "confirm", _("both players agree: waiting for the arbiter's confirmation")
    DISPUTED = "disputed", _("sent to the arbiter's desk")
    KEPT = "kept", _("kept: the result was already entered")


class ResultReporting(models.Model):
    """How an event takes its players' reports: without a row, an agreed result is recorded
    at once; with ``confirm``, it waits for an official's confirmation at the desk."""

    event = models.OneToOneField(
        Event,
        on_delete=models.CASCADE,
        related_name="result_reporting",
        verbose_name=_("event"),
    )
    confirm = models.BooleanField(
        _("agreed results wait for the arbiter's confirmation"),
        default=False,
        help_text=_(
            "When ticked, a result both players report is shown at the arbiter's desk to be "
            "confirmed instead of being recorded at once."
        ),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("result reporting")
        verbose_name_plural = _("result reporting")

    def __str__(self) -> str:
        return str(self.event)


class ResultReport(models.Model):
    """One report of a game's result by one of its players, kept whatever came of it: a
    player who reports again adds a row, so who said what and when is never lost."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="reports", verbose_name=_("game")
    )
    colour = models.CharField(_("colour"), max_length=1, choices=labelled_choices(COLOUR_LABELS))
    result = models.CharField(_("result"), max_length=3, choices=GameResult.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reported_at = models.DateTimeField(_("reported at"), default=timezone.now)
    outcome = models.CharField(_("outcome"), max_length=8, choices=ReportOutcome.choices)
    dispute = models.ForeignKey(
        Dispute,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
        verbose_name=_("dispute"),
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        ordering = ("game", "reported_at", "pk")
        indexes = (models.Index(fields=["game", "colour", "reported_at"]),)

    def __str__(self) -> str:
        return f"{self.game}: {self.get_colour_display()} {self.result}"
