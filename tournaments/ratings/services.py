"""An event's rating snapshot (docs/rules/tournaments.md §5.2): at round 1 each registration's
rating at start is taken from the lists its policy names (Event.rating_policy), with the list it
came from. The snapshot is never read again from the lists, so a list imported later does not
change a running event."""

import datetime

from django.contrib.auth.models import AbstractBaseUser
from simple_history.utils import bulk_update_with_history

from tournaments.models import Event, Registration
from tournaments.models.events import RatingPolicy
from tournaments.ratings.models import Rating
from tournaments.ratings.selectors import NATIONAL_SOURCES, fmjd_source
from tournaments.services.history import written_in_bulk


def ratings_freeze(*, event: Event, user: AbstractBaseUser | None) -> None:
    """Write each registration's rating at start and its source under the event's policy.
    Called by round_create for round 1, before the pairing numbers are set."""
    registrations = list(event.registrations.all())
    if event.rating_policy == RatingPolicy.ENTERED or not registrations:
        return
    ratings_snapshot(event, registrations)
    bulk_update_with_history(
        registrations, Registration, ["rating", "rating_source"], default_user=user
    )
    written_in_bulk(Registration, registrations)


def ratings_snapshot(event: Event, registrations: list[Registration]) -> None:
    """Set (without saving) the rating at start and its source of `registrations` from the
    lists the event's policy names, as of its list date: round 1 for the whole field, a late
    entry on its own (the same lists, so the field stays comparable). A player on none of the
    lists keeps the rating entered at registration (source empty)."""
    if event.rating_policy == RatingPolicy.ENTERED:
        return
    on = event.rating_list_date or event.start_date
    fmjd = _newest((fmjd_source(event.variant),), registrations, on)
    national = _newest(NATIONAL_SOURCES, registrations, on)
    for registration in registrations:
        found = _choose(
            event.rating_policy,
            fmjd.get(registration.player_id),
            national.get(registration.player_id),
        )
        if found is not None:
            registration.rating = found.rating
            registration.rating_source = str(found.rating_list)


def _newest(
    sources: tuple[str, ...], registrations: list[Registration], on: datetime.date
) -> dict[int, Rating]:
    """Each player's rating in the newest list of `sources` published on or before `on`."""
    ratings = (
        Rating.objects.filter(
            rating_list__source__in=sources,
            rating_list__published__lte=on,
            player_id__in=[r.player_id for r in registrations],
        )
        .select_related("rating_list")
        .order_by("rating_list__published")
    )
    return {rating.player_id: rating for rating in ratings}


def _choose(policy: str, fmjd: Rating | None, national: Rating | None) -> Rating | None:
    if policy == RatingPolicy.FMJD:
        return fmjd
    if policy == RatingPolicy.NATIONAL:
        return national
    if policy == RatingPolicy.FMJD_ELSE_NATIONAL:
        return fmjd or national
    present = [rating for rating in (fmjd, national) if rating is not None]
    return max(present, key=lambda rating: rating.rating, default=None)
