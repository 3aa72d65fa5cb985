"""The TRF export is a file other programs read: every event of the demo, exported by the
admin's TRF export (:func:`event_trf`), is read by gacrux (PyPI ``gacrux``, the tie-break
checker by the author of FIDE's own) without an error, and the figures gacrux works out from
it are the published ones; each Swiss of the FIDE Dutch 2026 text is read and checked by
bbpPairings 6.0.0, the FIDE-endorsed engine of that text, built from the sources in
``../shared/tools/bbpPairings/`` (once, into a cache outside the repository).

Compared with gacrux: each player's points (all events: a two-game match's points and a
round-robin withdrawal's annulled games are written as TRF-2026 record 299 gives them), and
the C.07 tie-breaks an event publishes that gacrux computes the same way, in the events of
one game a pairing whose games all count (two-game tie-breaks count shares of a match, which
one code a round cannot say; annulled games are rests in the standings and games in the
record). SB: gacrux multiplies by the points of a win, Damier by the share of the round.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import transaction

from tests.tournaments.gacrux_check import COMPARED
from tournaments.models import Event, System
from tournaments.pairing.simulate import simulate
from tournaments.pairing.trf import next_round, trf_dumps, trf_loads
from tournaments.selectors.standings import standings_get
from tournaments.selectors.state import tournament_state
from tournaments.trf.export import event_trf, last_recorded_round
from tournaments.values import DutchRules

gacrux_trf = pytest.importorskip("gacrux.trf2json", reason="gacrux is not installed")
gacrux_tiebreak = pytest.importorskip("gacrux.tiebreak", reason="gacrux is not installed")

# The demo is loaded by a module fixture inside a transaction it rolls back; the mark makes
# pytest-django create the test database before it.
pytestmark = pytest.mark.django_db

BBP_SOURCES = Path(__file__).resolve().parents[3] / "shared" / "tools" / "bbpPairings"
BBP_VERSION = "6.0.0"


@dataclass(frozen=True)
class Export:
    slug: str
    text: str
    played: int
    round_robin: bool
    dutch_2026: bool
    team: bool
    tiebreaks_comparable: bool
    win: Decimal
    #: pairing number -> (points, {tie-break: value}) as published
    published: dict[int, tuple[Decimal, dict[str, Decimal]]]


@pytest.fixture(scope="module")
def demo_exports(django_db_setup, django_db_blocker) -> list[Export]:
    """Every demo event's TRF and published standings, the demo loaded once for the module
    and rolled back after."""
    exports = []
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("load_demo", stdout=io.StringIO())
        for event in Event.objects.order_by("pk"):
            after = last_recorded_round(event)
            state = tournament_state(event, up_to_round=after)
            rows = standings_get(event, after_round=after)
            text = event_trf(event)
            exports.append(
                Export(
                    slug=event.slug,
                    text=text,
                    # the rounds the file holds, as its reader counts them: a round under
                    # way whose games have no result yet is not one of them
                    played=next_round(trf_loads(text).state) - 1,
                    round_robin=event.system != System.SWISS,
                    dutch_2026=event.system == System.SWISS
                    and event.swiss_ordering == "fide"
                    and event.swiss_rules == DutchRules.FIDE_2026
                    and not hasattr(event, "team_competition"),
                    team=hasattr(event, "team_competition"),
                    tiebreaks_comparable=event.games_per_pairing == 1 and not state.annulled,
                    win=state.scoring.win,
                    published={r.number: (r.points, dict(r.tiebreaks)) for r in rows},
                )
            )
        transaction.set_rollback(True)
    return exports


def gacrux_read(text: str):
    chessfile = gacrux_trf.trf2json()
    chessfile.parse_file(text, 0)
    return chessfile


def gacrux_figures(export: Export, names: list[str]) -> dict[int, list[Decimal]]:
    """gacrux's points then ``names`` for every player, from the export's text alone."""
    chessfile = gacrux_read(export.text)
    tournament = chessfile.get_tournament(1)
    params = {
        "tiebreak": ["PTS", *names],
        "check": 0,
        "pre_determined": export.round_robin,
        "swiss": not export.round_robin,
        "unrated": None,
    }
    checker = gacrux_tiebreak.tiebreak(tournament, export.played, params)
    result = checker.compute_tiebreaks(tournament, params)
    return {
        c["cid"]: [Decimal(0 if v is None else v) for v in c["tiebreakScore"]]
        for c in result["competitors"]
    }


def differences(export: Export, *, tiebreaks: bool) -> list[str]:
    """Every figure of the export that gacrux works out otherwise than the standings: the
    points, and with ``tiebreaks`` the tie-breaks compared."""
    codes = [c for c in next(iter(export.published.values()))[1] if c in COMPARED]
    if not (tiebreaks and export.tiebreaks_comparable):
        codes = []
    names = list(dict.fromkeys(COMPARED[c] for c in codes))
    theirs = gacrux_figures(export, names)
    found = []
    for number, (points, tiebreaks) in export.published.items():
        figures = dict(zip(["PTS", *names], theirs[number], strict=True))
        if figures["PTS"] != points:
            found.append(f"{export.slug} {number} points: {points} != {figures['PTS']}")
        for code in codes:
            ours = tiebreaks[code] * (export.win if code == "SB" else 1)
            if ours != figures[COMPARED[code]]:
                found.append(f"{export.slug} {number} {code}: {ours} != {figures[COMPARED[code]]}")
    return found


def test_the_demo_has_the_events_the_checks_need(demo_exports):
    assert len(demo_exports) >= 8
    assert any(e.dutch_2026 for e in demo_exports)
    assert any("\n299 " in e.text for e in demo_exports if e.round_robin)  # annulled games
    assert sum(e.tiebreaks_comparable for e in demo_exports) >= 4


def test_every_demo_trf_is_read_by_gacrux(demo_exports):
    refused = {}
    for export in demo_exports:
        status = gacrux_read(export.text).chessjson["status"]
        if status["code"] != 0:
            refused[export.slug] = status["error"]
    assert refused == {}


def test_the_points_gacrux_reads_in_every_demo_trf_are_the_published_ones(demo_exports):
    """Two-game matches scored on game points and a round robin's annulled games included."""
    found = [line for export in demo_exports for line in differences(export, tiebreaks=False)]
    assert found == [], "\n".join(found)


def test_the_tiebreaks_gacrux_reads_in_every_demo_trf_are_the_published_ones(demo_exports):
    """Games in progress count for nobody and unplayed rounds get the 2026 dummy opponent
    (docs/rules/tournaments.md §4.8, §4.11), as in gacrux."""
    found = [line for export in demo_exports for line in differences(export, tiebreaks=True)]
    assert found == [], "\n".join(found)


def test_the_id_columns_hold_numbers_only(demo_exports):
    for export in demo_exports:
        for line in export.text.splitlines():
            if line.startswith("001"):
                column = line[57:68].strip()
                assert column == "" or column.isdigit(), line


def test_a_team_competition_names_its_team_system_and_no_individual_one(demo_exports):
    """Its 001 records are the boards' games: 192 would name a system of individuals (and
    tell bbpPairings to pair these players by it)."""
    teams = [e for e in demo_exports if e.team]
    assert len(teams) >= 2
    for export in teams:
        records = {line[:3]: line[4:] for line in export.text.splitlines()}
        assert "192" not in records and records["092"].startswith("Team "), export.slug


def test_an_fmjd_id_that_is_not_a_number_is_left_out_of_the_id_columns():
    """TRF-2026 columns 58-68 hold a number: an id with letters goes to DAT FMJDID only,
    and the file's own reader gets it back."""
    state = simulate(seed=3, players=4, rounds=3, played_rounds=1).state
    first, *others = state.competitors
    state = replace(state, competitors=(replace(first, fmjd_id="NED-42"), *others))
    text = trf_dumps(state)
    line = next(li for li in text.splitlines() if li.startswith(f"001 {first.number:4d}"))
    assert line[57:68].strip() == ""
    assert f"DAT {first.number:04d} FMJDID NED-42" in text
    assert trf_loads(text).state.competitors[0].fmjd_id == "NED-42"
    assert gacrux_read(text).chessjson["status"]["code"] == 0


@pytest.fixture(scope="module")
def bbp_pairings(request) -> Path:
    """bbpPairings 6.0.0 built from the shared sources, once per source archive (the
    executable is kept in pytest's cache directory, under the archive's hash)."""
    archive = BBP_SOURCES / f"bbpPairings-{BBP_VERSION}.tar.gz"
    if not archive.exists():
        pytest.skip(f"the bbpPairings sources are not at {BBP_SOURCES} (../shared is absent)")
    if shutil.which("g++") is None or shutil.which("make") is None:
        pytest.skip("no C++ compiler (g++ and make) to build bbpPairings")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:16]
    cache = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider
    base = (
        cache.mkdir(f"bbppairings-{digest}-unoptimized")
        if cache is not None
        else Path(tempfile.gettempdir()) / f"damier-bbppairings-{digest}-unoptimized"
    )
    binary = base / f"bbpPairings-{BBP_VERSION}"
    if not binary.exists():
        # Without the compiler's optimizations (its Makefile's `optimize=no`): built in a
        # quarter of the time, and as fast as needed for files of a few dozen players.
        subprocess.run(
            ["bash", str(BBP_SOURCES / "build.sh"), str(base), BBP_VERSION],
            check=True,
            capture_output=True,
            env={**os.environ, "MAKEFLAGS": "optimize=no"},
        )
    return binary


def test_the_demo_swiss_exports_are_read_and_checked_by_bbppairings(
    demo_exports, bbp_pairings, tmp_path
):
    """``--dutch FILE -c``: bbpPairings reads every record (a line it refuses stops it:
    "Invalid line"), checks each player's points against the results in its point system,
    and pairs every round again to compare with the file's; it prints only the rounds
    whose pairings differ."""
    checked = 0
    for export in demo_exports:
        if not export.dutch_2026:
            continue
        path = tmp_path / f"{export.slug}.trf"
        path.write_text(export.text, encoding="utf-8")
        run = subprocess.run(
            [str(bbp_pairings), "--dutch", str(path), "-c"], capture_output=True, text=True
        )
        assert run.returncode == 0, (export.slug, run.stdout, run.stderr)
        assert "Invalid line" not in run.stderr
        assert "Checker pairings" not in run.stdout, run.stdout  # every round paired alike
        checked += 1
    assert checked >= 2
