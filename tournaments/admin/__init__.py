"""The admin site of the tournament core: one module per model group, registered on import."""

from tournaments.admin import events, pairings, players, registrations, rounds  # noqa: F401
