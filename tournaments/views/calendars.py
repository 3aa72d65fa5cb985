"""The schedule as calendars: /events/<slug>/calendar.ics (every scheduled round of the
event) and /players/<id>/calendar.ics (the rounds of a player's published events)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.access import visible_event
from tournaments.calendars import ScheduledRound, calendar_bytes
from tournaments.selectors.players import directory_players
from tournaments.selectors.schedule import event_schedule, player_schedule


def _answer(name: str, file_name: str, rounds: list[ScheduledRound]) -> HttpResponse:
    response = HttpResponse(
        calendar_bytes(name, rounds), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{file_name}.ics"'
    return response


@require_safe
def event_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request.user, slug)
    return _answer(event.name, event.slug, event_schedule(event))


@require_safe
def player_calendar(request: HttpRequest, player_id: int) -> HttpResponse:
    player = directory_players().filter(pk=player_id).first()
    if player is None:
        raise Http404(_("No player %(id)s in the directory.") % {"id": player_id})
    return _answer(str(player), f"player-{player_id}", player_schedule(player_id))
