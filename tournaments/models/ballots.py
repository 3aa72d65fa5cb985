"""Ballot decks of opening cards, their cards, and the cards drawn for an event."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models.choices import variant_choices
from tournaments.models.events import Event
from tournaments.models.rounds import Pairing, Round


class BallotDeck(models.Model):
    """A deck of opening cards for one variant: a published deck loaded from the project's data
    (tournaments.ballots.decks, read-only for everyone) or a custom deck typed by an organizer,
    changed only by its owner and the organizers of the event it was made for
    (tournaments.access.changeable_decks)."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    variant = models.CharField(_("variant"), max_length=40, choices=variant_choices)
    source = models.CharField(_("source"), max_length=300, blank=True)
    builtin = models.BooleanField(
        _("published deck"),
        default=False,
        editable=False,
        help_text=_("Loaded from the project's data; its cards cannot be changed."),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
        verbose_name=_("owner"),
        help_text=_("Who made the deck: they change it and its cards."),
    )
    event = models.ForeignKey(
        "Event",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="own_ballot_decks",
        verbose_name=_("made for event"),
        help_text=_("Its organizers change the deck and its cards too."),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("ballot deck")
        verbose_name_plural = _("ballot decks")
        ordering = ("variant", "name")

    def __str__(self) -> str:
        """The deck's name; a published deck's in the reader's language (its name is
        marked for translation in tournaments.ballots.decks)."""
        return gettext(self.name) if self.builtin else self.name

    def clean(self) -> None:
        """A deck's cards were replayed under its variant when they were stored: the variant
        stays while the deck holds cards (a new variant needs a new deck)."""
        if self.pk is None or not self.cards.exists():
            return
        stored = BallotDeck.objects.filter(pk=self.pk).values_list("variant", flat=True).first()
        if stored is not None and stored != self.variant:
            count = self.cards.count()
            message = ngettext(
                "This deck holds %(count)s card replayed as %(variant)s: its variant cannot "
                "change. Make a new deck for another variant.",
                "This deck holds %(count)s cards replayed as %(variant)s: its variant cannot "
                "change. Make a new deck for another variant.",
                count,
            )
            variant = dict(variant_choices()).get(stored, stored)
            raise ValidationError({"variant": message % {"count": count, "variant": variant}})


class BallotCard(models.Model):
    """An opening card, replayed with arbiter when it was stored (tournaments.ballots.cards).

    `moves` (the variant's notation) are played from `start_fen` (empty: the initial
    position) and give `fen`, the position the players start from. Barred cards are kept but
    never drawn; `brazilian` marks the FMJD table's Brazilian subset (docs/rules/tournaments.md
    §6.3).
    """

    deck = models.ForeignKey(
        BallotDeck, on_delete=models.CASCADE, related_name="cards", verbose_name=_("deck")
    )
    number = models.PositiveIntegerField(_("number"))
    code = models.CharField(_("code"), max_length=20)
    name = models.CharField(_("name"), max_length=120, blank=True)
    notation = models.CharField(_("as published"), max_length=200, blank=True)
    moves = models.CharField(_("moves"), max_length=300, blank=True)
    start_fen = models.CharField(_("start position"), max_length=200, blank=True)
    fen = models.CharField(_("position after the card"), max_length=200)
    barred = models.BooleanField(_("barred"), default=False)
    brazilian = models.BooleanField(_("in the Brazilian table"), default=False)
    group = models.CharField(_("group"), max_length=20, blank=True)
    correction = models.TextField(
        _("source correction"),
        blank=True,
        help_text=_("A known error of the source entry and how it was handled."),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("ballot card")
        verbose_name_plural = _("ballot cards")
        ordering = ("deck", "number")
        constraints = (
            models.UniqueConstraint(fields=["deck", "number"], name="ballotcard_unique_number"),
            models.UniqueConstraint(fields=["deck", "code"], name="ballotcard_unique_code"),
        )

    def __str__(self) -> str:
        """Code, name and moves; a start-position card by its code and name only (its
        position is drawn where it is shown, tournaments.ballots.cards.card_svg)."""
        label = f"{self.code} {self.name}".strip()
        return f"{label}: {self.moves}" if self.moves else label


class BallotDraw(models.Model):
    """One card drawn for a round (all its boards) or for one pairing: the audit record.

    The card is the one picked by `seed` from the cards still in the deck
    (tournaments.ballots.draw); `sequence` orders the event's draws so that re-running them
    from their seeds gives the same cards. A voided draw is kept with its reason, and its card
    stays out of the deck until the deck is exhausted.
    """

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="ballot_draws", verbose_name=_("event")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="ballot_draws", verbose_name=_("round")
    )
    pairing = models.ForeignKey(
        Pairing,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ballot_draws",
        verbose_name=_("pairing"),
        help_text=_("Empty: the card of every board of the round."),
    )
    card = models.ForeignKey(
        BallotCard, on_delete=models.PROTECT, related_name="draws", verbose_name=_("card")
    )
    sequence = models.PositiveIntegerField(_("draw number"))
    seed = models.CharField(_("seed"), max_length=64)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("drawn by"),
    )
    drawn_at = models.DateTimeField(_("drawn at"))
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("voided by"),
    )
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.TextField(_("reason for voiding"), blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("ballot draw")
        verbose_name_plural = _("ballot draws")
        ordering = ("event", "sequence")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "sequence"], name="ballotdraw_unique_sequence"
            ),
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(pairing__isnull=True, voided_at__isnull=True),
                name="ballotdraw_one_live_round_card",
            ),
            models.UniqueConstraint(
                fields=["pairing"],
                condition=Q(pairing__isnull=False, voided_at__isnull=True),
                name="ballotdraw_one_live_pairing_card",
            ),
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True) | ~Q(void_reason=""),
                name="ballotdraw_void_has_reason",
            ),
        )

    def __str__(self) -> str:
        where = (
            _("board %(board)s") % {"board": self.pairing.board}
            if self.pairing_id
            else _("all boards")
        )
        return f"{self.round}, {where}: {self.card.code}"
