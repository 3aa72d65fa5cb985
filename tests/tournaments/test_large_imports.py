"""A rating list of 10,000 lines is previewed in a number of queries that does not grow with its
lines (one lookup of the players for the whole file) and written in a few queries per
thousand lines (rows written in batches), where it took three queries a line to preview and
more to write. A players file is previewed in a number of queries independent of its lines
too, and one of 10,000 lines (1,000 in `make test`) goes through its preview and its import as
jobs."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.client import form_data, logged_in
from tests.factories import EventFactory, PlayerFactory, make_organizer
from tournaments.imports.models import ImportJob
from tournaments.models import Player, Rating, RatingSource
from tournaments.ratings.lists_import import rating_list_apply, rating_list_plan
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    import_plan,
)
from tournaments.services.registrations import registration_add

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

HEADER = '"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
LINES = 10_000


def test_a_10000_line_list_takes_a_few_queries_per_thousand_lines(django_assert_max_num_queries):
    Player.objects.bulk_create(
        Player(first_name="First", last_name=f"Name{i:05d}", fmjd_id=f"{100000 + i}", rating=1500)
        for i in range(0, LINES, 2)
    )
    PlayerFactory(last_name="Name00001", first_name="FIRST")  # a namesake, without an id
    data = (
        HEADER
        + "".join(
            f'"{100000 + i}","","Name{i:05d}","First","NED","","1500","",""\n' for i in range(LINES)
        )
    ).encode()
    published = datetime.date(2026, 1, 1)
    with django_assert_max_num_queries(20):
        plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=published)
    assert plan.count(UNCHANGED) == LINES // 2
    assert plan.count("proposed") == 1 and plan.count(CREATE) == LINES // 2 - 1
    with django_assert_max_num_queries(300):
        rating_list_apply(
            data,
            source=RatingSource.FMJD_100,
            published=published,
            file_name="big.csv",
            digest=plan.digest,
            accepted=(2 + 1,),
            user=None,
        )
    assert Rating.objects.count() == LINES
    assert Player.objects.get(last_name="Name00001").fmjd_id == "100001"
    assert Player.history.filter(history_type="+").count() >= LINES // 2 - 1


def players_file(lines: int) -> bytes:
    """A players file: odd lines change a player found by FMJD id, even lines create one."""
    rows = ["last_name,first_name,federation,fmjd_id,national_id,rating,club\n"]
    for i in range(lines):
        fmjd_id = f"{100000 + i}" if i % 2 else ""
        rows.append(f"Name{i:05d},First,NED,{fmjd_id},N{i},{1000 + i},Club\n")
    return "".join(rows).encode()


def players_existing(lines: int) -> None:
    """The players the file's odd lines change, and an event of another organizer holding one
    of them (its line is refused), so that the preview reads the rights of many players."""
    players = Player.objects.bulk_create(
        Player(first_name="First", last_name=f"Name{i:05d}", fmjd_id=f"{100000 + i}")
        for i in range(1, lines, 2)
    )
    registration_add(event=EventFactory(), player=players[0], user=None)


def test_the_players_preview_takes_as_many_queries_for_10_as_for_400_lines():
    organizer = make_organizer("olga")
    players_existing(400)
    counts = []
    for lines in (10, 400):
        with CaptureQueriesContext(connection) as queries:
            plan = import_plan(players_file(lines), user=organizer)
        counts.append(len(queries))
        assert plan.count(REFUSED) == 1 and "which you do not organize" in plan.lines[1].error
        assert plan.count(CREATE) == lines // 2 and plan.count(UPDATE) == lines // 2 - 1
    assert counts[0] == counts[1] <= 8


# The whole 10,000 lines in the deep sweep; `make test` keeps 1,000, which goes through the
# same jobs, batches and history.
@pytest.mark.parametrize("lines", [1_000, pytest.param(LINES, marks=pytest.mark.deep)])
def test_a_large_players_file_is_previewed_then_imported_by_jobs(
    lines, django_capture_on_commit_callbacks
):
    organizer = make_organizer("olga")
    players_existing(lines)
    client = logged_in(organizer)
    upload = SimpleUploadedFile("players.csv", players_file(lines), content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("admin:tournaments_player_import"), {"file": upload})
    job = ImportJob.objects.get()
    assert answer.status_code == 302 and answer.url.endswith(f"/import/{job.pk}/")
    assert (job.phase, job.status, job.done, job.total) == ("preview", "done", lines, lines)
    preview = client.get(answer.url)
    assert f"{lines // 2} players will be created" in preview.content.decode()
    assert Player.objects.count() == lines // 2
    with django_capture_on_commit_callbacks(execute=True):
        posted = client.post(answer.url, {**form_data(preview, "import-confirm"), "confirm": "1"})
    job.refresh_from_db()
    assert posted.status_code == 302
    assert (job.phase, job.status, job.done, job.total) == ("apply", "done", 2 * lines, 2 * lines)
    assert job.result == {"created": lines // 2, "updated": lines // 2 - 1}
    assert Player.objects.count() == lines
    assert Player.objects.get(fmjd_id="100003").rating == 1003
    assert Player.objects.get(fmjd_id="100001").rating == 0  # another organizer's player
    # Every write went through the history, naming who imported.
    assert Player.history.filter(history_user=organizer).count() == lines - 1
