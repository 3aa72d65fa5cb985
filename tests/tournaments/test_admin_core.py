"""The admin on the tournament core's rules: draft warnings on the round page, event settings
through event_update, deleting prohibited pairings and bye requests through their services,
the engine's refusals and the two-game Swiss ranking."""

import pytest
from django.urls import reverse

from tests.client import form_data, logged_in, message_texts
from tests.factories import completed_round_1, event_with_players, make_organizer
from tournaments.models import ByeRequest, Event, ProhibitedPairing
from tournaments.services import registrations, rounds
from tournaments.services.events import FIXED_ONCE_PAIRED

pytestmark = pytest.mark.django_db


# --- draft warnings ------------------------------------------------------------------------


def test_the_round_page_shows_the_warnings_of_every_draft_board():
    organizer = make_organizer("olga")
    event = completed_round_1(organizer, players=4)
    round_1 = event.rounds.get(number=1)
    round_2 = rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_change", args=(round_2.pk,))
    assert 'data-code="' not in client.get(url).content.decode()
    # Edited through the service, not the admin: the page finds the warnings itself, and on
    # both boards (the displaced players now meet again on the other one).
    old = round_1.pairings.get(board=1)
    rounds.pairing_update(
        pairing=round_2.pairings.get(board=1), white=old.white, black=old.black, user=None
    )
    page = client.get(url).content.decode()
    assert page.count('data-code="rematch"') == 2
    assert page.count("have already played each other (C.04.1 b: no rematch)") == 2
    rounds.round_publish(round=round_2, user=organizer)
    assert 'data-code="' not in client.get(url).content.decode()


# --- event settings ------------------------------------------------------------------------


def test_fixed_settings_are_read_only_once_a_round_exists_and_the_rest_saves():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    assert "system" in form_data(client.get(url), "event_form")
    rounds.round_pair(event=event, user=organizer)
    data = form_data(client.get(url), "event_form")
    assert not set(FIXED_ONCE_PAIRED) & set(data)
    data.update(venue=["Hoogeveen"], system=["rr"], points_win=["3"])  # the last two ignored
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.venue, event.system, event.points_win) == ("Hoogeveen", "swiss", 2)
    assert event.history.first().history_user == organizer


def test_a_refused_setting_is_an_error_message_and_nothing_is_saved():
    organizer = make_organizer("olga")
    event = completed_round_1(organizer, players=4, number_of_rounds=3)
    rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    data = form_data(client.get(url), "event_form")
    data.update(number_of_rounds=["1"], venue=["Hoogeveen"])
    response = client.post(url, data, follow=True)
    assert any("the Swiss cannot be cut to 1 rounds" in t for t in message_texts(response))
    event.refresh_from_db()
    assert (event.number_of_rounds, event.venue) == (3, "")


def test_a_two_game_swiss_ranked_on_game_points_is_refused_on_the_event_form():
    organizer = make_organizer("olga")
    client = logged_in(organizer)
    data = form_data(client.get(reverse("admin:tournaments_event_add")), "event_form")
    data.update(
        name=["Two games"],
        slug=["two-games"],
        variant=["international"],
        start_date=["2026-07-01"],
        end_date=["2026-07-09"],
        system=["swiss"],
        number_of_rounds=["5"],
        games_per_pairing=["2"],
        ranking=["game"],
    )
    response = client.post(reverse("admin:tournaments_event_add"), data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "match points" in " ".join(errors["ranking"])
    # The form says why, next to the field: the engine takes one result per pairing.
    page = response.content.decode()
    assert "must rank on match points: the FIDE Dutch pairing engine takes one result" in page
    assert not Event.objects.filter(slug="two-games").exists()


# --- prohibited pairings and bye requests --------------------------------------------------


def test_a_prohibited_pairing_is_deleted_from_the_event_page_before_round_1_only():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    one, two, three = event.registrations.order_by("pairing_number")[:3]
    lifted = registrations.prohibited_pairing_add(first=one, second=two, reason="club", user=None)
    registrations.prohibited_pairing_add(first=one, second=three, reason="club", user=None)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    data = form_data(client.get(url), "event_form")
    rows = {
        int(v[0]): k[: -len("-id")]
        for k, v in data.items()
        if k.startswith("prohibited_pairings-") and k.endswith("-id") and v[0]
    }
    row = rows[lifted.pk]
    data[f"{row}-DELETE"] = ["on"]
    assert client.post(url, data).status_code == 302
    assert list(ProhibitedPairing.objects.values_list("second", flat=True)) == [three.pk]
    assert ProhibitedPairing.history.get(id=lifted.pk, history_type="-").history_user == organizer
    rounds.round_pair(event=event, user=organizer)
    assert 'name="prohibited_pairings-0-DELETE"' not in client.get(url).content.decode()


def test_a_bye_request_is_cancelled_from_the_registration_page_until_its_round_is_paired():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    registration = event.registrations.get(pairing_number=2)
    registrations.bye_request_add(registration=registration, round_number=1, user=None)
    registrations.bye_request_add(registration=registration, round_number=2, user=None)
    rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_registration_change", args=(registration.pk,))
    data = form_data(client.get(url), "registration_form")
    rows = {
        ByeRequest.objects.get(pk=int(v[0])).round_number: k[: -len("-id")]
        for k, v in data.items()
        if k.startswith("bye_requests-") and k.endswith("-id")
    }
    data[f"{rows[1]}-DELETE"] = data[f"{rows[2]}-DELETE"] = ["on"]
    response = client.post(url, data, follow=True)
    assert any(
        "round 1 of" in t and "can no longer be cancelled" in t for t in message_texts(response)
    )
    assert list(registration.bye_requests.values_list("round_number", flat=True)) == [1]


# --- pairing refusals ----------------------------------------------------------------------


def test_an_unpairable_round_is_reported_with_the_engine_reason():
    organizer = make_organizer("olga")
    event = completed_round_1(organizer, players=2, number_of_rounds=2)
    client = logged_in(organizer)
    response = client.post(
        reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)), follow=True
    )
    texts = message_texts(response)
    assert any("round 2: round 2 cannot be paired: no pairing satisfies" in t for t in texts)
    assert event.rounds.count() == 1
