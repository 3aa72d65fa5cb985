"""An event's facts read from its rows: its scoring as the pure algorithms take it, its
number of rounds, whether it is finished, and a web address (slug) no other event uses."""

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.text import slugify

from tournaments.models import SCORING_FIELDS, Event, RoundStatus, System, TeamCompetition
from tournaments.pairing.berger import berger_rounds
from tournaments.values import ScoringSystem


def event_scoring(event: Event) -> ScoringSystem:
    """The event's scoring as the pure algorithms take it."""
    return ScoringSystem(
        **{attribute: getattr(event, name) for attribute, name in SCORING_FIELDS.items()}
    )


def event_total_rounds(event: Event, *, players: int, teams: int | None = None) -> int:
    """Rounds of the event: the Swiss's number, or the Berger table's length (C.05 Annex 1)
    for its ``players``; in a team competition, for its teams (``teams``, their number, is
    read when not given): a team league has a round for each opposing team."""
    if event.system == System.SWISS:
        return event.number_of_rounds or 0
    if teams is None and hasattr(event, "team_competition"):
        teams = event.teams.count()
    entrants = players if teams is None else teams
    return berger_rounds(entrants, double=event.system == System.DOUBLE_ROUND_ROBIN)


def finished_event_ids(events: QuerySet[Event]) -> set[int]:
    """The events of ``events`` whose last round is complete: as many completed rounds as
    the event has (event_total_rounds). One query."""
    rows = events.annotate(
        players=Count("registrations", distinct=True),
        completed=Count("rounds", filter=Q(rounds__status=RoundStatus.COMPLETED), distinct=True),
        team_count=Count("teams", distinct=True),
        team_competition_held=Exists(TeamCompetition.objects.filter(event=OuterRef("pk"))),
    )
    return {
        event.pk
        for event in rows
        if (
            total := event_total_rounds(
                event,
                players=event.players,
                teams=event.team_count if event.team_competition_held else None,
            )
        )
        and event.completed >= total
    }


def event_finished(event: Event) -> bool:
    """Whether ``event``'s last round is complete (see finished_event_ids)."""
    return event.pk in finished_event_ids(Event.objects.filter(pk=event.pk))


def event_slug_free(name: str, *, exclude_pk: int | None = None) -> str:
    """A slug made from `name` that no other event uses ("open-de-paris", then
    "open-de-paris-2", ...); "" when the name has no letter or digit a web address can
    hold."""
    base = slugify(name)[: Event._meta.get_field("slug").max_length - 4].strip("-")
    if not base:
        return ""
    taken = set(
        Event.objects.filter(slug__startswith=base)
        .exclude(pk=exclude_pk)
        .values_list("slug", flat=True)
    )
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate
