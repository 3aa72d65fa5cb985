"""Number of SQL queries of the standings selector for 50 and 500 players (it must not grow),
and of the team ranking read from the same standings (teams of ten players, the best four).

Run: .venv/bin/python benchmarks/standings_queries.py
Builds two Swiss events in a throw-away test database (two rounds paired and played through
the services, with one and with two games per pairing), then counts the
queries of tournaments.selectors.standings.standings_get and
tournaments.selectors.team_ranking.team_ranking_get.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()


from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
)

from benchmarks.database import benchmark_event, register_players, throwaway_database  # noqa: E402
from tournaments.models import Event, Game, GameResult  # noqa: E402
from tournaments.selectors.standings import standings_get  # noqa: E402
from tournaments.selectors.team_ranking import team_ranking_get  # noqa: E402
from tournaments.services import registrations, results, rounds  # noqa: E402


def build(size: int, user, *, games_per_pairing: int):
    event = benchmark_event(
        user,
        name=f"Benchmark {size}",
        slug=f"benchmark-{size}-{games_per_pairing}",
        number_of_rounds=9,
        tiebreaks=["TSOL", "SB", "WON", "DE", "ARO"],
        games_per_pairing=games_per_pairing,
        ranking="match",
        published=True,  # followed by the public: pages answer only for published events
    )
    register_players(event, user, size, prefix=f"{size}-")
    for _ in range(2):
        round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
        for game in Game.objects.filter(pairing__round=round_):
            results.result_record(game=game, result=GameResult.WHITE_WIN, user=user)
        rounds.round_complete(round=round_, user=user)
    return event


def main() -> None:
    with throwaway_database():
        user = get_user_model().objects.create_user("benchmark")
        for size, games in ((50, 1), (500, 1), (50, 2), (500, 2)):
            event = build(size, user, games_per_pairing=games)
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                rows = standings_get(event, after_round=2)
            assert len(rows) == size
            print(
                f"standings_get: {size:4d} players, {games} game(s) per pairing, 2 rounds: "
                f"{len(queries.captured_queries)} SQL queries"
            )
            registrations.team_labels_set(
                event=event,
                labels={
                    r.pk: f"Team {r.pairing_number % (size // 10)}"
                    for r in event.registrations.all()
                },
                user=user,
            )
            Event.objects.filter(pk=event.pk).update(team_score_members=4)
            event.refresh_from_db()
            with CaptureQueriesContext(connection) as queries:
                teams = team_ranking_get(event, after_round=2)
            assert len(teams) == size // 10
            print(
                f"team_ranking_get: {size // 10:3d} teams of 10, best 4, 2 rounds: "
                f"{len(queries.captured_queries)} SQL queries"
            )


if __name__ == "__main__":
    main()
