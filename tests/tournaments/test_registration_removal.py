"""Removing a player registered by mistake: while a draft round holds them the admin says to
delete the draft first; once it is deleted the player is removed; a published round's
player is withdrawn instead. Never a "permission" message."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import event_with_players, make_organizer
from tournaments.models import Registration
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def test_a_player_in_a_draft_round_is_removed_after_the_draft(client):
    organizer = make_organizer("removal-organizer")
    event = event_with_players(organizer, players=5, organizers=[organizer])
    draft = rounds.round_pair(event=event, user=organizer)
    registration = event.registrations.order_by("pairing_number").last()
    client = logged_in(organizer)
    delete = reverse("admin:tournaments_registration_delete", args=(registration.pk,))
    page = client.get(delete, follow=True).content.decode()
    assert "paired in the draft of round 1: delete that draft" in page
    assert "permission" not in page
    rounds.round_delete_draft(round=draft, user=organizer)
    assert client.post(delete, {"post": "yes"}).status_code == 302
    assert not Registration.objects.filter(pk=registration.pk).exists()


def test_a_player_of_a_published_round_is_withdrawn_instead(client):
    organizer = make_organizer("removal-organizer-2")
    event = event_with_players(organizer, players=4, organizers=[organizer])
    rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=organizer)
    registration = event.registrations.first()
    client = logged_in(organizer)
    delete = reverse("admin:tournaments_registration_delete", args=(registration.pk,))
    page = client.post(delete, {"post": "yes"}, follow=True).content.decode()
    assert "withdraw the player from the next round instead" in page
    assert Registration.objects.filter(pk=registration.pk).exists()
