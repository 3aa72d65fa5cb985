"""API endpoint of an event's rating report: one row per player, read-only, for everybody
who may read the event (answered 304 while the event is unchanged)."""

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from tournaments.api.serializers import PlainSerializer
from tournaments.api.views import EventScopedList
from tournaments.ratings.selectors import rating_report_get


class RatingReportRowSerializer(PlainSerializer):
    """One player's row of the rating report (tournaments.scoring.rating_report)."""

    number = serializers.IntegerField(help_text="Pairing number.")
    name = serializers.CharField()
    fmjd_id = serializers.CharField(help_text="FMJD id, empty when the player has none.")
    rating = serializers.IntegerField(
        help_text="Rating at start, frozen at round 1 under the event's rating policy (0: unrated)."
    )
    games = serializers.IntegerField(
        help_text="Games that count: played over the board against rated opponents."
    )
    score = serializers.DecimalField(
        max_digits=6, decimal_places=1, help_text="W: the score in games (a win is 1)."
    )
    expected = serializers.DecimalField(
        max_digits=7,
        decimal_places=2,
        allow_null=True,
        help_text="We: the sum of the expectancies (FIDE B.02 8.1.2); null for an unrated player.",
    )
    k = serializers.IntegerField(allow_null=True, help_text="The event's K; null when not set.")
    change = serializers.DecimalField(
        max_digits=8,
        decimal_places=2,
        allow_null=True,
        help_text="K x (W - We) in rating points; W - We (in units of K) when k is null.",
    )
    performance = serializers.IntegerField(
        allow_null=True, help_text="Average of the opponents + dp (FIDE B.02 8.1.1)."
    )
    average_opponents = serializers.IntegerField(allow_null=True)
    opponents = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The ratings of the opponents of the games that count, in round order.",
    )


class RatingReport(EventScopedList):
    """The rating report: one row per player, from the games of the published rounds and the
    ratings frozen at round 1; change = K x (W - We), in units of K when k is null."""

    title = gettext_lazy("Rating report")
    summary = gettext_lazy(
        "One row per player: his rating change from the games of the published rounds, by the "
        "ratings frozen at round 1."
    )

    serializer_class = RatingReportRowSerializer
    state_etag = True

    def get_queryset(self):
        return rating_report_get(self.event())
