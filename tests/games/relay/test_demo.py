"""The demo's relay: a file of recorded games that grows as the server runs."""

import datetime
import random

import pytest
from django.utils import timezone

from games.models import RelayBoard
from games.relay.demo import (
    FIRST_PLIES,
    ILLEGAL_PLY,
    PLIES_PER_MINUTE,
    relay_demo,
    replay_tick,
)
from tests.games.conftest import published_round

pytestmark = pytest.mark.django_db


def test_the_demo_file_grows_flags_its_illegal_move_and_ends_one_game(
    organizer, official_arbiter, settings, tmp_path
):
    settings.RELAY_DEMO_DIR = tmp_path
    round_ = published_round(organizer, official_arbiter, players=6)
    source = relay_demo(event=round_.event, user=organizer, rng=random.Random(1))
    now = timezone.now()
    assert replay_tick(now=now) == 1
    boards = RelayBoard.objects.filter(source=source).order_by("key")
    assert [len(board.plies) for board in boards] == [FIRST_PLIES] * 3
    replay_tick(now=now + datetime.timedelta(minutes=1))
    assert [len(board.plies) for board in boards.all()] == [FIRST_PLIES + PLIES_PER_MINUTE] * 3
    replay_tick(now=now + datetime.timedelta(minutes=5))
    first, second, third = boards.all()
    assert (first.status, first.result) == ("finished", "2-0")
    assert second.status == "flagged" and second.flag["ply"] == ILLEGAL_PLY
    # the third board goes on moving, with neither result nor flag
    assert len(third.plies) == FIRST_PLIES + 5 * PLIES_PER_MINUTE
    assert not third.result and not third.flag
    assert all(board.game_id for board in (first, second, third))
