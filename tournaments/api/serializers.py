"""Serializers of the API: events (model rows), and the selectors' dataclasses (read as
attributes). Public fields only: no contact details, national id or birth date."""

from collections.abc import Callable
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers

from tournaments.hooks import EVENT_FIELDS, GAME_FACTS
from tournaments.models import SCORING_FIELDS, Event, GameResult, Player, Round


class PlainSerializer(serializers.Serializer):
    """A read serializer of plain values (the selectors' dataclasses) that reads each field's
    attribute directly: the same answer as DRF's ``to_representation`` without its per-field
    lookups, which dominate the big lists (500 crosstable rows of a dozen cells each).

    Fields are read by their ``source`` attributes (keys of a dict; ``source="*"``: the
    value itself), a ``None`` attribute stays ``None``, every other value goes through the
    field's own ``to_representation``.
    """

    def to_representation(self, instance) -> dict:
        readers = self.__dict__.get("_readers")
        if readers is None:
            readers = self._readers = [
                (field.field_name, field.source_attrs, _representer(field))
                for field in self._readable_fields
            ]
        answer = {}
        for name, attributes, represent in readers:
            value = instance
            for attribute in attributes:
                value = value[attribute] if isinstance(value, dict) else getattr(value, attribute)
            answer[name] = None if value is None else represent(value)
        return answer


def _representer(field: serializers.Field) -> Callable[[Any], Any]:
    """``field.to_representation``, remembered per value for a decimal field: it quantizes to
    its ``decimal_places``, so equal values (``2`` and ``2.0``) give the same text, and the
    same points and tie-break values recur over hundreds of rows."""
    if isinstance(field, serializers.DecimalField):
        return cache(field.to_representation)
    return field.to_representation


class EventSerializer(serializers.ModelSerializer):
    scoring = serializers.SerializerMethodField()
    rating_groups = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="Lower bounds of the rating groups, increasing (1850, 1950: below 1850, "
        "1850-1949, 1950 and above), by the ratings at start; empty when there are none.",
    )
    swiss_rules_text = serializers.SerializerMethodField(
        help_text="The text of the FIDE Dutch system a Swiss is paired by, in the request's "
        "language (empty for a round robin)."
    )

    class Meta:
        model = Event
        fields = (
            "slug",
            "name",
            "variant",
            "system",
            "swiss_ordering",
            "swiss_rules",
            "swiss_rules_text",
            "number_of_rounds",
            "games_per_pairing",
            "ranking",
            "tiebreaks",
            "withdrawal_rule",
            "start_date",
            "end_date",
            "venue",
            "chief_arbiter",
            "scoring",
            "rating_groups",
            "team_score_members",
            "never_pair_team_mates",
            "published",
        )
        # An event keeps the text it started with (Event.clean): changed in the admin only;
        # so are the team ranking's settings, with the players' team labels.
        read_only_fields = (
            "published",
            "rating_groups",
            "swiss_rules",
            "team_score_members",
            "never_pair_team_mates",
        )

    def get_fields(self) -> dict[str, serializers.Field]:
        """The event's own fields, then those other apps add (tournaments.hooks.EVENT_FIELDS:
        whether it takes entries online)."""
        fields = super().get_fields()
        for name, field in EVENT_FIELDS.items():
            fields[name] = field()
        return fields

    def get_swiss_rules_text(self, event: Event) -> str:
        return event.swiss_rules_text()

    def get_scoring(self, event: Event) -> dict[str, str]:
        """Points per outcome ("win", "draw", "loss", forfeits and byes), as decimals."""
        return {key: str(getattr(event, field)) for key, field in SCORING_FIELDS.items()}


class RoundSerializer(serializers.ModelSerializer):
    pairing_rules = serializers.SerializerMethodField(
        help_text="The text of the FIDE Dutch system the round is paired by, in the "
        "request's language (empty for a round robin)."
    )

    class Meta:
        model = Round
        fields = ("number", "status", "published_at", "pairing_rules")

    def get_pairing_rules(self, round: Round) -> str:
        return round.event.swiss_rules_text()


class PlayerSerializer(PlainSerializer):
    number = serializers.IntegerField(help_text="Pairing number.")
    name = serializers.CharField()
    federation = serializers.CharField()
    title = serializers.CharField()
    rating = serializers.IntegerField()
    club = serializers.CharField()


class GameLinkSerializer(PlainSerializer):
    id = serializers.IntegerField()
    index = serializers.IntegerField(help_text="1, or 2 for the return game of a pairing.")
    white = serializers.IntegerField(help_text="White's pairing number.")
    black = serializers.IntegerField(help_text="Black's pairing number.")
    result = serializers.ChoiceField(choices=GameResult.choices)


class CardSerializer(PlainSerializer):
    code = serializers.CharField()
    name = serializers.CharField()
    moves = serializers.CharField()
    start_fen = serializers.CharField()


class PairingSerializer(PlainSerializer):
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    white = PlayerSerializer()
    black = PlayerSerializer(allow_null=True, help_text="null for a bye.")
    bye_kind = serializers.CharField(help_text='"pab", "half", "zero", "full" or "".')
    card = CardSerializer(allow_null=True, help_text="The ballot card; null: free opening.")
    games = GameLinkSerializer(many=True)


class StandingSerializer(PlainSerializer):
    rank = serializers.IntegerField()
    shared_rank = serializers.BooleanField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    points = serializers.DecimalField(max_digits=6, decimal_places=1)
    tiebreaks = serializers.DictField(
        child=serializers.DecimalField(max_digits=10, decimal_places=2),
        help_text="Tie-break code -> value, in the event's order.",
    )
    provisional = serializers.BooleanField(
        help_text="True while a game up to this round has no result: the standings leave "
        "it out and may still change."
    )
    rating_group = serializers.CharField(
        allow_null=True,
        help_text='The player\'s rating group (by his rating at start), e.g. "1850-1949"; '
        "null when the event has no rating groups.",
    )
    group_place = serializers.IntegerField(
        allow_null=True,
        help_text="Place in the rating group, in the order of the standings; null when the "
        "event has no rating groups.",
    )


class TeamMemberScoreSerializer(PlainSerializer):
    number = serializers.IntegerField(help_text="Pairing number.")
    name = serializers.CharField()
    points = serializers.DecimalField(max_digits=6, decimal_places=1)


class TeamRankingSerializer(PlainSerializer):
    """A team of an individual event's team ranking (docs/rules/tournaments.md §7.5)."""

    rank = serializers.IntegerField()
    shared_rank = serializers.BooleanField()
    team = serializers.CharField(help_text="The team label of its members' registrations.")
    score = serializers.DecimalField(
        max_digits=7, decimal_places=1, help_text="Sum of the best N members' points."
    )
    all_members = serializers.DecimalField(
        max_digits=7,
        decimal_places=1,
        help_text="Sum of all members' points: the tie-break.",
    )
    counted = serializers.IntegerField(
        help_text="How many members, from the first, the score sums (N, or fewer in a "
        "smaller team)."
    )
    members = TeamMemberScoreSerializer(
        many=True, help_text="The members, best first (points, then pairing number)."
    )


class ContributionSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.IntegerField(allow_null=True)
    code = serializers.CharField()
    value = serializers.DecimalField(max_digits=10, decimal_places=2)
    dummy = serializers.BooleanField(help_text="Valued against a virtual opponent (C.07 16.4).")
    note = serializers.CharField()
    factor = serializers.DecimalField(
        max_digits=6,
        decimal_places=4,
        allow_null=True,
        help_text="Sonneborn-Berger: the share of the round's points scored, which the "
        "opponent's score is multiplied by (1, 0.5, 0.75 ...); null for other tie-breaks.",
    )


class TieBreakDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    value = serializers.DecimalField(max_digits=10, decimal_places=2)
    counted = ContributionSerializer(many=True)
    cut = ContributionSerializer(many=True)
    note = serializers.CharField()


class TieBreakExplanationSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.DecimalField(max_digits=6, decimal_places=1)
    details = TieBreakDetailSerializer(many=True)


#: A cell's points as its DecimalField writes them (remembered: the same few values recur).
_cell_points = cache(serializers.DecimalField(max_digits=6, decimal_places=1).to_representation)


class CellSerializer(PlainSerializer):
    round = serializers.IntegerField()
    opponent_rank = serializers.IntegerField(allow_null=True)
    opponent_number = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField(allow_null=True)
    code = serializers.CharField()
    points = serializers.DecimalField(max_digits=6, decimal_places=1)
    text = serializers.CharField()
    games = serializers.SerializerMethodField()

    def get_games(self, cell) -> list[str]:
        """The games of a two-game pairing from this side ("w1", "b=" ...)."""
        return [mark.text for mark in cell.games]

    def to_representation(self, cell) -> dict:
        """The fields above, written out: a 500-player crosstable has 6,000 cells, and the
        field-by-field reading of PlainSerializer costs a third of a cold answer. The answer
        is DRF's own (tests/api/test_read.py compares them)."""
        return {
            "round": cell.round,
            "opponent_rank": cell.opponent_rank,
            "opponent_number": cell.opponent_number,
            "colour": None if cell.colour is None else str(cell.colour),
            "code": str(cell.code),
            "points": _cell_points(cell.points),
            "text": str(cell.text),
            "games": [mark.text for mark in cell.games],
        }


class CrosstableRowSerializer(PlainSerializer):
    rank = serializers.IntegerField()
    shared_rank = serializers.BooleanField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    title = serializers.CharField()
    federation = serializers.CharField()
    rating = serializers.IntegerField()
    cells = CellSerializer(many=True)
    score = serializers.DecimalField(max_digits=6, decimal_places=1)
    tiebreaks = serializers.ListField(
        child=serializers.DecimalField(max_digits=10, decimal_places=2)
    )


class GameSerializer(serializers.Serializer):
    """A game with what other apps know about it (tournaments.hooks.GAME_FACTS: its record
    and the arbiter's verification)."""

    id = serializers.IntegerField()
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    index = serializers.IntegerField()
    white = serializers.IntegerField()
    black = serializers.IntegerField()
    result = serializers.ChoiceField(choices=GameResult.choices)
    version = serializers.IntegerField(help_text="Send it back as expected_version.")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        for name, fact in GAME_FACTS.items():
            fields[name] = fact.field(source=f"facts.{name}")
        return fields


# Writes


#: The fields of a new player in a registration: the API's name -> the Player field.
NEW_PLAYER_FIELDS = {
    "first_name": "first_name",
    "last_name": "last_name",
    "federation": "federation",
    "fmjd_id": "fmjd_id",
    "club": "club",
    "player_rating": "rating",
}


class RegistrationCreateSerializer(serializers.Serializer):
    """Register an existing player (`player`: id) or a new one (`first_name`, `last_name`...).
    Valid, `player` is the Player, or the fields of the new one (player_create's)."""

    player = serializers.IntegerField(required=False, min_value=1)
    first_name = serializers.CharField(required=False, max_length=100)
    last_name = serializers.CharField(required=False, max_length=100)
    federation = serializers.CharField(required=False, max_length=3, allow_blank=True)
    fmjd_id = serializers.CharField(required=False, max_length=20, allow_blank=True)
    player_rating = serializers.IntegerField(required=False, min_value=0, max_value=4000)
    club = serializers.CharField(required=False, max_length=120, allow_blank=True)
    rating = serializers.IntegerField(required=False, min_value=0, max_value=4000)
    joined_round = serializers.IntegerField(required=False, min_value=1, max_value=1000)
    missed_rounds_half_point = serializers.BooleanField(required=False, default=False)

    def validate_player(self, value: int) -> Player:
        player = Player.objects.filter(pk=value).first()
        if player is None:
            raise serializers.ValidationError(_("no player %(id)s.") % {"id": value})
        return player

    def validate(self, data: dict) -> dict:
        new = {field: data.pop(key) for key, field in NEW_PLAYER_FIELDS.items() if key in data}
        if "player" not in data:
            if not (new.get("first_name") and new.get("last_name")):
                raise serializers.ValidationError(
                    _("Give `player` (an existing player's id) or `first_name` and `last_name`.")
                )
            data["player"] = new
        return data


class RegistrationSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    pairing_number = serializers.IntegerField()
    rating = serializers.IntegerField()
    joined_round = serializers.IntegerField()


class ResultSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=GameResult.choices)
    expected_version = serializers.IntegerField(
        required=False, min_value=0, help_text="The version you saw: refused (409) if stale."
    )
