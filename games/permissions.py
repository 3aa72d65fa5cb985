"""Who may do what with a game's record and disputes on the arbiter's dispute desk.

Roles are per event: its organizers (Event.organizers), its arbiters (Event.arbiters), the
two players of a game (Player.user, their login account), and the public. Superusers act as
organizers and arbiters of every event. The officials of an event (organizers and arbiters:
tournaments.access.may_officiate, the one source of object permissions) enter records and
see the desk; only arbiters rule. The services enforce these predicates and the views use
them to show or hide actions.
"""

from games.models import Dispute
from tournaments.access import User, is_active, may_arbitrate, may_officiate
from tournaments.models import Event, Game


def can_officiate(user: User | None, event: Event) -> bool:
    """Enter records, see the event's desk (all its disputes and flagged games)."""
    return is_active(user) and may_officiate(user, event)


def can_rule(user: User | None, event: Event) -> bool:
    """Only an arbiter of the event rules on its disputes (its organizers do not)."""
    return may_arbitrate(user, event)


def is_player_of(user: User | None, game: Game) -> bool:
    """Whether ``user`` is the login account of one of the game's two players."""
    if not is_active(user):
        return False
    return user.pk in (game.white.player.user_id, game.black.player.user_id)


def can_open_dispute(user: User | None, game: Game) -> bool:
    """A dispute is opened by the organizer, an arbiter, or a player of that game."""
    return can_officiate(user, game.pairing.round.event) or is_player_of(user, game)


def can_see_dispute(user: User | None, dispute: Dispute) -> bool:
    """A dispute is seen by the officials of its event and by the players of its game."""
    return can_open_dispute(user, dispute.game)
