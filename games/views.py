"""The dispute desk pages: thin views over games.selectors and games.services; a player's
page to report his game's result, and the confirmation of an agreed result at the desk.

Every page needs a login; who sees and changes what is games.permissions. A draft event,
and its games and disputes, is a 404 for whoever may not preview it (its existence is not
told), a 403 only where the user may know it exists. The replay steps through the game
with plain links (?ply=N), the board drawn server-side as SVG.
"""

from django.contrib import messages
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from arbiter.geometry import Colour
from games.forms import (
    AssignForm,
    DeskUploadForm,
    DisputeOpenForm,
    RelayAssignForm,
    ReportForm,
    RulingForm,
)
from games.models import Dispute, DisputeStatus, RelayBoard, ResultReport
from games.permissions import can_officiate, can_open_dispute, can_rule, can_see_dispute
from games.relay.selectors import relay_desk, relay_free_games
from games.relay.services import relay_board_assign
from games.selectors import (
    claim_rules,
    desk_disputes,
    desk_flagged,
    desk_reports_to_confirm,
    game_label,
    game_replay,
    game_reports,
    officiated_events,
    position_svg,
    replay_ply_proposed,
    verification_get,
)
from games.services.arbiters import may_appoint
from games.services.disputes import dispute_open, dispute_rule
from games.services.records import games_without_record, record_assign, round_records_upload
from games.services.reports import REPORTABLE, player_colour, report_confirm, report_submit
from tournaments.access import captained_teams, visible_event, visible_events
from tournaments.models import Event, Game, Round, RoundStatus
from tournaments.results import result_label
from tournaments.scoring.notation import result_score
from tournaments.selectors.public import PUBLIC_STATUSES
from tournaments.services.errors import TournamentError
from tournaments.site.inputs import whole_number

_GAME_RELATED = ("pairing__round__event", "white__player", "black__player")


def _visible(request: HttpRequest) -> QuerySet[Event]:
    """The events whose desk objects the user may learn exist: a draft event's slug, games
    and disputes are a 404 for anyone who may not preview it, as on the public pages."""
    return visible_events(request.user)


def desk_home(request: HttpRequest) -> HttpResponse:
    """The arbiter's front door: the desks of the events the user officiates, the lineups of
    the teams they captain, or a request to log in."""
    events = officiated_events(request.user) if request.user.is_authenticated else None
    teams = captained_teams(request.user).select_related("event").order_by("event__name", "number")
    return render(request, "games/desk_home.html", {"events": events, "teams": teams})


@login_required
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's desk: its disputes (open first), the records verification flagged and every
    relayed board's state (running, flagged, finished)."""
    event = visible_event(request.user, slug)
    if not can_officiate(request.user, event):
        raise PermissionDenied
    return render(
        request,
        "games/desk.html",
        {
            "event": event,
            "disputes": desk_disputes(event),
            "flagged": desk_flagged(event),
            "to_confirm": desk_reports_to_confirm(event),
            "relays": [
                (
                    round_,
                    [
                        (row, None if row.game_id else RelayAssignForm(games=round_.free_games))
                        for row in round_.rows
                    ],
                )
                for round_ in relay_desk(event)
            ],
            "may_appoint": may_appoint(request.user, event),
        },
    )


def _session_key(event: Event) -> str:
    return f"desk-upload-{event.pk}"


@login_required
def desk_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a round's PDN file from the desk: the games matched to the round's games are
    stored; those left out wait here until an official assigns each to its board."""
    event = visible_event(request.user, slug)
    if not can_officiate(request.user, event):
        raise PermissionDenied
    rounds = Round.objects.filter(event=event).exclude(status=RoundStatus.DRAFT)
    latest = rounds.order_by("-number").first()
    form = DeskUploadForm(
        request.POST or None, request.FILES or None, rounds=rounds, initial={"round": latest}
    )
    if request.method == "POST" and form.is_valid():
        round_ = form.cleaned_data["round"]
        try:
            report = round_records_upload(
                round=round_,
                pdn=form.cleaned_data["text"],
                source=form.cleaned_data["source"],
                user=request.user,
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            request.session[_session_key(event)] = {
                "round": round_.pk,
                "items": [
                    {
                        "index": item.pdn_index,
                        "white": item.white,
                        "black": item.black,
                        "reason": item.reason,
                        "pdn": report.unmatched_pdn[item.pdn_index],
                    }
                    for item in report.unmatched
                ],
            }
            messages.success(
                request,
                _("%(round)s: games matched and saved: %(matched)s; not matched: %(unmatched)s.")
                % {
                    "round": round_,
                    "matched": len(report.matched),
                    "unmatched": len(report.unmatched),
                },
            )
            return redirect("desk:upload", slug=event.slug)
    pending = request.session.get(_session_key(event))
    round_, items, missing = None, [], []
    if pending:
        round_ = rounds.filter(pk=pending["round"]).first()
    if round_ is not None:
        missing = games_without_record(round_)
        choices = [(game.pk, game_label(game)) for game in missing]
        items = [
            {**item, "form": AssignForm(initial={"item": item["index"]}, games=choices)}
            for item in pending["items"]
        ]
    return render(
        request,
        "games/desk_upload.html",
        {
            "event": event,
            "form": form,
            "round": round_,
            "items": items,
            "missing": missing,
            "rounds_out": latest is not None,
        },
    )


@login_required
def desk_assign(request: HttpRequest, slug: str) -> HttpResponse:
    """Assign one game of the last upload that was not matched to a game of its round."""
    event = visible_event(request.user, slug)
    if not can_officiate(request.user, event) or request.method != "POST":
        raise PermissionDenied
    key = _session_key(event)
    pending = request.session.get(key) or {"round": None, "items": []}
    round_ = Round.objects.filter(event=event, pk=pending["round"]).first()
    missing = games_without_record(round_) if round_ is not None else []
    form = AssignForm(request.POST, games=[(game.pk, game_label(game)) for game in missing])
    item = None
    if form.is_valid():
        item = next((i for i in pending["items"] if i["index"] == form.cleaned_data["item"]), None)
    if item is None:
        messages.error(request, _("Choose a board for the game of the file."))
        return redirect("desk:upload", slug=event.slug)
    game = next(game for game in missing if game.pk == form.cleaned_data["game"])
    try:
        record_assign(game=game, pdn=item["pdn"], user=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        pending["items"] = [i for i in pending["items"] if i is not item]
        request.session[key] = pending
        messages.success(
            request,
            _("Game %(index)s of the file is saved as the record of %(game)s.")
            % {"index": item["index"], "game": game_label(game)},
        )
    return redirect("desk:upload", slug=event.slug)


@login_required
@require_POST
def desk_relay_assign(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Assign a relayed game the matching left out to a board of its round (an official of
    the event); its next version is stored as that board's game."""
    event = visible_event(request.user, slug)
    if not can_officiate(request.user, event):
        raise PermissionDenied
    board = get_object_or_404(
        RelayBoard.objects.select_related("source__round"), pk=pk, source__round__event=event
    )
    round_ = board.source.round
    # as on the desk: a round offers its free games while one of its boards is unmatched
    unmatched = (
        board.game_id is None
        or RelayBoard.objects.filter(source__round=round_, game__isnull=True).exists()
    )
    free = relay_free_games(event, round_.number) if unmatched else []
    form = RelayAssignForm(request.POST, games=free)
    if not form.is_valid():
        messages.error(request, _("Choose a board for the relayed game."))
        return redirect("desk:desk", slug=event.slug)
    game = Game.objects.get(pk=form.cleaned_data["game"], pairing__round=round_)
    user = request.user
    assert isinstance(user, AbstractBaseUser)  # login_required
    try:
        relay_board_assign(board=board, game=game, user=user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("The relayed game %(key)s is now %(game)s.")
            % {"key": board.key, "game": game_label(game)},
        )
    return redirect("desk:desk", slug=event.slug)


@login_required
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A dispute: the replay at ?ply=N, the verification report, the draw counters, the
    rules that apply, and the ruling (the form for an arbiter while it is open)."""
    disputes = Dispute.objects.filter(game__pairing__round__event__in=_visible(request))
    dispute = get_object_or_404(
        disputes.select_related(*(f"game__{path}" for path in _GAME_RELATED)), pk=pk
    )
    if not can_see_dispute(request.user, dispute):
        raise PermissionDenied
    game = dispute.game
    event = game.pairing.round.event
    may_rule = can_rule(request.user, event) and dispute.status == DisputeStatus.OPEN
    replay = game_replay(game, ply=_ply(request, default=dispute.ply or 0))
    last_ply = None if replay is None else replay.timeline.last_ply
    form = RulingForm(
        initial={
            "expected_version": game.version,
            "ply": replay_ply_proposed(dispute, replay),
        },
        variant=event.variant,
        last_ply=last_ply,
    )
    if request.method == "POST":
        if not may_rule:
            raise PermissionDenied
        form = RulingForm(request.POST, variant=event.variant, last_ply=last_ply)
        if form.is_valid():
            data = form.cleaned_data
            try:
                dispute_rule(
                    dispute=dispute,
                    decision=data["decision"],
                    reason=data["reason"],
                    result=data["result"] or None,
                    ply=data["ply"],
                    expected_version=data["expected_version"],
                    user=request.user,
                )
            except TournamentError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("The ruling is recorded."))
                return redirect("desk:dispute", pk=dispute.pk)
    ruling = getattr(dispute, "ruling", None)
    variant = event.variant
    return render(
        request,
        "games/dispute.html",
        {
            "dispute": dispute,
            "game": game,
            "event": event,
            "replay": replay,
            "verification": verification_get(game),
            "variant": event.variant,
            "rules": claim_rules(dispute, replay),
            "form": form if may_rule else None,
            "ruling": ruling,
            "result_score": result_score(game.result, variant),
            "ruling_before": ruling and result_score(ruling.result_before, variant),
            "ruling_after": ruling and result_score(ruling.result_after, variant),
            "replay_position": ruling
            and ruling.replay_fen
            and position_svg(game, ruling.replay_fen, ply=ruling.replay_from_ply),
            "history": dispute.history.select_related("history_user").order_by("history_id"),
            "reports": game_reports(game),
            "may_see_desk": can_officiate(request.user, event),
        },
    )


@login_required
def dispute_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Open a dispute on a game (its event's officials and its two players)."""
    games = Game.objects.filter(pairing__round__event__in=_visible(request))
    game = get_object_or_404(games.select_related(*_GAME_RELATED), pk=pk)
    if not can_open_dispute(request.user, game):
        raise PermissionDenied
    form = DisputeOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            dispute = dispute_open(
                game=game,
                claim=data["claim"],
                statement=data["statement"],
                ply=data["ply"],
                user=request.user,
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            return redirect("desk:dispute", pk=dispute.pk)
    score = result_score(game.result, game.pairing.round.event.variant)
    return render(
        request, "games/dispute_open.html", {"game": game, "form": form, "result_score": score}
    )


def _ply(request: HttpRequest, *, default: int) -> int:
    ply = whole_number(request.GET.get("ply"))
    return default if ply is None else ply


@login_required
def game_report(request: HttpRequest, pk: int) -> HttpResponse:
    """A player reports his game's result from his phone: three large buttons, and what
    became of his reports (games.services.reports)."""
    games = Game.objects.filter(
        pairing__round__event__in=_visible(request), pairing__round__status__in=PUBLIC_STATUSES
    )
    game = get_object_or_404(games.select_related(*_GAME_RELATED), pk=pk)
    colour = player_colour(request.user, game)
    if colour is None:
        raise PermissionDenied
    variant = game.pairing.round.event.variant
    choices = [(str(code), result_label(code, variant)) for code in REPORTABLE]
    form = ReportForm(request.POST or None, choices=choices)
    if request.method == "POST" and form.is_valid():
        user = request.user
        assert isinstance(user, AbstractBaseUser)  # login_required
        try:
            report = report_submit(game=game, result=form.cleaned_data["result"], user=user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Your report (%(result)s) is saved: %(outcome)s.")
                % {
                    "result": result_score(report.result, variant),
                    "outcome": report.get_outcome_display(),
                },
            )
            return redirect("desk:report", pk=game.pk)
    mine = game_reports(game).filter(colour=colour.value)
    opponent = game.black if colour == Colour.WHITE else game.white
    return render(
        request,
        "games/report.html",
        {
            "game": game,
            "event": game.pairing.round.event,
            "form": form,
            "choices": choices,
            "white": colour == Colour.WHITE,
            "opponent": opponent.player,
            "result_score": result_score(game.result, variant),
            "reports": mine,
            "dispute": game.disputes.filter(status=DisputeStatus.OPEN).first(),
        },
    )


@login_required
@require_POST
def desk_report_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """An official confirms the result both players of a game agreed on."""
    reports = ResultReport.objects.filter(game__pairing__round__event__in=_visible(request))
    report = get_object_or_404(reports.select_related("game__pairing__round__event"), pk=pk)
    event = report.game.pairing.round.event
    if not can_officiate(request.user, event):
        raise PermissionDenied
    user = request.user
    assert isinstance(user, AbstractBaseUser)  # login_required
    try:
        game = report_confirm(report=report, user=user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(game)s: the result %(result)s is recorded.")
            % {"game": game_label(game), "result": result_score(game.result, event.variant)},
        )
    return redirect("desk:desk", slug=event.slug)
