"""Events: their settings, the choices they are made of and the checks of their values."""

from decimal import Decimal
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from tournaments.models.choices import BRAZILIAN, labelled_choices, variant_choices
from tournaments.scoring.matches import MATCH_POINTS_RULE, must_rank_on_match_points
from tournaments.scoring.withdrawals import WithdrawalRule
from tournaments.values import Colour, DutchRules

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def default_language() -> str:
    """The site's language (settings.LANGUAGE_CODE): the documents' language of an event
    created without one (the admin proposes the organizer's own)."""
    return settings.LANGUAGE_CODE


def language_choices() -> list[tuple[str, str]]:
    """The languages offered (settings.LANGUAGES): an event's documents may be written in any
    of them. A callable, so that offering a new language needs no migration."""
    return settings.LANGUAGES


def validate_rating_bounds(value: object) -> None:
    """Increasing positive whole numbers: the lower bounds of the rating groups."""
    numbers = isinstance(value, list) and all(
        isinstance(bound, int) and not isinstance(bound, bool) and bound > 0 for bound in value
    )
    if not numbers or value != sorted(set(value)):
        raise ValidationError(
            _(
                "The rating groups must be increasing whole numbers such as [1850, 1950], "
                "got %(value)r."
            ),
            params={"value": value},
        )


def validate_tiebreak_codes(value: object) -> None:
    """Every entry must be a code of tournaments.scoring.tiebreaks.TIEBREAKS, without repetition."""
    from tournaments.scoring.tiebreaks import TIEBREAKS

    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError(
            _("The tie-breaks must be a list of codes, got %(value)r."), params={"value": value}
        )
    unknown = [code for code in value if code not in TIEBREAKS]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break code(s) %(unknown)s; known codes: %(known)s."),
            params={"unknown": ", ".join(unknown), "known": ", ".join(sorted(TIEBREAKS))},
        )
    if len(set(value)) != len(value):
        raise ValidationError(
            _("Tie-break codes %(value)s repeat a code."), params={"value": value}
        )


class System(models.TextChoices):
    ROUND_ROBIN = "rr", _("round robin")
    DOUBLE_ROUND_ROBIN = "drr", _("double round robin")
    SWISS = "swiss", _("Swiss (FIDE Dutch)")


class SwissOrdering(models.TextChoices):
    FIDE = "fide", _("FIDE (score, then rating, then name)")
    DRAUGHTS = "draughts", _("draughts (score, then pairing number)")


#: The texts of C.04.3 by their names (FIDE applies the text approved on 28 October 2025
#: from 1 February 2026).
DUTCH_RULES_LABELS: dict[DutchRules, Promise] = {
    DutchRules.FIDE_2026: _("FIDE Dutch, text applied from 1 February 2026"),
    DutchRules.PRE_2026: _("FIDE Dutch, text applied until 31 January 2026"),
}


class Ranking(models.TextChoices):
    GAME_POINTS = "game", _("game points")
    MATCH_POINTS = "match", _("match points")


#: The translated name of each colour; the values are those of ``tournaments.values.Colour``.
COLOUR_LABELS: dict[Colour, Promise] = {
    Colour.WHITE: _("white"),
    Colour.BLACK: _("black"),
}


def _points_field(label: "StrOrPromise", default: str) -> "models.DecimalField[Decimal, Decimal]":
    return models.DecimalField(
        label,
        max_digits=4,
        decimal_places=1,
        default=Decimal(default),
        validators=[MinValueValidator(Decimal(0))],
    )


#: The translated name of each withdrawal rule; the values are WithdrawalRule's.
WITHDRAWAL_RULE_LABELS: dict[WithdrawalRule, Promise] = {
    WithdrawalRule.HALF: _("annulled if fewer than half played, else forfeits (FIDE)"),
    WithdrawalRule.FORFEITS: _("results stand, remaining games forfeited"),
    WithdrawalRule.ANNUL: _("all games annulled"),
}


#: ScoringSystem attribute -> Event field holding its value.
SCORING_FIELDS = {
    "win": "points_win",
    "draw": "points_draw",
    "loss": "points_loss",
    "forfeit_win": "points_forfeit_win",
    "forfeit_loss": "points_forfeit_loss",
    "pairing_bye": "points_pairing_bye",
    "half_bye": "points_half_bye",
    "zero_bye": "points_zero_bye",
    "full_bye": "points_full_bye",
}


class RatingPolicy(models.TextChoices):
    """Which rating an event's registrations start with (frozen at round 1; the lists are
    tournaments.ratings')."""

    ENTERED = "entered", _("as entered at registration")
    FMJD = "fmjd", _("FMJD list")
    NATIONAL = "national", _("national list")
    FMJD_ELSE_NATIONAL = "fmjd_national", _("FMJD list, else national list")
    HIGHEST = "highest", _("highest of the FMJD and national lists")


class Event(models.Model):
    """A tournament. Scoring defaults to the FMJD 2/1/0 (win/draw/loss)."""

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    variant = models.CharField(_("variant"), max_length=40, choices=variant_choices)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter"), max_length=200, blank=True)
    language = models.CharField(
        _("language of the documents"),
        max_length=7,
        choices=language_choices,
        default=default_language,
        help_text=_("The printed documents (crosstable, standings, pairings, score sheets)."),
    )
    system = models.CharField(_("system"), max_length=8, choices=System.choices)
    swap_last_two = models.BooleanField(
        _("swap the last two rounds"),
        default=False,
        help_text=_("Double round robin: play the last two rounds of the first cycle swapped."),
    )
    swiss_ordering = models.CharField(
        _("Swiss ordering"), max_length=10, choices=SwissOrdering.choices, default="fide"
    )
    swiss_rules = models.CharField(
        _("Swiss rules"),
        max_length=8,
        choices=labelled_choices(DUTCH_RULES_LABELS),
        default=DutchRules.FIDE_2026.value,
        help_text=_(
            "The text of the FIDE Dutch system the Swiss is paired by; an event keeps the "
            "text it started with."
        ),
    )
    number_of_rounds = models.PositiveSmallIntegerField(
        _("number of rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Required for a Swiss; a round robin derives it from the number of players."),
    )
    games_per_pairing = models.PositiveSmallIntegerField(
        _("games per pairing"),
        choices=[(1, _("one game")), (2, _("two games, colours swapped"))],
        default=1,
    )
    points_win = _points_field(_("points for a win"), "2")
    points_draw = _points_field(_("points for a draw"), "1")
    points_loss = _points_field(_("points for a loss"), "0")
    points_forfeit_win = _points_field(_("points for a forfeit win"), "2")
    points_forfeit_loss = _points_field(_("points for a forfeit loss"), "0")
    points_pairing_bye = _points_field(_("points for a pairing-allocated bye"), "2")
    points_half_bye = _points_field(_("points for a half-point bye"), "1")
    points_zero_bye = _points_field(_("points for a zero-point bye"), "0")
    points_full_bye = _points_field(_("points for a full-point bye"), "2")
    ranking = models.CharField(
        _("ranking"), max_length=5, choices=Ranking.choices, default=Ranking.GAME_POINTS
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        validators=[validate_tiebreak_codes],
        help_text=_("Codes from the tie-break registry, in order of application."),
    )
    withdrawal_rule = models.CharField(
        _("withdrawal rule"),
        max_length=8,
        choices=labelled_choices(WITHDRAWAL_RULE_LABELS),
        default=WithdrawalRule.HALF.value,
        help_text=_(
            "Round robin: what a withdrawal does to the player's games in the standings "
            "(FIDE Tournament Rules, C.06 V.4)."
        ),
    )
    first_colour = models.CharField(
        _("first colour of the top seed"),
        max_length=1,
        choices=labelled_choices(COLOUR_LABELS),
        default=Colour.WHITE.value,
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organizers"), related_name="organized_events"
    )
    ballot_deck = models.ForeignKey(
        "BallotDeck",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("ballot deck"),
        help_text=_("Opening cards drawn for the games; empty for free openings."),
    )
    ballot_policy = models.CharField(
        _("ballot draw"),
        max_length=7,
        choices=[
            ("round", _("one card per round for all boards")),
            ("pairing", _("one card per pairing")),
        ],
        default="pairing",
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbiters"),
        related_name="arbitrated_events",
        blank=True,
        help_text=_("The arbiters of this event."),
    )
    rating_policy = models.CharField(
        _("rating policy"),
        max_length=16,
        choices=RatingPolicy.choices,
        default=RatingPolicy.ENTERED,
        help_text=_(
            "Which rating each player starts with; frozen when round 1 is created "
            "(a list imported later never changes a running event)."
        ),
    )
    rating_list_date = models.DateField(
        _("rating list date"),
        null=True,
        blank=True,
        help_text=_(
            "The newest list published on or before this date is used; empty: the start date."
        ),
    )
    rating_groups = models.JSONField(
        _("rating groups"),
        default=list,
        blank=True,
        validators=[validate_rating_bounds],
        help_text=_(
            "Lower bounds of the rating groups separated by commas, e.g. 1850, 1950: below "
            "1850, 1850-1949 and 1950 and above, each with its own standings (ratings at start)."
        ),
    )
    rating_k = models.PositiveSmallIntegerField(
        _("rating K factor"),
        null=True,
        blank=True,
        help_text=_(
            "The development coefficient of the rating report; empty: changes in units of K."
        ),
    )
    team_score_members = models.PositiveSmallIntegerField(
        _("team score: members counted"),
        default=0,
        validators=[MaxValueValidator(100)],
        help_text=_(
            "An individual event ranks teams by the sum of their best N members' scores "
            "(each player's team is the team label of the registration); 0: no team ranking."
        ),
    )
    never_pair_team_mates = models.BooleanField(
        _("never pair team mates"),
        default=False,
        help_text=_(
            "Swiss: two players with the same team label are never paired (a prohibited "
            "pairing); fixed once round 1 is paired."
        ),
    )
    published = models.BooleanField(
        pgettext_lazy("event", "published"),
        default=False,
        help_text=_(
            "A draft event is seen only by its organizers and arbiters; once published it is "
            "listed on the public site and the API."
        ),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = (
            "-start_date",
            "name",
        )
        constraints = (
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="event_end_after_start"
            ),
            models.CheckConstraint(
                condition=~Q(system="swiss") | Q(number_of_rounds__isnull=False),
                name="event_swiss_has_rounds",
            ),
            # The last guard of the rule stated by
            # tournaments.scoring.matches.must_rank_on_match_points (MATCH_POINTS_RULE), which
            # Event.clean applies with its message.
            models.CheckConstraint(
                condition=~Q(system="swiss", games_per_pairing=2, ranking="game"),
                name="event_swiss_two_games_match_points",
            ),
        )

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError({"end_date": _("The event cannot end before it starts.")})
        if self.system == System.SWISS and not self.number_of_rounds:
            raise ValidationError({"number_of_rounds": _("A Swiss needs its number of rounds.")})
        if (
            self.ranking == Ranking.GAME_POINTS
            and self.games_per_pairing is not None
            and must_rank_on_match_points(
                swiss=self.system == System.SWISS, games_per_pairing=self.games_per_pairing
            )
        ):
            raise ValidationError({"ranking": _(MATCH_POINTS_RULE)})
        self._clean_team_scoring()
        if self._changes_rules_after_pairing():
            raise ValidationError(
                {
                    "swiss_rules": _(
                        "A round is already paired: the event keeps the text of the Dutch "
                        "system it started with."
                    )
                }
            )
        if self.ballot_deck_id is not None and not self._deck_fits():
            raise ValidationError(
                {
                    "ballot_deck": _(
                        "The deck %(deck)s is for %(deck_variant)s, the event plays %(variant)s."
                    )
                    % {
                        "deck": self.ballot_deck,
                        "deck_variant": self.ballot_deck.variant,
                        "variant": self.variant,
                    }
                }
            )

    def _clean_team_scoring(self) -> None:
        """The team ranking of an individual event and its prohibited pairing of team mates
        (docs/rules/tournaments.md §7.5): not for a team competition, which ranks its teams
        by their matches; team mates kept apart in a Swiss only, a Berger table pairing
        everyone with everyone."""
        if (self.team_score_members or self.never_pair_team_mates) and hasattr(
            self, "team_competition"
        ):
            field = "team_score_members" if self.team_score_members else "never_pair_team_mates"
            raise ValidationError(
                {
                    field: _(
                        "A team competition ranks its teams by their matches: team labels "
                        "are for individual events."
                    )
                }
            )
        if self.never_pair_team_mates and self.system != System.SWISS:
            raise ValidationError(
                {
                    "never_pair_team_mates": _(
                        "Team mates can be kept apart in a Swiss only: a round robin pairs "
                        "every player with every other."
                    )
                }
            )

    def swiss_rules_text(self) -> str:
        """The text of the FIDE Dutch system a Swiss is paired by, in the active language
        ("" for a round robin, which the Dutch system does not pair)."""
        return str(self.get_swiss_rules_display()) if self.system == System.SWISS else ""

    def _changes_rules_after_pairing(self) -> bool:
        """Whether the text of C.04.3 changes once a round is paired (C.04.3 applies one text
        to a whole event; the migration kept the older text for events already running)."""
        if self.pk is None or not self.rounds.exists():
            return False
        stored = type(self).objects.filter(pk=self.pk).values_list("swiss_rules", flat=True)
        return stored.first() != self.swiss_rules

    def _deck_fits(self) -> bool:
        """A deck serves its own variant; a table marking a Brazilian subset (FMJD Drawing
        Table 64, docs/rules/tournaments.md §6.3) also serves Brazilian draughts, with that
        subset only."""
        deck = self.ballot_deck
        if deck.variant == self.variant:
            return True
        return self.variant == BRAZILIAN and deck.cards.filter(brazilian=True).exists()
