"""Rating groups of an event (docs/rules/tournaments.md §5.3; rating classes such as
1850-1949, as opens publish them): the groups made by the organizer's lower bounds, and each
group's own standings, in the order of the event's standings. A player belongs to the group of
his rating at start.

>>> [group.label for group in rating_groups([1850, 1950])]
['< 1850', '1850-1949', '>= 1950']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from tournaments.scoring.standings import StandingRow


@dataclass(frozen=True)
class RatingGroup:
    """Ratings from `low` (None: no floor) up to `high` excluded (None: no ceiling)."""

    low: int | None
    high: int | None

    @property
    def label(self) -> str:
        if self.low is None:
            return f"< {self.high}"
        if self.high is None:
            return f">= {self.low}"
        return f"{self.low}-{self.high - 1}"

    def holds(self, rating: int) -> bool:
        return (self.low is None or rating >= self.low) and (
            self.high is None or rating < self.high
        )


def rating_groups(bounds: Sequence[int]) -> list[RatingGroup]:
    """The groups cut by `bounds` (increasing lower bounds); none without a bound."""
    if not bounds:
        return []
    edges: list[int | None] = [None, *sorted(bounds), None]
    return [RatingGroup(low, high) for low, high in pairwise(edges)]


def group_standings(
    rows: Sequence[StandingRow], bounds: Sequence[int]
) -> list[tuple[RatingGroup, list[StandingRow]]]:
    """Each group with its players' rows in the event's order (its place in the group is
    the row's index + 1)."""
    return [
        (group, [row for row in rows if group.holds(row.rating)]) for group in rating_groups(bounds)
    ]


def group_places(
    rows: Sequence[StandingRow], bounds: Sequence[int]
) -> dict[int, tuple[RatingGroup, int]]:
    """Each player's group and place in it (1 for the first of the group), by pairing
    number; empty without a bound.

    >>> from decimal import Decimal
    >>> rows = [StandingRow(1, 1, 7, "A", 2000, Decimal(2)), StandingRow(2, 2, 3, "B", 1900, 1)]
    >>> {n: (g.label, p) for n, (g, p) in group_places(rows, [1950]).items()}
    {3: ('< 1950', 1), 7: ('>= 1950', 1)}
    """
    return {
        row.number: (group, place)
        for group, members in group_standings(rows, bounds)
        for place, row in enumerate(members, 1)
    }
