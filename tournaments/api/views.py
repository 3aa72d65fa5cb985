"""Read-only public endpoints, and the organizers' writes on events, rounds and results.

Views are thin: they read through tournaments.selectors (standings, lists, public...) and write
through tournaments.services, the same functions the admin calls. Only published rounds
are visible; results-based answers are kept per event state (their rendered JSON, under
their ETag) and read the public pages' cached tables.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, mixins, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from tournaments.access import visible_event, visible_events
from tournaments.api import serializers as s
from tournaments.api.conditional import ConditionalRead
from tournaments.api.permissions import ReadOnlyOrAuthenticated, may_manage
from tournaments.models import Event, Game
from tournaments.scoring.rating_groups import group_places
from tournaments.scoring.standings import StandingRow
from tournaments.selectors.lists import pairing_list, player_list
from tournaments.selectors.public import (
    GameRow,
    cached,
    crosstable_get,
    event_groups,
    event_state,
    game_row,
    game_rows,
    last_public_round,
    public_rounds,
    round_games,
    tiebreak_explanation,
)
from tournaments.selectors.standings import standings_get, standings_provisional
from tournaments.selectors.team_ranking import has_team_ranking, team_ranking_get
from tournaments.services import registrations, results, rounds
from tournaments.site.inputs import whole_number

#: The largest round or pairing number a query parameter takes.
MAX_QUERY_NUMBER = 99_999

ROUND = OpenApiParameter(
    "round",
    {"type": "integer", "minimum": 1, "maximum": MAX_QUERY_NUMBER},
    description="A published round (default: the last one).",
)
PLAYER = OpenApiParameter(
    "player",
    {"type": "integer", "minimum": 1, "maximum": MAX_QUERY_NUMBER},
    description="A pairing number.",
)
STATUS = OpenApiParameter(
    "status", OpenApiTypes.STR, enum=["current", "upcoming", "finished"], description="When."
)


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None:
        return None
    number = whole_number(value, maximum=MAX_QUERY_NUMBER)
    if not number:
        raise exceptions.ValidationError(
            {
                name: [
                    _("%(value)r is not a whole number from 1 to %(maximum)s.")
                    % {"value": value, "maximum": MAX_QUERY_NUMBER}
                ]
            }
        )
    return number


def _published_round(request: Request, event: Event) -> int:
    """?round=, which must be published; default the last published round (0 if none)."""
    last = last_public_round(event)
    asked = _int_param(request, "round")
    if asked is None:
        return last
    if asked > last:
        raise exceptions.ValidationError(
            {
                "round": [
                    _("round %(round)s of %(event)s is not published (last: %(last)s).")
                    % {"round": asked, "event": event.slug, "last": last}
                ]
            }
        )
    return asked


class EventScoped(ConditionalRead, generics.GenericAPIView):
    """Base of the endpoints under /api/events/<slug>/."""

    permission_classes = (ReadOnlyOrAuthenticated,)

    def event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = visible_event(self.request.user, self.kwargs["slug"])
        return self._event

    def require(self, permission: str) -> Event:
        """The event, if the user may make a change needing `permission` in it."""
        event = self.event()
        if not may_manage(self.request.user, event, permission):
            raise exceptions.PermissionDenied(
                _("%(user)s may not change %(event)s (%(permission)s as organizer).")
                % {"user": self.request.user, "event": event.slug, "permission": permission}
            )
        return event

    def actor(self) -> AbstractBaseUser:
        """The user making a write, whom the services record (never anonymous: the
        permissions refuse an anonymous write before the view runs)."""
        user = self.request.user
        if not isinstance(user, AbstractBaseUser):
            raise exceptions.NotAuthenticated()
        return user

    def valid(self, serializer_class: type[Serializer], **context: Any) -> dict[str, Any]:
        """The request's data as ``serializer_class`` validates it (given ``context``, with the
        view's own): the one way the API's writes read their input; a 400 otherwise."""
        serializer = serializer_class(
            data=self.request.data, context={**self.get_serializer_context(), **context}
        )
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def published_game_row(self, game_id: int) -> GameRow:
        """Game ``game_id`` of the event as the games list shows it; 404 when it is not a
        published game of the event."""
        row = game_row(self.event(), game_id=game_id)
        if row is None:
            raise exceptions.NotFound(_("game %(id)s is in a draft round.") % {"id": game_id})
        return row


class EventScopedList(mixins.ListModelMixin, EventScoped):
    """A paginated list under an event: subclasses return the items from get_queryset()."""

    def get(self, request: Request, *args, **kwargs) -> Response:
        return self.list(request, *args, **kwargs)


class EventList(ConditionalRead, generics.ListAPIView):
    """Published events, soonest first; ?status=current|upcoming|finished."""

    title = gettext_lazy("Events")
    summary = gettext_lazy(
        "The published events, soonest first; ?status=current, upcoming or finished picks a "
        "group of them."
    )

    serializer_class = s.EventSerializer
    permission_classes = (ReadOnlyOrAuthenticated,)

    @extend_schema(parameters=[STATUS])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        wanted = self.request.query_params.get("status")
        if wanted is None:
            return Event.objects.filter(published=True).order_by("start_date", "name")
        groups = event_groups(today=timezone.localdate())
        if wanted not in ("current", "upcoming", "finished"):
            raise exceptions.ValidationError(
                {
                    "status": [
                        _("%(wanted)r is not one of current, upcoming, finished.")
                        % {"wanted": wanted}
                    ]
                }
            )
        return getattr(groups, wanted)


class EventDetail(ConditionalRead, generics.RetrieveAPIView):
    """An event by its slug: a published one, or a draft the user organizes or arbitrates."""

    title = gettext_lazy("Event")
    summary = gettext_lazy(
        "An event's settings: its variant, pairing system, rounds, scoring, tie-breaks, dates "
        "and venue."
    )

    state_etag = True
    serializer_class = s.EventSerializer
    permission_classes = (ReadOnlyOrAuthenticated,)
    lookup_field = "slug"

    def get_queryset(self):
        """Published events, and the drafts the user organizes or arbitrates."""
        return visible_events(self.request.user)


class PlayerList(EventScopedList):
    """The event's players in pairing-number order (public fields); POST registers one."""

    title = gettext_lazy("Players")
    summary = gettext_lazy(
        "The event's players in pairing-number order; POST registers a player (organizers)."
    )

    serializer_class = s.PlayerSerializer
    state_etag = True

    def get_queryset(self):
        return player_list(self.event())

    @extend_schema(
        request=s.RegistrationCreateSerializer, responses={201: s.RegistrationSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        event = self.require("tournaments.add_registration")
        data = self.valid(s.RegistrationCreateSerializer)
        registration = registrations.registration_enter(event=event, user=self.actor(), **data)
        return Response(s.RegistrationSerializer(registration).data, status=201)


class RoundList(EventScoped):
    """Published rounds; POST pairs the next round as a draft (organizers)."""

    title = gettext_lazy("Rounds")
    summary = gettext_lazy(
        "The published rounds; POST pairs the next round as a draft (organizers)."
    )

    serializer_class = s.RoundSerializer
    pagination_class = None
    state_etag = True

    @extend_schema(responses={200: s.RoundSerializer(many=True)})
    def get(self, request: Request, slug: str) -> Response:
        return Response(self.get_serializer(public_rounds(self.event()), many=True).data)

    @extend_schema(request=None, responses={201: s.RoundSerializer})
    def post(self, request: Request, slug: str) -> Response:
        event = self.require("tournaments.add_round")
        round_ = rounds.round_pair(event=event, user=self.actor())
        return Response(self.get_serializer(round_).data, status=status.HTTP_201_CREATED)


class RoundPublish(EventScoped):
    """POST: publish draft round <number> (organizers)."""

    title = gettext_lazy("Publish a round")
    summary = gettext_lazy("POST publishes this draft round (organizers).")

    serializer_class = s.RoundSerializer

    @extend_schema(request=None, responses={200: s.RoundSerializer})
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = self.require("tournaments.change_round")
        round_ = get_object_or_404(event.rounds, number=number)
        return Response(
            self.get_serializer(rounds.round_publish(round=round_, user=self.actor())).data
        )


class PairingList(EventScopedList):
    """Boards of the published rounds, with their games; ?round= and ?player= filter."""

    title = gettext_lazy("Pairings")
    summary = gettext_lazy(
        "The boards of the published rounds with their games; ?round= and ?player= (a pairing "
        "number) filter them."
    )

    serializer_class = s.PairingSerializer
    state_etag = True

    @extend_schema(parameters=[ROUND, PLAYER])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        request = self.request
        event = self.event()
        wanted_round = _int_param(request, "round")
        wanted_player = _int_param(request, "player")
        items = []
        for round_ in public_rounds(event):
            if wanted_round is not None and round_.number != wanted_round:
                continue
            games = round_games(round_)
            for line in pairing_list(round_):
                numbers = {line.white.number, line.black.number if line.black else None}
                if wanted_player is not None and wanted_player not in numbers:
                    continue
                items.append(
                    {
                        "round": round_.number,
                        "board": line.board,
                        "white": line.white,
                        "black": line.black,
                        "bye_kind": line.bye_kind,
                        "card": line.card,
                        "games": games.get(line.board, ()),
                    }
                )
        return items


class AfterRoundList(EventScopedList):
    """A list read for the event after ?round= (default: the last published round), empty
    before any round is published. ``read(event, after_round=...)`` is the selector that
    computes it; one the public pages cached under ``cache_name`` for the event's state is
    read instead; ``rows`` turns it into the list."""

    state_etag = True
    cache_name: str
    read: Callable[..., Any]

    @extend_schema(parameters=[ROUND])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        event = self.event()
        after = _published_round(self.request, event)
        if not after:
            return []
        # A table the public pages computed is read from their cache; one computed here is
        # not stored there: the rendered answer is kept under its ETag (api/conditional.py).
        return self.rows(
            cached(
                event_state(event),
                f"{self.cache_name}:{after}",
                lambda: self.read(event, after_round=after),
                keep=False,
            )
        )

    def rows(self, value) -> list:
        return value


@dataclass(frozen=True)
class StandingLine:
    """A standings row as the API writes it: the row's fields, whether the standings still
    wait for a result (standings_provisional), and the player's rating group (its label)
    and place in it, when the event has rating groups."""

    row: StandingRow
    provisional: bool
    rating_group: str | None = None
    group_place: int | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.row, name)


class Standings(AfterRoundList):
    """Standings after ?round= (default: the last published round) with tie-break values;
    ``provisional`` is true on every row while a game up to that round has no result;
    ``rating_group`` and ``group_place`` give each player's rating group and place in it."""

    title = gettext_lazy("Standings")
    summary = gettext_lazy(
        "The standings after ?round= (default: the last published round) with the tie-break "
        "values, provisional while a game up to that round has no result."
    )

    serializer_class = s.StandingSerializer
    cache_name = "standings"

    read = staticmethod(standings_get)

    def get_queryset(self):
        rows = super().get_queryset()
        if not rows:
            return rows
        event = self.event()
        after = _published_round(self.request, event)
        provisional = standings_provisional(event, after_round=after)
        places = group_places(rows, event.rating_groups)
        lines = []
        for row in rows:
            group, place = places.get(row.number, (None, None))
            label = None if group is None else group.label
            lines.append(StandingLine(row, provisional, label, place))
        return lines


class TeamRanking(AfterRoundList):
    """The team ranking of an individual event after ?round= (default: the last published
    round): each team's best N members summed, ties broken by all its members
    (docs/rules/tournaments.md §7.5). 404 for an event without a team ranking."""

    title = gettext_lazy("Team ranking")
    summary = gettext_lazy(
        "The team ranking of an individual event after ?round= (default: the last published "
        "round): the best members of each team summed, ties broken by all its members."
    )

    serializer_class = s.TeamRankingSerializer
    cache_name = "team-ranking"

    read = staticmethod(team_ranking_get)

    def get_queryset(self):
        event = self.event()
        if not has_team_ranking(event):
            raise exceptions.NotFound(_("%(event)s has no team ranking.") % {"event": event.slug})
        return super().get_queryset()


class TieBreaks(EventScoped):
    """How player <number>'s tie-breaks were computed after ?round=."""

    title = gettext_lazy("Tie-breaks")
    summary = gettext_lazy(
        "How the tie-breaks of the player with this pairing number were computed after ?round= "
        "(default: the last published round)."
    )

    serializer_class = s.TieBreakExplanationSerializer
    state_etag = True

    @extend_schema(parameters=[ROUND])
    def get(self, request: Request, slug: str, number: int) -> Response:
        event = self.event()
        after = _published_round(request, event)
        if not after:
            raise exceptions.NotFound(
                _("no round of %(event)s is published yet.") % {"event": event.slug}
            )
        explanation = cached(
            event_state(event),
            f"tiebreaks:{after}:{number}",
            lambda: tiebreak_explanation(event, number=number, after_round=after),
        )
        if explanation is None:
            raise exceptions.NotFound(
                _("no player with pairing number %(number)s in %(event)s.")
                % {"number": number, "event": event.slug}
            )
        return Response(self.get_serializer(explanation).data)


class CrosstableView(AfterRoundList):
    """Crosstable rows in rank order after ?round= (cells per round)."""

    title = gettext_lazy("Crosstable")
    summary = gettext_lazy(
        "The crosstable rows in rank order after ?round= (default: the last published round), "
        "one cell per round."
    )

    serializer_class = s.CrosstableRowSerializer
    cache_name = "crosstable"

    read = staticmethod(crosstable_get)

    def rows(self, value) -> list:
        return list(value.rows)


class GameList(EventScopedList):
    """Published games with their result and record state; ?round= and ?player= filter."""

    title = gettext_lazy("Games")
    summary = gettext_lazy(
        "The published games with their result and the state of their record; ?round= and "
        "?player= filter them."
    )

    serializer_class = s.GameSerializer

    @extend_schema(parameters=[ROUND, PLAYER])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        request = self.request
        return game_rows(
            self.event(), round=_int_param(request, "round"), player=_int_param(request, "player")
        )


class GameResultView(EventScoped):
    """POST: record game <id>'s result (organizers), with optimistic locking."""

    title = gettext_lazy("Result")
    summary = gettext_lazy(
        "POST records this game's result (organizers); with expected_version, refused when the "
        "game has changed since that version."
    )

    serializer_class = s.GameSerializer

    @extend_schema(request=s.ResultSerializer, responses={200: s.GameSerializer})
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        event = self.require("tournaments.change_game")
        game = get_object_or_404(Game, pk=game_id, pairing__round__event=event)
        data = self.valid(s.ResultSerializer)
        # The answer is read in the write's transaction: a connection lost while reading it
        # leaves nothing saved, so a failed answer never hides a saved result.
        with transaction.atomic():
            results.result_record(
                game=game,
                result=data["result"],
                user=self.actor(),
                expected_version=data.get("expected_version"),
            )
            answer = self.get_serializer(self.published_game_row(game.pk)).data
        return Response(answer)
