"""Every published document follows every change: the one rule, in one place.

Whatever alters something a document shows is written to a history table (simple_history sends
``post_create_historical_record`` for each tracked save and delete, whichever path wrote it: a
service, an admin page or inline, an import, the API): a result entered or corrected, a board
of a team match, a team that did not show up, a team's adjustment (a penalty), a lineup once it
is paired (its boards are pairings), a withdrawal or a registration, a player's name or rating,
the event's rating policy or any other of its settings. For each such row, the event it belongs
to is found (`_event_ids`) and :func:`tournaments.documents.services.documents_stale` marks
every document of that event already built (done or failed) as queued, in the same transaction:
from the commit on, no reader sees "done" beside figures that no longer hold, and the
document's link says it is being updated. Its job starts after the commit; it draws the file
again when the figures it shows changed and keeps the file when they did not (its data's
fingerprint).

A job that was already running when the change came sees it at its end (the event's state
read before its data differs from the state after) and queues itself again
(tournaments.documents.services._draw).

Histories of other apps (game records, relayed moves) are not followed: no document shows
them.
"""

from collections.abc import Callable

from django.db.models import Model
from django.dispatch import receiver
from simple_history.signals import post_create_historical_record

from tournaments.documents.services import documents_stale
from tournaments.models import Event, Game, Pairing, Player, Registration, Round
from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMatch, TeamMember


def _player_events(player: Player) -> set[int]:
    return set(Registration.objects.filter(player_id=player.pk).values_list("event_id", flat=True))


def _pairing_event(pairing_id: int) -> set[int]:
    return set(Pairing.objects.filter(pk=pairing_id).values_list("round__event_id", flat=True))


def _team_event(team_id: int) -> set[int]:
    return set(Team.objects.filter(pk=team_id).values_list("event_id", flat=True))


#: Each model whose rows a document shows, and the events a row of it belongs to.
_EVENTS_OF: dict[type[Model], Callable[..., set[int]]] = {
    Event: lambda event: {event.pk},
    Player: _player_events,
    Registration: lambda registration: {registration.event_id},
    Round: lambda round_: {round_.event_id},
    Pairing: lambda pairing: set(
        Round.objects.filter(pk=pairing.round_id).values_list("event_id", flat=True)
    ),
    Game: lambda game: _pairing_event(game.pairing_id),
    TeamCompetition: lambda competition: {competition.event_id},
    Team: lambda team: {team.event_id},
    TeamMember: lambda member: _team_event(member.team_id),
    TeamAdjustment: lambda adjustment: _team_event(adjustment.team_id),
    TeamMatch: lambda match: set(
        Round.objects.filter(pk=match.round_id).values_list("event_id", flat=True)
    ),
}


def _event_ids(instance: Model) -> set[int]:
    """The events whose documents may show ``instance`` (none for a model no document
    shows)."""
    events_of = _EVENTS_OF.get(type(instance))
    return events_of(instance) if events_of is not None else set()


@receiver(post_create_historical_record, dispatch_uid="damier-documents-follow")
def _history_written(sender, instance: Model, **kwargs) -> None:
    event_ids = _event_ids(instance)
    if event_ids:
        documents_stale(event_ids=event_ids)
