"""A player's entry in an event, the byes it asks for and the pairings it must not meet in."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models.events import Event
from tournaments.models.players import Player


class Registration(models.Model):
    """A player's entry in an event.

    Late entry (rule of this application, after the FIDE General Handling Rules for Swiss
    tournaments, "late entries"): the rounds before `joined_round` count as zero-point byes, or
    half-point byes when the organizer grants `missed_rounds_half_point`.
    """

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("player")
    )
    pairing_number = models.PositiveSmallIntegerField(_("pairing number"))
    rating = models.PositiveIntegerField(_("rating at start"), default=0)
    rating_source = models.CharField(
        _("rating source"),
        max_length=80,
        blank=True,
        help_text=_("The list the rating at start was taken from (empty: typed in)."),
    )
    joined_round = models.PositiveSmallIntegerField(
        _("joined in round"), default=1, validators=[MinValueValidator(1)]
    )
    missed_rounds_half_point = models.BooleanField(
        _("half points for the missed rounds"),
        default=False,
        help_text=_("Late entry: the organizer grants half-point byes for the rounds missed."),
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"),
        null=True,
        blank=True,
        help_text=_("First round the player no longer plays."),
    )
    team_label = models.CharField(
        _("team"),
        max_length=120,
        blank=True,
        help_text=_(
            "The team the player scores for in the event's team ranking (a federation, a "
            "club, a school); empty: none."
        ),
    )
    contact_given = models.BooleanField(
        _("contact details given for this event"),
        default=False,
        editable=False,
        help_text=_(
            "The event's organizers see the player's contact details, birth date and login "
            "account: set when whoever entered the player registers them."
        ),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = (
            "event",
            "pairing_number",
        )
        constraints = (
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique_player"),
            models.UniqueConstraint(
                fields=["event", "pairing_number"], name="registration_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_from_round__isnull=True)
                | Q(withdrawn_from_round__gt=F("joined_round")),
                name="registration_withdrawn_after_joining",
            ),
        )

    def __str__(self) -> str:
        return f"{self.pairing_number}. {self.player}"


class ByeRequest(models.Model):
    """A player's request, granted by the organizer, to sit out one round with a half-point bye."""

    registration = models.ForeignKey(
        Registration,
        on_delete=models.CASCADE,
        related_name="bye_requests",
        verbose_name=_("registration"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("half-point bye request")
        verbose_name_plural = _("half-point bye requests")
        ordering = (
            "registration",
            "round_number",
        )
        constraints = (
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="byerequest_unique_round"
            ),
        )

    def __str__(self) -> str:
        return _("%(registration)s — round %(number)s") % {
            "registration": self.registration,
            "number": self.round_number,
        }


class ProhibitedPairingReason(models.TextChoices):
    SAME_CLUB = "club", _("same club")
    FAMILY = "family", _("same family")
    OTHER = "other", _("other")


class ProhibitedPairing(models.Model):
    """Two players who must not meet (entered before round 1). Stored with first < second."""

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="prohibited_pairings",
        verbose_name=_("event"),
    )
    first = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="+", verbose_name=_("first player")
    )
    second = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="+", verbose_name=_("second player")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=ProhibitedPairingReason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("prohibited pairing")
        verbose_name_plural = _("prohibited pairings")
        constraints = (
            models.UniqueConstraint(fields=["first", "second"], name="prohibited_unique_pair"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="prohibited_ordered"),
        )

    def __str__(self) -> str:
        return f"{self.first} / {self.second} ({self.get_reason_display()})"
