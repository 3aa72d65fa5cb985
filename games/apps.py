from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games.models import GameRecord, RelayBoard
        from games.services.verification import verification_follow_result
        from tournaments.selectors_public import FINGERPRINT_HISTORIES
        from tournaments.services.results import RESULT_FOLLOWERS

        FINGERPRINT_HISTORIES.append(
            lambda event: GameRecord.history.filter(game__pairing__round__event_id=event)
        )
        FINGERPRINT_HISTORIES.append(
            lambda event: RelayBoard.history.filter(source__round__event_id=event)
        )
        if verification_follow_result not in RESULT_FOLLOWERS:
            RESULT_FOLLOWERS.append(verification_follow_result)
