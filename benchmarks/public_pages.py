"""Server time and SQL queries of the public pages and API endpoints for a big Swiss.

Run: .venv/bin/python -m benchmarks.public_pages [--players 500] [--rounds 11] [--repeat 15]

Builds, in a throw-away test database, a Swiss of 500 players and 11 completed rounds (and a
50-player one to show that the query counts do not grow with the players). Registrations go
through the services; the rounds are written directly with their history rows (pairing by
score groups, neighbours meet: the pages only read them, and the Dutch engine would take
minutes for 11 rounds of 500). Then each page is requested through Django's test client
(the whole request: middleware, view, template) `repeat` times:

- cold: the results cache emptied before every request (the work after a result change);
- warm: the cache left as is (the usual case while nothing changes).

The process is first settled as a server's is before its first request
(config.startup.settle: start-up objects frozen out of the garbage collector; --no-settle
leaves it out).

Prints the median and 95th percentile of the server time and the SQL queries of each, beside
the cold figures measured before the big tables were written in Python (ISSUE_COLD, same
machine and sizes), and then what a follower's check costs (static/js/live.js): a 304, and a
200 served from the cached page parts.
"""

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from decimal import Decimal  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from simple_history.utils import bulk_create_with_history  # noqa: E402

from benchmarks.database import benchmark_event, register_players, throwaway_database  # noqa: E402
from config.startup import settle  # noqa: E402
from tournaments.models import Game, GameResult, Pairing, Round, RoundStatus  # noqa: E402

OUTCOMES = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN, GameResult.WHITE_WIN)
POINTS = {GameResult.WHITE_WIN: (2, 0), GameResult.DRAW: (1, 1), GameResult.BLACK_WIN: (0, 2)}


def build(size: int, number_of_rounds: int, user, *, slug: str = "", pending: int = 0) -> str:
    """A Swiss of `size` players and `number_of_rounds` rounds paired by score groups; the
    last `pending` rounds are published with every game still to be played."""
    slug = slug or f"bench-{size}"
    event = benchmark_event(
        user,
        name=f"Benchmark {size}",
        slug=slug,
        number_of_rounds=number_of_rounds,
        tiebreaks=["TSOL", "SB", "WON", "ARO"],
        published=True,  # followed by the public: pages answer only for published events
    )
    register_players(event, user, size, prefix=f"{size}-")
    entries = list(event.registrations.order_by("pairing_number"))
    score = {entry.pk: Decimal(0) for entry in entries}
    for number in range(1, number_of_rounds + 1):
        played = number <= number_of_rounds - pending
        round_ = Round.objects.create(
            event=event,
            number=number,
            status=RoundStatus.COMPLETED if played else RoundStatus.PUBLISHED,
            published_at=datetime.datetime(2026, 1, number, tzinfo=datetime.UTC),
        )
        order = sorted(entries, key=lambda e: (-score[e.pk], e.pairing_number))
        pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        pairings = bulk_create_with_history(
            [
                Pairing(round=round_, board=board, white=white, black=black)
                for board, (white, black) in enumerate(pairs, start=1)
            ],
            Pairing,
            default_user=user,
        )
        games = []
        for index, pairing in enumerate(pairings):
            if not played:
                games.append(Game(pairing=pairing, white=pairing.white, black=pairing.black))
                continue
            result = OUTCOMES[(index + number) % len(OUTCOMES)]
            white_points, black_points = POINTS[result]
            score[pairing.white_id] += white_points
            score[pairing.black_id] += black_points
            games.append(
                Game(pairing=pairing, white=pairing.white, black=pairing.black, result=result)
            )
        bulk_create_with_history(games, Game, default_user=user)
    return slug


#: Cold median / p95 (ms) on this machine (500 players, 11 rounds, SQLite, load average 1.6)
#: before the standings and crosstable rows were written in Python and the API's lists read
#: their values directly.
ISSUE_COLD = {
    "standings page": "255 / 347",
    "crosstable page": "356 / 376",
    "pairings page": "106 / 190",
    "API standings": "204 / 363",
    "API crosstable": "368 / 636",
    "API pairings": "47 / 167",
    "API games": "7 / 8",
}


def pages(slug: str, last_round: int) -> dict[str, str]:
    return {
        "standings page": f"/events/{slug}/standings/",
        "crosstable page": f"/events/{slug}/crosstable/",
        "pairings page": f"/events/{slug}/rounds/{last_round}/",
        "API standings": f"/api/events/{slug}/standings/?page_size=500",
        "API crosstable": f"/api/events/{slug}/crosstable/?page_size=500",
        "API pairings": f"/api/events/{slug}/pairings/?round={last_round}&page_size=500",
        "API games": f"/api/events/{slug}/games/?round={last_round}&page_size=500",
    }


def measure(
    client: Client, url: str, repeat: int, *, cold: bool, status: int = 200, **headers
) -> tuple[list[float], int]:
    times = []
    queries = 0
    for _ in range(repeat):
        if cold:
            cache.clear()
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url, **headers)
            times.append(time.perf_counter() - start)
        assert response.status_code == status, (url, response.status_code)
        queries = len(captured.captured_queries)
    return times, queries


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument(
        "--no-settle",
        action="store_true",
        help="leave out config.startup.settle (what config.wsgi does before the first request)",
    )
    options = parser.parse_args()
    with throwaway_database():
        user = get_user_model().objects.create_user("benchmark")
        small = build(50, options.rounds, user)
        big = build(options.players, options.rounds, user)
        if not options.no_settle:
            settle()
        client = Client()
        print(
            f"Public pages and API, Swiss of {options.players} players after {options.rounds} "
            f"rounds ({connection.vendor}); server time over {options.repeat} requests"
            + ("" if options.no_settle else ", the process settled as config.wsgi leaves it")
        )
        print(
            f"{'':16} {'cold median':>11} {'cold p95':>9} {'warm median':>11} {'warm p95':>9}"
            f" {'queries':>8} {'(50 players)':>12} {'before: cold med / p95':>23}"
        )
        for name, url in pages(big, options.rounds).items():
            cold, queries = measure(client, url, options.repeat, cold=True)
            warm, _ = measure(client, url, options.repeat, cold=False)
            _, small_queries = measure(client, pages(small, options.rounds)[name], 1, cold=True)
            print(
                f"{name:16} {statistics.median(cold) * 1000:9.1f}ms {p95(cold) * 1000:7.1f}ms "
                f"{statistics.median(warm) * 1000:9.1f}ms {p95(warm) * 1000:7.1f}ms "
                f"{queries:8d} {small_queries:12d} {ISSUE_COLD.get(name, '-'):>20} ms"
            )
        print("(queries: of the cold request; warm pages were 15-20 ms before)")
        print("\nA follower's check of the standings page (static/js/live.js), warm:")
        url = pages(big, options.rounds)["standings page"]
        etag = client.get(url)["ETag"]
        live = {"HTTP_X_REQUESTED_WITH": "live"}
        checks = {
            "unchanged: 304": dict(status=304, HTTP_IF_NONE_MATCH=etag, **live),
            "changed: parts": dict(status=200, HTTP_IF_NONE_MATCH='"older"', **live),
        }
        for name, headers in checks.items():
            client.get(url, **live)
            times, queries = measure(client, url, options.repeat, cold=False, **headers)
            print(
                f"{name:16} median {statistics.median(times) * 1000:6.1f}ms "
                f"p95 {p95(times) * 1000:6.1f}ms, {queries} queries"
            )


if __name__ == "__main__":
    main()
