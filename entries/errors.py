"""Errors of the entries services: a change an entry's state does not allow. A limit an entry
breaks (closed, out of range, a duplicate) is a ValidationError naming the field instead."""

from tournaments.services.errors import TournamentError


class EntryStateError(TournamentError):
    """The entry's status does not allow this (an accepted entry is not refused...)."""

    default_code = "entry_state_error"
