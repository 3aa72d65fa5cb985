"""Check-in: whether an event asks its players to check in (`CheckInRule`), and each player's
answer for a round (`CheckIn`: present, or marked absent by the organizer)."""

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models import Event, Registration


class CheckInMode(models.TextChoices):
    FIRST_ROUND = "first", _("before round 1")
    EACH_ROUND = "each", _("before each round")


class CheckInRule(models.Model):
    """An event whose players check in before round 1, or before each round. A player marked
    absent, or not checked in where the rule says the missing are absent, is left out of the
    round when it is paired (docs/rules/tournaments.md §1.4)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="check_in_rule", verbose_name=_("event")
    )
    mode = models.CharField(
        _("check-in"),
        max_length=5,
        choices=CheckInMode.choices,
        default=CheckInMode.FIRST_ROUND,
    )
    missing_absent = models.BooleanField(
        _("players not checked in are absent"),
        default=False,
        help_text=_(
            "When the round is paired, a player who has not checked in is left out as if "
            "marked absent. Otherwise he is paired unless the organizers mark him absent."
        ),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("check-in rule")
        verbose_name_plural = _("check-in rules")

    def __str__(self) -> str:
        return f"{self.event} — {self.get_mode_display()}"

    def clean(self) -> None:
        event = getattr(self, "event", None)
        if event is not None and getattr(event, "team_competition", None) is not None:
            raise ValidationError(
                _(
                    "Event %(event)s is a team competition: its absences are marked by team, "
                    "on the team round page."
                )
                % {"event": event},
                code="team_competition",
            )

    def asks(self, number: int) -> bool:
        """Whether the players check in before round ``number``."""
        return self.mode == CheckInMode.EACH_ROUND or number == 1


class CheckInStatus(models.TextChoices):
    PRESENT = "present", _("present")
    ABSENT = "absent", _("absent")


class CheckIn(models.Model):
    """A player's check-in for one round: present (he checked in, or the organizer did for
    him), or absent (marked by the organizer)."""

    registration = models.ForeignKey(
        Registration,
        on_delete=models.CASCADE,
        related_name="check_ins",
        verbose_name=_("registration"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    status = models.CharField(_("status"), max_length=7, choices=CheckInStatus.choices)
    at = models.DateTimeField(_("at"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        ordering = ("registration", "round_number")
        constraints = (
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="checkin_unique_round"
            ),
        )

    def __str__(self) -> str:
        return _("%(registration)s — round %(number)s: %(status)s") % {
            "registration": self.registration,
            "number": self.round_number,
            "status": self.get_status_display(),
        }
