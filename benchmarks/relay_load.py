"""Load test of the live relay (`make load-relay`): 20 boards relayed from a polled PDN file,
one move every 2 s on each board, while 500 followers watch the round page.

Run: .venv/bin/python -m benchmarks.relay_load [--boards 20] [--visitors 500] [--seconds 90]

Needs PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL, CELERY_BROKER_URL and DJANGO_CACHE_URL
name them; the Makefile gives defaults). It:

1. builds a published round of `boards` boards (benchmarks.public_pages.build), with a
   relay source polling a PDN file served by this process on 127.0.0.1 every 2 s;
2. starts gunicorn, a Celery worker and Celery beat (which queues the due polls every
   RELAY_TICK_SECONDS), as `make load` does;
3. grows the file: each board gets its next move every `move_seconds` (boards staggered),
   from a random legal game per board;
4. lets `visitors` followers check the round page as static/js/live.js does (every
   LIVE_SECONDS plus up to 20 % jitter, a conditional GET with the page's ETag);
5. prints, for every move and every follower who saw it, the time from the move reaching
   the file to the follower's page showing it (p50/p95/max), the errors, the Celery
   queue's length over the run, and the source's failures;
6. prints what one request of each kind costs one server process in CPU time
   (benchmarks.relay_cost), a figure the machine's load does not change much.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

from benchmarks.load import (
    HOST,
    ROOT,
    Timings,
    cpu_seconds,
    fresh_database,
    live_check,
    migrated_superuser,
    needs_servers,
    percentile,
    server_environment,
    start_servers,
    stop_servers,
    wait_until_up,
)

SLUG = "relay-load"
FILE_PATH = "/round.pdn"
_BOARD = re.compile(rb'data-relay-board="(\d+)" data-plies="(\d+)"')


def prepare(boards: int, file_port: int) -> None:
    """Migrate, build the round and its relay source (the file served on `file_port`)."""
    user = migrated_superuser("relay-organizer")
    from benchmarks.public_pages import build
    from games.models import RelayKind
    from games.relay.services import relay_source_set
    from tournaments.models import Round

    build(2 * boards, 1, user, slug=SLUG, pending=1)
    relay_source_set(
        round=Round.objects.get(event__slug=SLUG, number=1),
        kind=RelayKind.URL,
        url=f"http://{HOST}:{file_port}{FILE_PATH}",
        interval=2,
        user=user,
    )


def games(boards: int, plies: int) -> list[list[str]]:
    """A random legal game of up to `plies` plies per board (seeded)."""
    from arbiter import find_variant

    rng = random.Random(26)
    found = []
    for _ in range(boards):
        board = find_variant("international")()
        moves: list[str] = []
        while len(moves) < plies and (legal := board.legal_moves()):
            move = rng.choice(legal)
            moves.append(board.move_text(move))
            board.push(move)
        found.append(moves)
    return found


@dataclass
class Relay:
    """The growing file: plies shown per board, and when each ply reached the file."""

    games: list[list[str]]
    shown: list[int] = field(default_factory=list)
    reached: dict[tuple[int, int], float] = field(default_factory=dict)

    def text(self) -> str:
        parts = []
        for index, moves in enumerate(self.games):
            played = moves[: self.shown[index]]
            body = " ".join(
                f"{n // 2 + 1}. {move}" if n % 2 == 0 else move for n, move in enumerate(played)
            )
            parts.append(
                f'[Round "1"]\n[Board "{index + 1}"]\n[GameType "20"]\n'
                f'[White "?"]\n[Black "?"]\n\n{body} *\n'
            )
        return "\n".join(parts)


async def serve_file(relay: Relay, port: int, tally: Tally) -> asyncio.Server:
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        body = relay.text().encode()
        tally.fetches += 1
        head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        writer.write(head.encode() + body)
        await writer.drain()
        writer.close()

    return await asyncio.start_server(answer, HOST, port)


async def grow(relay: Relay, board: int, move_seconds: float, stop: float) -> None:
    await asyncio.sleep(move_seconds * board / len(relay.games))
    while time.monotonic() < stop and relay.shown[board] < len(relay.games[board]):
        relay.shown[board] += 1
        relay.reached[(board + 1, relay.shown[board])] = time.monotonic()
        await asyncio.sleep(move_seconds)


@dataclass
class Tally(Timings):
    #: seconds from a move reaching the file to a follower's page showing it
    latency: list[float] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
    fetches: int = 0


async def follower(port: int, relay: Relay, tally: Tally, stop: float, interval: float) -> None:
    await asyncio.sleep(random.uniform(0, 2 * interval))
    path = f"/events/{SLUG}/rounds/1/"
    etag = ""
    seen: dict[int, int] = defaultdict(int)
    while time.monotonic() < stop:
        answer, received = await live_check(port, path, etag, tally)
        if answer is None:
            await asyncio.sleep(interval)
            continue
        if answer.status == 200:
            etag = answer.headers.get("etag", "")
            body = answer.body
            if answer.headers.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            for board, plies in _BOARD.findall(body):
                board, plies = int(board), int(plies)
                for ply in range(seen[board] + 1, plies + 1):
                    reached = relay.reached.get((board, ply))
                    if reached is not None:
                        tally.latency.append(received - reached)
                seen[board] = max(seen[board], plies)
        elif answer.status == 304 and (retry := answer.headers.get("retry-after", "")).isdigit():
            await asyncio.sleep(int(retry))
            continue
        await asyncio.sleep(interval * random.uniform(1, 1.2))


async def watch_queue(tally: Tally, stop: float) -> None:
    import redis.asyncio as redis

    client = redis.Redis.from_url(os.environ["CELERY_BROKER_URL"])
    while time.monotonic() < stop:
        tally.queue.append(await client.llen("celery"))
        await asyncio.sleep(1)
    await client.aclose()


async def run(options, relay: Relay, server_pid: int) -> Tally:
    tally = Tally()
    server = await serve_file(relay, options.file_port, tally)
    await wait_until_up(options.port, SLUG)
    stop = time.monotonic() + options.seconds
    tasks = [grow(relay, board, options.move_seconds, stop) for board in range(options.boards)]
    tasks += [
        follower(options.port, relay, tally, stop, options.interval)
        for _ in range(options.visitors)
    ]
    tasks.append(watch_queue(tally, stop))
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    await asyncio.gather(*tasks)
    tally.server_cpu = cpu_seconds(server_pid) - server_cpu
    tally.client_cpu = time.process_time() - client_cpu
    server.close()
    return tally


def report(tally: Tally, relay: Relay, options) -> None:
    from games.models import RelayBoard, RelaySource

    source = RelaySource.objects.get(round__event__slug=SLUG)
    stored = sum(len(board.plies) for board in RelayBoard.objects.filter(source=source))
    print(
        f"\n{options.boards} boards, a move every {options.move_seconds:.0f} s each, "
        f"{options.visitors} followers checking every {options.interval:.0f}-"
        f"{options.interval * 1.2:.0f} s, {options.seconds:.0f} s; gunicorn {options.workers} "
        f"workers x {options.threads} threads, 1 Celery worker, Celery beat"
    )
    print(
        f"moves written to the file: {len(relay.reached)}, plies stored: {stored}, "
        f"file fetched {tally.fetches} times, source failures: {source.failures}"
        + (f" ({source.last_error})" if source.last_error else "")
    )
    print(f"{'request':12} {'count':>7} {'p50':>9} {'p95':>9}")
    for kind in sorted(tally.times):
        times = tally.times[kind]
        print(
            f"{kind:12} {len(times):7d} {statistics.median(times) * 1000:7.1f}ms "
            f"{percentile(times, 0.95) * 1000:7.1f}ms"
        )
    print(f"errors: {sum(tally.errors.values())}")
    for what, count in sorted(tally.errors.items()):
        print(f"error {what}: {count}")
    if tally.latency:
        print(
            f"move shown on a follower's page after: median "
            f"{statistics.median(tally.latency):.1f} s, p95 {percentile(tally.latency, 0.95):.1f}"
            f" s, max {max(tally.latency):.1f} s ({len(tally.latency)} move x follower pairs)"
        )
    served = sum(len(times) for times in tally.times.values())
    print(
        f"CPU during the run: gunicorn {tally.server_cpu:.1f} s "
        f"({tally.server_cpu / max(served, 1) * 1000:.1f} ms a request, {served} requests), "
        f"the followers (this process) {tally.client_cpu:.1f} s, over {options.seconds:.0f} s; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if tally.queue:
        half = len(tally.queue) // 2 or 1
        print(
            f"Celery queue length: max {max(tally.queue)}, mean over the first half "
            f"{statistics.mean(tally.queue[:half]):.1f}, over the second "
            f"{statistics.mean(tally.queue[half:] or [0]):.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--visitors", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--move-seconds", type=float, default=2)
    parser.add_argument("--interval", type=float, default=5, help="seconds between checks")
    parser.add_argument("--port", type=int, default=8160)
    parser.add_argument("--file-port", type=int, default=8161)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker")
    options = parser.parse_args()
    needs_servers("load-relay")
    os.environ["RELAY_ALLOW_PRIVATE_ADDRESSES"] = "1"  # the file is served on 127.0.0.1
    fresh_database(os.environ["DATABASE_URL"])
    prepare(options.boards, options.file_port)
    relay = Relay(games(options.boards, 200), shown=[0] * options.boards)
    processes = start_servers(options.port, options.workers, options.threads)
    processes.append(
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel",
                "warning",
                "--schedule",
                "/tmp/damier-relay-load-beat",
            ],
            cwd=ROOT,
            env=server_environment(),
        )
    )
    try:
        tally = asyncio.run(run(options, relay, processes[0].pid))
        report(tally, relay, options)
    finally:
        stop_servers(processes)
    # what each kind of request costs one process, whatever the machine's load
    subprocess.run(
        [sys.executable, "-m", "benchmarks.relay_cost"], cwd=ROOT, env=server_environment()
    )


if __name__ == "__main__":
    main()
