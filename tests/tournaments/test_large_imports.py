"""A rating list of 10,000 lines is previewed in a number of queries that does not grow with its
lines (one lookup of the players for the whole file) and written in a few queries per
thousand lines (rows written in batches), where it took three queries a line to preview and
more to write."""

import datetime

import pytest

from tests.factories import PlayerFactory
from tournaments.models import Player, Rating, RatingSource
from tournaments.services.players_import import CREATE, UNCHANGED
from tournaments.services.rating_lists_import import rating_list_apply, rating_list_plan

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
