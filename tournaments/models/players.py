"""Players (their ratings list by list: tournaments.ratings.models)."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.names import person_order, search_key


class Title(models.TextChoices):
    """FMJD titles (FMJD titles regulations): open titles and their women's counterparts."""

    NONE = "", _("no title")
    GMI = "GMI", _("International Grandmaster")
    MI = "MI", _("International Master")
    MF = "MF", _("FMJD Master")
    CMF = "CMF", _("FMJD Candidate Master")
    GMIF = "GMIF", _("Woman International Grandmaster")
    MIF = "MIF", _("Woman International Master")
    MFF = "MFF", _("Woman FMJD Master")
    CMFF = "CMFF", _("Woman FMJD Candidate Master")


class Player(models.Model):
    """A person who plays. Contact details and birth date are private (no public selector)."""

    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{3}$", _("Use a three-letter code such as NED."))],
    )
    fmjd_id = models.CharField(_("FMJD id"), max_length=20, blank=True)
    national_id = models.CharField(
        _("national id"),
        max_length=30,
        blank=True,
        help_text=_(
            "The player's number at their national federation (licence or membership "
            "number, as on its rating list), never a state identity number: every staff "
            "user reads and searches it, and event archives carry it."
        ),
    )
    rating = models.PositiveIntegerField(_("rating"), default=0)
    title = models.CharField(_("title"), max_length=4, choices=Title.choices, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("login account"),
        help_text=_("The player's login account, if any."),
    )
    #: The name as the player directory searches it (tournaments.names.search_key of
    #: "last first"), written by `save` from the two names whatever path writes a player
    #: (the services, the imports, the admin, the archive).
    search_name = models.CharField(_("search key"), max_length=420, blank=True, editable=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        # Surnames as the page's language sorts them (tournaments.names).
        ordering = person_order()
        constraints = (
            models.UniqueConstraint(
                fields=["fmjd_id"],
                condition=~Q(fmjd_id=""),
                name="player_unique_fmjd_id",
                violation_error_message=_("Another player already has this FMJD id."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.last_name}, {self.first_name}"

    def save(self, *args, **kwargs) -> None:
        """Saved with its search key (`search_name`) written from its names: a derived
        column, kept equal to them on every save, `update_fields` of a name included."""
        self.search_name = search_key(f"{self.last_name} {self.first_name}")
        fields = kwargs.get("update_fields")
        if fields is not None and {"last_name", "first_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "search_name"}
        super().save(*args, **kwargs)
