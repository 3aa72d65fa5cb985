"""The hall in the demo (`manage.py load_demo` runs `demo_step` through games.demo.DEMO_STEPS,
after the events): the Swiss asks its players to check in before each round; for its next round
most have checked in, one is marked absent, and the rest are missing. One player still to check
in gets the login PLAYER_USERNAME (his player's account) with the organizer's password, to
check in on his phone at /events/demo-swiss/check-in/."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from hall.models import CheckInMode, CheckInRule, CheckInStatus
from hall.selectors import check_in_list, check_in_round
from hall.services import check_in_record, check_in_rule_save
from tournaments.demo import ORGANIZER_USERNAME
from tournaments.models import Event, Registration

#: The demo event whose players check in.
CHECK_IN_SLUG = "demo-swiss"
#: The login of a player of that event who checks in on his phone (accounts.demo's
#: "demo-player" is another player's, who reports his result).
PLAYER_USERNAME = "demo-checkin"
#: Players of the round who have checked in, and the one marked absent, in name order.
CHECKED_IN = 30


@dataclass(frozen=True)
class HallDemo:
    """What the demo's check-in shows: the round, and the player who logs in (his name)."""

    event: str
    round: int
    player: str


@transaction.atomic
def hall_demo(*, organizer: AbstractBaseUser, password: str) -> HallDemo | None:
    """Ask the demo Swiss's players to check in before each round and answer for most of them
    (once: an event that already has its rule is left as it is, but the player's login gets
    the new password). None when the Swiss is not loaded or its next round has no check-in."""
    event = Event.objects.filter(slug=CHECK_IN_SLUG).first()
    if event is None:
        return None
    if not CheckInRule.objects.filter(event=event).exists():
        rule = CheckInRule(event=event, mode=CheckInMode.EACH_ROUND)
        check_in_rule_save(rule=rule, user=organizer)
        _answers(event, organizer)
    number = check_in_round(event)
    if number is None:
        return None
    missing = [line.registration for line in check_in_list(event, number) if not line.status]
    free = Registration.objects.filter(pk__in=missing, player__user__isnull=True)
    own = Registration.objects.filter(pk__in=missing, player__user__username=PLAYER_USERNAME)
    chosen = own.first() or free.order_by("pairing_number").first()
    player = _player_login(chosen.pk, password) if chosen else ""
    return HallDemo(event=event.name, round=number, player=player)


def demo_step(password: str) -> list[str]:
    """games.demo.DEMO_STEPS: the check-in, and the line load_demo prints about its login."""
    organizer = get_user_model().objects.get(username=ORGANIZER_USERNAME)
    hall = hall_demo(organizer=organizer, password=password)
    if hall is None or not hall.player:
        return []
    return [
        f"Player login (same password): {PLAYER_USERNAME}, {hall.player} of {hall.event}, who "
        f"checks in for round {hall.round} at /events/{CHECK_IN_SLUG}/check-in/"
    ]


def _answers(event: Event, organizer: AbstractBaseUser) -> None:
    number = check_in_round(event)
    if number is None:
        return
    lines = check_in_list(event, number)
    registrations = {r.pk: r for r in event.registrations.all()}
    for line in lines[:CHECKED_IN]:
        check_in_record(
            registration=registrations[line.registration], round_number=number, user=organizer
        )
    absent = lines[CHECKED_IN]
    check_in_record(
        registration=registrations[absent.registration],
        round_number=number,
        status=CheckInStatus.ABSENT,
        user=organizer,
    )


def _player_login(registration_id: int, password: str) -> str:
    """The player of ``registration_id`` logs in as PLAYER_USERNAME: his name, or "" when he
    already has another account."""
    user, _ = get_user_model().objects.get_or_create(username=PLAYER_USERNAME)
    user.set_password(password)
    user.save()
    player = Registration.objects.select_related("player").get(pk=registration_id).player
    if player.user_id is None:
        player.user = user
        player.save(update_fields=["user"])
    if player.user_id != user.pk:
        return ""
    return f"{player.last_name}, {player.first_name}"
