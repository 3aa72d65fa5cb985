"""A small published Swiss, played through the services, for the public pages and the API."""

import datetime

import pytest
from django.core.cache import cache

from tests.factories import PlayerFactory, UserFactory, event_with_players
from tournaments.models import Game, GameResult, System
from tournaments.services import results, rounds
from tournaments.services.registrations import registration_add

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


@pytest.fixture
def ivanov(organizer):
    """Алексей Иванов, in a Swiss (2 rounds played), a round robin (1 round played) and a
    draft; Jan Lefèvre in the Swiss only; a player in the draft only."""
    player = PlayerFactory(
        last_name="Иванов",
        first_name="Алексей",
        fmjd_id="16010",
        national_id="RUS-7741",
        federation="RUS",
        title="MI",
        club="Minsk 64",
        email="ivanov@example.org",
        phone="+7 495 555 0199",
        birth_date=datetime.date(1987, 5, 17),
    )
    swiss = event_with_players(organizer, players=5, name="Spring Open", slug="spring-open")
    registration_add(event=swiss, player=player, user=organizer)
    registration_add(
        event=swiss, player=PlayerFactory(last_name="Lefèvre", first_name="Jan"), user=organizer
    )
    play_round(swiss, organizer)
    play_round(swiss, organizer)
    masters = event_with_players(
        organizer,
        players=3,
        system=System.ROUND_ROBIN,
        name="Autumn Masters",
        slug="autumn-masters",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 9, 5),
    )
    registration_add(event=masters, player=player, user=organizer)
    play_round(masters, organizer)
    draft = event_with_players(
        organizer, players=3, name="Secret Cup", slug="secret-cup", published=False
    )
    registration_add(event=draft, player=player, user=organizer)
    registration_add(
        event=draft, player=PlayerFactory(last_name="Hidden", first_name="Only"), user=organizer
    )
    play_round(draft, organizer)
    return player
