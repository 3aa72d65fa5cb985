"""Rating lists as published (kept as imported, one row per list and one per player on it),
the sources they come from, and the policies by which an event takes its ratings at start.
Imported by tournaments.models (the app's models module), so that the rows belong to the
``tournaments`` app; written by tournaments.ratings.lists_import (a players' merge moves the
removed player's ratings to the kept one, as it moves every row naming a player).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingSource(models.TextChoices):
    """The lists a rating comes from (FMJD rating regulations: separate 100- and 64-square
    lists; the national federations publish their own)."""

    FMJD_100 = "fmjd100", _("FMJD 100-square")
    FMJD_64 = "fmjd64", _("FMJD 64-square")
    KNDB = "kndb", _("KNDB")
    FFJD = "ffjd", _("FFJD")
    NATIONAL = "national", _("national")
    CUSTOM = "custom", _("custom")


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
