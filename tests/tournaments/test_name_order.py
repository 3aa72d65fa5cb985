"""Surnames sorted as their languages sort them, the same on SQLite and PostgreSQL
(tournaments.names.SortName): "de Haan" under D and "Çelik" under C, never after "Zwart";
in a Dutch list a lower-case prefix (tussenvoegsel) is passed over: "van der Veen" under V
elsewhere, under Veen in Dutch; "De Haan" with a capital keeps its D. The `postgres` test
runs the same checks where DATABASE_URL points at PostgreSQL."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.client import logged_in
from tests.factories import PlayerFactory, event_with_players, make_organizer
from tournaments.models import Player, Registration
from tournaments.names import person_order, sort_key
from tournaments.services.registrations import registration_add

pytestmark = pytest.mark.django_db

NAMES = ("Zwart", "de Haan", "van 't Hof", "van der Veen", "Çelik", "Öztürk", "Bakker", "De Bruin")

ENGLISH = [
    "Bakker",
    "Çelik",
    "De Bruin",
    "de Haan",
    "Öztürk",
    "van der Veen",
    "van 't Hof",
    "Zwart",
]
DUTCH = [
    "Bakker",
    "Çelik",
    "De Bruin",
    "de Haan",
    "van 't Hof",
    "Öztürk",
    "van der Veen",
    "Zwart",
]


@pytest.fixture
def players():
    return [PlayerFactory(last_name=name, first_name="Anne") for name in NAMES]


def _sorted(language: str) -> list[str]:
    with translation.override(language):
        return list(Player.objects.order_by(*person_order()).values_list("last_name", flat=True))


def _check_orders() -> None:
    assert _sorted("en") == ENGLISH
    assert _sorted("fr") == ENGLISH
    assert _sorted("nl") == DUTCH
    with translation.override("nl"):  # the model's own ordering follows the language too
        assert list(Player.objects.values_list("last_name", flat=True)) == DUTCH
    assert sorted(NAMES, key=lambda n: sort_key(n, language="nl")) == DUTCH
    assert sorted(NAMES, key=lambda n: sort_key(n, language="en")) == ENGLISH


def test_surnames_sort_by_language(players):
    _check_orders()


@pytest.mark.postgres
def test_surnames_sort_by_language_on_postgresql(players):
    assert connection.vendor == "postgresql"
    _check_orders()


def test_the_dutch_registration_list_sorts_on_the_name_after_the_prefix(players, client):
    organizer = make_organizer("order-organizer")
    event = event_with_players(organizer, players=0)
    for player in Player.objects.filter(last_name__in=NAMES):
        registration_add(event=event, player=player, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_registration_changelist")
    # The list sorted on its player column, in Dutch then in English.
    column = 2
    dutch = client.get(url, {"o": column}, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    positions = [dutch.index(f">{escape(name)}, Anne<") for name in DUTCH]
    assert positions == sorted(positions)
    english = client.get(url, {"o": column}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    positions = [english.index(f">{escape(name)}, Anne<") for name in ENGLISH]
    assert positions == sorted(positions)
    assert Registration.objects.filter(event=event).count() == len(NAMES)


#: Russian surnames as a Russian list sorts them: Ё with Е (as dictionaries and the FMJD's
#: Russian lists do), never after Я.
RUSSIAN = ["Абрамов", "Егоров", "ёжиков", "Ёлкин", "Жуков", "Ильин", "Эткин", "Яковлев"]


def _check_russian_order() -> None:
    for name in reversed(RUSSIAN):
        PlayerFactory(last_name=name, first_name="Анна")
    with translation.override("ru"):
        got = list(Player.objects.order_by(*person_order()).values_list("last_name", flat=True))
    assert got == RUSSIAN
    assert sorted(RUSSIAN[::-1], key=lambda n: sort_key(n, language="ru")) == RUSSIAN


def test_russian_surnames_sort_yo_with_ye():
    _check_russian_order()


@pytest.mark.postgres
def test_russian_surnames_sort_yo_with_ye_on_postgresql():
    assert connection.vendor == "postgresql"
    _check_russian_order()
