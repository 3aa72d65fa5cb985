"""The check-in endpoint of the API: POST /api/events/<slug>/rounds/<n>/check-in/. A player
checks himself in (his login account is the player's); the event's organizer checks in or
marks absent any of its players by naming his pairing number. The services say who may
(a refusal is a 403) and whether the round's check-in is open (a 409 otherwise)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from hall.models import CheckInStatus
from hall.selectors import own_registration
from hall.services import check_in_record
from tournaments.api.views import EventScoped
from tournaments.models import Registration
from tournaments.selectors.names import player_name


class CheckInCreateSerializer(serializers.Serializer):
    player = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=32767,
        help_text="The pairing number of the player checked in (an organizer); omitted: "
        "the logged-in player himself.",
    )
    status = serializers.ChoiceField(
        choices=CheckInStatus.choices,
        default=CheckInStatus.PRESENT,
        help_text='"present", or "absent" (an organizer only).',
    )


class CheckInSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="registration.pairing_number")
    name = serializers.SerializerMethodField()
    round = serializers.IntegerField(source="round_number")
    status = serializers.CharField()

    def get_name(self, check_in) -> str:
        return player_name(check_in.registration)


class RoundCheckIn(EventScoped):
    """POST: check in for round <n> (the logged-in player himself), or check in or mark
    absent a player of the event (its organizer)."""

    title = gettext_lazy("Check-in")
    summary = gettext_lazy(
        "POST checks in for this round (the logged-in player himself), or checks in or marks "
        "absent a player of the event (its organizer)."
    )

    serializer_class = CheckInSerializer

    @extend_schema(
        request=CheckInCreateSerializer,
        responses={
            200: CheckInSerializer,
            403: OpenApiResponse(description="Not the player himself, nor the organizer."),
            409: OpenApiResponse(description="The round's check-in is not open."),
        },
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = self.event()
        data = self.valid(CheckInCreateSerializer)
        registration: Registration | None
        if "player" in data:
            registration = get_object_or_404(
                event.registrations.select_related("player"), pairing_number=data["player"]
            )
        else:
            registration = own_registration(request.user, event)
            if registration is None:
                raise exceptions.ValidationError(
                    {"player": [_("You are not a player of this event: name the player.")]}
                )
        check_in = check_in_record(
            registration=registration,
            round_number=number,
            status=data["status"],
            user=self.actor(),
        )
        return Response(CheckInSerializer(check_in).data)
