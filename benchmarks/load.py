"""Load test: followers of a 500-player open while an arbiter enters results (`make load`).

Run: .venv/bin/python -m benchmarks.load [--visitors 500] [--seconds 60] [--port 8150]

Needs PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL, CELERY_BROKER_URL and DJANGO_CACHE_URL
name them; the Makefile gives defaults). It:

1. builds in the database a Swiss of 500 players, 10 rounds played and round 11 published
   with every game to be played (benchmarks.public_pages.build), and an arbiter with an API
   token;
2. starts the app under gunicorn (production settings, as behind a TLS proxy) and a real
   Celery worker, both on 127.0.0.1;
3. lets `visitors` simulated followers open the standings or round 11's pairings (half
   each) and check them as static/js/live.js does: every LIVE_SECONDS plus up to 20 %
   jitter, a conditional GET with the page's ETag;
4. meanwhile enters round 11's results through the API, one every 1 to 2 seconds;
5. stops everything after `seconds` and prints the requests served, p50/p95/p99 of each
   kind of request, the errors, and how long each result took to show on the followers'
   pages: from the API's answer to the first answer of a follower's check that came back
   changed (a check sent after the result was entered); it includes the wait for the next
   check, as a person following the page would see it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

HOST = "127.0.0.1"
SLUG = "load-500"
#: As behind a reverse proxy that terminates TLS (DJANGO_SECURE_PROXY_SSL_HEADER).
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}


def fresh_database(url: str) -> None:
    """Drop and create again the database named by `url`: every run starts from the same
    rows (the load test owns this database; do not point it at one you keep)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def needs_servers(target: str) -> None:
    """Stop unless the databases and the broker are named (the Makefile's `target` names
    them)."""
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_CACHE_URL"):
        if not os.environ.get(name):
            raise SystemExit(f"{name} must be set (see the Makefile's `{target}` target)")


def migrated_superuser(username: str):
    """Migrate the fresh database, set Django up, empty the cache and return a superuser
    named `username` (the organizer or arbiter of the load)."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    cache.clear()
    user, _ = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": True, "is_superuser": True}
    )
    return user


def prepare(players: int, rounds: int) -> tuple[str, list[int]]:
    """Migrate, rebuild the event, and return the arbiter's token and round `rounds`'s game
    ids in board order."""
    user = migrated_superuser("load-arbiter")
    from rest_framework.authtoken.models import Token

    from benchmarks.public_pages import build
    from tournaments.models import Game

    token, _ = Token.objects.get_or_create(user=user)
    started = time.perf_counter()
    build(players, rounds, user, slug=SLUG, pending=1)
    print(
        f"event built: {players} players, {rounds} rounds ({time.perf_counter() - started:.0f} s)"
    )
    games = list(
        Game.objects.filter(pairing__round__event__slug=SLUG, pairing__round__number=rounds)
        .order_by("pairing__board")
        .values_list("pk", flat=True)
    )
    return token.key, games


def server_environment() -> dict[str, str]:
    """The environment of the servers: production settings, behind a TLS proxy, on HOST."""
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "load-test-only-" + "x" * 40),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
        "DJANGO_LOG_LEVEL": "WARNING",
    }


def start_servers(port: int, workers: int, threads: int = 1) -> list[subprocess.Popen]:
    """gunicorn with `workers` processes of `threads` threads each (1: the sync worker), and
    one Celery worker."""
    env = server_environment()
    # Production settings serve the hashed static files (WhiteNoise) from STATIC_ROOT.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    gunicorn = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"{HOST}:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--backlog",
            "2048",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    return [gunicorn, worker]


def stop_servers(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


async def request(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> Answer:
    """One HTTP/1.1 request on its own connection (gunicorn's sync workers close it)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{port}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in {**PROXY_HEADERS, **headers}.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    answer_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        answer_headers[name.strip().lower()] = value.strip()
    return Answer(int(status_line.split()[1]), answer_headers, content)


@dataclass
class Timings:
    """The seconds each kind of request took, the errors of each kind, and the CPU seconds of
    the gunicorn processes and of this process (the followers) during the run."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    server_cpu: float = 0.0
    client_cpu: float = 0.0

    def error(self, kind: str, what: str) -> None:
        self.errors[f"{kind}: {what}"] += 1


async def live_check(
    port: int, path: str, etag: str, timings: Timings, kind: str = ""
) -> tuple[Answer | None, float]:
    """A follower's GET of `path` as static/js/live.js sends it: gzip accepted, and after the
    first answer a conditional check with the page's ETag (the answer is the page's parts,
    rendered once per state). Counts its seconds in `timings` under "<kind> open|check
    <status>" (a failure as an error); returns the answer, None when the connection failed,
    and when it came."""
    label = " ".join(filter(None, (kind, "check" if etag else "open")))
    headers = {"Accept-Encoding": "gzip"}
    if etag:
        headers |= {"If-None-Match": etag, "X-Requested-With": "live"}
    sent = time.monotonic()
    try:
        answer = await request(port, "GET", path, headers)
    except OSError as exc:
        timings.error(label, type(exc).__name__)
        return None, time.monotonic()
    received = time.monotonic()
    if answer.status in (200, 304):
        timings.times[f"{label} {answer.status}"].append(received - sent)
    else:
        timings.error(label, str(answer.status))
    return answer, received


@dataclass
class Tally(Timings):
    #: time each result was entered (the API's answer received)
    entered: list[float] = field(default_factory=list)
    #: seconds from a result's entry to a follower's page showing it
    appeared: list[float] = field(default_factory=list)
    #: checks sent after a result was entered that still answered 304 (without Retry-After)
    stale: int = 0
    #: checks told to come back in a second while the new page was being rendered
    retries: int = 0
    #: bytes of the answers' bodies received by the followers
    received: int = 0


async def follower(
    port: int, path: str, kind: str, tally: Tally, stop: float, interval: float
) -> None:
    # Followers arrive over the first two check intervals.
    await asyncio.sleep(random.uniform(0, 2 * interval))
    etag = ""
    seen = 0  # results known to be on this follower's page
    while time.monotonic() < stop:
        known = len(tally.entered)
        answer, received = await live_check(port, path, etag, tally, kind)
        if answer is None:
            await asyncio.sleep(interval)
            continue
        tally.received += len(answer.body)
        if answer.status == 200:
            etag = answer.headers.get("etag", "")
            if seen < known:
                tally.appeared.extend(received - at for at in tally.entered[seen:known])
            seen = known
        elif answer.status == 304:
            retry = answer.headers.get("retry-after", "")
            if retry.isdigit():
                # The new page is being rendered elsewhere: live.js asks again sooner.
                tally.retries += 1
                await asyncio.sleep(int(retry))
                continue
            if seen < known:
                tally.stale += 1
        await asyncio.sleep(interval * random.uniform(1, 1.2))


async def arbiter(port: int, token: str, games: list[int], tally: Tally, stop: float) -> None:
    outcomes = ("1-0", "1/2", "0-1")
    for index, game in enumerate(games):
        await asyncio.sleep(random.uniform(1, 2))
        if time.monotonic() >= stop:
            return
        body = json.dumps({"result": outcomes[index % 3]}).encode()
        sent = time.monotonic()
        try:
            answer = await request(
                port,
                "POST",
                f"/api/events/{SLUG}/games/{game}/result/",
                {"Authorization": f"Token {token}", "Content-Type": "application/json"},
                body,
            )
        except OSError as exc:
            tally.error("result entry", type(exc).__name__)
            continue
        received = time.monotonic()
        if answer.status != 200:
            tally.error("result entry", f"{answer.status} {answer.body[:200]!r}")
            continue
        tally.times["result entry (API POST)"].append(received - sent)
        tally.entered.append(received)


async def wait_until_up(port: int, slug: str = SLUG, seconds: float = 60) -> None:
    """Wait for the app to answer with the event `slug`'s page."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            answer = await request(port, "GET", f"/events/{slug}/", {})
            if answer.status == 200:
                return
        except OSError:
            pass
        await asyncio.sleep(0.5)
    raise SystemExit(f"the app did not answer on {HOST}:{port} within {seconds:.0f} s")


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) spent so far by process `pid` and its live children."""
    ticks = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            pids += [int(child) for child in children.read().split()]
    except OSError:
        pass
    total = 0.0
    for each in pids:
        try:
            with open(f"/proc/{each}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run(options, token: str, games: list[int], server_pid: int) -> tuple[Tally, float]:
    await wait_until_up(options.port)
    started = time.monotonic()
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    tally = Tally()
    interval = options.interval
    stop = time.monotonic() + options.seconds
    pages = {
        "standings": f"/events/{SLUG}/standings/",
        "pairings": f"/events/{SLUG}/rounds/{options.rounds}/",
    }
    kinds = list(pages)
    tasks = [
        follower(options.port, pages[kinds[n % 2]], kinds[n % 2], tally, stop, interval)
        for n in range(options.visitors)
    ]
    tasks.append(arbiter(options.port, token, games, tally, stop))
    await asyncio.gather(*tasks)
    tally.server_cpu = cpu_seconds(server_pid) - server_cpu
    tally.client_cpu = time.process_time() - client_cpu
    return tally, time.monotonic() - started


def report(tally: Tally, options, elapsed: float) -> None:
    served = sum(len(times) for times in tally.times.values())
    errors = sum(tally.errors.values())
    print(
        f"\n{options.visitors} followers, checks every {options.interval:.0f}-"
        f"{options.interval * 1.2:.0f} s, {len(tally.entered)} results entered, "
        f"{elapsed:.0f} s; gunicorn {options.workers} workers, 1 Celery worker"
    )
    print(
        f"requests served: {served} ({served / elapsed:.0f}/s), errors: {errors}, "
        f"followers received {tally.received / 1e6:.0f} MB"
    )
    print(f"{'request':28} {'count':>7} {'p50':>9} {'p95':>9} {'p99':>9}")
    for kind in sorted(tally.times):
        times = tally.times[kind]
        print(
            f"{kind:28} {len(times):7d} {statistics.median(times) * 1000:7.1f}ms "
            f"{percentile(times, 0.95) * 1000:7.1f}ms {percentile(times, 0.99) * 1000:7.1f}ms"
        )
    everything = [t for kind, times in tally.times.items() if "POST" not in kind for t in times]
    if everything:
        print(
            f"{'all page requests':28} {len(everything):7d} "
            f"{statistics.median(everything) * 1000:7.1f}ms "
            f"{percentile(everything, 0.95) * 1000:7.1f}ms "
            f"{percentile(everything, 0.99) * 1000:7.1f}ms"
        )
    for what, count in sorted(tally.errors.items()):
        print(f"error {what}: {count}")
    if tally.appeared:
        print(
            f"result shown on a follower's page after: median "
            f"{statistics.median(tally.appeared):.1f} s, "
            f"p95 {percentile(tally.appeared, 0.95):.1f} s, "
            f"max {max(tally.appeared):.1f} s ({len(tally.appeared)} result x follower pairs)"
        )
    print(f"checks sent after a result that still answered 304: {tally.stale}")
    print(f"checks told to retry in 1 s while the new page was rendered: {tally.retries}")
    print(
        f"CPU during the run: gunicorn {tally.server_cpu:.1f} s "
        f"({tally.server_cpu / max(served, 1) * 1000:.1f} ms a request, {served} requests), "
        f"the followers (this process) {tally.client_cpu:.1f} s; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (the CPU a request costs changes "
        "little with the load: compare it between runs, not the waits)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=500)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=5, help="seconds between checks")
    parser.add_argument("--port", type=int, default=8150)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    options = parser.parse_args()
    needs_servers("load")
    fresh_database(os.environ["DATABASE_URL"])
    token, games = prepare(options.players, options.rounds)
    processes = start_servers(options.port, options.workers)
    try:
        tally, elapsed = asyncio.run(run(options, token, games, processes[0].pid))
        report(tally, options, elapsed)
    finally:
        stop_servers(processes)


if __name__ == "__main__":
    main()
