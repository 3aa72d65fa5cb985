"""Errors the services raise. Each message names the object and the rule that refused the write."""

import datetime


class TournamentError(Exception):
    """Base class: a write refused by a tournament rule (the database is left unchanged)."""


class EventSettingsError(TournamentError):
    """An event setting cannot change any more (a round is already paired)."""


class RoundStateError(TournamentError):
    """The round's status (draft, published, completed) does not allow this operation."""


class RoundRegenerationError(TournamentError):
    """A round that already holds a result cannot be paired again."""


class RoundPairingError(TournamentError):
    """The pairing engine could not pair the round (its own message says why)."""


class RegistrationError(TournamentError):
    """A registration, withdrawal or bye request breaks an entry rule."""


class ProhibitedPairingError(TournamentError):
    """A prohibited pairing is invalid or entered too late."""


class StaleResultError(TournamentError):
    """A result was entered against a version of the game that has since changed.

    `changed_by` (a username) and `changed_at` name the write that made the arbiter's version
    stale, as the game's history records it (None when the history does not say).
    """

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


class ImportFormatError(TournamentError):
    """A CSV import file lacks the required columns."""
