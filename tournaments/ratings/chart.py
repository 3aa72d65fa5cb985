"""A player's rating history drawn as a line: the points of an inline SVG chart, one per
rating list, oldest on the left. Pure (no Django): the template draws what this computes.

>>> chart = rating_chart([("2026-01-01", 2000), ("2026-07-01", 2100)])
>>> chart.line, chart.low, chart.high
('45,130 315,30', 2000, 2100)
>>> rating_chart([("2026-01-01", 2000)]).line  # a single list: in the middle
'180,80'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The drawing's size in SVG units (the page scales it to its width) and its margins.
WIDTH, HEIGHT = 360, 160
LEFT, RIGHT, TOP, BOTTOM = 45, 45, 30, 30


@dataclass(frozen=True)
class ChartPoint:
    x: int
    y: int
    label: str
    rating: int


@dataclass(frozen=True)
class RatingChart:
    width: int
    height: int
    line: str
    points: tuple[ChartPoint, ...]
    low: int
    high: int


def rating_chart(history: Sequence[tuple[str, int]]) -> RatingChart | None:
    """The chart of ``history`` (label, rating) in order; None when it holds no rating."""
    if not history:
        return None
    ratings = [rating for _, rating in history]
    low, high = min(ratings), max(ratings)
    if len(history) == 1:
        only = ChartPoint(WIDTH // 2, HEIGHT // 2, history[0][0], history[0][1])
        return RatingChart(WIDTH, HEIGHT, f"{only.x},{only.y}", (only,), low, high)
    span = max(high - low, 1)
    step = (WIDTH - LEFT - RIGHT) / (len(history) - 1)
    points = tuple(
        ChartPoint(
            x=round(LEFT + index * step),
            y=round(HEIGHT - BOTTOM - (rating - low) * (HEIGHT - TOP - BOTTOM) / span),
            label=label,
            rating=rating,
        )
        for index, (label, rating) in enumerate(history)
    )
    line = " ".join(f"{point.x},{point.y}" for point in points)
    return RatingChart(WIDTH, HEIGHT, line, points, low, high)
