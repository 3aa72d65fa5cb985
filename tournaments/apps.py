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
        from tournaments.admin import (  # noqa: F401  (register the admin pages)
            ballots,
            events,
            pairings,
            players,
            registrations,
            rounds,
        )
        from tournaments.api import tokens  # noqa: F401  (a password change revokes the token)
        from tournaments.documents import follow  # noqa: F401  (documents follow every change)
        from tournaments.documents import hooks as documents_hooks
        from tournaments.documents import tasks as documents_tasks  # noqa: F401
        from tournaments.imports.services import ImportKind, import_kind_register
        from tournaments.ratings import admin as ratings_admin  # noqa: F401
        from tournaments.ratings import hooks as ratings_hooks
        from tournaments.ratings import lists_import
        from tournaments.services import players_import
        from tournaments.site import login_limits  # noqa: F401  (counts failed logins)
        from tournaments.teams import admin as teams_admin  # noqa: F401
        from tournaments.teams import hooks as teams_hooks

        documents_hooks.register()
        ratings_hooks.register()
        teams_hooks.register()
        import_kind_register(
            lists_import.RATING_LIST_IMPORT,
            ImportKind(
                preview=lists_import.rating_list_job_preview,
                apply=lists_import.rating_list_job_apply,
            ),
        )
        import_kind_register(
            players_import.PLAYERS_IMPORT,
            ImportKind(
                preview=players_import.players_job_preview,
                apply=players_import.players_job_apply,
            ),
        )
