"""The dispute desk pages: thin views over games.selectors and games.services.

Every page needs a login; who sees and changes what is games.permissions. The replay steps
through the game with plain links (?ply=N), the board drawn server-side as SVG.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.forms import DisputeOpenForm, RulingForm
from games.models import Dispute, DisputeStatus, Game
from games.permissions import can_officiate, can_open_dispute, can_rule, can_see_dispute
from games.selectors import (
    claim_rules,
    desk_disputes,
    desk_flagged,
    game_replay,
    verification_get,
)
from games.services.disputes import dispute_open, dispute_rule
from tournaments.models import Event
from tournaments.services.errors import TournamentError

_GAME_RELATED = ("pairing__round__event", "white__player", "black__player")


@login_required
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's desk: its disputes (open first) and the records verification flagged."""
    event = get_object_or_404(Event, slug=slug)
    if not can_officiate(request.user, event):
        raise PermissionDenied
    return render(
        request,
        "games/desk.html",
        {"event": event, "disputes": desk_disputes(event), "flagged": desk_flagged(event)},
    )


@login_required
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A dispute: the replay at ?ply=N, the verification report, the draw counters, the
    rules that apply, and the ruling (the form for an arbiter while it is open)."""
    dispute = get_object_or_404(
        Dispute.objects.select_related(*(f"game__{path}" for path in _GAME_RELATED)), pk=pk
    )
    if not can_see_dispute(request.user, dispute):
        raise PermissionDenied
    game = dispute.game
    event = game.pairing.round.event
    may_rule = can_rule(request.user, event) and dispute.status == DisputeStatus.OPEN
    form = RulingForm(initial={"expected_version": game.version, "ply": dispute.ply})
    if request.method == "POST":
        if not may_rule:
            raise PermissionDenied
        form = RulingForm(request.POST)
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
    ply = _ply(request, default=dispute.ply or 0)
    replay = game_replay(game, ply=ply)
    return render(
        request,
        "games/dispute.html",
        {
            "dispute": dispute,
            "game": game,
            "event": event,
            "replay": replay,
            "verification": verification_get(game),
            "rules": claim_rules(dispute, replay),
            "form": form if may_rule else None,
            "ruling": getattr(dispute, "ruling", None),
            "history": dispute.history.select_related("history_user").order_by("history_id"),
            "may_see_desk": can_officiate(request.user, event),
        },
    )


@login_required
def dispute_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Open a dispute on a game (its event's officials and its two players)."""
    game = get_object_or_404(Game.objects.select_related(*_GAME_RELATED), pk=pk)
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
    return render(request, "games/dispute_open.html", {"game": game, "form": form})


def _ply(request: HttpRequest, *, default: int) -> int:
    text = request.GET.get("ply", "")
    return int(text) if text.isdigit() else default
