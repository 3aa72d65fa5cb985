"""The player directory in the API: GET /api/players/?q= (a search by name or id) and
GET /api/players/<id>/ (a player across his published events), over
tournaments.selectors.players. Public fields only: never the contact details, birth date,
login account or national id (searched, never shown)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.permissions import ReadOnlyOrAuthenticated
from tournaments.api.serializers import GameLinkSerializer, PlainSerializer
from tournaments.selectors.players import player_record, player_search
from tournaments.site.inputs import search_text


class DirectoryPlayerSerializer(PlainSerializer):
    id = serializers.IntegerField(help_text="The player's id in the directory.")
    name = serializers.CharField(help_text="Last, First.")
    federation = serializers.CharField()
    fmjd_id = serializers.CharField()
    title = serializers.CharField()
    rating = serializers.IntegerField(help_text="The player's current rating.")


class PlayerRoundSerializer(PlainSerializer):
    round = serializers.IntegerField()
    opponent = serializers.IntegerField(
        allow_null=True, help_text="The opponent's pairing number; null for a bye."
    )
    opponent_name = serializers.CharField()
    colour = serializers.CharField(allow_null=True, help_text="w or b; null for a bye.")
    code = serializers.CharField(help_text="The player's result code of the round.")
    points = serializers.DecimalField(max_digits=6, decimal_places=1)
    games = GameLinkSerializer(many=True)


class PlayerEventSerializer(PlainSerializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    number = serializers.IntegerField(help_text="The player's pairing number in the event.")
    after_round = serializers.IntegerField(help_text="The event's last published round.")
    score = serializers.DecimalField(
        source="card.points",
        max_digits=6,
        decimal_places=1,
        help_text="Points after the last published round, as the event's standings give them.",
    )
    rank = serializers.IntegerField(
        source="card.rank", help_text="Rank in the event's standings (0 before any round)."
    )
    place = serializers.CharField(
        source="card.place", help_text='The place as the standings write it ("3-4" when shared).'
    )
    performance = serializers.IntegerField(source="card.performance", allow_null=True)
    games = PlayerRoundSerializer(source="card.lines", many=True)


class ListRatingSerializer(PlainSerializer):
    published = serializers.DateField()
    rating = serializers.IntegerField()
    title = serializers.CharField()


class RatingSeriesSerializer(PlainSerializer):
    rating_list = serializers.CharField(
        source="source", help_text="The lists' source: fmjd100, fmjd64, kndb, ffjd, national…"
    )
    ratings = ListRatingSerializer(many=True)


class PlayerRecordSerializer(PlainSerializer):
    player = DirectoryPlayerSerializer()
    club = serializers.CharField()
    events = PlayerEventSerializer(many=True)
    ratings = RatingSeriesSerializer(many=True)


QUERY = OpenApiParameter(
    "q",
    OpenApiTypes.STR,
    description="Words of the name (accents, case and Latin or Cyrillic script aside), or a "
    "whole FMJD or national id.",
)


class PlayerDirectory(generics.ListAPIView):
    """The players of the published events, by name; ?q= searches them."""

    title = gettext_lazy("All players")
    summary = gettext_lazy(
        "The players of the published events, by name; ?q= searches them by name or id."
    )

    serializer_class = DirectoryPlayerSerializer
    permission_classes = (ReadOnlyOrAuthenticated,)

    @extend_schema(parameters=[QUERY])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return player_search(search_text(self.request.query_params.get("q")))


class PlayerDetail(generics.GenericAPIView):
    """A player across his published events: score, rank and performance in each (as the
    event's standings give them), his rounds and games, his ratings list by list."""

    title = gettext_lazy("Player")
    summary = gettext_lazy(
        "A player across his published events: his score, rank and performance in each, his "
        "rounds and games, and his ratings list by list."
    )

    serializer_class = PlayerRecordSerializer
    permission_classes = (ReadOnlyOrAuthenticated,)

    def get(self, request: Request, player_id: int) -> Response:
        record = player_record(player_id)
        if record is None:
            raise exceptions.NotFound(_("No player %(id)s in the directory.") % {"id": player_id})
        return Response(self.get_serializer(record).data)
