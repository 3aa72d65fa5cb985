"""What the ratings add to the core at start-up (TournamentsConfig.ready calls `register`),
so that the rest of tournaments never imports this room: the ratings at start written when
round 1 is opened and a late entry's (the lists under the event's policy), a player's ratings
list by list for the player directory, and his rating history on an event's player page."""

from django.contrib.auth.models import AbstractBaseUser

from tournaments import hooks
from tournaments.models import Event, Registration
from tournaments.ratings.selectors import RatingHistory, rating_history, rating_series
from tournaments.ratings.services import ratings_freeze, ratings_snapshot


def event_starting(event: Event, user: AbstractBaseUser | None) -> None:
    ratings_freeze(event=event, user=user)


def late_entry_rating(event: Event, registration: Registration) -> None:
    ratings_snapshot(event, [registration])


def history(event: Event, number: int) -> RatingHistory | None:
    return rating_history(event, number=number)


def register() -> None:
    hooks.add(hooks.EVENT_STARTING, event_starting)
    hooks.add(hooks.LATE_ENTRY_RATING, late_entry_rating)
    hooks.add(hooks.PLAYER_RATINGS, rating_series)
    hooks.add(hooks.RATING_HISTORY, history)
