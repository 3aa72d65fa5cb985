"""The archive of an event of many players is previewed and imported in a number of queries
that does not grow with its players (matched from a few queries for the whole file, new
players and registrations written in batches with their history), and forgets the cached
event states once, not once per history row written (tournaments.live)."""

import pytest

from games.archive.check import archive_open
from games.archive.load import archive_import
from games.archive.preview import archive_preview
from games.archive.write import event_archive
from tests.factories import make_organizer
from tournaments import live
from tournaments.models import Event, Player, Registration, System
from tournaments.services.events import event_create

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MEMBERS = 1_000


def test_a_1000_member_archive_takes_a_bounded_number_of_queries(
    settings, tmp_path, django_assert_max_num_queries, monkeypatch
):
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("organizer")
    event = event_create(
        user=organizer,
        name="Big open",
        slug="big-open",
        variant="international",
        start_date="2026-01-01",
        end_date="2026-01-02",
        system=System.ROUND_ROBIN,
    )
    players = Player.objects.bulk_create(
        Player(first_name="A", last_name=f"Member{i:04d}", fmjd_id=f"{500000 + i}")
        for i in range(MEMBERS)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, pairing_number=i + 1) for i, p in enumerate(players)
    )
    archive = archive_open(event_archive(event=event, user=organizer), name="big.zip")
    # Another instance: half the players are there, half are created.
    Player.objects.filter(pk__in=[p.pk for p in players[::2]]).update(fmjd_id="")
    Registration.objects.all().delete()
    Event.objects.all().delete()
    with django_assert_max_num_queries(100):
        preview = archive_preview(archive=archive, user=organizer)
    assert preview.report.counts["players"] == MEMBERS // 2
    forgotten: list[int] = []
    forget = live.forget_states
    monkeypatch.setattr(live, "forget_states", lambda: (forgotten.append(1), forget())[-1])
    with django_assert_max_num_queries(100):
        archive_import(archive=archive, user=organizer, slug=preview.slug)
    # each cache call costs a round trip to Redis: a call per row made large imports slow
    assert 1 <= len(forgotten) <= 2
    assert Registration.objects.count() == MEMBERS
    assert Player.objects.count() == MEMBERS + MEMBERS // 2
    assert Player.history.filter(history_type="+").count() >= MEMBERS // 2
