from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HallConfig(AppConfig):
    name = "hall"
    verbose_name = _("Playing hall")

    def ready(self) -> None:
        from hall import hooks

        hooks.register()
