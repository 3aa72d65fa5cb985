"""The public site: thin views over tournaments.selectors.public.

Only published rounds are shown. Pages whose content depends on results carry an ETag built
from the event's fingerprint (a browser that already holds the page gets 304), and their data
is computed once per event state (selectors.public.cached). Followed pages (`followed_page`)
also tell static/js/live.js their ETag: it asks again every few seconds with If-None-Match
and swaps the page's content in place when the event has changed.
"""

import gzip
import hashlib
import re
import time
from collections.abc import Callable
from functools import wraps

from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import parse_etags, patch_cache_control, patch_vary_headers, quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from tournaments.access import visible_event, visible_events
from tournaments.hooks import EVENT_RULES, RATING_HISTORY, answer, page_instead
from tournaments.live import known_etag, remember_etag
from tournaments.models import BYE_KIND_LABELS, Event, GameResult, System
from tournaments.rating_distribution import rating_distribution
from tournaments.results import points_text
from tournaments.scoring.rating_groups import group_standings
from tournaments.scoring.tiebreaks import find_tiebreak
from tournaments.selectors.lists import pairing_list, player_list
from tournaments.selectors.public import (
    cached,
    crosstable_get,
    event_groups,
    event_state,
    last_public_round,
    player_card,
    public_rounds,
    round_games,
    state_time,
    tiebreak_explanation,
)
from tournaments.selectors.standings import (
    standings_get,
    standings_provisional,
    withdrawal_outcomes,
)
from tournaments.selectors.team_ranking import has_team_ranking, team_ranking_kept
from tournaments.site.inputs import search_text, whole_number
from tournaments.values import ByeKind


def request_state(request: HttpRequest, event: Event) -> str:
    """The event's fingerprint, read once per request."""
    if not hasattr(request, "_damier_state"):
        request._damier_state = event_state(event)
    return request._damier_state


def page_key(request: HttpRequest, event: Event) -> str:
    """Names this page in this state and language: the ETag, and the key of the page's cached
    fragment ({% cache %} in the templates). A logged-in person's pages are also named by
    their CSRF secret, which logging in renews: a page their browser kept from before holds
    the old token, and its language picker would be refused."""
    draft = "" if event.published else "draft"
    secret = request.META.get("CSRF_COOKIE", "") if request.user.is_authenticated else ""
    state = request_state(request, event)
    key = f"{state}|{draft}|{get_language()}|{request.get_full_path()}|{secret}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _event_etag(request: HttpRequest, slug: str, *args, **kwargs) -> str | None:
    event = visible_events(request.user).filter(slug=slug).first()
    if event is None:
        return None
    request._damier_event = event
    key = page_key(request, event)
    request.damier_etag = quote_etag(key)
    request.damier_changed_at = state_time(request_state(request, event))
    return key


def event_page(view: Callable) -> Callable:
    """A GET/HEAD-only event page answering 304 while the event has not changed."""
    return require_safe(condition(etag_func=_event_etag)(view))


#: Seconds between two checks of a followed page (static/js/live.js adds up to 20 % jitter).
LIVE_SECONDS = 5


#: Seconds a rendered live part is kept (its key changes with the event anyway).
CACHE_SECONDS = 3600
#: Longest wait (seconds) for another request rendering the same page in the same state.
RENDER_WAIT = 5.0


def _one_render(view: Callable, fragment: str) -> Callable:
    """Renders the page's cached fragment `fragment` once per page and state: right after a
    change every follower asks at once, and all but one wait for that one's fragment instead
    of computing the same table side by side."""

    @wraps(view)
    def render_once(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        event = request_event(request, kwargs.get("slug", ""))
        key = page_key(request, event)
        fragment_key = make_template_fragment_key(fragment, [key])
        lock = f"damier:render:{key}"
        if cache.get(fragment_key) is not None or cache.add(lock, 1, int(RENDER_WAIT) * 2):
            try:
                return view(request, *args, **kwargs)
            finally:
                cache.delete(lock)
        deadline = time.monotonic() + RENDER_WAIT
        while time.monotonic() < deadline and cache.get(fragment_key) is None:
            if cache.get(lock) is None:
                break
            time.sleep(0.02)
        return view(request, *args, **kwargs)

    return render_once


def followed_page(view: Callable | None = None, *, fragment: str = "") -> Callable:
    """An event page that follows the event: 304 while nothing has changed, revalidated on
    every use by browsers and proxies (Cache-Control: no-cache), and marked for live.js
    (request.damier_live: the check interval) with its ETag and last change. `fragment`
    names the page's {% cache %} fragment, rendered once per state (_one_render)."""
    if view is None:
        return lambda view: followed_page(view, fragment=fragment)
    conditional = condition(etag_func=_event_etag)(
        _one_render(view, fragment) if fragment else view
    )

    @wraps(view)
    def follow(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        request.damier_live = LIVE_SECONDS
        if request.headers.get("X-Requested-With") == "live":
            response = _live_part(request, conditional, args, kwargs)
        else:
            response = conditional(request, *args, **kwargs)
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ["X-Requested-With"])
        return response

    return require_safe(follow)


#: What live.js takes from a page: its title, its live mark and its main content. None of
#: them holds anything of the visitor's own (the CSRF token is in the header's form).
_LIVE_PARTS = re.compile(
    r"<title>.*?</title>|<p class=\"live-mark.*?</p>|<main id=\"main\".*?</main>", re.DOTALL
)


def _live_part(request: HttpRequest, conditional: Callable, args, kwargs) -> HttpResponse:
    """live.js's check: 304 while unchanged (for an anonymous follower, from one cache read
    while nothing was written: tournaments.live.known_etag); else the parts of the page it
    swaps, rendered once per page and state and then served from the cache to every
    follower, gzipped for those who accept it (a 500-player table: 390 kB, 23 kB gzipped);
    304 with Retry-After: 1 while another request renders them.
    """
    generation, etag = known_etag(request)
    if etag is None:
        etag = _event_etag(request, *args, **kwargs)
        if etag is None:
            return conditional(request, *args, **kwargs)
        remember_etag(request, generation, etag)
    held = parse_etags(request.headers.get("If-None-Match", ""))
    if quote_etag(etag) in held:
        response = HttpResponseNotModified()
        response["ETag"] = quote_etag(etag)
        return response
    packed = "gzip" in request.headers.get("Accept-Encoding", "")
    key = f"damier:live-part:{'gzip' if packed else 'html'}:{etag}"
    body = cache.get(key)
    if body is None and held and cache.get(f"damier:render:{etag}") is not None:
        # Another request is rendering this state: rather than wait for it, the follower
        # keeps its page a moment longer and checks again in a second.
        response = HttpResponseNotModified()
        response["ETag"] = held[0]
        response["Retry-After"] = "1"
        return response
    if body is None:
        response = conditional(request, *args, **kwargs)
        if response.status_code != 200:
            return response
        part = "\n".join(_LIVE_PARTS.findall(response.content.decode())).encode()
        stored = {"html": part, "gzip": gzip.compress(part)}
        cache.set_many(
            {f"damier:live-part:{name}:{etag}": value for name, value in stored.items()},
            CACHE_SECONDS,
        )
        body = stored["gzip" if packed else "html"]
    response = HttpResponse(body)
    if packed:
        response["Content-Encoding"] = "gzip"
    response["ETag"] = quote_etag(etag)
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


def request_event(request: HttpRequest, slug: str) -> Event:
    """The event of the page (read once per request, by the ETag check of `event_page`)."""
    event = getattr(request, "_damier_event", None)
    return event if event is not None else visible_event(request.user, slug)


def individual_page_instead(event: Event, page: str) -> HttpResponse | None:
    """The way to the page a room shows in place of the event's individual table ``page``
    ("standings", "crosstable"; `tournaments.hooks.PAGE_INSTEAD`): a team competition ranks
    teams (docs/rules/tournaments.md §7), so its visitor meets its team tables, as its printed
    documents are the team ones. A temporary redirect, so that the old address of a bookmark
    still leads somewhere; the API keeps both. None for an individual event."""
    url = page_instead(event, page)
    return redirect(url) if url else None


def _tiebreak_columns(event: Event) -> list[tuple[str, str]]:
    """(code, label in the page's language) of each of the event's tie-breaks."""
    return [(code, _(find_tiebreak(code).label)) for code in event.tiebreaks]


def _after_round(request: HttpRequest, event: Event) -> tuple[int, int]:
    """(round asked for with ?round=, last published round); 404 for a round not published."""
    last = last_public_round(event)
    asked = request.GET.get("round")
    if asked is None:
        return last, last
    number = whole_number(asked)
    if number is None or not 1 <= number <= last:
        raise Http404(_("Round %(round)s of this event is not published.") % {"round": asked})
    return number, last


def _round_chosen(event: Event, after_round: int, last: int) -> dict[str, object]:
    """The context of a page read after a chosen round (_after_round): that round, whether
    the ranking after it is still provisional, and the rounds one may choose."""
    return {
        "after_round": after_round,
        "provisional": standings_provisional(event, after_round=after_round),
        "round_choices": range(1, last + 1),
    }


def _rules(event: Event) -> list[str]:
    """The event's pairing, scoring and ranking rules stated in words (a room's, such as a
    team competition's team rules, where it states them: `tournaments.hooks.EVENT_RULES`)."""
    if (rules := answer(EVENT_RULES, event)) is not None:
        return rules
    rules = [_("Pairing system: %(system)s.") % {"system": event.get_system_display()}]
    if event.system == System.SWISS:
        rules.append(
            _("Players are ordered by the %(ordering)s rule.")
            % {"ordering": event.get_swiss_ordering_display()}
        )
        rules.append(
            _("Rounds are paired by the %(rules)s (FIDE C.04.3).")
            % {"rules": event.get_swiss_rules_display()}
        )
    rules.append(
        _("Each pairing plays %(games)s.") % {"games": event.get_games_per_pairing_display()}
    )
    rules.append(
        _("A win scores %(win)s, a draw %(draw)s, a loss %(loss)s.")
        % {
            "win": points_text(event.points_win),
            "draw": points_text(event.points_draw),
            "loss": points_text(event.points_loss),
        }
    )
    rules.append(_("Players are ranked by %(ranking)s.") % {"ranking": event.get_ranking_display()})
    if event.tiebreaks:
        labels = ", ".join(str(label) for _code, label in _tiebreak_columns(event))
        rules.append(_("Ties are broken by, in order: %(tiebreaks)s.") % {"tiebreaks": labels})
    else:
        rules.append(_("Ties are broken by pairing number only."))
    if event.team_score_members:
        rules.append(
            _(
                "Teams are ranked by the sum of their best members' scores, %(count)d "
                "counted, then by all their members'."
            )
            % {"count": event.team_score_members}
        )
    if event.never_pair_team_mates:
        rules.append(_("Team mates are never paired against each other."))
    return rules


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    query = search_text(request.GET.get("q"))
    groups = event_groups(today=timezone.localdate(), query=query)
    return render(request, "public/event_list.html", {"groups": groups, "query": query})


@followed_page
def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    players = player_list(event)
    return render(
        request,
        "public/event_home.html",
        {
            "event": event,
            "rules": _rules(event),
            "rounds": list(public_rounds(event)),
            "players": players,
            "distribution": rating_distribution([player.rating for player in players]),
            "section": "home",
        },
    )


@followed_page(fragment="public_round")
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = request_event(request, slug)
    rounds = list(public_rounds(event))  # the page's round and the menu's, in one query
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Http404

    def boards() -> list[tuple]:
        """Read only when the page's cached fragment is missing (templates call it)."""
        games = round_games(round_)
        return [
            (
                line,
                [(game, GameResult(game.result).label) for game in games.get(line.board, ())],
                line.card,
                BYE_KIND_LABELS[ByeKind(line.bye_kind)] if line.bye_kind else "",
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
            "page_key": page_key(request, event),
            "rounds": rounds,
            "section": "rounds",
        },
    )


@followed_page(fragment="public_standings")
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    if (teams := individual_page_instead(event, "standings")) is not None:
        return teams
    after_round, last = _after_round(request, event)

    def rows() -> list[tuple]:
        """Read only when the page's cached fragment is missing (templates call it)."""
        standing = cached(
            request_state(request, event),
            f"standings:{after_round}",
            lambda: standings_get(event, after_round=after_round),
        )
        return [(row, [row.tiebreaks.get(code) for code in event.tiebreaks]) for row in standing]

    def groups() -> list[tuple]:
        """Each rating group with its players' rows (templates call it, in the fragment)."""
        return group_standings([row for row, _values in rows()], event.rating_groups)

    return render(
        request,
        "public/standings.html",
        {
            "event": event,
            "rows": rows,
            "groups": groups,
            # read, like rows, only when the cached fragment is missing
            "withdrawals": lambda: withdrawal_outcomes(event, after_round=after_round),
            "page_key": page_key(request, event),
            "tiebreaks": _tiebreak_columns(event),
            **_round_chosen(event, after_round, last),
            "section": "standings",
        },
    )


@followed_page
def team_ranking(request: HttpRequest, slug: str) -> HttpResponse:
    """The team ranking of an individual event (docs/rules/tournaments.md §7.5), after the
    round asked for, followed live like the standings."""
    event = request_event(request, slug)
    if not has_team_ranking(event):
        raise Http404(_("%(event)s has no team ranking.") % {"event": event})
    after_round, last = _after_round(request, event)
    rows = team_ranking_kept(event, after_round=after_round, state=request_state(request, event))
    return render(
        request,
        "public/team_ranking.html",
        {
            "event": event,
            "rows": rows,
            **_round_chosen(event, after_round, last),
            "section": "team_ranking",
        },
    )


@followed_page
def tiebreaks(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = request_event(request, slug)
    if (teams := individual_page_instead(event, "standings")) is not None:
        return teams
    after_round, _last = _after_round(request, event)
    if not after_round:
        raise Http404(_("No round of this event is published yet."))
    explanation = cached(
        request_state(request, event),
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


@followed_page
def player(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = request_event(request, slug)
    after_round = last_public_round(event)
    card = cached(
        request_state(request, event),
        f"player_card:{number}",
        lambda: player_card(event, number=number, after_round=after_round),
    )
    if card is None:
        raise Http404(_("No player with pairing number %(number)s.") % {"number": number})
    return render(
        request,
        "public/player.html",
        {
            "event": event,
            "card": card,
            "after_round": after_round,
            "section": "players",
            "history": answer(RATING_HISTORY, event, number),
        },
    )


@followed_page(fragment="public_crosstable")
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    if (teams := individual_page_instead(event, "crosstable")) is not None:
        return teams
    after_round, last = _after_round(request, event)

    def table():
        """Read only when the page's cached fragment is missing (templates call it)."""
        return cached(
            request_state(request, event),
            f"crosstable:{after_round}",
            lambda: crosstable_get(event, after_round=after_round),
        )

    return render(
        request,
        "public/crosstable.html",
        {
            "event": event,
            "table": table,
            "page_key": page_key(request, event),
            "tiebreaks": _tiebreak_columns(event),
            **_round_chosen(event, after_round, last),
            "section": "crosstable",
        },
    )
