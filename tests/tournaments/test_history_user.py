"""tournaments.services.history: the user a service names is the one the history records."""

import pytest

from tests.factories import PlayerFactory, UserFactory
from tournaments.models import Player
from tournaments.services.history import recorded_by

pytestmark = pytest.mark.django_db


def test_a_save_and_a_delete_are_recorded_with_the_user_named():
    user = UserFactory()
    player = PlayerFactory()
    pk = player.pk
    player.first_name = "Renée"
    assert recorded_by(player, user) is player
    player.save()
    recorded_by(player, user).delete()
    records = Player.history.filter(id=pk).order_by("history_id")
    assert [(r.history_type, r.history_user) for r in records][-2:] == [("~", user), ("-", user)]


def test_none_records_a_change_made_by_the_system():
    player = PlayerFactory()
    recorded_by(player, None).save()
    assert player.history.first().history_user is None
