"""Events: creation. The creator becomes an organizer."""

import datetime
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tournaments.models import SCORING_FIELDS, Event
from tournaments.pairing.types import ScoringSystem


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
    ranking, swiss_ordering, swap_last_two, first_colour). `user` and `organizers` organize it."""
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
    event._history_user = user
    event.save()
    event.organizers.add(user, *organizers)
    return event
