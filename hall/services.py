"""Writes of the playing hall: the event's check-in rule, a player's check-in for a round
(by himself, on his phone or the hall's tablet, or by the organizer), and the organizer's
marking of the players still missing as absent. Each write is refused, naming the player and
the round, when the check-in of that round is not open (the event asks for none, or the round
is already paired) or the user may not make it."""

import hmac

from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from hall.models import CheckIn, CheckInRule, CheckInStatus
from hall.selectors import check_in_round, kiosk_pin, playing
from tournaments.access import is_active, may_manage
from tournaments.models import Event, Registration
from tournaments.services.errors import TournamentError
from tournaments.services.history import recorded_by
from tournaments.site.login_limits import failure_count

#: The permission an organizer's check-in writes need (tournaments.access.may_manage).
CHANGE_CHECK_IN = "hall.change_checkin"


class CheckInError(TournamentError):
    """A check-in for a round that is not open, or for a player who does not play it."""

    default_code = "check_in_error"


class KioskRefusal(TournamentError):
    """A PIN typed on the hall's kiosk refused: not the player's, or too many wrong ones."""

    default_code = "kiosk_pin_refused"


class KioskLocked(KioskRefusal):
    """Too many wrong PINs for one player: the kiosk refuses him for a while."""

    default_code = "kiosk_locked"


class CheckInNotAllowed(PermissionDenied):
    """Someone other than the player, or the event's organizer, checks a player in."""


@transaction.atomic
def check_in_rule_save(*, rule: CheckInRule, user: AbstractBaseUser | None) -> CheckInRule:
    """Create or change an event's check-in rule (its organizer, through the admin)."""
    if not may_manage(user, rule.event, "hall.change_checkinrule"):
        raise CheckInNotAllowed(
            _("%(user)s does not organize %(event)s.") % {"user": user, "event": rule.event}
        )
    rule.full_clean()
    recorded_by(rule, user).save()
    return rule


@transaction.atomic
def check_in_rule_delete(*, rule: CheckInRule, user: AbstractBaseUser | None) -> None:
    """Stop asking the event's players to check in: the absences marked no longer keep
    anyone out of a round not yet paired (hall.selectors.round_absentees)."""
    if not may_manage(user, rule.event, "hall.delete_checkinrule"):
        raise CheckInNotAllowed(
            _("%(user)s does not organize %(event)s.") % {"user": user, "event": rule.event}
        )
    recorded_by(rule, user).delete()


@transaction.atomic
def check_in_record(
    *,
    registration: Registration,
    round_number: int,
    user: AbstractBaseUser | None,
    status: str = CheckInStatus.PRESENT,
) -> CheckIn:
    """Record ``registration`` as present (or absent) for round ``round_number``. The player
    himself checks in (his login account is the player's), unless the organizers marked him
    absent; the event's organizer checks in or marks absent any of its players."""
    event = Event.objects.select_for_update().get(pk=registration.event_id)  # as round_create
    registration = Registration.objects.select_related("player").get(pk=registration.pk)
    organizer = may_manage(user, event, CHANGE_CHECK_IN)
    himself = user is not None and is_active(user) and registration.player.user_id == user.pk
    if not organizer and not (himself and status == CheckInStatus.PRESENT):
        raise CheckInNotAllowed(
            _("%(user)s may not check in %(player)s: a player checks in only himself.")
            % {"user": user, "player": registration}
        )
    _require_open(event, round_number)
    if not playing(event, round_number).filter(pk=registration.pk).exists():
        raise CheckInError(
            _("%(player)s does not play round %(number)s of %(event)s.")
            % {"player": registration, "number": round_number, "event": event}
        )
    check_in = CheckIn.objects.filter(registration=registration, round_number=round_number).first()
    if check_in is not None and check_in.status == CheckInStatus.ABSENT and not organizer:
        raise CheckInError(
            _(
                "%(player)s is marked absent for round %(number)s by the organizers: only they "
                "undo it."
            )
            % {"player": registration, "number": round_number}
        )
    if check_in is None:
        check_in = CheckIn(registration=registration, round_number=round_number)
    check_in.status = status
    check_in.full_clean()
    recorded_by(check_in, user).save()
    return check_in


#: Wrong PINs allowed for one player within KIOSK_LOCK_SECONDS before the kiosk refuses him
#: (he then checks in at the desk).
KIOSK_ATTEMPTS = 5
KIOSK_LOCK_SECONDS = 900


def kiosk_check_in(
    *, registration: Registration, round_number: int, pin: str, user: AbstractBaseUser | None
) -> CheckIn:
    """Check ``registration`` in on the hall's kiosk, given the PIN its player typed
    (hall.selectors.kiosk_pin), compared in constant time; wrong PINs are counted per player
    as the site counts failed logins, and past KIOSK_ATTEMPTS the kiosk refuses him."""
    key = f"hall:kiosk-failures:{registration.pk}"
    if cache.get(key, 0) >= KIOSK_ATTEMPTS:
        raise KioskLocked(_("Too many wrong PINs: please check in at the organizers' desk."))
    if not hmac.compare_digest(pin.strip().encode(), kiosk_pin(registration).encode()):
        failure_count(key, KIOSK_LOCK_SECONDS)
        raise KioskRefusal(_("This PIN is not the one on your check-in slip."))
    check_in = check_in_record(
        registration=registration,
        round_number=round_number,
        status=CheckInStatus.PRESENT,
        user=user,
    )
    cache.delete(key)
    return check_in


@transaction.atomic
def missing_mark_absent(
    *, event: Event, round_number: int, user: AbstractBaseUser | None
) -> list[CheckIn]:
    """Mark every player of round ``round_number`` who has not checked in as absent (the
    organizer's one action before pairing); returns the rows written."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not may_manage(user, event, CHANGE_CHECK_IN):
        raise CheckInNotAllowed(
            _("%(user)s does not organize %(event)s.") % {"user": user, "event": event}
        )
    _require_open(event, round_number)
    answered = CheckIn.objects.filter(registration__event=event, round_number=round_number).values(
        "registration_id"
    )
    written = []
    for registration in playing(event, round_number).exclude(pk__in=answered):
        check_in = CheckIn(
            registration=registration, round_number=round_number, status=CheckInStatus.ABSENT
        )
        recorded_by(check_in, user).save()
        written.append(check_in)
    return written


def _require_open(event: Event, number: int) -> None:
    open_round = check_in_round(event)
    if open_round != number:
        raise CheckInError(
            _("The check-in of round %(number)s of %(event)s is not open.")
            % {"number": number, "event": event}
            + (
                " " + _("The check-in is open for round %(open)s.") % {"open": open_round}
                if open_round
                else ""
            )
        )
