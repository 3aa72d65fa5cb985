"""Game endpoints: a game with its PDN and verification verdict, the record upload, and the
dispute desk's writes. They call the games services (games.services.records, disputes),
which enforce who may act (games.permissions); a refusal is a 403, a rule broken a 409; a
player's report of his game's result (games.services.reports)."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from games.archive.write import archive_filename, event_archive
from games.models import Dispute as DisputeRow
from games.models import DisputeClaim, GameRecord, RecordSource, RulingDecision
from games.selectors import verification_get
from games.services.disputes import dispute_open, dispute_rule
from games.services.records import record_save
from games.services.reports import REPORTABLE, report_submit
from tournaments.api import serializers as s
from tournaments.api.views import EventScoped
from tournaments.models import Game, GameResult
from tournaments.selectors.public import PUBLIC_STATUSES


class GameDetailSerializer(s.GameSerializer):
    pdn = serializers.CharField(allow_null=True)
    verdict = serializers.CharField(allow_null=True)
    result_check = serializers.CharField(allow_null=True)
    opening_followed = serializers.BooleanField(allow_null=True)
    report = serializers.JSONField(allow_null=True, help_text="arbiter.Verdict.to_dict().")


class RecordSerializer(serializers.Serializer):
    pdn = serializers.CharField(max_length=200_000, help_text="The PDN text of this one game.")


class DisputeCreateSerializer(serializers.Serializer):
    claim = serializers.ChoiceField(choices=DisputeClaim.choices)
    statement = serializers.CharField(max_length=5000)
    ply = serializers.IntegerField(required=False, min_value=0, max_value=10_000)


class DisputeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    claim = serializers.CharField()
    ply = serializers.IntegerField(allow_null=True)
    statement = serializers.CharField()
    status = serializers.CharField()


class ReportCreateSerializer(serializers.Serializer):
    result = serializers.ChoiceField(
        choices=[(code, GameResult(code).label) for code in REPORTABLE],
        help_text="The result as the game ended: 1-0, 1/2 or 0-1 (white's score first).",
    )


class ReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    colour = serializers.CharField(help_text='The reporter\'s colour: "w" or "b".')
    result = serializers.CharField()
    reported_at = serializers.DateTimeField()
    outcome = serializers.CharField(
        help_text='"waiting" (for the opponent), "recorded", "confirm" (waits for the '
        'arbiter), "disputed" (sent to the desk) or "kept" (the result was already entered).'
    )
    dispute = serializers.IntegerField(source="dispute_id", allow_null=True)


class RulingCreateSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=RulingDecision.choices)
    reason = serializers.CharField(max_length=5000)
    result = serializers.ChoiceField(choices=GameResult.choices, required=False)
    ply = serializers.IntegerField(required=False, min_value=0, max_value=10_000)
    expected_version = serializers.IntegerField(required=False, min_value=0)


class RulingSerializer(serializers.Serializer):
    dispute = serializers.IntegerField(source="dispute_id")
    decision = serializers.CharField()
    reason = serializers.CharField()
    result_before = serializers.CharField()
    result_after = serializers.CharField()
    replay_from_ply = serializers.IntegerField(allow_null=True)


class GameScoped(EventScoped):
    def game(self, *, public: bool = True) -> Game:
        games = Game.objects.filter(pairing__round__event=self.event())
        if public:
            games = games.filter(pairing__round__status__in=PUBLIC_STATUSES)
        return get_object_or_404(
            games.select_related("pairing__round", "white__player", "black__player"),
            pk=self.kwargs["game_id"],
        )


class GameDetail(GameScoped):
    """A published game: result, PDN record and the arbiter's verification verdict."""

    title = gettext_lazy("Game")
    summary = gettext_lazy(
        "A published game: its result, its PDN record and the verdict of its verification."
    )

    serializer_class = GameDetailSerializer

    def get(self, request: Request, slug: str, game_id: int) -> Response:
        game = self.game()
        row = self.published_game_row(game.pk)
        record = GameRecord.objects.filter(game=game).first()
        verification = verification_get(game)
        done = verification if verification and verification.status == "done" else None
        data = {
            **vars(row),
            "pdn": record.pdn if record else None,
            "verdict": done.verdict if done else None,
            "result_check": done.result_check if done else None,
            "opening_followed": done.opening_followed if done else None,
            "report": done.report if done else None,
        }
        return Response(self.get_serializer(data).data)


class GameRecordView(GameScoped):
    """PUT: store this game's PDN record (organizers and arbiters); verified in the
    background."""

    title = gettext_lazy("Game record")
    summary = gettext_lazy(
        "PUT stores this game's PDN record (organizers and arbiters); it is then verified in the "
        "background."
    )

    serializer_class = s.GameSerializer

    def get_object(self) -> Game:
        """The game whose record is written, in a draft round too. DRF's OPTIONS answer asks
        for it before describing PUT (a 404 there leaves PUT out of the answer)."""
        return self.game(public=False)

    @extend_schema(request=RecordSerializer, responses={200: s.GameSerializer})
    def put(self, request: Request, slug: str, game_id: int) -> Response:
        game = self.get_object()
        data = self.valid(RecordSerializer)
        record_save(game=game, pdn=data["pdn"], user=self.actor(), source=RecordSource.API)
        return Response(self.get_serializer(self.published_game_row(game.pk)).data)


class DisputeCreate(GameScoped):
    """POST: open a dispute on this game (its organizers, arbiters or players)."""

    title = gettext_lazy("Open a dispute")
    summary = gettext_lazy(
        "POST opens a dispute on this game (its organizers, arbiters or players)."
    )

    serializer_class = DisputeSerializer

    @extend_schema(request=DisputeCreateSerializer, responses={201: DisputeSerializer})
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        game = self.game()
        data = self.valid(DisputeCreateSerializer)
        dispute = dispute_open(
            game=game,
            claim=data["claim"],
            statement=data["statement"],
            ply=data.get("ply"),
            user=self.actor(),
        )
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)


class GameReport(GameScoped):
    """POST: report this game's result as one of its two players (Player.user); when both
    agree it is recorded (or waits for the arbiter), when they differ a dispute opens. The
    same operation under /api/games/<id>/report/ (the game alone) and under its event."""

    title = gettext_lazy("Result report")
    summary = gettext_lazy(
        "POST reports this game's result as one of its two players: when both agree it is "
        "recorded (or waits for the arbiter), when they differ a dispute opens."
    )

    serializer_class = ReportSerializer

    @extend_schema(request=ReportCreateSerializer, responses={201: ReportSerializer})
    def post(self, request: Request, game_id: int, slug: str | None = None) -> Response:
        if slug is None:  # /api/games/<id>/report/: the phone knows the game, not its event
            games = Game.objects.filter(pk=game_id)
            found = games.values_list("pairing__round__event__slug", flat=True).first()
            if found is None:
                raise Http404
            self.kwargs["slug"] = found
        game = self.game()
        data = self.valid(ReportCreateSerializer)
        report = report_submit(game=game, result=data["result"], user=self.actor())
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


class DisputeRuling(EventScoped):
    """POST: rule on dispute <id> (the event's arbiters), with a written reason."""

    title = gettext_lazy("Ruling")
    summary = gettext_lazy(
        "POST rules on this dispute (the event's arbiters), with a written reason."
    )

    serializer_class = RulingSerializer

    @extend_schema(request=RulingCreateSerializer, responses={201: RulingSerializer})
    def post(self, request: Request, slug: str, dispute_id: int) -> Response:
        dispute = get_object_or_404(
            DisputeRow, pk=dispute_id, game__pairing__round__event=self.event()
        )
        data = self.valid(RulingCreateSerializer)
        ruling = dispute_rule(dispute=dispute, user=self.actor(), **data)
        return Response(RulingSerializer(ruling).data, status=status.HTTP_201_CREATED)


class EventArchive(EventScoped):
    """GET: the whole event as one zip file (games.archive, docs/archive.md), for its
    organizers; players' private fields only as tournaments.access lets the user read them; a
    team competition with its teams, rosters, team matches and lineups."""

    title = gettext_lazy("Event archive")
    summary = gettext_lazy("The whole event as one zip file, for its organizers.")

    @extend_schema(
        responses={
            (200, "application/zip"): bytes,
            403: OpenApiResponse(description="The user does not organize this event."),
        }
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        event = self.require("tournaments.view_event")
        response = HttpResponse(
            event_archive(event=event, user=self.actor()), content_type="application/zip"
        )
        response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
        return response
