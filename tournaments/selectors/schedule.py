"""Reads of the schedule: the rounds' times of an event, and of a player's published events
(his games), as the pages and the calendars (tournaments.calendars) show them."""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.calendars import ScheduledRound
from tournaments.models import (
    BYE_KIND_LABELS,
    Event,
    Pairing,
    Registration,
    Round,
    RoundTime,
    System,
    TeamCompetition,
)
from tournaments.selectors.names import full_name
from tournaments.selectors.public import PUBLIC_STATUSES
from tournaments.values import ByeKind


@dataclass(frozen=True)
class Seat:
    """A player's place in a published round: his board, whether he has White (in a
    two-game match, in the first game), his opponent's name (None: a bye, of ``bye_kind``)."""

    board: int
    white: bool
    opponent: str | None
    bye_kind: str = ""


def round_times(event: Event) -> dict[int, RoundTime]:
    """The event's round times by round number."""
    return {time.number: time for time in event.round_times.order_by("number")}


def _round_name(event: Event, number: int) -> str:
    return _("%(event)s, round %(number)s") % {"event": event.name, "number": number}


def _scheduled(
    time: RoundTime, event: Event, summary: str = "", player: int | None = None
) -> ScheduledRound:
    return ScheduledRound(
        slug=event.slug,
        number=time.number,
        summary=summary or _round_name(event, time.number),
        starts_at=time.starts_at,
        sequence=time.sequence,
        changed_at=time.changed_at,
        location=event.venue,
        player=player,
    )


def event_schedule(event: Event) -> list[ScheduledRound]:
    """The event's scheduled rounds, in order."""
    return [_scheduled(time, event) for time in round_times(event).values()]


def player_schedule(player_id: int) -> list[ScheduledRound]:
    """The scheduled rounds of the published events player ``player_id`` is registered in
    (withdrawn rounds left out), in time order. A round whose pairing is published names his
    opponent, colour and board, or his bye, or says he is not paired (player_round_summary);
    a draft pairing is never shown, the round is then named alone."""
    times = list(
        RoundTime.objects.filter(event__published=True, event__registrations__player_id=player_id)
        .select_related("event")
        .order_by("starts_at", "event__name", "number")
    )
    withdrawn = dict(
        Registration.objects.filter(player_id=player_id).values_list(
            "event_id", "withdrawn_from_round"
        )
    )
    event_ids = {time.event_id for time in times}
    seats, published = _player_seats(player_id, event_ids)
    teams = set(
        TeamCompetition.objects.filter(event_id__in=event_ids).values_list("event_id", flat=True)
    )
    scheduled = []
    for time in times:
        leaves = withdrawn.get(time.event_id)
        if leaves is not None and time.number >= leaves:
            continue
        key = (time.event_id, time.number)
        summary = ""
        if key in published:
            # A round robin's only board without black is its rest (C.05 Annex 1); a team
            # league's is the board its opponent left empty, a bye of its own kind.
            rest = time.event.system != System.SWISS and time.event_id not in teams
            summary = player_round_summary(time.event, time.number, seats.get(key), rest=rest)
        scheduled.append(_scheduled(time, time.event, summary, player_id))
    return scheduled


def _player_seats(
    player_id: int, event_ids: set[int]
) -> tuple[dict[tuple[int, int], Seat], set[tuple[int, int]]]:
    """The player's seat in each published round of ``event_ids`` by (event id, round
    number), and every published round of those events (draft rounds are in neither)."""
    published = set(
        Round.objects.filter(event_id__in=event_ids, status__in=PUBLIC_STATUSES).values_list(
            "event_id", "number"
        )
    )
    pairings = (
        Pairing.objects.filter(
            Q(white__player_id=player_id) | Q(black__player_id=player_id),
            round__event_id__in=event_ids,
            round__status__in=PUBLIC_STATUSES,
        )
        .select_related("round", "white__player", "black__player")
        .only(
            "board",
            "bye_kind",
            "round__event_id",
            "round__number",
            "white__player__first_name",
            "white__player__last_name",
            "black__player__first_name",
            "black__player__last_name",
        )
    )
    seats: dict[tuple[int, int], Seat] = {}
    for pairing in pairings:
        white = pairing.white.player_id == player_id
        other = pairing.black if white else pairing.white
        seats[(pairing.round.event_id, pairing.round.number)] = Seat(
            board=pairing.board,
            white=white,
            opponent=full_name(other.player.last_name, other.player.first_name) if other else None,
            bye_kind=pairing.bye_kind,
        )
    return seats, published


def player_round_summary(event: Event, number: int, seat: Seat | None, *, rest: bool) -> str:
    """What a player's calendar says of round ``number`` of ``event`` once its pairing is
    published, in the request's language: whom he plays, with which colour (the first game's
    in a two-game match) and on which board; his bye, or his rest (``rest``: a round robin's
    board without an opponent); or that he is not paired (absent, not yet entered, a team's
    player left out of its lineup)."""
    values: dict[str, object] = {"event": event.name, "number": number}
    if seat is None:
        return _("%(event)s, round %(number)s: not paired") % values
    if seat.opponent is None:
        values["bye"] = _("rest") if rest else BYE_KIND_LABELS[ByeKind(seat.bye_kind)]
        return _("%(event)s, round %(number)s: %(bye)s") % values
    values.update(opponent=seat.opponent, board=seat.board)
    if event.games_per_pairing == 2:
        if seat.white:
            text = _(
                "%(event)s, round %(number)s: two games against %(opponent)s "
                "(White first, board %(board)s)"
            )
        else:
            text = _(
                "%(event)s, round %(number)s: two games against %(opponent)s "
                "(Black first, board %(board)s)"
            )
    elif seat.white:
        text = _("%(event)s, round %(number)s: against %(opponent)s (White, board %(board)s)")
    else:
        text = _("%(event)s, round %(number)s: against %(opponent)s (Black, board %(board)s)")
    return text % values
