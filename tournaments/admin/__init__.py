"""The admin site of the tournament core: one module per model group, registered on import."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from tournaments.admin import (  # noqa: F401
    ballots,
    events,
    pairings,
    players,
    ratings,
    registrations,
    rounds,
)
from tournaments.documents import admin as documents_admin  # noqa: F401
from tournaments.teams import admin as teams_admin  # noqa: F401

admin.site.site_header = gettext_lazy("Damier administration")
admin.site.site_title = gettext_lazy("Damier administration")
admin.site.index_title = gettext_lazy("Events, players and games")
