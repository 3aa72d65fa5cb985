from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games import hooks
        from games.archive import jobs
        from tournaments.imports.services import ImportKind, import_kind_register

        hooks.register()
        import_kind_register(
            jobs.ARCHIVE_IMPORT,
            ImportKind(preview=jobs.archive_job_preview, apply=jobs.archive_job_apply),
        )
