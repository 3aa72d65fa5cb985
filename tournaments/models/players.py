"""Players and the rating lists they are rated in."""

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


class RatingSource(models.TextChoices):
    """The lists a rating comes from (FMJD rating regulations: separate 100- and 64-square
    lists; the national federations publish their own)."""

    FMJD_100 = "fmjd100", _("FMJD 100-square")
    FMJD_64 = "fmjd64", _("FMJD 64-square")
    KNDB = "kndb", _("KNDB")
    FFJD = "ffjd", _("FFJD")
    NATIONAL = "national", _("national")
    CUSTOM = "custom", _("custom")


class RatingPolicy(models.TextChoices):
    """Which rating an event's registrations start with (frozen at round 1)."""

    ENTERED = "entered", _("as entered at registration")
    FMJD = "fmjd", _("FMJD list")
    NATIONAL = "national", _("national list")
    FMJD_ELSE_NATIONAL = "fmjd_national", _("FMJD list, else national list")
    HIGHEST = "highest", _("highest of the FMJD and national lists")


class RatingList(models.Model):
    """A published rating list, kept as imported: a player's history is the sequence of
    lists, and a newer list never overwrites an older one."""

    source = models.CharField(_("source"), max_length=10, choices=RatingSource.choices)
    published = models.DateField(_("publication date"))
    file_name = models.CharField(_("file name"), max_length=200, blank=True)
    #: The file as it was imported, byte for byte: what the ratings were read from.
    file = models.FileField(_("file"), upload_to="rating-lists/", blank=True, max_length=300)
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        ordering = ("-published", "source")
        constraints = (
            models.UniqueConstraint(
                fields=["source", "published"],
                name="rating_list_unique_date",
                violation_error_message=_("A list of this source and date is already imported."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.get_source_display()} {self.published.isoformat()}"


class Rating(models.Model):
    """A player's rating (and women's rating, when the list has one) in one list."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("list")
    )
    player = models.ForeignKey(
        "Player", on_delete=models.PROTECT, related_name="ratings", verbose_name=_("player")
    )
    rating = models.PositiveIntegerField(_("rating"))
    title = models.CharField(_("title"), max_length=4, blank=True)
    women_rating = models.PositiveIntegerField(_("women's rating"), null=True, blank=True)
    women_title = models.CharField(_("women's title"), max_length=4, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ("rating_list", "-rating")
        constraints = (
            models.UniqueConstraint(
                fields=["rating_list", "player"], name="rating_unique_player_per_list"
            ),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.rating} ({self.rating_list})"
