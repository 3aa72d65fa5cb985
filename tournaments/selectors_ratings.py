"""Reads of the ratings: an event's rating report."""

from collections import defaultdict

from django.conf import settings
from django.utils.module_loading import import_string

from tournaments.models import Event, Game, GameResult, RoundStatus
from tournaments.scoring.rating_report import RatedGame, RatingReportRow, rating_report_row
from tournaments.scoring.results import GAME_CODES, game_points
from tournaments.selectors import event_scoring, full_name


def rating_report_get(event: Event) -> list[RatingReportRow]:
    """One row per registration in pairing-number order, from every game of a published or
    completed round with a final result and the ratings at start (the snapshot frozen at
    round 1). Two queries."""
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
