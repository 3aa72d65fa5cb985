"""Errors the services raise. Each message names the object and the rule that refused the write."""

import datetime


class TournamentError(Exception):
    """Base class: a write refused by a tournament rule (the database is left unchanged)."""

    default_code = "tournament_error"


class EventSettingsError(TournamentError):
    """An event setting cannot change any more (a round is already paired)."""

    default_code = "event_settings_error"


class RoundStateError(TournamentError):
    """The round's status (draft, published, completed) does not allow this operation."""

    default_code = "round_state_error"


class RoundRegenerationError(TournamentError):
    """A round that already holds a result cannot be paired again."""

    default_code = "round_regeneration_error"


class RoundPairingError(TournamentError):
    """The pairing engine could not pair the round (its own message says why)."""

    default_code = "round_pairing_error"


class RegistrationError(TournamentError):
    """A registration, withdrawal or bye request breaks an entry rule."""

    default_code = "registration_error"


class ProhibitedPairingError(TournamentError):
    """A prohibited pairing is invalid or entered too late."""

    default_code = "prohibited_pairing_error"


class StaleResultError(TournamentError):
    """A result was entered against a version of the game that has since changed.

    `changed_by` (a username) and `changed_at` name the write that made the arbiter's version
    stale, as the game's history records it (None when the history does not say).
    """

    default_code = "stale_result_error"

    def __init__(
        self,
        message: str,
        *,
        changed_by: str | None,
        changed_at: datetime.datetime | None,
    ) -> None:
        super().__init__(message)
        self.changed_by = changed_by
        self.changed_at = changed_at


class PairingEditError(TournamentError):
    """A hand edit of a pairing cannot be applied."""

    default_code = "pairing_edit_error"


class ImportFormatError(TournamentError):
    """A CSV import file lacks the required columns."""

    default_code = "import_format_error"


class RoundTimeError(TournamentError):
    """A round's time names a round the event does not have."""

    default_code = "round_time_error"


class PlayerMergeError(TournamentError):
    """Two players cannot be merged (they are two people, or the user may not change both)."""

    default_code = "player_merge_error"


class PairingNumberError(TournamentError):
    """A round robin's pairing numbers cannot be drawn or fixed (a round exists, the numbers
    are already drawn, the event is a Swiss, or the numbers set by hand are not 1..n)."""

    default_code = "pairing_number_error"
