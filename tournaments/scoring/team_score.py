"""The team ranking of an individual event (docs/rules/tournaments.md §7.5): each team's score
is the sum of its best ``counted`` members' scores in the individual standings; teams level
on it are separated by the sum of all their members' scores, and share the place when that
is level too (C.07 2.1, as the team standings of §7.3 share theirs).

>>> from decimal import Decimal as D
>>> ned = [MemberScore(n, f"P{n}", D(p)) for n, p in enumerate(["5", "4", "4", "3.5", "3", "0"], 1)]
>>> row = team_ranking({"NED": ned}, counted=4)[0]
>>> row.score, row.all_members, row.rank
(Decimal('16.5'), Decimal('19.5'), 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby

from tournaments.scoring.standings import shared_places
from tournaments.scoring.teams import best_members_score


@dataclass(frozen=True)
class MemberScore:
    """A team member's line: pairing number, name, score in the individual standings."""

    number: int
    name: str
    points: Decimal


@dataclass(frozen=True)
class TeamScoreRow:
    """One team of the ranking. ``members`` are best first (score, then pairing number);
    the first ``counted`` of them make the score. ``rank`` is the place, shared by teams
    level on the score and the tie-break (``shared_rank``, printed ``3=``)."""

    rank: int
    shared_rank: bool
    team: str
    score: Decimal
    all_members: Decimal
    counted: int
    members: tuple[MemberScore, ...]

    def counts(self, member: MemberScore) -> bool:
        """Whether ``member`` is one of the best members that make the score."""
        return member in self.members[: self.counted]


def team_ranking(teams: Mapping[str, Sequence[MemberScore]], *, counted: int) -> list[TeamScoreRow]:
    """The teams ranked by the sum of their ``counted`` best members (best_members_score),
    then by the sum of all their members (docs/rules/tournaments.md §7.5); teams level on
    both share the place and are listed by name."""
    if counted < 1:
        raise ValueError(f"a team ranking counts at least one member, got {counted}")
    unranked = []
    for team, members in teams.items():
        ordered = tuple(sorted(members, key=lambda m: (-m.points, m.number)))
        points = [m.points for m in ordered]
        unranked.append(
            (
                best_members_score(points, counted),
                sum(points, Decimal(0)),
                team,
                ordered,
            )
        )
    unranked.sort(key=lambda t: (-t[0], -t[1], t[2].casefold(), t[2]))
    groups = [
        [team for _score, _total, team, _members in level]
        for _key, level in groupby(unranked, key=lambda t: (t[0], t[1]))
    ]
    places = shared_places([team for _score, _total, team, _members in unranked], groups)
    shared = {team for group in groups if len(group) > 1 for team in group}
    return [
        TeamScoreRow(
            rank=places[team],
            shared_rank=team in shared,
            team=team,
            score=score,
            all_members=total,
            counted=min(counted, len(ordered)),
            members=ordered,
        )
        for score, total, team, ordered in unranked
    ]
