"""The public pages of game records under /events/ (config.urls serves them with
tournaments.urls.events under the namespace "public"): a game replayed at any ply, its PDN, and the
PDN of every recorded game of an event. Addresses other tools link to: keep them stable."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.export import record_export
from games.models import GameRecord, RecordSource
from games.relay.selectors import relay_game
from games.selectors import event_records, game_replay, relayed_records
from tournaments.models import Event
from tournaments.selectors.public import public_game
from tournaments.site.inputs import whole_number
from tournaments.views.events import event_page, followed_page, request_event


def game(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """A game's record at a ply: the start by default. A game relayed live is followed
    (static/js/live.js swaps the page as moves arrive) and shown at the last ply kept;
    other records are plain pages, stepped through at the reader's pace."""
    relayed = relay_game(game_id=game_id)
    if relayed is None:
        return _record_page(request, slug, game_id)
    return _relayed_page(request, slug, game_id, relayed)


def _game_page(
    request: HttpRequest, slug: str, game_id: int, relayed: tuple[int, str] | None = None
) -> HttpResponse:
    """``relayed``: the plies the relay kept and its last version, replayed instead of the
    record."""
    event = request_event(request, slug)
    found = _public_game(event, game_id)
    ply = whole_number(request.GET.get("ply"))
    if ply is None and relayed is not None and "ply" not in request.GET:
        ply = relayed[0]
    replay = game_replay(found, ply=ply or 0, pdn=relayed[1] if relayed else None)
    return render(
        request,
        "public/game.html",
        {
            "event": event,
            "game": found,
            "round": found.pairing.round,
            "replay": replay,
            "section": "rounds",
        },
    )


_record_page = event_page(_game_page)
_relayed_page = followed_page(_game_page)


def _public_game(event: Event, game_id: int):
    found = public_game(event, game_id)
    if found is None:
        raise Http404(_("No published game %(id)s in this event.") % {"id": game_id})
    return found


@event_page
def game_pdn(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    event = request_event(request, slug)
    found = _public_game(event, game_id)
    record = GameRecord.objects.filter(game=found).first()
    if record is None:
        raise Http404(_("No record has been entered for this game."))
    text = record_export(found, record.pdn, relayed=record.source == RecordSource.RELAY)
    return _pdn_response(text, f"{event.slug}-{found.pk}.pdn")


@event_page
def event_pdn(request: HttpRequest, slug: str) -> HttpResponse:
    """Every recorded game of the published rounds, in round and board order."""
    event = request_event(request, slug)
    relayed = relayed_records(event)
    texts = [
        record_export(game, pdn, relayed=game.pk in relayed) for game, pdn in event_records(event)
    ]
    return _pdn_response("\n\n".join(text.strip() for text in texts) + "\n", f"{event.slug}.pdn")


def _pdn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-pdn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
