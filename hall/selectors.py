"""Reads of the playing hall: which round's check-in is open, who checked in for it, whom the
pairing leaves out, a player's kiosk PIN, and what the hall screen shows."""

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Max, Q, QuerySet
from django.utils.crypto import salted_hmac

from hall.models import CheckIn, CheckInRule, CheckInStatus
from tournaments.models import Event, Registration, Round, RoundStatus
from tournaments.names import person_order, sort_key
from tournaments.selectors.events import event_total_rounds
from tournaments.selectors.lists import pairing_list
from tournaments.selectors.names import player_name
from tournaments.selectors.public import public_rounds
from tournaments.selectors.standings import standings_get

#: Digits of the PIN a player types on the hall's tablet.
PIN_DIGITS = 4


def check_in_round(event: Event) -> int | None:
    """The round whose check-in is open: the next round to pair, when the event's rule asks
    for a check-in before it; None when the event asks for none, before that round or at all
    (check-in closes once the round is paired, and opens for the next one then)."""
    rule = CheckInRule.objects.filter(event=event).first()
    if rule is None:
        return None
    paired = Round.objects.filter(event=event, pairings__isnull=False).aggregate(
        last=Max("number")
    )["last"]
    number = (paired or 0) + 1
    if number > event_total_rounds(event, players=event.registrations.count()):
        return None
    return number if rule.asks(number) else None


def missing_are_absent(event: Event) -> bool:
    """Whether ``event``'s players who have not checked in when a round is paired are left
    out of it (CheckInRule.missing_absent)."""
    return CheckInRule.objects.filter(event=event, missing_absent=True).exists()


def playing(event: Event, number: int) -> QuerySet[Registration]:
    """The registrations that play round ``number``: arrived by then, not withdrawn."""
    return event.registrations.filter(joined_round__lte=number).filter(
        Q(withdrawn_from_round__isnull=True) | Q(withdrawn_from_round__gt=number)
    )


@dataclass(frozen=True)
class CheckInLine:
    """A player on the check-in list of a round: ``status`` is "present", "absent" or ""
    (not checked in yet)."""

    registration: int
    number: int
    name: str
    status: str


def check_in_list(event: Event, number: int) -> list[CheckInLine]:
    """The players of round ``number``, by name (as the page's language sorts them), with
    their check-in."""
    statuses = dict(
        CheckIn.objects.filter(registration__event=event, round_number=number).values_list(
            "registration_id", "status"
        )
    )
    registrations = (
        playing(event, number)
        .select_related("player")
        .order_by(*person_order("player__last_name", "player__first_name"))
    )
    return [
        CheckInLine(r.pk, r.pairing_number, player_name(r), statuses.get(r.pk, ""))
        for r in registrations
    ]


def own_registration(user: AbstractBaseUser | AnonymousUser, event: Event) -> Registration | None:
    """The registration in ``event`` of the player whose login account is ``user``."""
    if not user.is_authenticated:
        return None
    return event.registrations.filter(player__user_id=user.pk).select_related("player").first()


def check_in_of(registration: Registration, number: int) -> CheckIn | None:
    return CheckIn.objects.filter(registration=registration, round_number=number).first()


def round_absentees(event: Event, number: int) -> list[int]:
    """The registrations absent from round ``number`` while the event asks for a check-in
    before it (tournaments.hooks.ROUND_ABSENTEES): those marked absent, and, where the rule
    says the missing are absent, every player of the round who has not checked in."""
    rule = CheckInRule.objects.filter(event=event).first()
    if rule is None or not rule.asks(number):
        return []
    answers = CheckIn.objects.filter(registration__event=event, round_number=number)
    if rule.missing_absent:
        present = answers.filter(status=CheckInStatus.PRESENT).values("registration_id")
        return list(playing(event, number).exclude(pk__in=present).values_list("pk", flat=True))
    return list(
        answers.filter(status=CheckInStatus.ABSENT).values_list("registration_id", flat=True)
    )


def kiosk_pin(registration: Registration) -> str:
    """The PIN that checks ``registration`` in on the hall's tablet: derived from the site's
    secret key, printed on the organizer's check-in list and shown on the player's own
    check-in page, so only the player (and the desk) hold it."""
    digest = salted_hmac("hall.kiosk_pin", str(registration.pk)).hexdigest()
    return str(int(digest, 16) % 10**PIN_DIGITS).zfill(PIN_DIGITS)


@dataclass(frozen=True)
class ScreenBoard:
    board: int
    white: str
    black: str  # "" for a bye
    bye: bool


@dataclass(frozen=True)
class ScreenSeat:
    """A player looking for his board: his name, board and colour (white or black)."""

    name: str
    board: int
    white: bool
    bye: bool


@dataclass(frozen=True)
class ScreenStanding:
    rank: str
    name: str
    points: Decimal


@dataclass(frozen=True)
class HallScreen:
    round: int  # 0 before the first round is published
    boards: list[ScreenBoard]
    seats: list[ScreenSeat]
    standings: list[ScreenStanding]
    after_round: int


def hall_screen(event: Event) -> HallScreen:
    """What the hall's screen shows: the last published round's boards, its players by name
    (each with his board and colour), and the standings after the last completed round."""
    current = public_rounds(event).order_by("-number").first()
    boards: list[ScreenBoard] = []
    seats: list[ScreenSeat] = []
    if current is not None:
        for line in pairing_list(current):
            bye = line.black is None
            black = "" if line.black is None else line.black.name
            boards.append(ScreenBoard(line.board, line.white.name, black, bye))
            seats.append(ScreenSeat(line.white.name, line.board, True, bye))
            if line.black is not None:
                seats.append(ScreenSeat(line.black.name, line.board, False, False))
    seats.sort(key=lambda seat: (sort_key(seat.name), seat.name))
    completed = event.rounds.filter(status=RoundStatus.COMPLETED).aggregate(last=Max("number"))[
        "last"
    ]
    after = completed or 0
    rows = standings_get(event, after_round=after) if after else []
    standings = [
        ScreenStanding(f"{row.rank}{'=' if row.shared_rank else ''}", row.name, row.points)
        for row in rows
    ]
    return HallScreen(current.number if current else 0, boards, seats, standings, after_round=after)
