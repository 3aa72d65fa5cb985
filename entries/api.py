"""POST /api/events/{slug}/entries/: an entry, by anyone while the event takes entries
(anonymous ones throttled per address); GET: the event's entries with their private fields,
for its organizers only."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from entries.models import Entry, EntryStatus
from entries.selectors import organizer_entries
from entries.services import ENTRY_FIELDS, entry_submit
from entries.throttles import EntryThrottle
from tournaments.api.views import EventScopedList
from tournaments.models import Player


class EntryCreateSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    federation = serializers.RegexField(r"^[A-Z]{3}$", required=False, default="")
    fmjd_id = serializers.CharField(max_length=20, required=False, default="")
    national_id = serializers.CharField(max_length=30, required=False, default="")
    rating = serializers.IntegerField(min_value=0, max_value=4000, required=False, default=0)
    club = serializers.CharField(max_length=120, required=False, default="")
    birth_date = serializers.DateField(required=False, allow_null=True, default=None)
    email = serializers.EmailField(required=False, default="")
    phone = serializers.CharField(max_length=40, required=False, default="")


class EntrySerializer(serializers.ModelSerializer):
    """An entry as the event's organizers read it: its private fields included."""

    status = serializers.ChoiceField(choices=EntryStatus.choices)
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), allow_null=True, help_text="The registry's player."
    )

    class Meta:
        model = Entry
        fields = (
            "id",
            *ENTRY_FIELDS,
            "status",
            "player",
            "amount_due",
            "amount_paid",
            "entered_at",
        )
        read_only_fields = fields


class EntryReceipt(serializers.Serializer):
    """What the person who entered reads back: nothing private of anyone else."""

    id = serializers.IntegerField()
    name = serializers.CharField(source="__str__")
    status = serializers.ChoiceField(choices=EntryStatus.choices)
    amount_due = serializers.DecimalField(max_digits=8, decimal_places=2)


class EntryList(EventScopedList):
    """GET: the event's entries (its organizers). POST: enter a person (anyone while the
    event takes entries); 201 with the entry's status, "pending" or "waitlisted"."""

    title = gettext_lazy("Entries")
    summary = gettext_lazy(
        "The event's entries (its organizers); POST enters a person while the event takes "
        'entries, and the entry\'s status is then "pending" or "waitlisted".'
    )

    serializer_class = EntrySerializer
    throttle_classes = (EntryThrottle,)

    def get_permissions(self):
        if self.request.method == "POST":
            return [AllowAny()]
        return super().get_permissions()

    @extend_schema(
        responses={
            200: EntrySerializer(many=True),
            403: OpenApiResponse(description="The user does not organize this event."),
        }
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        event = self.require("entries.view_entry")
        return organizer_entries(event)

    @extend_schema(request=EntryCreateSerializer, responses={201: EntryReceipt})
    def post(self, request: Request, slug: str) -> Response:
        event = self.event()
        data = self.valid(EntryCreateSerializer)
        user = request.user if request.user.is_authenticated else None
        try:
            entry = entry_submit(event=event, fields=data, user=user)
        except ValidationError as exc:
            raise exceptions.ValidationError(exc.message_dict) from exc
        return Response(EntryReceipt(entry).data, status=status.HTTP_201_CREATED)
