"""Games: one per pairing, or two with colours swapped, each with an explicit result code."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


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
    refuses a write made against an older version (optimistic locking).
    """

    pairing = models.ForeignKey(
        "tournaments.Pairing",
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("pairing"),
    )
    index = models.PositiveSmallIntegerField(
        _("game"), default=1, validators=[MinValueValidator(1), MaxValueValidator(2)]
    )
    white = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("white"),
    )
    black = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("black"),
    )
    result = models.CharField(
        _("result"), max_length=3, choices=GameResult.choices, default=GameResult.PENDING
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    history = HistoricalRecords()

    class Meta:
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
