"""The public tables as spreadsheets: /events/<slug>/standings.csv (and .xlsx), crosstable,
rounds/<n>/pairings, players (the starting rank list) and team-ranking (the team ranking of an
individual event that has one, else 404); a team competition's are tournaments.teams.sheets.
Public where the page is (a draft's to its organizers and arbiters only); CSV written as the
page's language writes numbers (tournaments.spreadsheets). A team competition has no
individual standings or crosstable sheet (404), as it has no such PDF and its pages lead to
the team ones (tournaments.views.events.individual_page_instead)."""

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.formats import get_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.access import visible_event
from tournaments.hooks import is_team_competition
from tournaments.models import Event
from tournaments.selectors.public import last_public_round, public_rounds
from tournaments.selectors.sheets import (
    crosstable_sheet,
    pairings_sheet,
    players_sheet,
    standings_sheet,
    team_ranking_sheet,
)
from tournaments.selectors.team_ranking import has_team_ranking
from tournaments.site.inputs import whole_number
from tournaments.spreadsheets import Sheet, csv_bytes, xlsx_bytes

#: The formats offered, with their media types.
FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _answer(sheet: Sheet, *, name: str, fmt: str) -> HttpResponse:
    if fmt == "csv":
        body = csv_bytes(sheet, decimal=str(get_format("DECIMAL_SEPARATOR")))
    else:
        body = xlsx_bytes(sheet)
    response = HttpResponse(body, content_type=FORMATS[fmt])
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    response["Content-Language"] = get_language()
    return response


def _after_round(request: HttpRequest, event: Event) -> int:
    """?round= (a published round), by default the last published one; 404 before any."""
    last = last_public_round(event)
    asked = request.GET.get("round")
    number = last if asked is None else whole_number(asked)
    if not last or number is None or not 1 <= number <= last:
        raise Http404(_("Round %(round)s of this event is not published.") % {"round": asked})
    return number


def sheet_view(build: Callable[..., tuple[Sheet, str]]) -> Callable:
    """The view of the sheet ``build`` makes from the request and the event (its file's name
    after the event's slug): the event as its page shows it, in the format asked."""

    @require_safe
    def view(request: HttpRequest, slug: str, fmt: str, **kwargs) -> HttpResponse:
        event = visible_event(request.user, slug)
        sheet, name = build(request, event, **kwargs)
        return _answer(sheet, name=f"{event.slug}-{name}", fmt=fmt)

    return view


def _individual(event: Event) -> None:
    """404 for a team competition's individual tables, as for their PDFs
    (tournaments.documents.services.published_kinds): its tables are the team ones."""
    if is_team_competition(event):
        raise Http404(
            _("%(event)s is a team competition: its tables are the team standings.")
            % {"event": event}
        )


@sheet_view
def standings(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    _individual(event)
    after_round = _after_round(request, event)
    return standings_sheet(event, after_round=after_round), f"standings-{after_round}"


@sheet_view
def crosstable(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    _individual(event)
    after_round = _after_round(request, event)
    return crosstable_sheet(event, after_round=after_round), f"crosstable-{after_round}"


@sheet_view
def pairings(request: HttpRequest, event: Event, number: str) -> tuple[Sheet, str]:
    round_ = get_object_or_404(public_rounds(event), number=whole_number(number) or 0)
    return pairings_sheet(round_), f"round-{number}"


@sheet_view
def players(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    return players_sheet(event), "players"


@sheet_view
def team_ranking(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    """The team ranking of an individual event; 404 without one, as its page."""
    if not has_team_ranking(event):
        raise Http404(_("%(event)s has no team ranking.") % {"event": event})
    after_round = _after_round(request, event)
    return team_ranking_sheet(event, after_round=after_round), f"team-ranking-{after_round}"
