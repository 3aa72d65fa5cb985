"""Players: creation."""

import pytest

from tournaments.services.players import player_create

pytestmark = pytest.mark.django_db


def test_player_create_validates(arbiter_user):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="three-letter code"):
        player_create(
            {"first_name": "A", "last_name": "B", "federation": "Netherlands"}, user=arbiter_user
        )
    player = player_create({"first_name": "Jan", "last_name": "Groenendijk"}, user=arbiter_user)
    assert player.history.get().history_user == arbiter_user
