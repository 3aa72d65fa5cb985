"""Tournament rows: players, events, registrations, rounds and pairings.

Rows only hold data and integrity constraints; the services (tournaments.services) write them
and the selectors (tournaments.selectors) read them.
"""

from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

# Django loads an app's models from its models module: importing the printed documents'
# model here registers it in this app (label and table `tournaments_document`).
from tournaments.documents.models import Document as Document
from tournaments.imports.models import ImportJob as ImportJob
from tournaments.names import person_order, search_key
from tournaments.scoring.matches import MATCH_POINTS_RULE, must_rank_on_match_points
from tournaments.scoring.withdrawals import WithdrawalRule
from tournaments.teams.models import (  # noqa: F401
    LineupEntry,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)
from tournaments.values import ByeKind, Colour, DutchRules
from tournaments.variant_names import VARIANT_NAMES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def variant_choices() -> list[tuple[str, str]]:
    """The arbiter's registered variants with their translated names, read when the choices
    are needed (not at import).

    Without the registry there is no choice at all (system check tournaments.E001 says why).
    """
    try:
        from arbiter.variants import VARIANTS
    except ImportError:
        return []
    return [(name, VARIANT_NAMES.get(name, name)) for name in VARIANTS]


#: The variant that plays the Brazilian subset of a table marking one
#: (docs/rules/tournaments.md §6.3).
BRAZILIAN = "brazilian"


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


_Member = TypeVar("_Member", bound=StrEnum)


def labelled_choices(labels: Mapping[_Member, Promise]) -> list[tuple[str, Promise]]:
    """Field choices from the translated labels of a pure enum's members.

    The values are the members' plain strings, so a migration that writes the choices never
    imports the enum.
    """
    return [(member.value, label) for member, label in labels.items()]


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


#: The translated name of each bye; the values are those of ``tournaments.values.ByeKind``.
BYE_KIND_LABELS: dict[ByeKind, Promise] = {
    ByeKind.PAIRING_ALLOCATED: _("pairing-allocated bye"),
    ByeKind.HALF_POINT: _("half-point bye"),
    ByeKind.ZERO_POINT: _("zero-point bye"),
    ByeKind.FULL_POINT: _("full-point bye"),
}


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


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("draft")
    PUBLISHED = "published", _("published")
    COMPLETED = "completed", _("completed")


class Round(models.Model):
    """A round of an event: paired as a draft, reviewed, published, then completed."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    status = models.CharField(
        _("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = (
            "event",
            "number",
        )
        constraints = (
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
        )

    def __str__(self) -> str:
        return _("%(event)s — round %(number)s") % {"event": self.event, "number": self.number}


class RoundTime(models.Model):
    """When round `number` of an event starts: set when the event is made and changed in its
    admin page, before or after the round is paired. `sequence` counts the changes of the
    round's calendar entry (iCalendar's SEQUENCE, RFC 5545 3.8.7.4): of its time, and of its
    pairing published or taken back to draft (a player's calendar names his opponent);
    `changed_at` is the last one (DTSTAMP): a calendar program that has read the calendar
    replaces a round it knows by the one of a higher sequence."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="round_times", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    starts_at = models.DateTimeField(_("starts at"))
    sequence = models.PositiveIntegerField(_("changes"), default=0, editable=False)
    changed_at = models.DateTimeField(_("changed at"), editable=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("round time")
        verbose_name_plural = _("round times")
        ordering = ("event", "number")
        constraints = (
            models.UniqueConstraint(
                fields=["event", "number"],
                name="round_time_unique_number",
                violation_error_message=_("This round already has a time."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.event} {self.number}: {self.starts_at.isoformat()}"


class PairingNumberDraw(models.Model):
    """A round robin's pairing numbers fixed before round 1: drawn by lot (`seed`, checkable
    with tournaments.pairing.lot.draw_numbers over `entrants`, the registration ids in id
    order) or set by hand (empty seed: the numbers as the organizer entered them). `numbers`
    maps each registration id to its number. The event's last draw counts; a draw is refused
    once round 1 exists (tournaments.services.pairing_numbers). While it stands, round 1 keeps
    these numbers instead of renumbering by rating, and the whole Berger schedule is public."""

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="pairing_number_draws",
        verbose_name=_("event"),
    )
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    entrants = models.JSONField(_("registrations drawn"), default=list)
    numbers = models.JSONField(_("pairing numbers"), default=dict)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("drawn by"),
    )
    drawn_at = models.DateTimeField(_("drawn at"))

    class Meta:
        verbose_name = _("pairing number draw")
        verbose_name_plural = _("pairing number draws")
        ordering = ("event", "drawn_at", "pk")

    def __str__(self) -> str:
        how = _("by lot") if self.seed else _("by hand")
        return f"{self.event}: {how}, {self.drawn_at.isoformat()}"


class Pairing(models.Model):
    """A board of a round, or a bye (black is empty and bye_kind says which bye)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(_("board"), validators=[MinValueValidator(1)])
    white = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="+", verbose_name=_("white")
    )
    black = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("black"),
    )
    bye_kind = models.CharField(
        _("bye"), max_length=4, choices=labelled_choices(BYE_KIND_LABELS), blank=True
    )
    manual = models.BooleanField(_("edited by hand"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        ordering = (
            "round",
            "board",
        )
        constraints = (
            models.UniqueConstraint(fields=["round", "board"], name="pairing_unique_board"),
            models.CheckConstraint(
                condition=(Q(black__isnull=True) & ~Q(bye_kind=""))
                | (Q(black__isnull=False) & Q(bye_kind="")),
                name="pairing_bye_has_no_black",
            ),
            models.CheckConstraint(condition=~Q(white=F("black")), name="pairing_two_players"),
        )

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.board}. {self.white} — {self.get_bye_kind_display()}"
        return f"{self.board}. {self.white} — {self.black}"


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
    refuses a write made against an older version (optimistic locking). The tables keep the
    names they were created with (`games_game`, `games_historicalgame`).
    """

    pairing = models.ForeignKey(
        Pairing,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("pairing"),
    )
    index = models.PositiveSmallIntegerField(
        _("game"), default=1, validators=[MinValueValidator(1), MaxValueValidator(2)]
    )
    white = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("white"),
    )
    black = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("black"),
    )
    result = models.CharField(
        _("result"), max_length=3, choices=GameResult.choices, default=GameResult.PENDING
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    history = HistoricalRecords(table_name="games_historicalgame")

    class Meta:
        db_table = "games_game"
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
