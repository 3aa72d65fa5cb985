"""Registrations, withdrawals, half-point bye requests and prohibited pairings."""

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from tournaments.access import entered_by
from tournaments.hooks import LATE_ENTRY_RATING
from tournaments.models import (
    ByeRequest,
    Event,
    Pairing,
    Player,
    ProhibitedPairing,
    Registration,
    Round,
    RoundStatus,
    System,
)
from tournaments.selectors.events import event_total_rounds
from tournaments.services.errors import ProhibitedPairingError, RegistrationError
from tournaments.services.history import recorded_by, written_in_bulk
from tournaments.services.players import player_create


@transaction.atomic
def registration_add(
    *,
    event: Event,
    player: Player,
    user: AbstractBaseUser | None,
    rating: int | None = None,
    joined_round: int | None = None,
    missed_rounds_half_point: bool = False,
) -> Registration:
    """Enter `player` in `event` with their current rating unless `rating` is given; a late
    entry takes its rating at start as round 1 set the others'
    (`tournaments.hooks.LATE_ENTRY_RATING`).

    The entry takes the next free pairing number; pairing round 1 renumbers everyone by
    rating (registrations_renumber). Once a round exists the entry is late: it joins the next
    round (or `joined_round`); the rounds missed count as zero-point byes, or half-point byes
    with `missed_rounds_half_point` (rule stated on Registration). A round robin's table is
    fixed at round 1, so it takes no late entry.

    The player's contact details go with the entry (contact_given: the event's organizers
    then see them) only when `user` entered the player; registering anyone else's player
    reveals nothing of them (tournaments.access.sees_private).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if Registration.objects.filter(event=event, player=player).exists():
        raise RegistrationError(
            _("%(player)s is already registered in %(event)s") % {"player": player, "event": event}
        )
    last_round = event.rounds.aggregate(last=Max("number"))["last"] or 0
    earliest = last_round + 1
    if last_round and event.system != System.SWISS:
        raise RegistrationError(
            _(
                "%(event)s is a round robin and round %(last)s is paired: its Berger table is "
                "fixed, %(player)s cannot join late"
            )
            % {"event": event, "last": last_round, "player": player}
        )
    if joined_round is None:
        joined_round = earliest
    if joined_round < earliest:
        raise RegistrationError(
            _(
                "%(player)s cannot join %(event)s in round %(joined)s: round %(last)s is already "
                "paired, the earliest round is %(earliest)s"
            )
            % {
                "player": player,
                "event": event,
                "joined": joined_round,
                "last": last_round,
                "earliest": earliest,
            }
        )
    if event.number_of_rounds and joined_round > event.number_of_rounds:
        raise RegistrationError(
            _(
                "%(player)s cannot join %(event)s in round %(joined)s: the event has "
                "%(rounds)s rounds"
            )
            % {
                "player": player,
                "event": event,
                "joined": joined_round,
                "rounds": event.number_of_rounds,
            }
        )
    highest = event.registrations.aggregate(top=Max("pairing_number"))["top"] or 0
    registration = Registration(
        event=event,
        player=player,
        pairing_number=highest + 1,
        rating=player.rating if rating is None else rating,
        joined_round=joined_round,
        missed_rounds_half_point=missed_rounds_half_point,
        contact_given=user is not None and entered_by(player) == user.pk,
    )
    if last_round and rating is None:
        for rate in LATE_ENTRY_RATING:
            rate(event, registration)
    registration.full_clean()
    recorded_by(registration, user).save()
    return registration


@transaction.atomic
def registration_enter(
    *,
    event: Event,
    player: Player | Mapping[str, object],
    user: AbstractBaseUser | None,
    rating: int | None = None,
    joined_round: int | None = None,
    missed_rounds_half_point: bool = False,
) -> Registration:
    """Enter `player` in `event` as registration_add does; `player` is a player, or the
    fields of a new one (player_create), created in the same transaction: a refused entry
    leaves no player behind."""
    if not isinstance(player, Player):
        player = player_create(player, user=user)
    return registration_add(
        event=event,
        player=player,
        user=user,
        rating=rating,
        joined_round=joined_round,
        missed_rounds_half_point=missed_rounds_half_point,
    )


@transaction.atomic
def registrations_renumber(*, event: Event, user: AbstractBaseUser | None) -> None:
    """Pairing numbers 1..n in the order of the initial ranking list (FIDE C.04.2: rating,
    highest first; then, here, last and first name). Refused once round 1 exists."""
    if event.rounds.exists():
        raise RegistrationError(
            _("%(event)s: round 1 is paired, the pairing numbers are fixed") % {"event": event}
        )
    registrations = list(
        event.registrations.select_related("player").order_by(
            "-rating", "player__last_name", "player__first_name", "pk"
        )
    )
    if not registrations:
        return
    offset = max(r.pairing_number for r in registrations) + 1
    # Two passes so that no intermediate state repeats a number (unique per event).
    for index, registration in enumerate(registrations):
        registration.pairing_number = offset + index
    Registration.objects.bulk_update(registrations, ["pairing_number"])
    for index, registration in enumerate(registrations, start=1):
        registration.pairing_number = index
    bulk_update_with_history(registrations, Registration, ["pairing_number"], default_user=user)
    written_in_bulk(Registration, registrations)


def registration_removal_refusal(registration: Registration) -> RegistrationError | None:
    """Why ``registration`` cannot be removed from its event, saying what to do instead;
    None when it can (it is on no board). A player registered by mistake and paired in a
    draft round is removed once the draft is deleted; one paired in a published round has
    a record and is withdrawn instead."""
    boards = (
        Pairing.objects.filter(round__event_id=registration.event_id)
        .filter(Q(white=registration) | Q(black=registration))
        .values_list("round__number", "round__status")
    )
    drafts = sorted({number for number, status in boards if status == RoundStatus.DRAFT})
    played = sorted({number for number, status in boards if status != RoundStatus.DRAFT})
    if played:
        return RegistrationError(
            _(
                "%(registration)s is on a board of round(s) %(rounds)s, which are published: "
                "the player keeps those games; withdraw the player from the next round instead."
            )
            % {"registration": registration, "rounds": ", ".join(map(str, played))}
        )
    if drafts:
        return RegistrationError(
            _(
                "%(registration)s is paired in the draft of round %(round)s: delete that draft "
                "(Delete draft, on the round's page), remove the player, then pair the round "
                "again."
            )
            % {"registration": registration, "round": drafts[0]}
        )
    return None


@transaction.atomic
def registration_withdraw(
    *, registration: Registration, from_round: int, user: AbstractBaseUser | None
) -> Registration:
    """The player plays no round from `from_round` on. Refused when they are already paired
    in that round or later (delete the draft or record the forfeit instead)."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    registration_withdraw_check(registration=registration, from_round=from_round)
    registration.withdrawn_from_round = from_round
    registration.full_clean()
    recorded_by(registration, user).save()
    return registration


def registration_withdraw_check(*, registration: Registration, from_round: int) -> None:
    """Raise the RegistrationError registration_withdraw would raise, writing nothing (the
    admin checks before it shows what the withdrawal will change)."""
    event = registration.event
    total = event_total_rounds(event, players=event.registrations.count())
    if not 1 <= from_round <= total:
        raise RegistrationError(
            _("%(event)s has rounds 1 to %(total)d: there is no round %(from_round)d.")
            % {"event": event, "total": total, "from_round": from_round}
        )
    if from_round <= registration.joined_round:
        raise RegistrationError(
            _(
                "%(registration)s joined in round %(joined)s: a withdrawal must start after it, "
                "not in round %(from_round)s"
            )
            % {
                "registration": registration,
                "joined": registration.joined_round,
                "from_round": from_round,
            }
        )
    paired = (
        Pairing.objects.filter(round__event_id=registration.event_id, round__number__gte=from_round)
        .filter(Q(white=registration) | Q(black=registration))
        .values_list("round__number", flat=True)
    )
    if paired:
        raise RegistrationError(
            _(
                "%(registration)s is already paired in round(s) %(rounds)s: cannot withdraw "
                "from round %(from_round)s"
            )
            % {
                "registration": registration,
                "rounds": sorted(set(paired)),
                "from_round": from_round,
            }
        )


@transaction.atomic
def bye_request_add(
    *, registration: Registration, round_number: int, user: AbstractBaseUser | None
) -> ByeRequest:
    """Grant a half-point bye in a round not yet paired, while the player is in the event."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if Round.objects.filter(event_id=registration.event_id, number=round_number).exists():
        raise RegistrationError(
            _(
                "round %(number)s of %(event)s is already paired: a bye for %(registration)s "
                "must be requested before"
            )
            % {"number": round_number, "event": registration.event, "registration": registration}
        )
    if round_number < registration.joined_round or (
        registration.withdrawn_from_round is not None
        and round_number >= registration.withdrawn_from_round
    ):
        raise RegistrationError(
            _(
                "%(registration)s does not play round %(number)s (joined in round %(joined)s, "
                "withdrawn from %(withdrawn)s)"
            )
            % {
                "registration": registration,
                "number": round_number,
                "joined": registration.joined_round,
                "withdrawn": registration.withdrawn_from_round,
            }
        )
    bye = ByeRequest(registration=registration, round_number=round_number)
    bye.full_clean()
    recorded_by(bye, user).save()
    return bye


@transaction.atomic
def prohibited_pairing_add(
    *,
    first: Registration,
    second: Registration,
    reason: str,
    user: AbstractBaseUser | None,
    note: str = "",
) -> ProhibitedPairing:
    """Forbid `first` and `second` from meeting (same club, family...). Prohibited pairings
    are part of the event's conditions, so they are accepted only before round 1 is paired."""
    if first.event_id != second.event_id:
        raise ProhibitedPairingError(
            _("%(first)s and %(second)s are not in the same event")
            % {"first": first, "second": second}
        )
    if first.pk == second.pk:
        raise ProhibitedPairingError(
            _("%(player)s cannot be prohibited from meeting themself") % {"player": first}
        )
    event = Event.objects.select_for_update().get(pk=first.event_id)
    if event.rounds.exists():
        raise ProhibitedPairingError(
            _(
                "%(event)s: round 1 is already paired; prohibited pairings (%(first)s / "
                "%(second)s) must be entered before"
            )
            % {"event": event, "first": first, "second": second}
        )
    low, high = sorted((first, second), key=lambda r: r.pk)
    prohibited = ProhibitedPairing(event=event, first=low, second=high, reason=reason, note=note)
    prohibited.full_clean()
    recorded_by(prohibited, user).save()
    return prohibited


@transaction.atomic
def prohibited_pairing_delete(
    *, prohibited: ProhibitedPairing, user: AbstractBaseUser | None
) -> None:
    """Lift a prohibited pairing. Like its entry, only before round 1 is paired: the rounds
    already made were paired under it (prohibited_pairing_add)."""
    event = Event.objects.select_for_update().get(pk=prohibited.event_id)
    prohibited = ProhibitedPairing.objects.select_related("first__player", "second__player").get(
        pk=prohibited.pk
    )
    if event.rounds.exists():
        raise ProhibitedPairingError(
            _(
                "%(event)s: round 1 is already paired; the prohibited pairing %(prohibited)s "
                "stays for the whole event"
            )
            % {"event": event, "prohibited": prohibited}
        )
    recorded_by(prohibited, user).delete()


@transaction.atomic
def bye_request_delete(*, bye_request: ByeRequest, user: AbstractBaseUser | None) -> None:
    """Cancel a half-point bye request while its round is not yet paired (once paired, the
    bye is a board of the round: delete the draft to change it)."""
    bye_request = ByeRequest.objects.select_related("registration__player").get(pk=bye_request.pk)
    registration = bye_request.registration
    event = Event.objects.select_for_update().get(pk=registration.event_id)  # as round_create
    if event.rounds.filter(number=bye_request.round_number).exists():
        raise RegistrationError(
            _(
                "round %(number)s of %(event)s is already paired: the half-point bye of "
                "%(registration)s in that round can no longer be cancelled"
            )
            % {"number": bye_request.round_number, "event": event, "registration": registration}
        )
    recorded_by(bye_request, user).delete()


@transaction.atomic
def team_labels_set(
    *, event: Event, labels: dict[int, str], user: AbstractBaseUser | None
) -> list[Registration]:
    """Give the registrations of ``event`` (ids -> label) the team they score for in its
    team ranking (docs/rules/tournaments.md §7.5); spaces around a label are dropped, an empty
    one is no team. When the event never pairs team mates the labels decide prohibited
    pairings, so like those they change only before round 1 is paired. Returns the
    registrations changed."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    registrations = {r.pk: r for r in event.registrations.filter(pk__in=list(labels))}
    strange = sorted(set(labels) - set(registrations))
    if strange:
        raise RegistrationError(
            _("%(event)s has no registration %(ids)s")
            % {"event": event, "ids": ", ".join(str(pk) for pk in strange)}
        )
    changed = []
    for pk, label in labels.items():
        registration = registrations[pk]
        label = " ".join(label.split())
        if registration.team_label != label:
            registration.team_label = label
            registration.full_clean(validate_unique=False, validate_constraints=False)
            changed.append(registration)
    if changed and event.never_pair_team_mates and event.rounds.exists():
        raise RegistrationError(
            _(
                "%(event)s never pairs team mates and round 1 is already paired: the teams "
                "(%(players)s) can no longer change"
            )
            % {"event": event, "players": ", ".join(str(r) for r in changed)}
        )
    bulk_update_with_history(changed, Registration, ["team_label"], default_user=user)
    written_in_bulk(Registration, changed)
    return changed
