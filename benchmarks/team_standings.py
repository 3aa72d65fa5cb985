"""Team standings of a league of 40 teams x 10 boards after 18 rounds: time (cold, p50 and
p95 of 20 calls) and SQL queries of tournaments.teams.selectors.team_standings_get, and the
queries after 2 rounds (the number must not grow with the rounds).

Run: .venv/bin/python -m benchmarks.team_standings
Builds the league in a throw-away test database through the team services (results written
in bulk: the result service is not what is measured here).
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

import statistics  # noqa: E402
import time  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from benchmarks.database import benchmark_event, benchmark_players, throwaway_database  # noqa: E402
from tournaments.models import Game, GameResult, Registration, System  # noqa: E402
from tournaments.services import rounds  # noqa: E402
from tournaments.teams.models import Team, TeamCompetition, TeamMember  # noqa: E402
from tournaments.teams.selectors import team_standings_get  # noqa: E402
from tournaments.teams.services import team_round_pair, team_round_schedule  # noqa: E402

TEAMS, BOARDS, ROUNDS = 40, 10, 18
RESULTS = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)


def build(user):
    event = benchmark_event(
        user,
        name="Team benchmark",
        slug="team-benchmark",
        system=System.ROUND_ROBIN,
        published=True,
    )
    TeamCompetition.objects.create(event=event, boards=BOARDS, tiebreaks=["BP", "DE", "TSB"])
    players = benchmark_players(TEAMS * BOARDS)
    entries = Registration.objects.bulk_create(
        Registration(event=event, player=p, pairing_number=i + 1, rating=p.rating)
        for i, p in enumerate(players)
    )
    for t in range(TEAMS):
        team = Team.objects.create(event=event, number=t + 1, name=f"Team {t + 1:02d}")
        TeamMember.objects.bulk_create(
            TeamMember(team=team, registration=entries[t * BOARDS + b], order=b + 1)
            for b in range(BOARDS)
        )
    return event


def play(event, user, number: int) -> None:
    round_ = team_round_pair(round=team_round_schedule(event=event, user=user), user=user)
    rounds.round_publish(round=round_, user=user)
    games = list(Game.objects.filter(pairing__round=round_).order_by("pk"))
    for index, game in enumerate(games):
        game.result = RESULTS[(index + number) % 3]
    Game.objects.bulk_update(games, ["result"])


def measure(event) -> tuple[list[float], int]:
    timings = []
    for _ in range(20):
        cache.clear()
        start = time.perf_counter()
        team_standings_get(event)
        timings.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        rows = team_standings_get(event)
    assert len(rows) == TEAMS
    return timings, len(queries.captured_queries)


def main() -> None:
    with throwaway_database():
        user = get_user_model().objects.create_user("benchmark")
        event = build(user)
        for number in range(1, ROUNDS + 1):
            play(event, user, number)
            if number == 2:
                _, early = measure(event)
        timings, queries = measure(event)
        p95 = statistics.quantiles(timings, n=20)[-1]
        print(
            f"team_standings_get: {TEAMS} teams x {BOARDS} boards x {ROUNDS} rounds: "
            f"p50 {statistics.median(timings):.0f} ms, p95 {p95:.0f} ms (cold cache, 20 calls); "
            f"{queries} SQL queries ({early} after 2 rounds)"
        )


if __name__ == "__main__":
    main()
