"""Time and peak memory to build the crosstable PDF of a Swiss after 11 rounds, and the
score sheets of a round (one page a game).

Run: .venv/bin/python -m benchmarks.crosstable_pdf [--players 100 500 1000] [--rounds 11]
[--sheets 200 1000]

For each size, a synthetic event (tests/documents/events.py: the first rounds of a Berger
table, results drawn from the ratings, accented and Cyrillic names, a few forfeits) is
ranked with three tie-breaks (TSOL, SB, WON), turned into the crosstable data and laid out
as the PDF, as a document job does after reading the rows. Printed per size:

- data: compute_standings + build_crosstable (seconds);
- PDF: render_crosstable (seconds), pages and file size;
- peak: the highest memory Python allocated during data + PDF (tracemalloc, measured in a
  second run because tracing slows the code down).

Then, for each size of ``--sheets``, the score sheets of a round of that many players: CPU
seconds, pages, file size and the peak memory Python allocated (tracemalloc, a second run).

No database: the job's reading of the rows is measured by benchmarks/public_pages.py
(crosstable_get).
"""

import argparse
import datetime
import io
import os
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from pypdf import PdfReader  # noqa: E402

from tests.documents.events import TIEBREAKS, synthetic_state  # noqa: E402
from tournaments.documents.pdf import EventHeader, render_crosstable  # noqa: E402
from tournaments.documents.pdf.data import Board, RoundSheet, SheetPlayer  # noqa: E402
from tournaments.documents.pdf.score_sheets import render_score_sheets  # noqa: E402
from tournaments.scoring.crosstable import build_crosstable  # noqa: E402
from tournaments.scoring.standings import compute_standings  # noqa: E402

HEADER = EventHeader(
    name="Benchmark Open",
    variant="international",
    system="Swiss",
    venue="Lille",
    start_date=datetime.date(2026, 7, 1),
    end_date=datetime.date(2026, 7, 11),
    chief_arbiter="Bench Arbiter",
)


def build(players: int, rounds: int) -> tuple[float, float, bytes]:
    """(data seconds, PDF seconds, PDF bytes) for one event."""
    state = synthetic_state(players, rounds)
    start = time.perf_counter()
    standings = compute_standings(state, tiebreaks=TIEBREAKS, after_round=rounds)
    table = build_crosstable(state, standings, after_round=rounds, tiebreaks=TIEBREAKS)
    middle = time.perf_counter()
    pdf = render_crosstable(HEADER, table, generated_at=datetime.datetime.now(datetime.UTC))
    return middle - start, time.perf_counter() - middle, pdf


def score_sheets(players: int) -> bytes:
    """The score sheets of a round of ``players`` (one game a board, accented and Cyrillic
    names)."""
    boards = tuple(
        Board(
            n,
            SheetPlayer(2 * n - 1, f"Joué {2 * n - 1}, Anaïs", 2100 - n % 300),
            SheetPlayer(2 * n, f"Игрок {2 * n}, Пётр", 2090 - n % 300),
        )
        for n in range(1, players // 2 + 1)
    )
    sheet = RoundSheet(5, 9, boards)
    return render_score_sheets(HEADER, sheet, generated_at=datetime.datetime.now(datetime.UTC))


def peak_memory(build_it: Callable[[], object]) -> int:
    """Peak bytes allocated by Python while ``build_it`` runs."""
    tracemalloc.start()
    build_it()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--sheets", type=int, nargs="*", default=[200, 1000])
    args = parser.parse_args(argv)
    build(10, 1)  # fonts registered, modules warm
    print(f"Crosstable PDF after {args.rounds} rounds (tie-breaks {', '.join(TIEBREAKS)})")
    columns = ("players", "data s", "PDF s", "total s", "pages", "KiB", "peak MiB")
    print(" ".join(f"{name:>9}" for name in columns))
    for players in args.players:
        data, layout, pdf = build(players, args.rounds)
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        peak = peak_memory(partial(build, players, args.rounds))
        print(
            f"{players:>9} {data:>9.2f} {layout:>9.2f} {data + layout:>9.2f} {pages:>9}"
            f" {len(pdf) / 1024:>9.0f} {peak / 2**20:>9.1f}"
        )
    if args.sheets:
        print("Score sheets of a round (one page a game)")
        columns = ("players", "CPU s", "pages", "KiB", "peak MiB", "KiB/page")
        print(" ".join(f"{name:>9}" for name in columns))
    for players in args.sheets:
        start = time.process_time()
        pdf = score_sheets(players)
        cpu = time.process_time() - start
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        peak = peak_memory(partial(score_sheets, players))
        print(
            f"{players:>9} {cpu:>9.2f} {pages:>9} {len(pdf) / 1024:>9.0f}"
            f" {peak / 2**20:>9.1f} {peak / pages / 1024:>9.0f}"
        )


if __name__ == "__main__":
    main()
