"""Time and peak memory to build the crosstable PDF of a Swiss after 11 rounds.

Run: .venv/bin/python -m benchmarks.crosstable_pdf [--players 100 500 1000] [--rounds 11]

For each size, a synthetic event (tests/documents/events.py: the first rounds of a Berger
table, results drawn from the ratings, accented and Cyrillic names, a few forfeits) is
ranked with three tie-breaks (TSOL, SB, WON), turned into the crosstable data and laid out
as the PDF, as a document job does after reading the rows. Printed per size:

- data: compute_standings + build_crosstable (seconds);
- PDF: render_crosstable (seconds), pages and file size;
- peak: the highest memory Python allocated during data + PDF (tracemalloc, measured in a
  second run because tracing slows the code down).

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from pypdf import PdfReader  # noqa: E402

from tests.documents.events import TIEBREAKS, synthetic_state  # noqa: E402
from tournaments.documents.pdf import EventHeader, render_crosstable  # noqa: E402
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


def peak_memory(players: int, rounds: int) -> int:
    """Peak bytes allocated by Python while building the data and the PDF."""
    tracemalloc.start()
    build(players, rounds)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args(argv)
    build(10, 1)  # fonts registered, modules warm
    print(f"Crosstable PDF after {args.rounds} rounds (tie-breaks {', '.join(TIEBREAKS)})")
    columns = ("players", "data s", "PDF s", "total s", "pages", "KiB", "peak MiB")
    print(" ".join(f"{name:>9}" for name in columns))
    for players in args.players:
        data, layout, pdf = build(players, args.rounds)
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        peak = peak_memory(players, args.rounds)
        print(
            f"{players:>9} {data:>9.2f} {layout:>9.2f} {data + layout:>9.2f} {pages:>9}"
            f" {len(pdf) / 1024:>9.0f} {peak / 2**20:>9.1f}"
        )


if __name__ == "__main__":
    main()
