"""Rows of a team competition. Imported by tournaments.models (the app's models module);
written only by tournaments.teams.services.

A team match of a round is played on ordinary boards: each board is a `Pairing` of the round
(with its `Game` rows), so results, ballots and two-game pairings work as in any event;
`TeamBoard` says which team match a pairing belongs to and which side is team A's.
"""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.scoring.teams import TEAM_TIEBREAKS


class PrimaryScoreChoice(models.TextChoices):
    """Values of ``tournaments.scoring.teams.PrimaryScore``."""

    MATCH_POINTS = "mp", _("match points")
    BOARD_POINTS = "bp", _("board points")


class ColourModelChoice(models.TextChoices):
    """Values of ``tournaments.pairing.team_swiss.ColourModel`` (FIDE C.04.6 art. 1.7)."""

    TYPE_A = "typea", _("type A colour preferences")
    TYPE_B = "typeb", _("type B colour preferences")
    NONE = "nocolor", _("no colour preferences")


def _match_points_field(label, default: str) -> models.DecimalField:
    return models.DecimalField(label, max_digits=4, decimal_places=1, default=Decimal(default))


class TeamCompetition(models.Model):
    """What makes an event a team competition: its boards per match and its team scoring.
    The event's own system schedules the teams: a round robin or double round robin by the
    Berger tables, a Swiss by FIDE C.04.6 with the colour model of ``colour_model``."""

    event = models.OneToOneField(
        "tournaments.Event",
        on_delete=models.CASCADE,
        related_name="team_competition",
        verbose_name=_("event"),
    )
    boards = models.PositiveSmallIntegerField(
        _("boards per match"), default=8, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    match_win = _match_points_field(_("match points for a match won"), "2")
    match_draw = _match_points_field(_("match points for a match drawn"), "1")
    match_loss = _match_points_field(_("match points for a match lost"), "0")
    bye_match_points = _match_points_field(_("match points for a team bye"), "2")
    bye_board_points = _match_points_field(_("board points for a team bye"), "0")
    primary = models.CharField(
        _("ranked first on"),
        max_length=2,
        choices=PrimaryScoreChoice.choices,
        default=PrimaryScoreChoice.MATCH_POINTS,
    )
    tiebreaks = models.JSONField(
        _("team tie-breaks"),
        default=list,
        blank=True,
        help_text=_(
            "In their order of application, after the primary score "
            "(docs/rules/tournaments.md §7.3)."
        ),
    )
    rating_tolerance = models.PositiveIntegerField(
        _("board order tolerance"),
        null=True,
        blank=True,
        help_text=_("How far a player may be rated above one on a higher board (empty: free)."),
    )
    rating_cap = models.PositiveIntegerField(_("rating cap"), null=True, blank=True)
    colour_model = models.CharField(
        _("team Swiss colours"),
        max_length=7,
        choices=ColourModelChoice.choices,
        default=ColourModelChoice.TYPE_A,
        help_text=_("FIDE C.04.6 art. 1.7; used when the event is a Swiss."),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("team competition")
        verbose_name_plural = _("team competitions")

    def __str__(self) -> str:
        return str(self.event)

    def clean(self) -> None:
        """Only the team tie-breaks the standings know (docs/rules/tournaments.md §7.3)."""
        codes = self.tiebreaks if isinstance(self.tiebreaks, list) else [self.tiebreaks]
        unknown = [str(code) for code in codes if code not in TEAM_TIEBREAKS]
        if unknown:
            raise ValidationError(
                {
                    "tiebreaks": _("Unknown team tie-break %(code)s; known: %(known)s.")
                    % {"code": unknown[0], "known": ", ".join(TEAM_TIEBREAKS)}
                }
            )


class Team(models.Model):
    """A team of a team competition; `number` is its place in the schedule (Berger table)."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="teams", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    captain = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("captain"),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ("event", "number")
        constraints = (
            models.UniqueConstraint(fields=["event", "number"], name="team_unique_number"),
            models.UniqueConstraint(fields=["event", "name"], name="team_unique_name"),
        )

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player of a team's roster, in board order; reserves come after the regulars. A
    registration belongs to one team only."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    registration = models.OneToOneField(
        "tournaments.Registration",
        on_delete=models.CASCADE,
        related_name="team_member",
        verbose_name=_("player"),
    )
    order = models.PositiveSmallIntegerField(_("board order"), validators=[MinValueValidator(1)])
    reserve = models.BooleanField(_("reserve"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ("team", "reserve", "order")
        constraints = (
            models.UniqueConstraint(fields=["team", "order"], name="team_member_unique_order"),
        )

    def __str__(self) -> str:
        return str(self.registration.player)


class TeamMatch(models.Model):
    """Two teams meeting in a round (`team_b` empty: a team bye). `return_match` reverses the
    board colours (second cycle of a double round robin)."""

    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.CASCADE,
        related_name="team_matches",
        verbose_name=_("round"),
    )
    number = models.PositiveSmallIntegerField(_("match"), validators=[MinValueValidator(1)])
    team_a = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team A")
    )
    team_b = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("team B"),
    )
    return_match = models.BooleanField(_("return match"), default=False)
    no_show = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("team that did not show up"),
        help_text=_(
            "Its boards are forfeited: a forfeit loss on each board for this team, a forfeit "
            "win for the other (docs/rules/tournaments.md §7.1)."
        ),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ("round", "number")
        constraints = (
            models.UniqueConstraint(fields=["round", "number"], name="team_match_unique_number"),
            models.CheckConstraint(
                condition=~Q(team_a=models.F("team_b")), name="team_match_two_teams"
            ),
        )

    def __str__(self) -> str:
        if self.team_b_id is None:
            return _("%(team)s: bye") % {"team": self.team_a}
        return f"{self.team_a} – {self.team_b}"


class TeamBoard(models.Model):
    """A board of a team match: its pairing, and whether team A's player has white. A board
    one team left empty is a pairing without black (the present player's forfeit win)."""

    match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, related_name="boards", verbose_name=_("team match")
    )
    number = models.PositiveSmallIntegerField(_("board"), validators=[MinValueValidator(1)])
    pairing = models.OneToOneField(
        "tournaments.Pairing",
        on_delete=models.CASCADE,
        related_name="team_board",
        verbose_name=_("pairing"),
    )
    a_is_white = models.BooleanField(_("team A has white"))

    class Meta:
        verbose_name = _("team board")
        verbose_name_plural = _("team boards")
        ordering = ("match", "number")
        constraints = (
            models.UniqueConstraint(fields=["match", "number"], name="team_board_unique_number"),
        )


class LineupEntry(models.Model):
    """A team's player on one board of a team match, set before the match is paired."""

    match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, related_name="lineup", verbose_name=_("team match")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="+", verbose_name=_("team")
    )
    board = models.PositiveSmallIntegerField(_("board"), validators=[MinValueValidator(1)])
    member = models.ForeignKey(
        TeamMember, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("lineup entry")
        verbose_name_plural = _("lineup entries")
        ordering = ("match", "team", "board")
        constraints = (
            models.UniqueConstraint(fields=["match", "team", "board"], name="lineup_unique_board"),
            models.UniqueConstraint(fields=["match", "member"], name="lineup_unique_member"),
        )


class TeamAdjustment(models.Model):
    """A sanction or correction of a team's totals, shown with its reason."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("team")
    )
    match_points = models.DecimalField(
        _("match points"), max_digits=4, decimal_places=1, default=Decimal(0)
    )
    board_points = models.DecimalField(
        _("board points"), max_digits=5, decimal_places=1, default=Decimal(0)
    )
    reason = models.CharField(_("reason"), max_length=200)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("team adjustment")
        verbose_name_plural = _("team adjustments")
        ordering = ("team", "pk")

    def __str__(self) -> str:
        return f"{self.team}: {self.match_points:+} ({self.reason})"
