"""API endpoints of a team competition: its standings and its matches board by board
(read-only, for everybody who may read the event; answered 304 while the event is
unchanged), and the lineup of a team for a match (written by the event's organizers and by
the team's captain, as the admin's and the captain's lineup pages write it:
tournaments.teams.services.lineup_set; tournaments.access.may_captain). A board's result
is written as any game's (``games/<id>/result/``)."""

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import captained_teams, captains, may_manage
from tournaments.api.serializers import PlainSerializer
from tournaments.api.views import EventScoped, EventScopedList
from tournaments.models import Event
from tournaments.site.inputs import whole_number
from tournaments.teams.models import Team, TeamMatch, TeamMember
from tournaments.teams.selectors import team_competition, team_matches, team_standings_get
from tournaments.teams.services import lineup_of, lineup_set, lineup_version


class TeamStandingSerializer(PlainSerializer):
    rank = serializers.IntegerField(source="row.rank")
    shared_rank = serializers.BooleanField(source="row.shared_rank")
    number = serializers.IntegerField(source="row.team", help_text="The team's number.")
    team = serializers.CharField(source="name")
    played = serializers.IntegerField(source="row.played", help_text="Matches played.")
    match_points = serializers.DecimalField(
        source="row.match_points",
        max_digits=6,
        decimal_places=1,
        help_text="Match points, adjustments included.",
    )
    board_points = serializers.DecimalField(
        source="row.board_points", max_digits=7, decimal_places=1
    )
    adjustment = serializers.DecimalField(
        source="row.adjustment",
        max_digits=6,
        decimal_places=1,
        help_text="Sum of the match-point adjustments (penalties are negative).",
    )
    reasons = serializers.ListField(
        source="row.reasons", child=serializers.CharField(), help_text="Why each adjustment."
    )
    tiebreaks = serializers.DictField(
        source="row.tiebreaks",
        child=serializers.DecimalField(max_digits=10, decimal_places=2),
        help_text="Team tie-break code (BP, MP, DE, TSB) -> value, in the event's order.",
    )


class TeamBoardSerializer(PlainSerializer):
    board = serializers.IntegerField(source="number")
    player_a = serializers.CharField()
    player_b = serializers.CharField()
    a_is_white = serializers.BooleanField(help_text="Team A's player has white.")
    points_a = serializers.DecimalField(max_digits=4, decimal_places=1, allow_null=True)
    points_b = serializers.DecimalField(max_digits=4, decimal_places=1, allow_null=True)
    forfeit = serializers.BooleanField(help_text="Not played over the board.")
    games = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The ids of the board's games, in order (two in a two-game match; none for "
        "a board one team left empty): each is read at games/{id}/.",
    )


class TeamMatchSerializer(PlainSerializer):
    round = serializers.IntegerField()
    team_a = serializers.CharField()
    team_b = serializers.CharField(allow_null=True, help_text="Null for a team bye.")
    board_points_a = serializers.DecimalField(max_digits=6, decimal_places=1)
    board_points_b = serializers.DecimalField(max_digits=6, decimal_places=1)
    finished = serializers.BooleanField(help_text="Every board has its result.")
    no_show = serializers.CharField(
        allow_null=True,
        help_text="The team that did not show up: every board a forfeit loss for it, a "
        "forfeit win for the other team (docs/rules/tournaments.md §7.1); null otherwise.",
    )
    boards = TeamBoardSerializer(many=True)


class TeamScoped(EventScopedList):
    state_etag = True

    def team_event(self):
        event = self.event()
        if team_competition(event) is None:
            raise exceptions.NotFound(
                _("%(event)s is not a team competition.") % {"event": event.slug}
            )
        return event


class TeamStandings(TeamScoped):
    """Team standings after the finished matches of the published rounds."""

    title = gettext_lazy("Team standings")
    summary = gettext_lazy("The team standings after the finished matches of the published rounds.")

    serializer_class = TeamStandingSerializer

    def get_queryset(self):
        return team_standings_get(self.team_event())


class TeamMatches(TeamScoped):
    """Team matches of the published rounds, board by board, in round order."""

    title = gettext_lazy("Team matches")
    summary = gettext_lazy(
        "The team matches of the published rounds, board by board, in round order."
    )

    serializer_class = TeamMatchSerializer

    def get_queryset(self):
        return team_matches(self.team_event())


class LineupWriteSerializer(serializers.Serializer):
    """Valid, ``team`` is the Team of the ``match`` given in the context, and ``players`` the
    TeamMember (or None) of each board, from the teams of the match's event."""

    team = serializers.IntegerField(help_text="The team's number (team A or team B of the match).")
    players = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Board by board, the id of a player on the team's roster, or null for an "
        "empty board (a forfeit); at least one player.",
    )
    version = serializers.CharField(
        required=False,
        help_text="The lineup's version as read (the `Lineup-Version` header of the GET or "
        "of the previous POST): the write is refused with 409 `stale_lineup`, nothing "
        "changed, when someone else changed the lineup since.",
    )

    def validate_team(self, number: int) -> Team:
        match = self.context["match"]
        teams = {t.number: t for t in (match.team_a, match.team_b) if t is not None}
        if number not in teams:
            raise serializers.ValidationError(
                _("team %(team)s does not play this match.") % {"team": number}
            )
        return teams[number]

    def validate_players(self, players: list[int | None]) -> list[TeamMember | None]:
        event = self.context["match"].round.event
        members = {
            m.registration.player_id: m
            for m in TeamMember.objects.filter(registration__event=event).select_related(
                "registration__player"
            )
        }
        unknown = [p for p in players if p is not None and p not in members]
        if unknown:
            raise serializers.ValidationError(
                _("player %(id)s is on no team of %(event)s.")
                % {"id": unknown[0], "event": event.slug}
            )
        return [None if p is None else members[p] for p in players]


class LineupBoardSerializer(PlainSerializer):
    board = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True, help_text="The player's id.")
    name = serializers.CharField(allow_null=True)


class TeamLineup(EventScoped):
    """GET: a team's lineup for match <number> of round <round>, its version in the
    `Lineup-Version` header;
    POST: set a team's lineup for match <number> of round <round> (the event's organizers,
    and the team's captain for his own team: tournaments.access.may_captain; 403 for another
    team); refused, naming the board, when it breaks a composition rule, and once the match
    is paired."""

    title = gettext_lazy("Lineup")
    summary = gettext_lazy(
        "A team's lineup for this match; POST sets it (the event's organizers, or the team's "
        "captain for his own team), refused once the match is paired or when it breaks a "
        "composition rule."
    )

    serializer_class = LineupBoardSerializer

    #: The permission an organizer needs to set any team's lineup.
    PERMISSION = "tournaments.change_teammatch"

    def lineup_event(self) -> Event:
        """The event, for those who may read it and for the captains of its teams (a draft
        event's captain sets lineups on the site too)."""
        team = (
            captained_teams(self.request.user)
            .filter(event__slug=self.kwargs["slug"])
            .select_related("event")
            .first()
        )
        return team.event if team is not None else self.event()

    def deny(self, event: Event) -> exceptions.PermissionDenied:
        return exceptions.PermissionDenied(
            _(
                "%(user)s may not set this lineup in %(event)s: its organizers may, and each "
                "team's captain for his own team."
            )
            % {"user": self.request.user, "event": event.slug}
        )

    def lineup_match(self, event: Event, round: int, number: int) -> TeamMatch:
        if team_competition(event) is None:
            raise exceptions.NotFound(
                _("%(event)s is not a team competition.") % {"event": event.slug}
            )
        return get_object_or_404(
            TeamMatch.objects.select_related("team_a", "team_b", "round__event"),
            round__event=event,
            round__number=round,
            number=number,
        )

    @staticmethod
    def lineup_response(match: TeamMatch, team: Team) -> Response:
        """``team``'s lineup board by board, its version in the `Lineup-Version` header."""
        rows = [
            {
                "board": board,
                "player": member.registration.player_id if member else None,
                "name": str(member.registration.player) if member else None,
            }
            for board, member in enumerate(lineup_of(match, team), start=1)
        ]
        response = Response(LineupBoardSerializer(rows, many=True).data)
        response["Lineup-Version"] = lineup_version(match, team)
        return response

    @extend_schema(
        parameters=[OpenApiParameter("team", int, required=True, description="The team's number.")],
        responses={200: LineupBoardSerializer(many=True)},
        description="A team's lineup for the match (the one entered, or the default one), "
        "for the organizers and the team's captain; its version is the `Lineup-Version` header, "
        "sent back as `version` with the POST.",
    )
    def get(self, request: Request, slug: str, round: int, number: int) -> Response:
        event = self.lineup_event()
        match = self.lineup_match(event, round, number)
        teams = {t.number: t for t in (match.team_a, match.team_b) if t is not None}
        team = teams.get(whole_number(request.query_params.get("team", "")) or 0)
        if team is None:
            raise exceptions.ValidationError(
                {
                    "team": [
                        _("team %(team)s does not play this match.")
                        % {"team": request.query_params.get("team", "")}
                    ]
                }
            )
        if not may_manage(request.user, event, self.PERMISSION) and not captains(
            request.user, team
        ):
            raise self.deny(event)
        return self.lineup_response(match, team)

    @extend_schema(
        request=LineupWriteSerializer,
        responses={200: LineupBoardSerializer(many=True)},
        description="Organizers set any team's lineup; a team's captain (the login account of "
        "Team.captain) his own team's only, 403 for the other team. 409 once the match is "
        "paired, with the board named when a composition rule is broken, for a lineup with "
        "every board empty, and (code `stale_lineup`) when `version` is not the lineup's "
        "version any more. The answer's `Lineup-Version` is the new version.",
    )
    def post(self, request: Request, slug: str, round: int, number: int) -> Response:
        event = self.lineup_event()
        match = self.lineup_match(event, round, number)
        organizer = may_manage(request.user, event, self.PERMISSION)
        teams = [t for t in (match.team_a, match.team_b) if t is not None]
        if not organizer and not any(captains(request.user, t) for t in teams):
            raise self.deny(event)
        data = self.valid(LineupWriteSerializer, match=match)
        if not organizer and not captains(request.user, data["team"]):
            raise self.deny(event)
        with transaction.atomic():
            lineup_set(
                match=match,
                team=data["team"],
                members=data["players"],
                user=self.actor(),
                expected_version=data.get("version") or None,
            )
            return self.lineup_response(match, data["team"])
