"""Names found and sorted as people read them, accents aside: "lefevre" finds "Lefèvre"
and "Lefèvre" sorts between "Lefebvre" and "Lefort" (SQLite here; the same with
DATABASE_URL pointing at PostgreSQL)."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import PlayerFactory, make_organizer
from tournaments.models import Player
from tournaments.names import fold, name_contains, name_order

pytestmark = pytest.mark.django_db

NAMES = ("Lefort", "Lefèvre", "Lefebvre", "Ölund", "Olsen", "Ozoliņš")


@pytest.fixture
def players():
    return [PlayerFactory(last_name=name, first_name="Anne") for name in NAMES]


def test_fold_takes_off_case_and_accents():
    assert [fold(name) for name in NAMES] == [
        "lefort",
        "lefevre",
        "lefebvre",
        "olund",
        "olsen",
        "ozolins",
    ]


def test_a_name_is_found_without_its_accents(players):
    found = Player.objects.filter(name_contains("lefevre", "last_name"))
    assert list(found.values_list("last_name", flat=True)) == ["Lefèvre"]
    found = Player.objects.filter(name_contains("OZOLINS", "last_name"))
    assert list(found.values_list("last_name", flat=True)) == ["Ozoliņš"]


def test_accented_names_sort_with_the_plain_ones(players):
    ordered = Player.objects.order_by(*name_order("last_name"))
    assert list(ordered.values_list("last_name", flat=True)) == [
        "Lefebvre",
        "Lefèvre",
        "Lefort",
        "Olsen",
        "Ölund",
        "Ozoliņš",
    ]


def test_the_admin_player_list_finds_and_sorts_them(players):
    client = logged_in(make_organizer("name-organizer"))
    page = client.get(reverse("admin:tournaments_player_changelist"), {"q": "lefevre"})
    assert "Lefèvre" in page.content.decode() and "Lefort" not in page.content.decode()
    page = client.get(reverse("admin:tournaments_player_changelist")).content.decode()
    assert page.index("Lefèvre") < page.index("Lefort") < page.index("Ölund") < page.index("Ozol")
