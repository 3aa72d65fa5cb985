"""A player's public page draws his rating history from the lists (inline SVG)."""

import datetime

import pytest

from tournaments.models import Rating, RatingList, RatingSource

pytestmark = pytest.mark.django_db


def test_the_player_page_charts_his_fmjd_lists_oldest_first(client, swiss):
    first = swiss.registrations.get(pairing_number=1)
    for published, rating in ((datetime.date(2026, 7, 1), 2111), (datetime.date(2026, 1, 1), 2055)):
        rating_list = RatingList.objects.create(source=RatingSource.FMJD_100, published=published)
        Rating.objects.create(rating_list=rating_list, player=first.player, rating=rating)
    page = client.get(f"/events/{swiss.slug}/players/1/").content.decode()
    chart = page[page.index('id="rating-history"') : page.index("</figure>")]
    assert "Rating history (FMJD 100-square)" in chart and "<polyline" in chart
    assert chart.index("2026-01-01") < chart.index("2026-07-01")
    assert chart.index(">2055<") < chart.index(">2111<")


def test_a_player_on_no_list_has_no_chart(client, swiss):
    page = client.get(f"/events/{swiss.slug}/players/2/").content.decode()
    assert 'id="rating-history"' not in page
