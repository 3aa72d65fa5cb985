"""Messages a person reads in the admin: sentences, not raw data."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.client import form_data, logged_in
from tests.factories import PlayerFactory, event_with_players, make_organizer, played_event
from tournaments.models import Player
from tournaments.services.errors import RegistrationError
from tournaments.services.registrations import registration_withdraw

pytestmark = pytest.mark.django_db


def test_the_admin_is_titled_damier():
    page = logged_in(make_organizer("olga")).get(reverse("admin:index")).content.decode()
    assert "Damier administration" in page and "Django administration" not in page


def test_a_taken_fmjd_id_is_said_in_a_sentence():
    PlayerFactory(fmjd_id="15000")
    with pytest.raises(ValidationError) as refused:
        Player(last_name="X", first_name="Y", fmjd_id="15000").full_clean()
    assert refused.value.messages == ["Another player already has this FMJD id."]


def test_a_withdrawal_after_the_last_round_is_refused():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4, number_of_rounds=5)
    registration = event.registrations.first()
    with pytest.raises(RegistrationError, match="has rounds 1 to 5: there is no round 9"):
        registration_withdraw(registration=registration, from_round=9, user=organizer)
    registration.refresh_from_db()
    assert registration.withdrawn_from_round is None


def test_the_event_page_exports_trf_and_links_the_pdn():
    from tournaments.pairing import trf_loads

    organizer = make_organizer("olga")
    event, _round = played_event(organizer)
    client = logged_in(organizer)
    page = client.get(reverse("admin:tournaments_event_change", args=(event.pk,))).content
    trf_url = reverse("admin:tournaments_event_trf", args=(event.pk,))
    assert trf_url.encode() in page
    assert reverse("public:event_pdn", args=(event.slug,)).encode() in page
    response = client.get(trf_url)
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}.trf"'
    document = trf_loads(response.content.decode())
    assert document.event.name == event.name
    assert len(document.state.competitors) == event.registrations.count()


def test_players_are_registered_from_the_event_page():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=2)
    boomstra = PlayerFactory(last_name="Boomstra")
    PlayerFactory(last_name="Georgiev")
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_register", args=(event.pk,))
    page = client.get(url, {"q": "boom"}).content.decode()
    assert "Boomstra" in page and "Georgiev" not in page
    response = client.post(url + "?q=boom", {"players": [boomstra.pk]}, follow=True)
    assert "1 player registered in" in response.content.decode()
    assert event.registrations.filter(player=boomstra).exists()
    assert event.registrations.count() == 3


def _event_form(client, **values) -> dict:

    page = client.get(reverse("admin:tournaments_event_add"))
    data = {
        key: found[0] if found else ""
        for key, found in form_data(page, "event_form").items()
        if key not in ("organizers", "arbiters")
    }
    data.update(
        variant="international",
        start_date="2026-07-01",
        end_date="2026-07-05",
        system="swiss",
        number_of_rounds="5",
        **values,
    )
    return data


def test_an_empty_slug_is_made_from_the_name():
    from tournaments.models import Event

    client = logged_in(make_organizer("olga"))
    add = reverse("admin:tournaments_event_add")
    for _ in range(2):
        response = client.post(add, _event_form(client, name="Open de Paris", slug=""))
        assert response.status_code == 302
    assert sorted(Event.objects.values_list("slug", flat=True)) == [
        "open-de-paris",
        "open-de-paris-2",
    ]


def test_a_slug_that_cannot_be_made_or_is_taken_is_said_plainly():
    from tournaments.models import Event

    client = logged_in(make_organizer("olga"))
    add = reverse("admin:tournaments_event_add")
    page = client.post(add, _event_form(client, name="Турнир", slug="")).content.decode()
    assert "Enter a slug: the name “Турнир” has no letter or digit a web address can hold." in page
    assert "already exists" not in page
    client.post(add, _event_form(client, name="Open", slug="open"))
    page = client.post(add, _event_form(client, name="Open B", slug="open")).content.decode()
    assert "Another event already has this slug (its web address)." in page
    assert "Event with this Slug already exists." not in page
    assert Event.objects.count() == 1


def test_each_refusal_of_an_arbiter_account_is_its_own_message():
    """Several password rules failing at once are listed one per line, not run together."""
    import re

    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=2, organizers=[organizer])
    client = logged_in(organizer)
    page = client.post(
        reverse("admin:games_dispute_arbiters") + f"?event={event.pk}",
        {
            "action": "create",
            "event": event.pk,
            "username": "arbiter",
            "password1": "1234",
            "password2": "1234",
        },
    ).content.decode()
    errors = re.search(r'<ul class="errorlist nonfield">(.*?)</ul>', page, re.S).group(1)
    reasons = re.findall(r"<li>(.*?)</li>", errors, re.S)
    assert "This password is too common." in reasons, reasons
    assert "This password is entirely numeric." in reasons, reasons
    assert not any("too short" in reason and "too common" in reason for reason in reasons)
