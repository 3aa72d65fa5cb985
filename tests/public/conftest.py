"""A small published Swiss, played through the services, for the public pages and the API."""

import pytest
from django.core.cache import cache

from tests.factories import UserFactory, event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds

#: Results by board, repeated over the rounds: white wins, draw, black wins.
RESULTS = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def play_round(event, user, *, complete: bool = True):
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    games = Game.objects.filter(pairing__round=round_).order_by("pairing__board", "index")
    for index, game in enumerate(games):
        results.result_record(game=game, result=RESULTS[index % 3], user=user)
    if complete:
        rounds.round_complete(round=round_, user=user)
    return round_


@pytest.fixture
def organizer(db):
    return UserFactory(username="organizer")


@pytest.fixture
def swiss(organizer):
    """7 players (one bye a round), 5 rounds, rounds 1-2 completed, round 3 in draft."""
    event = event_with_players(
        organizer, players=7, organizers=[organizer], tiebreaks=["TSOL", "SB", "DE"]
    )
    play_round(event, organizer)
    play_round(event, organizer)
    rounds.round_pair(event=event, user=organizer)
    return event
