"""The rating report a chief arbiter files (FMJD Annex 9, 1.3), one row per player.

Expectancy and performance follow the FIDE Rating Regulations (B.02), docs/rules/tournaments.md
§5.1: the expected score of one game is read from the table of 8.1.2 (rating difference D ->
scoring probability PD), a difference of more than 400 counting as 400 (8.3.1); the
performance is the opponents' average plus dp, read from the table of 8.1.1 for the fraction
scored. Game points are divided by the points of a win, so a score is counted in games (a win
is 1) whether the event scores a win 2 (10x10) or 1 (64 squares). Forfeits, byes and unrated
opponents do not count. The change is K x (W - We); without K it is W - We, "in units of K".

A federation that publishes another expectancy passes its own function of D (settings:
RATING_EXPECTANCY, a dotted path), e.g. `logistic_expectancy`.

>>> fide_expectancy(200), fide_expectancy(350), fide_expectancy(-200)
(Decimal('0.76'), Decimal('0.89'), Decimal('0.24'))
>>> performance_difference(Decimal("0.8"))
240
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from tournaments.values import PLAYED_CODES

#: FIDE B.02 8.1.2: the upper bound of each band of rating difference, and the scoring
#: probability of the higher-rated player in that band (a difference above 735 gives 1.00).
_PD_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
#: FIDE B.02 8.1.1: dp for a fraction scored p = 0.50, 0.51, ..., 1.00 (below 0.50: -dp(1-p)).
_DP = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
#: FIDE B.02 8.3.1: a larger difference counts as this one.
MAX_DIFFERENCE = 400
HUNDREDTH = Decimal("0.01")

Expectancy = Callable[[int], Decimal]


def fide_expectancy(difference: int) -> Decimal:
    """The expected score of a player rated `difference` points above his opponent
    (negative: below), FIDE B.02 8.1.2 with the 400-point rule of 8.3.1."""
    capped = min(abs(difference), MAX_DIFFERENCE)
    higher = Decimal(50 + bisect_left(_PD_BOUNDS, capped)) / 100
    return higher if difference >= 0 else 1 - higher


def logistic_expectancy(difference: int) -> Decimal:
    """The logistic curve the FIDE table approximates, 1 / (1 + 10^(-D/400)), to the
    hundredth (Elo, The Rating of Chessplayers, 1978, 8.4)."""
    value = 1 / (1 + 10 ** (-difference / 400))
    return Decimal(str(value)).quantize(HUNDREDTH, ROUND_HALF_UP)


def performance_difference(fraction: Decimal) -> int:
    """dp of FIDE B.02 8.1.1 for the fraction scored, rounded to the hundredth first."""
    hundredths = int((fraction * 100).quantize(Decimal(1), ROUND_HALF_UP))
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


@dataclass(frozen=True)
class RatedGame:
    """One game of a player: his opponent's rating (0: unrated), his TRF code, his points."""

    opponent_rating: int
    code: str
    points: Decimal


@dataclass(frozen=True)
class RatingReportRow:
    number: int
    name: str
    rating: int
    games: int
    score: Decimal
    expected: Decimal | None
    k: int | None
    change: Decimal | None
    performance: int | None
    average_opponents: int | None
    fmjd_id: str = ""
    #: The ratings of the opponents of the games that count, in the order of the games.
    opponents: tuple[int, ...] = ()


def rating_report_row(
    *,
    number: int,
    name: str,
    rating: int,
    games: Iterable[RatedGame],
    fmjd_id: str = "",
    points_win: Decimal,
    k: int | None,
    expectancy: Expectancy = fide_expectancy,
) -> RatingReportRow:
    """The report's row of one player. `expected` and `change` are None for an unrated
    player (rating 0); `performance` and `average_opponents` None without a game that counts.

    >>> row = rating_report_row(number=1, name="A", rating=1500, points_win=Decimal(2), k=20,
    ...     games=[RatedGame(1300, "1", Decimal(2)), RatedGame(1500, "=", Decimal(1))])
    >>> row.score, row.expected, row.change, row.performance, row.opponents
    (Decimal('1.5'), Decimal('1.26'), Decimal('4.80'), 1593, (1300, 1500))
    """
    counted = [game for game in games if game.code in PLAYED_CODES and game.opponent_rating > 0]
    score = sum((game.points for game in counted), Decimal(0)) / points_win
    if not counted:
        return RatingReportRow(number, name, rating, 0, score, None, k, None, None, None, fmjd_id)
    average = round(sum(game.opponent_rating for game in counted) / len(counted))
    performance = average + performance_difference(score / len(counted))
    expected = change = None
    if rating > 0:
        expected = sum(
            (expectancy(rating - game.opponent_rating) for game in counted), Decimal(0)
        ).quantize(HUNDREDTH)
        change = ((k or 1) * (score - expected)).quantize(HUNDREDTH, ROUND_HALF_UP)
    return RatingReportRow(
        number,
        name,
        rating,
        len(counted),
        score,
        expected,
        k,
        change,
        performance,
        average,
        fmjd_id,
        tuple(game.opponent_rating for game in counted),
    )


#: The columns of the report's files (CSV header, API fields), in order.
REPORT_FIELDS = (
    "fmjd_id",
    "number",
    "name",
    "rating",
    "games",
    "score",
    "expected",
    "k",
    "change",
    "performance",
    "average_opponents",
)


def report_cells(row: RatingReportRow) -> list[str]:
    """The row's values as the files write them (empty for None, decimals written out: never
    "0E+1"), in REPORT_FIELDS order."""
    return [_cell(getattr(row, name)) for name in REPORT_FIELDS]


def _cell(value: object) -> str:
    if value is None:
        return ""
    return format(value, "f") if isinstance(value, Decimal) else str(value)
