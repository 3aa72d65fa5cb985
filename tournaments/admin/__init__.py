"""The admin site of the tournament core: one module per model group, registered on import."""

from tournaments.admin import (  # noqa: F401
    ballots,
    documents,
    events,
    pairings,
    players,
    registrations,
    rounds,
)
