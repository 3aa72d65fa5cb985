"""The public event list filtered by name (``/events/?q=``): case and accents aside, drafts
never shown, with its search box."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import event_made, make_organizer
from tournaments.services.events import event_publish

pytestmark = pytest.mark.django_db


def test_the_event_list_finds_events_by_name_case_and_accents_aside():
    organizer = make_organizer("organizer")
    for name, slug in (("Coupe de Lyon", "coupe"), ("Championnat de France", "france")):
        event_publish(
            event=event_made(organizer, name=name, slug=slug, number_of_rounds=5), user=organizer
        )
    event_made(organizer, name="Coupé secrète", slug="secret", number_of_rounds=5)
    url = reverse("public:event_list")
    page = Client().get(url, {"q": "COUPÉ"}).content.decode()
    assert "Coupe de Lyon" in page and "Championnat de France" not in page
    assert "secrète" not in page and 'value="COUPÉ"' in page
    everything = Client().get(url).content.decode()
    assert 'id="event-q"' in everything and "Championnat de France" in everything
    assert "secrète" not in everything
    assert "Coupe" not in Client().get(url, {"q": "xyz"}).content.decode()
