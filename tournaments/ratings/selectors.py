"""Reads of the ratings: an event's rating report, a player's rating history on an event's
page, his ratings list by list in the player directory."""

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from tournaments.models import Event, Game, GameResult, RoundStatus
from tournaments.ratings.chart import RatingChart, rating_chart
from tournaments.ratings.models import Rating, RatingSource
from tournaments.scoring.rating_report import RatedGame, RatingReportRow, rating_report_row
from tournaments.scoring.results import GAME_CODES, game_points
from tournaments.selectors.events import event_scoring
from tournaments.selectors.names import full_name

#: The national lists, for the policies that name one (the newest holding the player wins).
NATIONAL_SOURCES = (RatingSource.KNDB, RatingSource.FFJD, RatingSource.NATIONAL)


def fmjd_source(variant: str) -> RatingSource:
    """The FMJD list of a variant: the 100-square list for 10x10 boards, else the 64-square."""
    # Read when needed, as the variant choices are (system check tournaments.E001).
    from arbiter.variants import VARIANTS

    board = VARIANTS.get(variant)
    wide = board is not None and board.geometry.width == 10
    return RatingSource.FMJD_100 if wide else RatingSource.FMJD_64


def rating_report_get(event: Event) -> list[RatingReportRow]:
    """One row per registration in pairing-number order, from every game of a published or
    completed round with a final result and the ratings at start (the snapshot frozen at
    round 1), the opponents in round order. Two queries."""
    scoring = event_scoring(event)
    registrations = list(
        event.registrations.order_by("pairing_number").values_list(
            "pk",
            "pairing_number",
            "rating",
            "player__last_name",
            "player__first_name",
            "player__fmjd_id",
        )
    )
    rating_of = {row[0]: row[2] for row in registrations}
    games: dict[int, list[RatedGame]] = defaultdict(list)
    rows = (
        Game.objects.filter(pairing__round__event=event)
        .exclude(result=GameResult.PENDING)
        .exclude(pairing__round__status=RoundStatus.DRAFT)
        .order_by("pairing__round__number", "pairing__board", "index")
        .values_list("result", "white_id", "black_id")
    )
    for result, white, black in rows:
        white_code, black_code = GAME_CODES[result]
        for side, opponent, code in ((white, black, white_code), (black, white, black_code)):
            points = game_points(result, code, scoring)
            games[side].append(RatedGame(rating_of[opponent], code, points))
    expectancy = import_string(settings.RATING_EXPECTANCY)
    return [
        rating_report_row(
            number=number,
            name=full_name(last, first),
            rating=rating,
            games=games[pk],
            points_win=event.points_win,
            k=event.rating_k,
            expectancy=expectancy,
            fmjd_id=fmjd_id,
        )
        for pk, number, rating, last, first, fmjd_id in registrations
    ]


@dataclass(frozen=True)
class RatingHistory:
    """A player's ratings in the lists of one kind (`source`: its name), oldest first."""

    source: str
    chart: RatingChart


def rating_history(event: Event, *, number: int) -> RatingHistory | None:
    """The rating history of the event's player `number`: his FMJD lists of the event's
    board, else his national lists; None when he is on none."""
    player_id = (
        event.registrations.filter(pairing_number=number).values_list("player_id", flat=True)
    ).first()
    if player_id is None:
        return None
    fmjd = fmjd_source(event.variant)
    for sources, name in (
        ((fmjd,), RatingSource(fmjd).label),
        (NATIONAL_SOURCES, _("national lists")),
    ):
        rows = list(
            Rating.objects.filter(player_id=player_id, rating_list__source__in=sources)
            .order_by("rating_list__published")
            .values_list("rating_list__published", "rating")
        )
        chart = rating_chart([(published.isoformat(), rating) for published, rating in rows])
        if chart is not None:
            return RatingHistory(str(name), chart)
    return None


@dataclass(frozen=True)
class ListRating:
    """The player's rating in one published list."""

    published: datetime.date
    rating: int
    title: str


@dataclass(frozen=True)
class RatingSeries:
    """The player's ratings in the lists of one source, oldest first, and their chart."""

    source: str
    label: str
    ratings: tuple[ListRating, ...]
    chart: RatingChart | None


def rating_series(player_id: int) -> tuple[RatingSeries, ...]:
    """The player's ratings, one series per list source (in the order of RatingSource), each
    list oldest first."""
    rows = (
        Rating.objects.filter(player_id=player_id)
        .order_by("rating_list__published")
        .values_list("rating_list__source", "rating_list__published", "rating", "title")
    )
    by_source: dict[str, list[ListRating]] = defaultdict(list)
    for source, published, rating, title in rows:
        by_source[source].append(ListRating(published, rating, title))
    return tuple(
        RatingSeries(
            source=source.value,
            label=str(source.label),
            ratings=tuple(by_source[source.value]),
            chart=rating_chart(
                [(entry.published.isoformat(), entry.rating) for entry in by_source[source]]
            ),
        )
        for source in RatingSource
        if source.value in by_source
    )
