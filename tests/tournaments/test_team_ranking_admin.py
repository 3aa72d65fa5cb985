"""The team ranking's settings and the players' team labels on the event's admin page
(docs/rules/tournaments.md §7.5): written through the services, refusals shown."""

import pytest
from django.urls import reverse

from tests.client import form_data, logged_in
from tests.factories import event_with_players, make_organizer
from tournaments.models import Registration, System
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def labelled(data: dict, labels: dict[int, str]) -> dict:
    """The event form's data with row i's team label set (rows in pairing-number order)."""
    for row, label in labels.items():
        data[f"registrations-{row}-team_label"] = [label]
    return data


def test_the_organizer_sets_the_count_never_pair_and_the_labels():
    organizer = make_organizer("captain-of-nations")
    event = event_with_players(organizer, players=4)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    page = client.get(url).content.decode()
    # An ordinary event's registrations are read only: its form grows by no field a player.
    assert "Team ranking" in page and 'name="registrations-0-team_label"' not in page
    data = form_data(client.get(url), "event_form")
    data["team_score_members"] = ["2"]
    data["never_pair_team_mates"] = ["on"]
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.team_score_members, event.never_pair_team_mates) == (2, True)
    data = labelled(form_data(client.get(url), "event_form"), {0: " NED ", 2: "NED", 3: "FRA"})
    data["never_pair_team_mates"] = ["on"]  # as a browser sends the ticked box
    assert client.post(url, data).status_code == 302
    labels = list(
        event.registrations.order_by("pairing_number").values_list("team_label", flat=True)
    )
    assert labels == ["NED", "", "NED", "FRA"]
    assert Registration.history.filter(team_label="FRA", history_user=organizer).exists()

    # Once round 1 is paired the labels and the setting are shown, no longer changed.
    rounds.round_pair(event=event, user=organizer)
    page = client.get(url).content.decode()
    assert 'name="registrations-0-team_label"' not in page
    assert 'name="never_pair_team_mates"' not in page


def test_never_pair_in_a_round_robin_is_refused_on_its_field():
    organizer = make_organizer("robin-organizer")
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    data = form_data(client.get(url), "event_form")
    data["never_pair_team_mates"] = ["on"]
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Team mates can be kept apart in a Swiss only" in response.content.decode()


def test_a_label_posted_after_round_1_was_paired_changes_nothing():
    organizer = make_organizer("late-labeller")
    event = event_with_players(organizer, players=4, never_pair_team_mates=True)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    assert 'name="registrations-1-team_label"' in client.get(url).content.decode()
    data = labelled(form_data(client.get(url), "event_form"), {1: "NED"})
    rounds.round_pair(event=event, user=organizer)  # paired meanwhile, in another tab
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    assert not event.registrations.exclude(team_label="").exists()
