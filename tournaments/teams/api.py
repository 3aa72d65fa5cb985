"""API endpoints of a team competition: its standings and its matches board by board
(read-only, for everybody who may read the event; answered 304 while the event is
unchanged)."""

from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers

from tournaments.api.serializers import PlainSerializer
from tournaments.api.views import EventScopedList
from tournaments.teams.selectors import team_competition, team_matches, team_standings_get


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


class TeamMatchSerializer(PlainSerializer):
    round = serializers.IntegerField()
    team_a = serializers.CharField()
    team_b = serializers.CharField(allow_null=True, help_text="Null for a team bye.")
    board_points_a = serializers.DecimalField(max_digits=6, decimal_places=1)
    board_points_b = serializers.DecimalField(max_digits=6, decimal_places=1)
    finished = serializers.BooleanField(help_text="Every board has its result.")
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

    serializer_class = TeamStandingSerializer

    def get_queryset(self):
        return team_standings_get(self.team_event())


class TeamMatches(TeamScoped):
    """Team matches of the published rounds, board by board, in round order."""

    serializer_class = TeamMatchSerializer

    def get_queryset(self):
        return team_matches(self.team_event())
