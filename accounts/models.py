"""What a player chooses about his account: whether he is told of each published round by
mail (MailChoice; no row: he is told)."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models import Player


class MailChoice(models.Model):
    """A player's choice about the mails of published rounds, made from /me/ or from the link
    in a mail."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="mail_choice", verbose_name=_("player")
    )
    round_mail = models.BooleanField(_("tell me my board when a round is published"), default=True)
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("mail choice")
        verbose_name_plural = _("mail choices")

    def __str__(self) -> str:
        return str(self.player)
