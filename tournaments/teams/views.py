"""Public pages of a team competition: the team standings, the team matches board by board
and each team's page (roster, matches, each player's board results), followed live like the
individual pages (tournaments.views.followed_page)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.scoring.standings import place_text
from tournaments.scoring.teams import TEAM_TIEBREAKS
from tournaments.teams.models import TeamCompetition
from tournaments.teams.selectors import (
    team_competition,
    team_matches,
    team_page,
    team_standings_get,
)
from tournaments.views import followed_page, request_event


def _competition(event: Event) -> TeamCompetition:
    competition = team_competition(event)
    if competition is None:
        raise Http404(_("%(event)s is not a team competition.") % {"event": event})
    return competition


@followed_page
def team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    competition = _competition(event)
    # Board and match points have their own columns; the other tie-breaks follow them.
    extra = [code for code in competition.tiebreaks if code not in ("BP", "MP")]
    rows = [
        (
            standing,
            place_text(standing.row.rank, standing.row.shared_rank),
            [standing.row.tiebreaks[code] for code in extra],
        )
        for standing in team_standings_get(event)
    ]
    return render(
        request,
        "public/team_standings.html",
        {
            "event": event,
            "competition": competition,
            "rows": rows,
            "tiebreaks": [(code, _(TEAM_TIEBREAKS[code])) for code in extra],
            "adjusted": [s for s, _place, _values in rows if s.row.reasons],
            "section": "teams",
        },
    )


@followed_page
def team_match_list(request: HttpRequest, slug: str) -> HttpResponse:
    event = request_event(request, slug)
    _competition(event)
    matches = team_matches(event)
    rounds: dict[int, list] = {}
    for match in matches:
        rounds.setdefault(match.round, []).append(match)
    return render(
        request,
        "public/team_matches.html",
        {"event": event, "rounds": sorted(rounds.items()), "section": "team_matches"},
    )


@followed_page
def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = request_event(request, slug)
    _competition(event)
    page = team_page(event, number)
    if page is None:
        raise Http404(_("%(event)s has no team %(number)d.") % {"event": event, "number": number})
    return render(
        request, "public/team_detail.html", {"event": event, "team": page, "section": "teams"}
    )
