"""The relay endpoint: GET a round's relayed boards (public once the round is published),
POST the PDN of one or more of its games with the event's push token
(``Authorization: Bearer <token>``, good for every round of the event until it is completed:
a completed round's records are final, and its pushes answer 403); a round relayed from
polled files answers 409."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.relay.selectors import relay_rows
from games.relay.services import relay_push
from tournaments.api.views import EventScoped
from tournaments.models import Round
from tournaments.selectors.public import PUBLIC_STATUSES


class RelayFlagSerializer(serializers.Serializer):
    ply = serializers.IntegerField(allow_null=True)
    move = serializers.CharField(allow_null=True)
    rule = serializers.CharField()
    message = serializers.CharField()


class RelayBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(
        allow_null=True, help_text="The pairing's board; null while unmatched."
    )
    index = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(source="game_id", allow_null=True)
    plies = serializers.ListField(
        child=serializers.CharField(), help_text="The legal plies, in the variant's notation."
    )
    status = serializers.ChoiceField(choices=["running", "flagged", "finished"])
    flag = RelayFlagSerializer(allow_null=True)
    result = serializers.CharField(allow_null=True, help_text="The record's result, once set.")
    fen = serializers.CharField()
    clocks = serializers.DictField(child=serializers.CharField())
    revision = serializers.IntegerField()


class RelayPushSerializer(serializers.Serializer):
    pdn = serializers.CharField(help_text="One or more games of the round, in PDN.")


class RelayReportSerializer(serializers.Serializer):
    appended = serializers.DictField(child=serializers.IntegerField())
    flagged = serializers.ListField(child=serializers.CharField())
    finished = serializers.ListField(child=serializers.CharField())
    unmatched = serializers.ListField(child=serializers.CharField())


class RoundRelay(EventScoped):
    """GET: the relayed boards of a published round. POST: push games with the event's
    push token (a round without a source is then fed by pushes); 403 for a completed round,
    409 for a round relayed from polled files."""

    title = gettext_lazy("Live relay")
    summary = gettext_lazy(
        "The relayed boards of a published round; POST pushes games with the event's push token."
    )

    serializer_class = RelayBoardSerializer
    pagination_class = None
    state_etag = True

    def get_authenticators(self) -> list:
        # a push carries the event's relay token, not a user's; reads need none
        return []

    def get_permissions(self) -> list:
        return [AllowAny()]

    def get_authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="relay"'

    def round(self, *, public: bool) -> Round:
        rounds = self.event().rounds.all()
        if public:
            rounds = rounds.filter(status__in=PUBLIC_STATUSES)
        return get_object_or_404(rounds, number=self.kwargs["number"])

    @extend_schema(responses={200: RelayBoardSerializer(many=True)})
    def get(self, request: Request, slug: str, number: int) -> Response:
        rows = relay_rows(self.round(public=True))
        return Response(self.get_serializer(rows, many=True).data)

    @extend_schema(
        request=RelayPushSerializer,
        responses={
            200: RelayReportSerializer,
            401: OpenApiResponse(description="No push token was given."),
            403: OpenApiResponse(
                description="The token is not the push token of this event, or the round is "
                "completed (its records are final)."
            ),
            409: OpenApiResponse(description="The round is relayed from polled PDN files."),
        },
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        scheme, _space, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise exceptions.NotAuthenticated(
                _("a push needs the event's relay token: Authorization: Bearer <token>")
            )
        data = self.valid(RelayPushSerializer)
        report = relay_push(round=self.round(public=False), token=token.strip(), pdn=data["pdn"])
        return Response(RelayReportSerializer(report).data)
