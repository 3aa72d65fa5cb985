"""A relayed file names its players as it likes: names and keys longer than RelayBoard's
columns are cut to fit them (PostgreSQL refuses a longer value; SQLite would keep it)."""

import pytest

from games.models import RelayBoard
from games.relay.services import relay_push, relay_token_issue
from tests.games.conftest import published_round
from tests.games.relay.game import version

pytestmark = pytest.mark.django_db


def test_a_relayed_game_with_the_longest_names_is_kept_cut_to_its_columns(
    organizer, official_arbiter
):
    round_ = published_round(organizer, official_arbiter, players=3)
    token = relay_token_issue(event=round_.event, user=organizer).token
    long = "Очень длинное имя игрока " * 20  # 500 characters
    pdn = version(4, board=9).replace('[White "?"]', f'[White "{long}"]')
    pdn = pdn.replace('[Black "?"]', f'[Black "{long}"]')
    relay_push(round=round_, token=token, pdn=pdn)
    (board,) = RelayBoard.objects.filter(source__round=round_)
    for field in ("key", "white", "black"):
        limit = RelayBoard._meta.get_field(field).max_length
        assert 0 < len(getattr(board, field)) <= limit
    assert board.white == long[:200] and board.game_id is None
