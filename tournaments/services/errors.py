"""Errors the services raise. Each message names the object and the rule that refused the write."""


class TournamentError(Exception):
    """Base class: a write refused by a tournament rule (the database is left unchanged)."""


class RoundStateError(TournamentError):
    """The round's status (draft, published, completed) does not allow this operation."""


class RoundRegenerationError(TournamentError):
    """A round that already holds a result cannot be paired again."""


class RegistrationError(TournamentError):
    """A registration, withdrawal or bye request breaks an entry rule."""


class ProhibitedPairingError(TournamentError):
    """A prohibited pairing is invalid or entered too late."""


class StaleResultError(TournamentError):
    """A result was entered against a version of the game that has since changed."""


class PairingEditError(TournamentError):
    """A hand edit of a pairing cannot be applied."""


class ImportFormatError(TournamentError):
    """A CSV import file lacks the required columns."""
