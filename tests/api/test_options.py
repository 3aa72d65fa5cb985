"""OPTIONS on every endpoint of the API answers without a server error, for a visitor, a
logged-in user and the event's organizer (DRF describes PUT and POST from the view)."""

import pytest
from django.urls import URLPattern, get_resolver, reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def api_patterns() -> list[URLPattern]:
    """The API's URL patterns (the namespace "api")."""
    patterns = get_resolver().namespace_dict["api"][1].url_patterns
    return [p for p in patterns if isinstance(p, URLPattern) and p.name]


def test_options_is_never_a_server_error(swiss, organizer):
    game = Game.objects.filter(pairing__round__event=swiss).order_by("pk").first()
    values = {"slug": swiss.slug, "round": 1, "number": 1, "game_id": game.pk}
    values |= {"dispute_id": 1, "document_id": 1}
    values["player_id"] = swiss.registrations.order_by("pairing_number").first().player_id
    visitor, member, official = APIClient(), APIClient(), APIClient()
    member.force_login(UserFactory(username="member", is_staff=False))
    official.force_login(organizer)
    answered = []
    for pattern in api_patterns():
        kwargs = {name: values[name] for name in pattern.pattern.converters}
        url = reverse(f"api:{pattern.name}", kwargs=kwargs)
        for client in (visitor, member, official):
            response = client.options(url)
            assert response.status_code < 500, f"OPTIONS {url}: {response.status_code}"
            answered.append(url)
    assert f"/api/events/{swiss.slug}/games/{game.pk}/record/" in answered
    assert len(answered) == 3 * len(api_patterns())
