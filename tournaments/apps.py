from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments import (
            checks,  # noqa: F401  (registers the system checks)
            live,  # noqa: F401  (forgets cached event states on every change)
            names,  # noqa: F401  (gives SQLite connections the name folding function)
        )
        from tournaments.api import tokens  # noqa: F401  (a password change revokes the token)
        from tournaments.hooks import FINGERPRINT_HISTORIES
        from tournaments.site import login_limits  # noqa: F401  (counts failed logins)
        from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMember

        # The team pages change with the teams, their rosters and adjustments.
        FINGERPRINT_HISTORIES.extend(
            [
                lambda event: TeamCompetition.history.filter(event_id=event),
                lambda event: Team.history.filter(event_id=event),
                lambda event: TeamMember.history.filter(team__event_id=event),
                lambda event: TeamAdjustment.history.filter(team__event_id=event),
            ]
        )
