"""The public site: thin views over tournaments.selectors_public.

Only published rounds are shown. Pages whose content depends on results carry an ETag built
from the event's fingerprint (a browser that already holds the page gets 304), and their data
is computed once per event state (selectors_public.cached).
"""

import hashlib
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from games.models import GameRecord, GameResult
from games.selectors import game_replay
from tournaments.models import ByeKind, Event, System
from tournaments.selectors import pairing_list, player_list, standings_get
from tournaments.selectors_public import (
    cached,
    crosstable_get,
    event_fingerprint,
    event_groups,
    event_records,
    last_public_round,
    player_card,
    public_game,
    public_rounds,
    round_games,
    tiebreak_explanation,
)
from tournaments.tiebreaks import find_tiebreak


def _state(request: HttpRequest, event: Event) -> str:
    """The event's fingerprint, read once per request."""
    if not hasattr(request, "_damier_state"):
        request._damier_state = event_fingerprint(event)
    return request._damier_state


def _page_key(request: HttpRequest, event: Event) -> str:
    """Names this page in this state and language: the ETag, and the key of the page's cached
    fragment ({% cache %} in the templates)."""
    key = f"{_state(request, event)}|{get_language()}|{request.get_full_path()}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _event_etag(request: HttpRequest, slug: str, *args, **kwargs) -> str | None:
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        return None
    request._damier_event = event
    return _page_key(request, event)


def event_page(view: Callable) -> Callable:
    """A GET/HEAD-only event page answering 304 while the event has not changed."""
    return require_safe(condition(etag_func=_event_etag)(view))


def _event(request: HttpRequest, slug: str) -> Event:
    event = getattr(request, "_damier_event", None)
    return event if event is not None else get_object_or_404(Event, slug=slug)


def _tiebreak_columns(event: Event) -> list[tuple[str, str]]:
    """(code, label in the page's language) of each of the event's tie-breaks."""
    return [(code, str(find_tiebreak(code).label)) for code in event.tiebreaks]


def _after_round(request: HttpRequest, event: Event) -> tuple[int, int]:
    """(round asked for with ?round=, last published round); 404 for a round not published."""
    last = last_public_round(event)
    asked = request.GET.get("round")
    if asked is None:
        return last, last
    if not asked.isdigit() or not 1 <= int(asked) <= last:
        raise Http404(_("Round %(round)s of this event is not published.") % {"round": asked})
    return int(asked), last


def _rules(event: Event) -> list[str]:
    """The event's pairing, scoring and ranking rules stated in words."""
    rules = [_("Pairing system: %(system)s.") % {"system": event.get_system_display()}]
    if event.system == System.SWISS:
        rules.append(
            _("Players are ordered by the %(ordering)s rule.")
            % {"ordering": event.get_swiss_ordering_display()}
        )
    rules.append(
        _("Each pairing plays %(games)s.") % {"games": event.get_games_per_pairing_display()}
    )
    rules.append(
        _("A win scores %(win)s points, a draw %(draw)s, a loss %(loss)s.")
        % {
            "win": formats.localize(event.points_win),
            "draw": formats.localize(event.points_draw),
            "loss": formats.localize(event.points_loss),
        }
    )
    rules.append(_("Players are ranked by %(ranking)s.") % {"ranking": event.get_ranking_display()})
    if event.tiebreaks:
        labels = ", ".join(str(label) for _code, label in _tiebreak_columns(event))
        rules.append(_("Ties are broken by, in order: %(tiebreaks)s.") % {"tiebreaks": labels})
    else:
        rules.append(_("Ties are broken by pairing number only."))
    return rules


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    groups = event_groups(today=timezone.localdate())
    return render(request, "public/event_list.html", {"groups": groups})


@event_page
def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    return render(
        request,
        "public/event_home.html",
        {
            "event": event,
            "rules": _rules(event),
            "rounds": list(public_rounds(event)),
            "players": player_list(event),
            "section": "home",
        },
    )


@event_page
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    round_ = get_object_or_404(public_rounds(event), number=number)

    def boards() -> list[tuple]:
        """Read only when the page's cached fragment is missing (templates call it)."""
        games = round_games(round_)
        return [
            (
                line,
                [(game, GameResult(game.result).label) for game in games.get(line.board, ())],
                line.card,
                ByeKind(line.bye_kind).label if line.bye_kind else "",
            )
            for line in pairing_list(round_)
        ]

    return render(
        request,
        "public/round.html",
        {
            "event": event,
            "round": round_,
            "boards": boards,
            "show_cards": event.ballot_deck_id is not None,
            "page_key": _page_key(request, event),
            "rounds": list(public_rounds(event)),
            "section": "rounds",
        },
    )


@event_page
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    after_round, last = _after_round(request, event)

    def rows() -> list[tuple]:
        """Read only when the page's cached fragment is missing (templates call it)."""
        standing = cached(
            _state(request, event),
            f"standings:{after_round}",
            lambda: standings_get(event, after_round=after_round),
        )
        return [(row, [row.tiebreaks.get(code) for code in event.tiebreaks]) for row in standing]

    return render(
        request,
        "public/standings.html",
        {
            "event": event,
            "rows": rows,
            "page_key": _page_key(request, event),
            "tiebreaks": _tiebreak_columns(event),
            "after_round": after_round,
            "round_choices": range(1, last + 1),
            "section": "standings",
        },
    )


@event_page
def tiebreaks(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    after_round, _last = _after_round(request, event)
    if not after_round:
        raise Http404(_("No round of this event is published yet."))
    explanation = cached(
        _state(request, event),
        f"tiebreaks:{after_round}:{number}",
        lambda: tiebreak_explanation(event, number=number, after_round=after_round),
    )
    if explanation is None:
        raise Http404(_("No player with pairing number %(number)s.") % {"number": number})
    labels = dict(_tiebreak_columns(event))
    return render(
        request,
        "public/tiebreaks.html",
        {
            "event": event,
            "explanation": explanation,
            "details": [(labels[d.code], d) for d in explanation.details],
            "after_round": after_round,
            "section": "standings",
        },
    )


@event_page
def player(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    after_round = last_public_round(event)
    card = cached(
        _state(request, event),
        f"card:{number}",
        lambda: player_card(event, number=number, after_round=after_round),
    )
    if card is None:
        raise Http404(_("No player with pairing number %(number)s.") % {"number": number})
    return render(
        request,
        "public/player.html",
        {"event": event, "card": card, "after_round": after_round, "section": "players"},
    )


@event_page
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    after_round, last = _after_round(request, event)

    def table():
        """Read only when the page's cached fragment is missing (templates call it)."""
        return cached(
            _state(request, event),
            f"crosstable:{after_round}",
            lambda: crosstable_get(event, after_round=after_round),
        )

    return render(
        request,
        "public/crosstable.html",
        {
            "event": event,
            "table": table,
            "page_key": _page_key(request, event),
            "tiebreaks": _tiebreak_columns(event),
            "after_round": after_round,
            "round_choices": range(1, last + 1),
            "section": "crosstable",
        },
    )


@event_page
def game(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    event = _event(request, slug)
    found = _public_game(event, game_id)
    ply = request.GET.get("ply", "0")
    replay = game_replay(found, ply=int(ply) if ply.isdigit() else 0)
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


def _public_game(event: Event, game_id: int):
    found = public_game(event, game_id)
    if found is None:
        raise Http404(_("No published game %(id)s in this event.") % {"id": game_id})
    return found


@event_page
def game_pdn(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    event = _event(request, slug)
    found = _public_game(event, game_id)
    record = GameRecord.objects.filter(game=found).first()
    if record is None:
        raise Http404(_("No record has been entered for this game."))
    return _pdn_response(record.pdn, f"{event.slug}-{found.pk}.pdn")


@event_page
def event_pdn(request: HttpRequest, slug: str) -> HttpResponse:
    """Every recorded game of the published rounds, in round and board order."""
    event = _event(request, slug)
    texts = event_records(event)
    return _pdn_response("\n\n".join(text.strip() for text in texts) + "\n", f"{event.slug}.pdn")


def _pdn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-pdn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
