"""Large imports: a rating list of 10,000 lines (preview, confirm, then a second list of
the same players a month later), a players CSV of 10,000 lines (preview, confirm) and the
archive of an event of 10,000 players (preview, import); seconds and SQL queries of each step.

Run: .venv/bin/python -m benchmarks.imports [--lines N] [--players N] [--members N]
Works in a throw-away test database (DATABASE_URL chooses the engine). The files are
generated: half the list's players exist beforehand (matched by FMJD id), half are created.
"""

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402

from benchmarks.database import benchmark_event, throwaway_database  # noqa: E402
from tournaments.models import Player, RatingSource, Registration, System  # noqa: E402
from tournaments.ratings.lists_import import (  # noqa: E402
    rating_list_apply,
    rating_list_plan,
)

HEADER = '"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'


def rating_list(lines: int, shift: int) -> bytes:
    rows = [HEADER]
    for i in range(lines):
        rows.append(
            f'"{100000 + i}","","Name{i:05d}","First","NED","","{1500 + (i + shift) % 900}","",""\n'
        )
    return "".join(rows).encode()


def timed(label: str, work):
    queries = [0]

    def count(execute, sql, params, many, context):
        queries[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
    print(f"{label:<40} {seconds:8.2f} s {queries[0]:8d} queries", flush=True)
    return result


def list_step(data: bytes, published: datetime.date, user) -> None:
    source = RatingSource.FMJD_100
    plan = timed(
        f"rating list preview ({published})",
        lambda: rating_list_plan(data, source=source, published=published, user=user),
    )
    timed(
        f"rating list confirm ({published})",
        lambda: rating_list_apply(
            data,
            source=source,
            published=published,
            file_name="list.csv",
            digest=plan.digest,
            accepted=(),
            user=user,
        ),
    )


def players_csv(lines: int) -> bytes:
    """A players file: half its lines change a player of the rating list (found by FMJD id),
    half create one."""
    rows = ["last_name,first_name,federation,fmjd_id,rating,club\n"]
    for i in range(lines):
        rows.append(f"Name{i:05d},First,NED,{300000 + i - i % 2 * 200000},{1000 + i % 900},Club\n")
    return "".join(rows).encode()


def players_step(lines: int, user) -> None:
    from tournaments.services.players_import import import_apply, import_plan

    data = players_csv(lines)
    print(f"players file of {lines} lines: {len(data) / 1024:.0f} KiB")
    plan = timed("players preview", lambda: import_plan(data, user=user))
    timed("players confirm", lambda: import_apply(data, digest=plan.digest, user=user))


def archive_step(members: int, user) -> None:
    from games.archive.check import archive_open
    from games.archive.load import archive_import
    from games.archive.preview import archive_preview
    from games.archive.write import event_archive

    event = benchmark_event(
        user, name="Archive benchmark", slug="archive-benchmark", system=System.ROUND_ROBIN
    )
    players = Player.objects.bulk_create(
        Player(first_name="A", last_name=f"Member{i:05d}", fmjd_id=f"{500000 + i}", rating=2000)
        for i in range(members)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, pairing_number=i + 1, rating=p.rating)
        for i, p in enumerate(players)
    )
    data = timed("archive export", lambda: event_archive(event=event, user=user))
    print(f"archive of {members} members: {len(data) / 1024:.0f} KiB")
    archive = timed("archive open", lambda: archive_open(data, name="bench.zip"))
    preview = timed("archive preview", lambda: archive_preview(archive=archive, user=user))
    timed("archive import", lambda: archive_import(archive=archive, user=user, slug=preview.slug))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=10_000)
    options = parser.parse_args()
    with throwaway_database():
        user = get_user_model().objects.create_superuser("bench", "", "bench")
        Player.objects.bulk_create(
            Player(first_name="First", last_name=f"Name{i:05d}", fmjd_id=f"{100000 + i}")
            for i in range(0, options.lines, 2)
        )
        print(f"engine: {connection.vendor}; {options.lines} lines, {options.members} members")
        list_step(rating_list(options.lines, 0), datetime.date(2026, 1, 1), user)
        list_step(rating_list(options.lines, 7), datetime.date(2026, 2, 1), user)
        if options.players:
            players_step(options.players, user)
        if options.members:
            archive_step(options.members, user)


if __name__ == "__main__":
    main()
