"""Online entry to events: each event's entry settings (dates, places, limits, fee) and the
entries themselves, a person's request to play in an event, pending until one of its
organizers accepts it (it then becomes a `tournaments.Registration`), refuses it, or puts it
on the waiting list, or until the person withdraws it (by the link of the mail he got).
Written only by entries.services."""

from decimal import Decimal
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from tournaments.models import Event, Player, Registration

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _money(label: "StrOrPromise") -> "models.DecimalField[Decimal, Decimal]":
    return models.DecimalField(
        label,
        max_digits=8,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0"))],
    )


class EntrySettings(models.Model):
    """Whether and how an event takes entries online; an event without a row takes none."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="entry_settings", verbose_name=_("event")
    )
    opens_at = models.DateTimeField(_("entries open"))
    closes_at = models.DateTimeField(_("entries close"))
    max_players = models.PositiveIntegerField(
        _("maximum number of players"),
        null=True,
        blank=True,
        help_text=_("The registered players and the pending entries together; empty: no limit."),
    )
    waiting_list = models.BooleanField(
        _("waiting list"),
        default=True,
        help_text=_("Once the event is full, new entries wait on a list instead of being refused."),
    )
    min_rating = models.PositiveIntegerField(_("minimum rating"), null=True, blank=True)
    max_rating = models.PositiveIntegerField(_("maximum rating"), null=True, blank=True)
    min_age = models.PositiveSmallIntegerField(
        _("minimum age"),
        null=True,
        blank=True,
        help_text=_("Age on the event's first day; a birth date is then required."),
    )
    max_age = models.PositiveSmallIntegerField(
        _("maximum age"),
        null=True,
        blank=True,
        help_text=_("Age on the event's first day; a birth date is then required."),
    )
    fee = _money(_("entry fee"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("entry settings")
        verbose_name_plural = _("entry settings")
        constraints = (
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="entry_settings_close_after_open"
            ),
        )

    def __str__(self) -> str:
        return str(self.event)

    def clean(self) -> None:
        errors = {}
        if self.opens_at and self.closes_at and self.closes_at <= self.opens_at:
            errors["closes_at"] = _("Entries must close after they open.")
        for low, high in (("min_rating", "max_rating"), ("min_age", "max_age")):
            bottom, top = getattr(self, low), getattr(self, high)
            if bottom is not None and top is not None and top < bottom:
                errors[high] = _("The maximum cannot be below the minimum.")
        if errors:
            raise ValidationError(errors)


class EntryStatus(models.TextChoices):
    PENDING = "pending", pgettext_lazy("entry", "pending")
    ACCEPTED = "accepted", pgettext_lazy("entry", "accepted")
    REFUSED = "refused", pgettext_lazy("entry", "refused")
    WAITLISTED = "waitlisted", pgettext_lazy("entry", "on the waiting list")
    WITHDRAWN = "withdrawn", pgettext_lazy("entry", "withdrawn")


#: The entries that hold or wait for a place (a refused or withdrawn one holds nothing).
ACTIVE_STATUSES = (EntryStatus.PENDING, EntryStatus.ACCEPTED, EntryStatus.WAITLISTED)


class Entry(models.Model):
    """A person's request to play in an event, as they (or a club secretary) typed it.

    `player` is the registry's player the entry is matched to: by FMJD id, or by national id
    within the federation, never by name (a name match is only shown to the organizer, who
    may choose it). The contact details and birth date are for the event's organizers only.
    """

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entries", verbose_name=_("event")
    )
    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{3}$", _("Use a three-letter code such as NED."))],
    )
    fmjd_id = models.CharField(_("FMJD id"), max_length=20, blank=True)
    national_id = models.CharField(_("national id"), max_length=30, blank=True)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    club = models.CharField(_("club"), max_length=120, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=EntryStatus.choices, default=EntryStatus.PENDING
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("player"),
        help_text=_("The registry's player this entry is for (found by FMJD or national id)."),
    )
    registration = models.OneToOneField(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entry",
        verbose_name=_("registration"),
        editable=False,
    )
    amount_due = _money(_("amount due"))
    amount_paid = _money(_("amount paid"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
        editable=False,
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ("event", "entered_at", "pk")

    def __str__(self) -> str:
        return f"{self.last_name}, {self.first_name}"

    @property
    def amount_owed(self) -> Decimal:
        return max(self.amount_due - self.amount_paid, Decimal("0"))
