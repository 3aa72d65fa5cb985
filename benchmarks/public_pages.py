"""Server time and SQL queries of the public pages and API endpoints for a big Swiss.

Run: .venv/bin/python -m benchmarks.public_pages [--players 500] [--rounds 11] [--repeat 15]
    [--team-rounds 9] [--baseline FILE] [--save-baseline RELEASE] [--margin 0.25]
    [--floor-ms 3] [--costs-only] [--runs 1]

Builds, in a throw-away test database, a Swiss of 500 players and 11 completed rounds (and a
50-player one to show that the query counts do not grow with the players), and a team league
(benchmarks.team_standings: 40 teams of 10 boards, --team-rounds rounds). Registrations go
through the services; the rounds are written directly with their history rows (pairing by
score groups, neighbours meet: the pages only read them, and the Dutch engine would take
minutes for 11 rounds of 500). Then each page is requested through Django's test client
(the whole request: middleware, view, template) `repeat` times:

- cold: the results cache emptied before every request (the work after a result change);
- warm: the cache left as is (the usual case while nothing changes).

Before the first request the tables are analysed (on PostgreSQL, as a live server's
autovacuum would have done: tournaments.site.planner_statistics) and the process is settled
as a server's is (config.startup.settle: start-up objects frozen out of the garbage collector;
--no-settle leaves it out).

Prints the median and 95th percentile of the server time and the SQL queries of each, beside
the cold figures measured before the big tables were written in Python (ISSUE_COLD, same
machine and sizes), and then what a follower's check costs (static/js/live.js): a 304, and a
200 served from the cached page parts.

Then each page's CPU milliseconds (time.process_time: the process's own work, the SQLite
queries included, and not the time it waited for the other processes of a loaded machine)
cold and warm, and its queries, beside a stored baseline (--baseline, by default
benchmarks/baselines/public_pages.json, written by --save-baseline with the sizes it was
measured at): a page whose median CPU is more than --margin above the baseline's, or that
makes more queries, is marked SLOWER, so a regression shows in the numbers (and by more than
--floor-ms: a warm page's few milliseconds jitter by more than a quarter under load).
--costs-only prints only that part; --runs N keeps each figure's least of N runs (even CPU
time grows with the load of a shared machine).
"""

import argparse
import datetime
import json
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

from benchmarks import team_standings as team_league  # noqa: E402
from benchmarks.database import benchmark_event, register_players, throwaway_database  # noqa: E402
from config.startup import settle  # noqa: E402
from tournaments.models import Game, GameResult, Pairing, Round, RoundStatus  # noqa: E402
from tournaments.site.planner_statistics import planner_statistics_refresh  # noqa: E402

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


#: The stored baseline: CPU milliseconds and queries of each page at a known release.
BASELINE = Path(__file__).resolve().parent / "baselines" / "public_pages.json"


def team_pages(slug: str) -> dict[str, str]:
    return {
        "team standings": f"/events/{slug}/teams/",
        "team crosstable": f"/events/{slug}/team-crosstable/",
        "team matches": f"/events/{slug}/team-matches/",
        "team page": f"/events/{slug}/teams/1/",
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
    client: Client,
    url: str,
    repeat: int,
    *,
    cold: bool,
    status: int = 200,
    cpu: list[float] | None = None,
    **headers,
) -> tuple[list[float], int]:
    """Server times (s) of `repeat` requests for `url`, and the queries of the last one;
    each request's CPU time (s) is added to `cpu` when given."""
    times = []
    queries = 0
    for _ in range(repeat):
        if cold:
            cache.clear()
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(url, **headers)
            times.append(time.perf_counter() - start)
            if cpu is not None:
                cpu.append(time.process_time() - start_cpu)
        assert response.status_code == status, (url, response.status_code)
        queries = len(captured.captured_queries)
    return times, queries


def page_costs(client: Client, urls: dict[str, str], repeat: int) -> dict[str, dict[str, float]]:
    """Median CPU milliseconds and queries of each page, cold and warm."""
    costs = {}
    for name, url in urls.items():
        cold_cpu: list[float] = []
        warm_cpu: list[float] = []
        _, cold_queries = measure(client, url, repeat, cold=True, cpu=cold_cpu)
        client.get(url)
        _, warm_queries = measure(client, url, repeat, cold=False, cpu=warm_cpu)
        costs[name] = {
            "cold_cpu_ms": round(statistics.median(cold_cpu) * 1000, 1),
            "warm_cpu_ms": round(statistics.median(warm_cpu) * 1000, 1),
            "cold_queries": cold_queries,
            "warm_queries": warm_queries,
        }
    return costs


def compare(
    costs: dict[str, dict[str, float]],
    baseline: dict | None,
    sizes: dict[str, int],
    margin: float,
    floor_ms: float,
) -> list[str]:
    """The report lines of `costs` beside `baseline` (None: no baseline); a page whose CPU
    is more than `margin` and `floor_ms` above the baseline's (a warm page's few
    milliseconds jitter by more than a quarter on a loaded machine), or that makes more
    queries, is SLOWER."""
    lines = []
    stored = baseline.get("pages", {}) if baseline else {}
    if baseline and baseline.get("sizes") != sizes:
        lines.append(f"(baseline measured at {baseline.get('sizes')}, not {sizes}: not compared)")
        stored = {}
    if baseline:
        lines.append(f"baseline: {baseline.get('release', '?')}, {baseline.get('measured', '?')}")
    lines.append(
        f"{'':16} {'cold CPU':>9} {'warm CPU':>9} {'queries':>9}"
        f" {'base cold':>10} {'base warm':>10} {'base q.':>8}  "
    )
    for name, now in costs.items():
        before = stored.get(name)
        row = (
            f"{name:16} {now['cold_cpu_ms']:7.1f}ms {now['warm_cpu_ms']:7.1f}ms "
            f"{now['cold_queries']:4d}/{now['warm_queries']:<4d}"
        )
        if before is None:
            lines.append(row + f" {'-':>10} {'-':>10} {'-':>8}")
            continue
        slower = [
            kind
            for kind in ("cold", "warm")
            if now[f"{kind}_cpu_ms"] > before[f"{kind}_cpu_ms"] * (1 + margin) + floor_ms
            or now[f"{kind}_queries"] > before[f"{kind}_queries"]
        ]
        lines.append(
            row + f" {before['cold_cpu_ms']:8.1f}ms {before['warm_cpu_ms']:8.1f}ms "
            f"{before['cold_queries']:3d}/{before['warm_queries']:<4d}"
            + (f"  SLOWER ({', '.join(slower)})" if slower else "")
        )
    return lines


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def server_times(client: Client, big: str, small: str, league: str, options) -> None:
    """The server time table: median and p95, cold and warm, and the queries of each page."""
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
    for name, url in team_pages(league).items():
        cold, queries = measure(client, url, options.repeat, cold=True)
        client.get(url)
        warm, warm_queries = measure(client, url, options.repeat, cold=False)
        print(
            f"{name:16} {statistics.median(cold) * 1000:9.1f}ms {p95(cold) * 1000:7.1f}ms "
            f"{statistics.median(warm) * 1000:9.1f}ms {p95(warm) * 1000:7.1f}ms "
            f"{queries:8d} {'-':>12} {'-':>20}    (warm: {warm_queries} queries)"
        )
    print(
        "(queries: of the cold request; warm pages were 15-20 ms before; team pages: "
        f"{team_league.TEAMS} teams x {team_league.BOARDS} boards x "
        f"{options.team_rounds} rounds)"
    )


def follower_checks(client: Client, url: str, repeat: int) -> None:
    """What a follower's check of `url` costs (static/js/live.js): a 304, and the parts."""
    print("\nA follower's check of the standings page (static/js/live.js), warm:")
    etag = client.get(url)["ETag"]
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    checks = {
        "unchanged: 304": dict(status=304, HTTP_IF_NONE_MATCH=etag, **live),
        "changed: parts": dict(status=200, HTTP_IF_NONE_MATCH='"older"', **live),
    }
    for name, headers in checks.items():
        client.get(url, **live)
        times, queries = measure(client, url, repeat, cold=False, **headers)
        print(
            f"{name:16} median {statistics.median(times) * 1000:6.1f}ms "
            f"p95 {p95(times) * 1000:6.1f}ms, {queries} queries"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--team-rounds", type=int, default=9)
    parser.add_argument(
        "--costs-only",
        action="store_true",
        help="only the CPU and queries beside the baseline (no server times, no follower checks)",
    )
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument(
        "--save-baseline",
        metavar="RELEASE",
        help="write the CPU and queries measured to --baseline, named after RELEASE",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=0.25,
        help="CPU above the baseline's by more than this fraction is marked SLOWER",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        help="measure the CPU and queries this many times and keep each page's least",
    )
    parser.add_argument(
        "--floor-ms",
        type=float,
        default=3.0,
        help="SLOWER also needs this many milliseconds above the baseline (a warm page's jitter)",
    )
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
        league = team_league.build(user)
        for number in range(1, options.team_rounds + 1):
            team_league.play(league, user, number)
        # A live server's autovacuum has counted the rows of an event this size long before
        # its 11th round; unanalysed, PostgreSQL plans for empty tables (the event
        # fingerprint's query runs in 14-18 ms instead of 0.3 ms). Nothing on SQLite.
        planner_statistics_refresh()
        if not options.no_settle:
            settle()
        client = Client()
        if not options.costs_only:
            server_times(client, big, small, league.slug, options)
        sizes = {
            "players": options.players,
            "rounds": options.rounds,
            "team_rounds": options.team_rounds,
            "repeat": options.repeat,
        }
        urls = {**pages(big, options.rounds), **team_pages(league.slug)}
        runs = [page_costs(client, urls, options.repeat) for _ in range(options.runs)]
        # The least disturbed run of each page: on a loaded machine even CPU time grows
        # with the load (shared caches and cores), by up to half from one run to the next.
        costs = {
            name: {key: min(run[name][key] for run in runs) for key in runs[0][name]}
            for name in urls
        }
        baseline = json.loads(options.baseline.read_text()) if options.baseline.exists() else None
        print("\nCPU per request (median ms, cold and warm) and queries (cold/warm):")
        for line in compare(costs, baseline, sizes, options.margin, options.floor_ms):
            print(line)
        if options.save_baseline:
            options.baseline.parent.mkdir(parents=True, exist_ok=True)
            stored = {
                "release": options.save_baseline,
                "measured": f"{datetime.date.today()}, load average {os.getloadavg()[0]:.1f}",
                "sizes": sizes,
                "pages": costs,
            }
            options.baseline.write_text(json.dumps(stored, indent=2) + "\n")
            print(f"baseline written to {options.baseline}")
        if not options.costs_only:
            follower_checks(client, pages(big, options.rounds)["standings page"], options.repeat)


if __name__ == "__main__":
    main()
