"""The rating distribution of an event's field: the bands counted apart from the code (a
Counter of rating // 100), the bars' heights in proportion, and the event page's figure."""

import doctest
import importlib
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.models import Registration
from tournaments.rating_distribution import BAND, rating_distribution

ratings = st.lists(st.one_of(st.just(0), st.integers(800, 2800)), min_size=1, max_size=60)


@given(ratings)
def test_every_band_counts_the_players_rated_in_it(field):
    chart = rating_distribution(field)
    rated = [rating for rating in field if rating]
    if not rated:
        assert chart is None
        return
    bands = Counter(rating // 100 * 100 for rating in rated)
    assert {bar.low: bar.count for bar in chart.bars if bar.count} == dict(bands)
    lows = [bar.low for bar in chart.bars]
    assert lows == list(range(min(bands), max(bands) + BAND, BAND))  # no band left out
    assert (chart.rated, chart.unrated) == (len(rated), len(field) - len(rated))
    assert chart.average == round(sum(rated) / len(rated))


@given(ratings)
def test_the_bars_stand_on_the_baseline_in_proportion_and_inside_the_drawing(field):
    chart = rating_distribution(field)
    if chart is None:
        return
    tallest = max(bar.count for bar in chart.bars)
    for bar in chart.bars:
        assert bar.y + bar.height == chart.baseline
        assert abs(bar.height - bar.count * (chart.baseline - 30) / tallest) <= 0.5
        assert bar.x >= 0 and bar.x + bar.width <= chart.width
    assert chart.bars[0].labelled
    xs = [bar.x for bar in chart.bars if bar.labelled]
    assert all(b - a >= 30 for a, b in pairwise(xs))


def test_docstring_examples():
    result = doctest.testmod(importlib.import_module("tournaments.rating_distribution"))
    assert result.attempted and not result.failed


@pytest.mark.django_db
def test_the_event_page_draws_the_field_s_distribution(client, swiss):
    Registration.objects.filter(event=swiss, pairing_number=7).update(rating=0)
    page = client.get(f"/events/{swiss.slug}/").content.decode()
    figure = page[page.index('id="rating-distribution"') : page.index("</figure>")]
    # Ratings at start 2400, 2390, ..., 2350 and one unrated: 2300-2399 holds five.
    assert "Ratings at start: 6 rated players, average 2375; 1 unrated" in figure
    assert "2300-2399: 5 players" in figure and "2400-2499: 1 player<" in figure
    assert figure.count("<rect") == 2


@pytest.mark.django_db
def test_a_field_without_ratings_has_no_distribution(client, swiss):
    Registration.objects.filter(event=swiss).update(rating=0)
    page = client.get(f"/events/{swiss.slug}/").content.decode()
    assert 'id="rating-distribution"' not in page
