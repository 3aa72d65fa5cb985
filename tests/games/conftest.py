"""Fixtures of the games tests: a published round of a small event, its officials and players."""

import pytest

from tests.factories import PlayerFactory, UserFactory, event_made
from tournaments.models import Game, System
from tournaments.services import events, registrations, rounds


@pytest.fixture
def organizer(db):
    return UserFactory(username="organizer", is_staff=True)


@pytest.fixture
def official_arbiter(db):
    return UserFactory(username="event-arbiter", is_staff=True)


def published_round(organizer, arbiter, *, variant="international", players=2, **options):
    """Round 1 of a round robin of `players` players (each with a login account), published
    in a published event."""
    number = events.Event.objects.count()
    event = event_made(
        organizer,
        name=f"{variant} event {number}",
        slug=f"{variant}-event-{number}",
        variant=variant,
        system=System.ROUND_ROBIN,
        published=options.pop("published", True),
        **options,
    )
    event.arbiters.add(arbiter)
    for index in range(players):
        account = UserFactory(username=f"{event.slug}-player-{index}", is_staff=False)
        player = PlayerFactory(rating=2400 - 10 * index, user=account)
        registrations.registration_add(event=event, player=player, user=organizer)
    round_ = rounds.round_pair(event=event, user=organizer)
    return rounds.round_publish(round=round_, user=organizer)


@pytest.fixture
def game(organizer, official_arbiter):
    """Board 1 of a published international round: white and black have login accounts."""
    round_ = published_round(organizer, official_arbiter)
    return Game.objects.select_related("white__player", "black__player").get(pairing__round=round_)
