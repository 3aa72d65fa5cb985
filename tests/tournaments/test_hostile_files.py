"""Hostile files given to the imports (tests/tournaments/fixtures/hostile/): each is answered
with an error naming the file's line and field, nothing is written, and no server error.
The archive's hostile files: tests/games/test_archive_hostile.py."""

import datetime
from pathlib import Path

import pytest

from tests.factories import UserFactory, event_with_players
from tournaments.models import Event, Player, RatingList, RatingSource, System
from tournaments.pairing.trf import trf_loads
from tournaments.ratings.lists_import import rating_list_apply, rating_list_plan
from tournaments.services.csv_import import decode_upload
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import REFUSED
from tournaments.teams.imports import team_import_apply, team_import_plan
from tournaments.teams.models import Team, TeamCompetition
from tournaments.trf.imports import TrfImportSettings, trf_import_plan

pytestmark = pytest.mark.django_db

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
SMALL = Path(__file__).parent / "fixtures" / "small.trf"
JANUARY = datetime.date(2026, 1, 1)


def _trf_plan(data: bytes):
    return trf_import_plan(data, settings=TrfImportSettings(variant="international"))


@pytest.mark.parametrize(
    ("fixture", "line", "column"),
    [("superscript_rating.trf", 15, "column 49"), ("superscript_opponent.trf", 12, "column 92")],
)
def test_a_superscript_digit_in_a_trf_refuses_its_line_naming_the_column(fixture, line, column):
    data = (HOSTILE / fixture).read_bytes()
    plan = _trf_plan(data)
    refused = [r for r in plan.refusals if r.line == line]
    assert refused and column in refused[0].reason
    assert not Event.objects.exists()


def test_a_unicode_digit_is_not_read_as_a_number_in_a_trf():
    text = SMALL.read_text().replace("142 4", "142 ٤")
    errors: list = []
    trf_loads(text, errors=errors)
    assert [error.line for error in errors] == [8]


def test_a_utf16_trf_is_read_as_its_utf8_twin():
    data = (HOSTILE / "utf16.trf").read_bytes()
    assert data.startswith(b"\xff\xfe")
    plan = _trf_plan(data)
    twin = _trf_plan(data.decode("utf-16").encode("utf-8"))
    assert [c.name for c in plan.competitors] == [c.name for c in twin.competitors]
    assert "Smith, Änna" in [c.name for c in plan.competitors]
    assert plan.refusals == twin.refusals


def test_utf16_without_its_mark_is_read_and_a_broken_one_refused_naming_the_byte():
    assert decode_upload("nom;prénom\n".encode("utf-16-le")) == ("nom;prénom\n", "UTF-16")
    assert decode_upload("nom;prénom\n".encode("utf-16-be"))[0] == "nom;prénom\n"
    with pytest.raises(ImportFormatError, match="UTF-16 but byte 4"):
        decode_upload(b"\xff\xfea\x00\x00\xd8b\x00")


def test_a_megabyte_event_name_in_a_trf_is_refused_naming_its_record_not_cut():
    text = SMALL.read_text().replace("012 Damier test open", "012 " + "N" * 1_000_000)
    plan = _trf_plan(text.encode())
    refused = [r for r in plan.refusals if r.line == 2]
    assert refused and "012" in refused[0].reason and "1000000" in refused[0].reason
    assert not Event.objects.exists()


def test_a_nul_byte_in_a_trf_name_refuses_its_line_naming_the_column():
    text = SMALL.read_text().replace("Smith, Anna", "Smith, An\x00a")
    plan = _trf_plan(text.encode())
    refused = [r for r in plan.refusals if r.line == 15 and "U+0000" in r.reason]
    assert refused and "Column 24" in refused[0].reason


def test_a_stray_quote_in_a_rating_list_header_is_refused_naming_the_header_line():
    data = (HOSTILE / "rating_list_stray_quote.csv").read_bytes()
    with pytest.raises(ImportFormatError, match=r"Line 1 \(the header\)"):
        rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)
    assert not RatingList.objects.exists()


def test_a_nul_byte_in_a_rating_list_id_refuses_its_line_naming_the_field():
    data = (HOSTILE / "rating_list_nul_id.csv").read_bytes()
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)
    assert [(line.number, line.action) for line in plan.lines][1] == (3, REFUSED)
    assert "nr_ew" in plan.lines[1].error and "U+0000" in plan.lines[1].error
    rating_list_apply(
        data,
        source=RatingSource.FMJD_100,
        published=JANUARY,
        file_name="nul.csv",
        digest=plan.digest,
        accepted=(),
        user=None,
    )
    assert list(Player.objects.values_list("fmjd_id", flat=True)) == ["15000"]


def test_a_nul_byte_in_a_team_name_refuses_its_line_and_confirming_writes_no_such_team():
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=4, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    first, second = [r.player for r in event.registrations.order_by("pk")[:2]]
    data = (
        (HOSTILE / "teams_nul_name.csv")
        .read_text()
        .replace("{last}", first.last_name)
        .replace("{first}", first.first_name)
        .replace("{last2}", second.last_name)
        .replace("{first2}", second.first_name)
        .encode()
    )
    plan = team_import_plan(event, data)
    refused = plan.lines[0]
    assert (refused.number, refused.action) == (2, REFUSED)
    assert "team" in refused.error and "U+0000" in refused.error
    team_import_apply(event, data, digest=plan.digest, user=user)
    assert list(Team.objects.values_list("name", flat=True)) == ["Lions"]


def test_the_peak_memory_benchmark_tries_every_hostile_fixture(tmp_path):
    """benchmarks/hostile_files.py states the peak memory of each hostile file: each fixture
    here is one of its cases, and each is answered with a refusal, nothing written."""
    from benchmarks.hostile_files import CASES, FIXTURE_CASES, _file, _run

    assert sorted(FIXTURE_CASES.values()) == sorted(path.name for path in HOSTILE.iterdir())
    assert set(FIXTURE_CASES) <= set(CASES)
    for kind in FIXTURE_CASES:
        path = tmp_path / kind
        path.write_bytes(_file(kind))
        try:
            answer = _run(kind, path)
        except ImportFormatError as exc:
            answer = str(exc)
        assert "refused" in answer or "refusal" in answer or "Line 1" in answer, (kind, answer)
    # the teams file is confirmed too: its good line only is written
    assert list(Team.objects.values_list("name", flat=True)) == ["Lions"]
    assert not RatingList.objects.exists()
