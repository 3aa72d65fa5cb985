"""A player's name as every list prints it (``Last, First``); names searched and sorted
accents aside are tournaments.names."""

from tournaments.models import Registration


def player_name(registration: Registration) -> str:
    return full_name(registration.player.last_name, registration.player.first_name)


def full_name(last_name: str, first_name: str) -> str:
    """A player's name as every list prints it: ``Last, First``."""
    return f"{last_name}, {first_name}"
