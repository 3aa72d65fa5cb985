"""A round robin's pairing numbers fixed before round 1, by lot or by hand, so that the whole
Berger schedule is public in advance (tournaments.selectors.berger).

Each draw is recorded (tournaments.models.PairingNumberDraw: seed, entrants, numbers, who,
when); a draw is never redone silently (``redraw=True`` says the organizer was asked) and never
once round 1 exists. round_create keeps the standing draw's numbers for round 1 and refuses to
pair while the registrations differ from the ones drawn."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from tournaments.ballots.draw import new_seed
from tournaments.models import Event, PairingNumberDraw, Registration, System
from tournaments.pairing.lot import draw_numbers
from tournaments.services.errors import PairingNumberError
from tournaments.services.history import written_in_bulk


@transaction.atomic
def pairing_numbers_draw(
    *, event: Event, user: AbstractBaseUser | None, redraw: bool = False, seed: str | None = None
) -> PairingNumberDraw:
    """Draw the pairing numbers of round robin ``event`` by lot (a fresh seed from
    ``secrets`` unless ``seed`` is given) and record the draw. Refused once round 1 exists,
    and, without ``redraw``, when the numbers are already drawn or set."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _require_open(event, redraw=redraw)
    entrants = sorted(event.registrations.values_list("pk", flat=True))
    seed = seed or new_seed()
    return _record(event, draw_numbers(seed=seed, entrants=entrants), seed=seed, user=user)


@transaction.atomic
def pairing_numbers_fix(
    *,
    event: Event,
    user: AbstractBaseUser | None,
    numbers: dict[int, int] | None = None,
    redraw: bool = False,
) -> PairingNumberDraw:
    """Set the pairing numbers by hand (``numbers``: registration id -> number, every
    registration once, numbers 1..n) or keep the current ones, and record that; the same
    refusals as pairing_numbers_draw."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _require_open(event, redraw=redraw)
    current = dict(event.registrations.values_list("pk", "pairing_number"))
    numbers = current if numbers is None else numbers
    if sorted(numbers) != sorted(current):
        raise PairingNumberError(
            _("%(event)s: the pairing numbers set by hand must name each of its players once")
            % {"event": event}
        )
    if sorted(numbers.values()) != list(range(1, len(numbers) + 1)):
        raise PairingNumberError(
            _("%(event)s: the pairing numbers set by hand must be 1 to %(count)s, each once")
            % {"event": event, "count": len(numbers)}
        )
    return _record(event, numbers, seed="", user=user)


def _require_open(event: Event, *, redraw: bool) -> None:
    if event.system == System.SWISS:
        raise PairingNumberError(
            _("%(event)s is a Swiss: its pairing numbers follow the ratings") % {"event": event}
        )
    if event.rounds.exists():
        raise PairingNumberError(
            _("%(event)s: round 1 is paired, the pairing numbers are fixed") % {"event": event}
        )
    if event.registrations.count() < 2:
        raise PairingNumberError(
            _("%(event)s: a round robin needs at least 2 players to draw their numbers")
            % {"event": event}
        )
    if not redraw and event.pairing_number_draws.exists():
        raise PairingNumberError(
            _("%(event)s: the pairing numbers are already drawn; confirm to draw them again")
            % {"event": event}
        )


def _record(
    event: Event, numbers: dict[int, int], *, seed: str, user: AbstractBaseUser | None
) -> PairingNumberDraw:
    registrations = list(event.registrations.all())
    # Two passes so that no intermediate state repeats a number (unique per event).
    offset = max(r.pairing_number for r in registrations) + 1
    for index, registration in enumerate(registrations):
        registration.pairing_number = offset + index
    Registration.objects.bulk_update(registrations, ["pairing_number"])
    for registration in registrations:
        registration.pairing_number = numbers[registration.pk]
    bulk_update_with_history(registrations, Registration, ["pairing_number"], default_user=user)
    written_in_bulk(Registration, registrations)
    return PairingNumberDraw.objects.create(
        event=event,
        seed=seed,
        entrants=sorted(numbers),
        numbers={str(pk): number for pk, number in sorted(numbers.items())},
        drawn_by_id=None if user is None else user.pk,
        drawn_at=timezone.now(),
    )
