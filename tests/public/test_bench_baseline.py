"""benchmarks/public_pages.py marks a page SLOWER against its stored baseline on its CPU
(beyond the margin and the floor) or on its queries, and compares only at the same sizes.
Never measures anything: the figures are given."""

from benchmarks.public_pages import compare

SIZES = {"players": 200, "rounds": 11, "team_rounds": 9, "repeat": 5}


def _page(cold: float, warm: float, queries: tuple[int, int] = (10, 1)) -> dict[str, float]:
    return {
        "cold_cpu_ms": cold,
        "warm_cpu_ms": warm,
        "cold_queries": queries[0],
        "warm_queries": queries[1],
    }


BASELINE = {
    "release": "628e516",
    "measured": "2026-12-06",
    "sizes": SIZES,
    "pages": {"team standings": _page(60.0, 4.0), "standings page": _page(80.0, 6.0)},
}


def _rows(costs, baseline=BASELINE, sizes=SIZES) -> dict[str, str]:
    lines = compare(costs, baseline, sizes, margin=0.25, floor_ms=3.0)
    return {line.split("  ")[0]: line for line in lines if line.split("  ")[0] in costs}


def test_a_page_slower_than_the_margin_or_with_more_queries_is_marked():
    rows = _rows(
        {
            "team standings": _page(60.0 * 1.25 + 3.5, 4.0),
            "standings page": _page(80.0, 6.0, queries=(10, 2)),
        }
    )
    assert rows["team standings"].endswith("SLOWER (cold)")
    assert rows["standings page"].endswith("SLOWER (warm)")


def test_jitter_within_the_margin_and_floor_is_not_marked():
    # Warm: 4 ms -> 7.9 ms is twice the time but within the 3 ms floor.
    rows = _rows({"team standings": _page(60.0 * 1.25 + 2.9, 7.9), "standings page": _page(70, 5)})
    assert not any("SLOWER" in row for row in rows.values())


def test_a_page_without_a_baseline_or_at_other_sizes_is_not_compared():
    rows = _rows({"team crosstable": _page(500.0, 400.0)})
    assert "SLOWER" not in rows["team crosstable"] and rows["team crosstable"].endswith("-")
    other = {**SIZES, "players": 500}
    lines = compare({"team standings": _page(600.0, 40.0)}, BASELINE, other, 0.25, 3.0)
    assert "not compared" in lines[0]
    assert not any("SLOWER" in line for line in lines)
