"""Reads the team ranking of an individual event (docs/rules/tournaments.md §7.5): its
players' scores in the standings, grouped by the team label of their registration."""

from collections import defaultdict

from tournaments.models import Event
from tournaments.scoring.team_score import MemberScore, TeamScoreRow, team_ranking
from tournaments.selectors.public import cached
from tournaments.selectors.standings import standings_get


def has_team_ranking(event: Event) -> bool:
    """Whether ``event`` ranks teams by their best members (Event.team_score_members)."""
    return event.team_score_members > 0


def team_ranking_get(event: Event, *, after_round: int) -> list[TeamScoreRow]:
    """The teams after ``after_round``, each the sum of its best Event.team_score_members
    players in the standings after that round (tournaments.scoring.team_score); players
    without a team label are in no team. Empty when the event has no team ranking. Constant
    number of queries (those of standings_get, and one)."""
    if not has_team_ranking(event):
        return []
    labels = dict(
        event.registrations.exclude(team_label="").values_list("pairing_number", "team_label")
    )
    teams: dict[str, list[MemberScore]] = defaultdict(list)
    for row in standings_get(event, after_round=after_round):
        if row.number in labels:
            teams[labels[row.number]].append(MemberScore(row.number, row.name, row.points))
    return team_ranking(teams, counted=event.team_score_members)


def team_ranking_kept(event: Event, *, after_round: int, state: str) -> list[TeamScoreRow]:
    """team_ranking_get kept under the event's state fingerprint ``state``, one entry that
    the team ranking page and its spreadsheets share."""
    return cached(
        state,
        f"team-ranking:{after_round}",
        lambda: team_ranking_get(event, after_round=after_round),
    )
