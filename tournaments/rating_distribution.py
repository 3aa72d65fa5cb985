"""The rating distribution of an event's field drawn as bars: how many players are rated in
each band of 100 points (ratings at start), the bands from the lowest rated player's to the
highest's, empty ones included so that the scale is even. Pure (no Django): the template draws
what this computes. Unrated players (rating 0) are counted apart.

>>> chart = rating_distribution([2150, 2190, 2230, 0])
>>> [(bar.low, bar.count, bar.height) for bar in chart.bars]
[(2100, 2, 120), (2200, 1, 60)]
>>> chart.rated, chart.unrated, chart.average
(3, 1, 2190)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The width of a band in rating points.
BAND = 100
#: The drawing's size in SVG units (the page scales it to its width) and its margins.
WIDTH, HEIGHT = 360, 180
LEFT, RIGHT, TOP, BOTTOM = 10, 10, 30, 30
#: The least room (SVG units) between two labels of the axis.
LABEL_ROOM = 40


@dataclass(frozen=True)
class DistributionBar:
    """The band ``low`` to ``low + BAND - 1`` holding ``count`` players, drawn as the
    rectangle (x, y, width, height); ``labelled``: its lower bound is written under it."""

    low: int
    count: int
    x: int
    y: int
    width: int
    height: int
    labelled: bool

    @property
    def label(self) -> str:
        return f"{self.low}-{self.low + BAND - 1}"

    @property
    def middle(self) -> int:
        return self.x + self.width // 2


@dataclass(frozen=True)
class RatingDistribution:
    width: int
    height: int
    bars: tuple[DistributionBar, ...]
    rated: int
    unrated: int
    average: int

    @property
    def baseline(self) -> int:
        return self.height - BOTTOM


def rating_distribution(ratings: Sequence[int]) -> RatingDistribution | None:
    """The bars of ``ratings`` (0: unrated); None when no player is rated."""
    rated = [rating for rating in ratings if rating > 0]
    if not rated:
        return None
    first, last = min(rated) // BAND, max(rated) // BAND
    counts = [0] * (last - first + 1)
    for rating in rated:
        counts[rating // BAND - first] += 1
    step = (WIDTH - LEFT - RIGHT) / len(counts)
    every = math.ceil(LABEL_ROOM / step)
    tallest = max(counts)
    plot = HEIGHT - TOP - BOTTOM
    bars = []
    for index, count in enumerate(counts):
        height = round(count * plot / tallest)
        bars.append(
            DistributionBar(
                low=(first + index) * BAND,
                count=count,
                x=round(LEFT + index * step + 1),
                y=HEIGHT - BOTTOM - height,
                width=max(1, round(step) - 2),
                height=height,
                labelled=index % every == 0,
            )
        )
    average = round(sum(rated) / len(rated))
    return RatingDistribution(
        WIDTH, HEIGHT, tuple(bars), len(rated), len(ratings) - len(rated), average
    )
