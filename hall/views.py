"""The hall's pages: a player's check-in on his phone, the check-in kiosk on the hall's
tablet (opened by an organizer; each player confirms with his PIN), and the hall screen (a TV:
the round's boards, the players by name, the standings, in turn; static/js/hall-screen.js).

The kiosk asks the player's PIN rather than his year of birth: a birth date is a private
field here (tournaments.access), and a year of birth is printed on the federations' rating
lists and known to club mates, so anyone could check another player in. The PIN
(hall.selectors.kiosk_pin) is printed on the organizer's check-in list and shown on the
player's own page; wrong PINs for one player are limited (KIOSK_ATTEMPTS)."""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from hall.selectors import (
    check_in_list,
    check_in_of,
    check_in_round,
    hall_screen,
    kiosk_pin,
    missing_are_absent,
    own_registration,
    playing,
)
from hall.services import (
    CHANGE_CHECK_IN,
    KioskLocked,
    KioskRefusal,
    check_in_record,
    kiosk_check_in,
)
from tournaments.access import may_manage, visible_event
from tournaments.models import Event
from tournaments.selectors.names import player_name
from tournaments.services.errors import TournamentError

#: Seconds each part of the hall screen stays up (the page reloads after the last one).
SCREEN_SECONDS = 20


@never_cache
@login_required
def check_in(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's check-in for the open round: one button, then a confirmation naming him
    and the round."""
    event = visible_event(request.user, slug)
    registration = own_registration(request.user, event)
    number = check_in_round(event)
    status = 200
    if request.method == "POST" and registration is not None and number is not None:
        try:
            check_in_record(registration=registration, round_number=number, user=_author(request))
        except TournamentError as error:
            messages.error(request, str(error))
            status = 409
        else:
            return HttpResponseRedirect(reverse("hall:check_in", args=[slug]))
    elif request.method == "POST":
        status = 409
    check_in_row = check_in_of(registration, number) if registration and number else None
    return render(
        request,
        "hall/check_in.html",
        {
            "event": event,
            "registration": registration,
            "name": player_name(registration) if registration else "",
            "number": number,
            "check_in": check_in_row,
            "plays": bool(
                registration
                and number
                and playing(event, number).filter(pk=registration.pk).exists()
            ),
            "pin": kiosk_pin(registration) if registration else "",
            "missing_absent": missing_are_absent(event),
            "section": "check_in",
        },
        status=status,
    )


def _author(request: HttpRequest) -> AbstractBaseUser | None:
    return request.user if isinstance(request.user, AbstractBaseUser) else None


def _kiosk_event(request: HttpRequest, slug: str) -> Event:
    event = visible_event(request.user, slug)
    if not may_manage(request.user, event, CHANGE_CHECK_IN):
        raise PermissionDenied(
            _("The check-in kiosk of %(event)s is opened by its organizers.") % {"event": event}
        )
    return event


@never_cache
@login_required
def kiosk(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall tablet's list: every player of the open round by name, searchable, each a
    large button to his PIN."""
    event = _kiosk_event(request, slug)
    number = check_in_round(event)
    lines = check_in_list(event, number) if number else []
    return render(
        request,
        "hall/kiosk.html",
        {"event": event, "number": number, "lines": lines, "section": "check_in"},
    )


@never_cache
@login_required
def kiosk_player(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    """A player found on the kiosk confirms with his PIN; the kiosk then shows the list
    again, saying who checked in."""
    event = _kiosk_event(request, slug)
    number = check_in_round(event)
    registration = get_object_or_404(event.registrations.select_related("player"), pk=player)
    error = ""
    status = 200
    if request.method == "POST" and number is not None:
        try:
            kiosk_check_in(
                registration=registration,
                round_number=number,
                pin=request.POST.get("pin", ""),
                user=_author(request),
            )
        except KioskLocked as refusal:
            error, status = str(refusal), 403
        except KioskRefusal as refusal:
            error, status = str(refusal), 400
        except TournamentError as refusal:
            error, status = str(refusal), 409
        else:
            messages.success(
                request,
                _("%(name)s is checked in for round %(number)s.")
                % {"name": player_name(registration), "number": number},
            )
            return HttpResponseRedirect(reverse("hall:kiosk", args=[slug]))
    return render(
        request,
        "hall/kiosk_player.html",
        {
            "event": event,
            "number": number,
            "name": player_name(registration),
            "registration": registration,
            "error": error,
            "section": "check_in",
        },
        status=status,
    )


@require_safe
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's TV: the boards, the players by name and the standings, in turn, with a QR
    code to the event's page; it reloads itself (static/js/hall-screen.js)."""
    event = visible_event(request.user, slug)
    home = request.build_absolute_uri(reverse("public:event_home", args=[slug]))
    return render(
        request,
        "hall/screen.html",
        {
            "event": event,
            "screen": hall_screen(event),
            "qr": segno.make(home, error="m").svg_data_uri(scale=6, border=2),
            "home": home,
            "seconds": SCREEN_SECONDS,
        },
    )
