"""Rating groups on the public standings page and in the API's standings: each group holds
the players whose rating at start falls in it, in the order of the event's standings."""

import re

import pytest

from tournaments.selectors.standings import standings_get
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def grouped(swiss, organizer):
    """The Swiss (ratings 2400, 2390, ..., 2340) with groups below 2360, 2360-2379, 2380 up."""
    return event_update(event=swiss, user=organizer, rating_groups=[2360, 2380])


def expected_groups(event) -> dict[str, list[str]]:
    """The groups computed here from the standings and the bounds, apart from the code."""
    rows = standings_get(event, after_round=2)
    return {
        "< 2360": [r.name for r in rows if r.rating < 2360],
        "2360-2379": [r.name for r in rows if 2360 <= r.rating < 2380],
        ">= 2380": [r.name for r in rows if r.rating >= 2380],
    }


def test_the_standings_page_shows_each_rating_group_in_the_standings_order(client, grouped):
    page = client.get(f"/events/{grouped.slug}/standings/").content.decode()
    assert 'id="rating-groups"' in page
    shown = {}
    for table in re.findall(r'<table class="rating-group".*?</table>', page, re.DOTALL):
        label = re.search(r"<caption>Rating group (.*?)</caption>", table).group(1)
        shown[label.replace("&lt;", "<").replace("&gt;", ">")] = re.findall(
            r'<a href="/events/[^"]+/players/\d+/">(.*?)</a>', table
        )
    assert shown == expected_groups(grouped)
    assert sum(len(names) for names in shown.values()) == 7


def test_an_event_without_groups_shows_none(client, swiss):
    page = client.get(f"/events/{swiss.slug}/standings/").content.decode()
    assert 'id="rating-groups"' not in page


def test_the_api_gives_each_standing_its_rating_group_and_place(client, grouped):
    event = client.get(f"/api/events/{grouped.slug}/").json()
    assert event["rating_groups"] == [2360, 2380]
    rows = client.get(f"/api/events/{grouped.slug}/standings/?round=2").json()["results"]
    places: dict[str, list[tuple[int, str]]] = {}
    for row in rows:
        places.setdefault(row["rating_group"], []).append((row["group_place"], row["name"]))
    expected = expected_groups(grouped)
    assert {label: [name for _place, name in members] for label, members in places.items()} == (
        expected
    )
    for members in places.values():
        assert [place for place, _name in members] == list(range(1, len(members) + 1))


def test_the_api_standings_have_no_group_without_bounds(client, swiss):
    rows = client.get(f"/api/events/{swiss.slug}/standings/").json()["results"]
    assert {(row["rating_group"], row["group_place"]) for row in rows} == {(None, None)}
