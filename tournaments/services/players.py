"""Players: creation (the CSV import is in tournaments.services.players_import)."""

from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Player
from tournaments.services.history import recorded_by


def player_create(fields: Mapping[str, object], *, user: AbstractBaseUser | None) -> Player:
    """Create a player from `fields` (Player field names: last_name, first_name, rating, club,
    and the player's own login account under "user") after full validation. `user` is who
    creates it, recorded in the history; the two are kept apart so that a player's account
    never collides with the acting user."""
    player = Player(**fields)
    player.full_clean()
    recorded_by(player, user).save()
    return player
