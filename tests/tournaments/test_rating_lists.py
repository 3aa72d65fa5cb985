"""Rating lists: the FMJD file's preview and import (kept, never overwritten), players matched
by FMJD id and never silently by name, and the snapshot an event freezes at round 1."""

import datetime
from decimal import Decimal
from unittest import mock

import pytest
from django.db import IntegrityError
from django.urls import reverse

from tests.client import logged_in
from tests.factories import PlayerFactory, UserFactory, event_with_players
from tournaments.models import Player, RatingList, RatingPolicy, RatingSource
from tournaments.ratings.lists_import import (
    PROPOSED,
    rating_list_apply,
    rating_list_plan,
)
from tournaments.ratings.selectors import rating_report_get
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    ImportChangedError,
)
from tournaments.services.registrations import registration_add
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_pair, round_publish

pytestmark = pytest.mark.django_db

HEADER = b'"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
JANUARY = datetime.date(2026, 1, 1)
JULY = datetime.date(2026, 7, 1)


def imported(data: bytes, published=JANUARY, accepted=()) -> RatingList:
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=published)
    return rating_list_apply(
        data,
        source=RatingSource.FMJD_100,
        published=published,
        file_name="fmjd.csv",
        digest=plan.digest,
        accepted=accepted,
        user=None,
    )


def test_a_quoted_name_holding_a_comma_gives_two_rated_players_one_with_a_womens_rating():
    data = (
        HEADER
        + b'"15000","roel","Boomstra","Roel","NED","GMI","2400","",""\n'
        + b'"16000","tanya","Chub, de","Tamara","UKR","MI","2250","GMIF","2250"\n'
    )
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)
    assert [(line.number, line.action) for line in plan.lines] == [(2, CREATE), (3, CREATE)]
    rating_list = imported(data)
    ratings = {r.player.last_name: r for r in rating_list.ratings.select_related("player")}
    assert sorted(ratings) == ["Boomstra", "Chub, de"]
    assert ratings["Chub, de"].women_rating == 2250
    assert ratings["Boomstra"].women_rating is None
    assert Player.objects.get(fmjd_id="16000").federation == "UKR"


def test_a_file_lacking_nr_ew_is_refused_naming_it():
    data = b'"nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
    with pytest.raises(ImportFormatError, match="nr_ew"):
        rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)


def test_a_newer_list_is_a_new_list_and_shows_old_to_new_and_refusals_with_their_line():
    PlayerFactory(last_name="Boomstra", first_name="Roel", fmjd_id="15000")
    imported(HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n')
    data = (
        HEADER
        + b'"15000","","Boomstra","Roel","NED","GMI","2410","",""\n'
        + b'"17000","","Wrong","Rating","NED","","high","",""\n'
    )
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=JULY)
    update, refused = plan.lines
    assert (update.action, update.changes[0].old, update.changes[0].new) == (UPDATE, "2400", "2410")
    assert (refused.number, refused.action) == (3, REFUSED)
    assert "rating" in refused.error and "high" in refused.error
    imported(data, published=JULY)
    assert RatingList.objects.count() == 2
    assert rating_list_plan(HEADER, source=RatingSource.FMJD_100, published=JANUARY).replaces


def test_a_list_with_refused_lines_is_imported_again_under_its_date_replacing_it():
    PlayerFactory(last_name="Boomstra", first_name="Roel", fmjd_id="15000")
    imported(HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n', published=JULY)
    first = imported(
        HEADER
        + b'"15000","","Boomstra","Roel","NED","GMI","2410","",""\n'
        + b'"17000","","Baliakin","Alexander","RUS","","2fifty","",""\n'
    )
    assert first.ratings.count() == 1
    corrected = (
        HEADER
        + b'"15000","","Boomstra","Roel","NED","GMI","2410","",""\n'
        + b'"17000","","Baliakin","Alexander","RUS","","2350","",""\n'
    )
    plan = rating_list_plan(corrected, source=RatingSource.FMJD_100, published=JANUARY)
    assert (plan.replaces, plan.replaced_ratings) == (first, 1)
    # Old to new is said against the list being replaced.
    assert [line.action for line in plan.lines] == [UNCHANGED, CREATE]
    replaced = imported(corrected)
    assert not RatingList.objects.filter(pk=first.pk).exists()
    assert sorted(replaced.ratings.values_list("rating", flat=True)) == [2350, 2410]
    # The list of another date is never touched.
    july = RatingList.objects.get(published=JULY)
    assert list(july.ratings.values_list("rating", flat=True)) == [2400]


def test_a_replacing_preview_confirmed_after_the_list_changed_writes_nothing():
    imported(HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n')
    data = HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2410","",""\n'
    stale = rating_list_plan(data, source=RatingSource.FMJD_100, published=JULY)
    imported(HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2405","",""\n', JULY)
    with pytest.raises(ImportChangedError):
        rating_list_apply(
            data,
            source=RatingSource.FMJD_100,
            published=JULY,
            file_name="fmjd.csv",
            digest=stale.digest,
            accepted=(),
            user=None,
        )
    assert list(
        RatingList.objects.get(published=JULY).ratings.values_list("rating", flat=True)
    ) == [2405]


def test_a_player_found_by_name_only_is_proposed_and_written_only_when_accepted():
    ton = PlayerFactory(last_name="Sijbrands", first_name="Ton", fmjd_id="")
    data = HEADER + b'"11000","","Sijbrands","Ton","NED","GMI","2300","",""\n'
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)
    assert (plan.lines[0].action, plan.lines[0].player_id) == (PROPOSED, ton.pk)
    imported(data)
    ton.refresh_from_db()
    assert (ton.fmjd_id, ton.ratings.count(), Player.objects.count()) == ("", 0, 1)
    imported(data, published=JULY, accepted={2})
    ton.refresh_from_db()
    assert (ton.fmjd_id, ton.ratings.get().rating) == ("11000", 2300)


def test_an_unchanged_rating_is_said_unchanged():
    PlayerFactory(fmjd_id="15000")
    line = HEADER + b'"15000","","Boomstra","Roel","NED","","2400","",""\n'
    imported(line)
    plan = rating_list_plan(line, source=RatingSource.FMJD_100, published=JULY)
    assert plan.lines[0].action == UNCHANGED


def _event_on_the_january_list(policy: str):
    user = UserFactory()
    event = event_with_players(
        user, players=2, rating_policy=policy, rating_list_date=datetime.date(2026, 6, 1)
    )
    first, second = (r.player for r in event.registrations.order_by("pairing_number"))
    first.fmjd_id, second.fmjd_id = "1", "2"
    first.save()
    second.save()
    imported(
        HEADER
        + b'"1","","A","A","NED","","1500","",""\n'
        + b'"2","","B","B","NED","","1700","",""\n'
    )
    return user, event


def test_round_1_freezes_the_list_of_the_policy_and_a_later_list_changes_nothing():
    user, event = _event_on_the_january_list(RatingPolicy.FMJD)
    round_ = round_pair(event=event, user=user)
    registrations = list(event.registrations.order_by("pairing_number"))
    assert [(r.player.fmjd_id, r.rating) for r in registrations] == [("2", 1700), ("1", 1500)]
    assert registrations[0].rating_source == "FMJD 100-square 2026-01-01"
    imported(
        HEADER
        + b'"1","","A","A","NED","","1900","",""\n'
        + b'"2","","B","B","NED","","1000","",""\n',
        published=datetime.date(2026, 5, 1),
    )
    round_publish(round=round_, user=user)
    game = round_.pairings.get().games.get()
    result_record(game=game, result="1-0", user=user)
    round_complete(round=round_, user=user)
    event.rating_k = 20
    event.save()
    rows = rating_report_get(event)
    # The snapshot, not the newer list: 1700 beat 1500 (difference 200, expectancy 0.76).
    assert [(r.number, r.rating, r.games, r.score, r.expected, r.change) for r in rows] == [
        (1, 1700, 1, Decimal(1), Decimal("0.76"), Decimal("4.80")),
        (2, 1500, 1, Decimal(0), Decimal("0.24"), Decimal("-4.80")),
    ]


def test_the_entered_policy_keeps_the_rating_typed_at_registration():
    user, event = _event_on_the_january_list(RatingPolicy.ENTERED)
    before = sorted(event.registrations.values_list("rating", flat=True))
    round_pair(event=event, user=user)
    assert sorted(event.registrations.values_list("rating", flat=True)) == before


def test_a_late_entry_takes_the_rating_of_the_same_list():
    user, event = _event_on_the_january_list(RatingPolicy.FMJD)
    round_pair(event=event, user=user)
    late = PlayerFactory(fmjd_id="3", rating=1234)
    imported(
        HEADER + b'"3","","C","C","NED","","1600","",""\n', published=datetime.date(2026, 3, 1)
    )
    imported(
        HEADER + b'"3","","C","C","NED","","1950","",""\n', published=datetime.date(2026, 6, 2)
    )
    entry = registration_add(event=event, player=late, user=user)
    assert (entry.rating, entry.rating_source) == (1600, "FMJD 100-square 2026-03-01")


def test_a_list_written_meanwhile_by_another_import_leaves_nothing_written():
    data = HEADER + b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n'
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=JANUARY)
    with (
        mock.patch.object(RatingList.objects, "create", side_effect=IntegrityError),
        pytest.raises(ImportChangedError, match="while the list was being written"),
    ):
        rating_list_apply(
            data,
            source=RatingSource.FMJD_100,
            published=JANUARY,
            file_name="fmjd.csv",
            digest=plan.digest,
            accepted=(),
            user=None,
        )
    assert not Player.objects.exists() and not RatingList.objects.exists()


def test_the_list_keeps_its_file_as_imported_for_whoever_may_see_the_list(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    data = HEADER + b'"15000","roel","Boomstra","Roel","NED","GMI","2400","",""\n'
    rating_list = imported(data)
    with rating_list.file.open("rb") as handle:
        assert handle.read() == data
    url = reverse("admin:tournaments_ratinglist_file", args=(rating_list.pk,))
    superuser = UserFactory(is_superuser=True, is_staff=True)
    page = logged_in(superuser).get(
        reverse("admin:tournaments_ratinglist_change", args=(rating_list.pk,))
    )
    assert url in page.content.decode()
    answer = logged_in(superuser).get(url)
    assert answer.status_code == 200
    assert b"".join(answer.streaming_content) == data
    assert 'filename="fmjd.csv"' in answer["Content-Disposition"]
    stranger = UserFactory(is_staff=True)
    assert logged_in(stranger).get(url).status_code == 403
