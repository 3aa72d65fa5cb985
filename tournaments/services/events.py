"""Events: creation (the creator becomes an organizer; the event starts as a draft), changes
of settings, publishing and unpublishing."""

import datetime
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import FieldDoesNotExist
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import SCORING_FIELDS, Event, System
from tournaments.services.errors import EventSettingsError
from tournaments.services.history import recorded_by
from tournaments.values import ScoringSystem

#: Settings fixed once round 1 is paired: the rounds already made were paired, played and
#: scored under them (the variant played, the pairing system and its games per pairing, the
#: points of every result, the ranking on game or match points, the colour of the top seed in
#: round 1, the ballot deck the cards are drawn from and whether a card serves a pairing or a
#: round). Rule of this application: FIDE C.04.2 A and the FMJD tournament regulations have
#: an event's pairing and scoring rules announced before it starts; a deck changed during the
#: event would make its draws incomparable.
FIXED_ONCE_PAIRED = (
    "variant",
    "ballot_deck",
    "ballot_policy",
    "system",
    "games_per_pairing",
    "ranking",
    "first_colour",
    "withdrawal_rule",
    "rating_policy",
    "rating_list_date",
    "never_pair_team_mates",
    *SCORING_FIELDS.values(),
)


@transaction.atomic
def event_create(
    *,
    user: AbstractBaseUser,
    name: str,
    slug: str,
    variant: str,
    start_date: datetime.date,
    end_date: datetime.date,
    system: str,
    number_of_rounds: int | None = None,
    scoring: ScoringSystem | None = None,
    tiebreaks: Iterable[str] = (),
    organizers: Iterable[AbstractBaseUser] = (),
    **options,
) -> Event:
    """Create an event (options: any other Event field, e.g. venue, games_per_pairing,
    ranking, swiss_ordering, swap_last_two, first_colour, published). `user` and `organizers`
    organize it. It is a draft, seen only by them and its arbiters, until event_publish."""
    event = Event(
        name=name,
        slug=slug,
        variant=variant,
        start_date=start_date,
        end_date=end_date,
        system=system,
        number_of_rounds=number_of_rounds,
        tiebreaks=list(tiebreaks),
        **options,
    )
    for attribute, field_name in SCORING_FIELDS.items():
        setattr(event, field_name, getattr(scoring or ScoringSystem(), attribute))
    event.full_clean()
    recorded_by(event, user).save()
    event.organizers.add(user, *organizers)
    return event


@transaction.atomic
def event_update(*, event: Event, user: AbstractBaseUser | None, **fields) -> Event:
    """Change the event's settings (`fields`: Event field names and their new values; the
    organizers are a many-to-many set, changed on their own).

    Once a round exists, FIXED_ONCE_PAIRED settings cannot change, and a Swiss cannot be cut
    to fewer rounds than it has already paired (EventSettingsError names the fields). Only
    the fields whose value differs are written; the row is validated (Event.clean) first.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    for name in fields:
        _require_concrete(name)
    changed = {name: value for name, value in fields.items() if getattr(event, name) != value}
    last_round = event.rounds.aggregate(last=Max("number"))["last"]
    if last_round is not None:
        fixed = [name for name in FIXED_ONCE_PAIRED if name in changed]
        if fixed:
            tried = "; ".join(f"{name} {getattr(event, name)} -> {changed[name]}" for name in fixed)
            raise EventSettingsError(
                _(
                    "%(event)s: round %(last)s is already paired, so %(fields)s can no longer "
                    "change (tried %(tried)s)"
                )
                % {"event": event, "last": last_round, "fields": ", ".join(fixed), "tried": tried}
            )
        rounds = changed.get("number_of_rounds", event.number_of_rounds)
        if event.system == System.SWISS and rounds is not None and rounds < last_round:
            raise EventSettingsError(
                _(
                    "%(event)s: round %(last)s is already paired, the Swiss cannot be cut to "
                    "%(rounds)s rounds"
                )
                % {"event": event, "last": last_round, "rounds": rounds}
            )
    if not changed:
        return event
    for name, value in changed.items():
        setattr(event, name, value)
    event.full_clean()
    recorded_by(event, user).save()
    return event


def _require_concrete(name: str) -> None:
    """`name` must be a field event_update can set (not the organizers, not a relation list)."""
    try:
        field = Event._meta.get_field(name)
    except FieldDoesNotExist:
        raise TypeError(f"event_update(): Event has no field {name!r}") from None
    if field.many_to_many or not field.concrete or field.primary_key:
        raise TypeError(f"event_update(): {name!r} is not a setting event_update changes")


def event_publish(*, event: Event, user: AbstractBaseUser | None) -> Event:
    """List a draft event on the public site and the API: its pages open to everyone."""
    return event_update(event=event, user=user, published=True)


def event_unpublish(*, event: Event, user: AbstractBaseUser | None) -> Event:
    """Take an event back to a draft: it leaves the lists, and its pages answer 404 to all
    but its organizers and arbiters (followers lose them until it is published again)."""
    return event_update(event=event, user=user, published=False)
