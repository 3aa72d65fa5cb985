"""The hall's pages: the player's check-in on his phone, the kiosk on the hall's tablet (its
organizers only; a player confirms with his PIN, wrong PINs limited), the hall screen (public
for a published event, 404 for a draft) and the admin's check-in page of the open round."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from hall.models import CheckIn, CheckInMode, CheckInRule, CheckInStatus
from hall.selectors import kiosk_pin
from hall.services import KIOSK_ATTEMPTS
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    cache.clear()
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4)
    CheckInRule.objects.create(event=event, mode=CheckInMode.FIRST_ROUND)
    return event


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _player(event, number: int = 1):
    registration = event.registrations.get(pairing_number=number)
    user = UserFactory(username=f"p{number}", is_staff=False)
    registration.player.user = user
    registration.player.save()
    return registration, user


def test_a_player_checks_in_on_his_phone(event):
    registration, user = _player(event)
    client = _logged_in(user)
    url = reverse("hall:check_in", args=[event.slug])
    page = client.get(url)
    assert page.status_code == 200
    assert b'id="check-in-button"' in page.content
    assert kiosk_pin(registration).encode() in page.content
    answer = client.post(url)
    assert answer.status_code == 302
    page = client.get(url)
    assert b'id="check-in-confirmation"' in page.content
    assert registration.player.last_name.encode() in page.content
    assert CheckIn.objects.get().status == CheckInStatus.PRESENT


def test_the_check_in_page_asks_a_login_and_a_player(event):
    url = reverse("hall:check_in", args=[event.slug])
    assert Client().get(url).status_code == 302
    stranger = _logged_in(UserFactory(username="stranger", is_staff=False))
    assert b'id="check-in-not-player"' in stranger.get(url).content
    assert stranger.post(url).status_code == 409
    assert not CheckIn.objects.exists()


def test_the_check_in_closes_once_the_round_is_paired(event):
    _registration, user = _player(event)
    rounds.round_pair(event=event, user=event.organizers.get())
    client = _logged_in(user)
    url = reverse("hall:check_in", args=[event.slug])
    assert b'id="check-in-closed"' in client.get(url).content
    assert client.post(url).status_code == 409
    assert not CheckIn.objects.exists()


def test_the_kiosk_is_its_organizers(event):
    url = reverse("hall:kiosk", args=[event.slug])
    assert Client().get(url).status_code == 302
    assert _logged_in(make_organizer("other")).get(url).status_code == 403
    player = _logged_in(UserFactory(username="someone", is_staff=False))
    assert player.get(url).status_code == 403
    page = _logged_in(event.organizers.get()).get(url)
    assert page.status_code == 200
    assert page.content.count(b'class="kiosk-player"') == 4


@pytest.mark.parametrize("pin", ["", "0000000", "' OR 1=1 --", "١٢٣٤", "x" * 5000])
def test_a_wrong_pin_is_refused(event, pin):
    registration = event.registrations.first()
    client = _logged_in(event.organizers.get())
    url = reverse("hall:kiosk_player", args=[event.slug, registration.pk])
    answer = client.post(url, {"pin": pin})
    assert answer.status_code == 400
    assert b'id="kiosk-error"' in answer.content
    assert not CheckIn.objects.exists()


def test_the_right_pin_checks_in_and_wrong_ones_are_limited(event):
    first, second = event.registrations.order_by("pairing_number")[:2]
    client = _logged_in(event.organizers.get())
    url = reverse("hall:kiosk_player", args=[event.slug, first.pk])
    answer = client.post(url, {"pin": kiosk_pin(first)})
    assert answer.status_code == 302
    assert b"kiosk-messages" in client.get(answer["Location"]).content
    assert CheckIn.objects.get().registration == first
    url = reverse("hall:kiosk_player", args=[event.slug, second.pk])
    for _ in range(KIOSK_ATTEMPTS):
        client.post(url, {"pin": "----"})
    assert client.post(url, {"pin": kiosk_pin(second)}).status_code == 403
    assert CheckIn.objects.count() == 1


def test_the_hall_screen(event):
    organizer = event.organizers.get()
    url = reverse("hall:screen", args=[event.slug])
    page = Client().get(url)
    assert page.status_code == 200
    assert b"No round is published yet." in page.content
    round_ = rounds.round_pair(event=event, user=organizer)
    rounds.round_publish(round=round_, user=organizer)
    page = Client().get(url)
    assert b'id="screen-boards"' in page.content
    assert b'id="screen-names"' in page.content
    assert b'src="data:image/svg+xml' in page.content
    assert b"<script>" not in page.content
    event.published = False
    event.save()
    assert Client().get(url).status_code == 404


def test_the_admin_marks_the_missing_absent(event):
    registration, _user = _player(event)
    client = _logged_in(event.organizers.get())
    rule = CheckInRule.objects.get(event=event)
    url = reverse("admin:hall_checkinrule_round", args=[rule.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert page.content.count(b'class="missing"') == 4
    assert (
        client.post(url, {"action": "present", "registration": registration.pk}).status_code == 302
    )
    assert client.post(url, {"action": "absent", "registration": "abc"}).status_code == 404
    assert client.post(url, {"action": "missing"}).status_code == 302
    statuses = sorted(CheckIn.objects.values_list("status", flat=True))
    assert statuses == ["absent", "absent", "absent", "present"]
    assert b'class="missing"' not in client.get(url).content


def test_the_event_page_links_to_the_check_in_while_it_is_open():
    organizer = make_organizer("organizer")
    event = event_with_players(organizer, players=4)
    client = Client()
    url = reverse("public:event_home", args=[event.slug])
    page = client.get(url)
    assert b'id="hall-screen"' in page.content and b'id="check-in"' not in page.content
    CheckInRule.objects.create(event=event, mode=CheckInMode.FIRST_ROUND)
    # The rule's history is part of the event's state: the page is not answered 304.
    again = client.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    assert again.status_code == 200 and b'id="check-in"' in again.content
    rounds.round_pair(event=event, user=organizer)
    assert b'id="check-in"' not in client.get(url).content
