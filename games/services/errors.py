"""Errors of the games services. Each message names the game and the rule that refused."""

from django.core.exceptions import PermissionDenied

from tournaments.services.errors import TournamentError


class RecordError(TournamentError):
    """A game record cannot be stored (no game in the text, several games for one...)."""

    default_code = "record_error"


class DisputeError(TournamentError):
    """A dispute or a ruling breaks a rule of the dispute desk (already ruled, no reason...)."""

    default_code = "dispute_error"


class ReportError(TournamentError):
    """A player's report of a result, or its confirmation, breaks a rule (a round not being
    played, a result a player does not report, nothing to confirm)."""

    default_code = "report_error"


class RelayError(TournamentError):
    """A relay source or a pushed game breaks a rule of the relay (a push to a polled round,
    a polled source without an address...)."""

    default_code = "relay_error"


class NotAllowedError(PermissionDenied):
    """The user's role in the event does not allow this write (views answer 403)."""


class ArchiveError(TournamentError):
    """An event archive cannot be read or imported: its message names the archive, the file
    inside it and the field (games.archive.check, games.archive.load)."""

    default_code = "archive_error"
